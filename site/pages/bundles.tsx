import { ExternalLink, Icon, PageHeading, useLayout, usePage } from '../components/ui/index.ts';
// Not from the index: only the pages that show images load it (the index is every page's).
import { Picture } from '../components/ui/picture.tsx';

/** The four bundles: price, struck original, savings and the books inside. */
export default function BundlesPage() {
  const { page, bundles } = usePage('bundles');
  const { labels } = useLayout();
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <ul className="bundle-grid">
        {bundles.map((bundle) => (
          <li className={`bundle-card${bundle.featured ? ' bundle-card--featured' : ''}`} key={bundle.id} aria-labelledby={`bundle-${bundle.id}`}>
            {bundle.cover ? <Picture image={bundle.cover} className="bundle-card__cover" /> : <Icon name={bundle.icon} className="bundle-card__icon" />}
            <h2 className="bundle-card__title" id={`bundle-${bundle.id}`}>
              {bundle.title}
            </h2>
            <p>{bundle.description}</p>
            <p className="price">
              <span className="price__now">{bundle.priceText}</span>{' '}
              <span className="price__was">
                <span className="visually-hidden">{page.wasLabel} </span>
                <s>{bundle.originalText}</s>
              </span>
            </p>
            <p className="price__save">
              {page.saveLabel} {bundle.savingsText}
            </p>
            <h3 className="bundle-card__includes">{page.includesLabel}</h3>
            <ul className="bundle-card__books">
              {bundle.books.map((book) => (
                <li key={book.id}>
                  <Icon name={book.icon} />
                  {book.title}
                </li>
              ))}
            </ul>
            <ExternalLink href={bundle.checkoutUrl} className="button button--primary bundle-card__buy">
              {labels.buyNow}
              <span className="visually-hidden">: {bundle.title}</span>
            </ExternalLink>
          </li>
        ))}
      </ul>
    </>
  );
}
