import { Link } from '../components/ui/link.tsx';
import { useSiteData } from '../data.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { ExternalLink } from '../components/ui/external-link.tsx';
import { Icon } from '../components/ui/icon.tsx';

/** Three ways to reach us: the FAQ, Discord and a call. No form. */
export function ContactPage() {
  const { pages, site, agency } = useSiteData();
  const page = pages.contact;
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <ul className="card-grid card-grid--3">
        <li className="card">
          <Icon name="lightbulb" className="card__icon" />
          <h2 className="card__title">{page.faqCard.title}</h2>
          <p>{page.faqCard.text}</p>
          <Link to="/faq" className="button button--secondary">
            {page.faqCard.linkLabel}
          </Link>
        </li>
        <li className="card">
          <Icon name="chat" className="card__icon" />
          <h2 className="card__title">{page.discordCard.title}</h2>
          <p>{page.discordCard.text}</p>
          <ExternalLink href={site.discordUrl} className="button button--primary">
            {page.discordCard.linkLabel}
          </ExternalLink>
        </li>
        <li className="card">
          <Icon name="phone" className="card__icon" />
          <h2 className="card__title">{page.callCard.title}</h2>
          <p>{page.callCard.text}</p>
          <a href={agency.phone.href} className="button button--secondary">
            {page.callCard.linkLabel}
            <span className="visually-hidden"> {agency.phone.display}</span>
          </a>
        </li>
      </ul>
    </>
  );
}
