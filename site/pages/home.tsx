import { ExternalLink, Icon, Link, useLayout, usePage } from '../components/ui/index.ts';
import { Hero } from '../components/sections/hero.tsx';
import { InfoCard } from '../components/sections/info-card.tsx';

/** The landing page: headline, subline, Join Our Discord, three badges and the agency card. */
export default function HomePage() {
  const { page: home } = usePage('home');
  const { site } = useLayout();
  return (
    <>
      <Hero eyebrow={home.eyebrow} headline={home.headline} subline={home.subline}>
        <div className="hero__actions">
          <ExternalLink href={site.discordUrl} className="button button--primary button--large">
            <Icon name="chat" />
            {home.cta}
          </ExternalLink>
        </div>
        <ul className="badges">
          {home.badges.map((badge) => (
            <li className="badge" key={badge.label}>
              <Icon name={badge.icon} className="badge__icon" />
              <span className="badge__value">{badge.value}</span>
              <span className="badge__label">{badge.label}</span>
            </li>
          ))}
        </ul>
      </Hero>
      <section className="section" aria-label={home.agencyCard.title}>
        <Link to="/agency" className="agency-card">
          <span className="eyebrow">{home.agencyCard.eyebrow}</span>
          <span className="agency-card__title">{home.agencyCard.title}</span>
          <span className="agency-card__text">{home.agencyCard.text}</span>
          <span className="agency-card__link">
            {home.agencyCard.linkLabel}
            <Icon name="arrow-right" />
          </span>
        </Link>
      </section>
      <section className="section">
        <ul className="card-grid card-grid--3">
          {home.sections.map((item) => (
            <InfoCard icon={item.icon} title={item.title} key={item.href}>
              <p>{item.text}</p>
              <Link to={item.href} className="text-link">
                {item.linkLabel}
                <Icon name="arrow-right" />
              </Link>
            </InfoCard>
          ))}
        </ul>
      </section>
    </>
  );
}
