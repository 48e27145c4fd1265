import { ExternalLink, Link, PageHeading, useLayout, usePage } from '../components/ui/index.ts';
import { InfoCard } from '../components/sections/info-card.tsx';

/** Three ways to reach us: the FAQ, Discord and a call. No form. */
export default function ContactPage() {
  const { page } = usePage('contact');
  const { site, agency } = useLayout();
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <ul className="card-grid card-grid--3">
        <InfoCard icon="lightbulb" title={page.faqCard.title}>
          <p>{page.faqCard.text}</p>
          <Link to="/faq" className="button button--secondary">
            {page.faqCard.linkLabel}
          </Link>
        </InfoCard>
        <InfoCard icon="chat" title={page.discordCard.title}>
          <p>{page.discordCard.text}</p>
          <ExternalLink href={site.discordUrl} className="button button--primary">
            {page.discordCard.linkLabel}
          </ExternalLink>
        </InfoCard>
        <InfoCard icon="phone" title={page.callCard.title}>
          <p>{page.callCard.text}</p>
          <a href={agency.phone.href} className="button button--secondary">
            {page.callCard.linkLabel}
            <span className="visually-hidden"> {agency.phone.display}</span>
          </a>
        </InfoCard>
      </ul>
    </>
  );
}
