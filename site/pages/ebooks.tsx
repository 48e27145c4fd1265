import { ExternalLink, Icon, Link, PageHeading, useLayout, usePage } from '../components/ui/index.ts';
// Not from the index: only the pages that show images load it (the index is every page's).
import { Picture } from '../components/ui/picture.tsx';
import { BookCover } from '../components/sections/book-cover.tsx';
import { ListPages } from '../components/sections/list-pages.tsx';
import { STORE } from '../model/paged-lists.ts';

/**
 * The store: tutorial video, a banner to the bundles, and the ten books with Buy Now.
 * A catalogue of more than a page (STORE) continues on /ebooks/2 and so on.
 */
export default function EbooksPage() {
  const { page, books, list } = usePage('ebooks');
  const { labels } = useLayout();
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <section className="section split-cards">
        <div className="card card--row">
          <Icon name="play" className="card__icon" />
          <div>
            <h2 className="card__title">{page.tutorial.title}</h2>
            <p>{page.tutorial.text}</p>
            <ExternalLink href={page.tutorial.url} className="text-link">
              {page.tutorial.label}
            </ExternalLink>
          </div>
        </div>
        <Link to="/bundles" className="banner">
          <Icon name="gift" className="banner__icon" />
          <span className="banner__title">{page.banner.title}</span>
          <span className="banner__text">{page.banner.text}</span>
          <span className="banner__link">
            {page.banner.linkLabel}
            <Icon name="arrow-right" />
          </span>
        </Link>
      </section>
      <ul className="book-grid">
        {books.map((book) => (
          <li className="book-card" key={book.id}>
            {book.cover ? (
              <Picture image={book.cover} className="book-cover book-cover--designed" />
            ) : (
              <BookCover bookId={book.id} icon={book.icon} />
            )}
            <div className="book-card__body">
              <p className="book-card__topic">{book.topic}</p>
              <h2 className="book-card__title">{book.title}</h2>
              <p className="book-card__description">{book.description}</p>
              <p className="book-card__price">{book.priceText}</p>
              <ExternalLink href={book.checkoutUrl} className="button button--primary book-card__buy">
                {labels.buyNow}
                <span className="visually-hidden">: {book.title}</span>
              </ExternalLink>
            </div>
          </li>
        ))}
      </ul>
      {list.count > 1 && <ListPages list={STORE} current={list.current} count={list.count} label={labels.bookPages} />}
    </>
  );
}
