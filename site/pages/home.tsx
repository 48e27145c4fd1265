import { Link } from '../components/ui/link.tsx';
import { useSiteData } from '../data.tsx';
import { ExternalLink } from '../components/ui/external-link.tsx';
import { Icon } from '../components/ui/icon.tsx';

/** The landing page: headline, subline, Join Our Discord, three badges and the agency card. */
export function HomePage() {
  const { site, pages } = useSiteData();
  const home = pages.home;
  return (
    <>
      <section className="hero" aria-labelledby="page-title">
        <div className="hero__inner">
          <p className="eyebrow">{home.eyebrow}</p>
          <h1 id="page-title" tabIndex={-1} className="hero__headline">
            {home.headline}
          </h1>
          <p className="hero__subline">{home.subline}</p>
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
        </div>
      </section>
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
            <li className="card" key={item.href}>
              <Icon name={item.icon} className="card__icon" />
              <h2 className="card__title">{item.title}</h2>
              <p>{item.text}</p>
              <Link to={item.href} className="text-link">
                {item.linkLabel}
                <Icon name="arrow-right" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
