import { Link } from '../components/ui/link.tsx';
import { useSiteData } from '../data.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { StepsSection } from '../components/steps-section.tsx';

/** The agency's landing page: what we do, values, why invest, process and outcomes. */
export function AgencyHomePage() {
  const { pages } = useSiteData();
  const page = pages.agencyHome;
  return (
    <>
      <section className="hero hero--agency" aria-labelledby="page-title">
        <div className="hero__inner">
          <p className="eyebrow">{page.eyebrow}</p>
          <h1 id="page-title" tabIndex={-1} className="hero__headline">
            {page.headline}
          </h1>
          <p className="hero__subline">{page.subline}</p>
          <div className="hero__actions">
            <Link to="/agency/payment" className="button button--primary button--large">
              {page.whyInvest.pricingLabel}
            </Link>
            <Link to="/get-started" className="button button--secondary button--large">
              {page.whyInvest.consultLabel}
            </Link>
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="what-we-do">
        <h2 id="what-we-do" className="section__title">
          {page.whatWeDo.heading}
        </h2>
        <p className="section__lead">{page.whatWeDo.text}</p>
        <ul className="card-grid card-grid--4">
          {page.values.map((card) => (
            <li className="card" key={card.title}>
              {card.icon ? <Icon name={card.icon} className="card__icon" /> : null}
              <h3 className="card__title">{card.title}</h3>
              <p>{card.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section section--panel" aria-labelledby="why-invest">
        <h2 id="why-invest" className="section__title">
          {page.whyInvest.heading}
        </h2>
        <p className="section__lead">{page.whyInvest.text}</p>
        <ul className="check-list">
          {page.whyInvest.points.map((point) => (
            <li key={point}>
              <Icon name="check" />
              {point}
            </li>
          ))}
        </ul>
        <div className="button-row">
          <Link to="/agency/payment" className="button button--primary">
            {page.whyInvest.pricingLabel}
          </Link>
          <Link to="/get-started" className="button button--secondary">
            {page.whyInvest.consultLabel}
          </Link>
        </div>
      </section>
      <StepsSection id="our-process" heading={page.process.heading} steps={page.process.steps} />
      <section className="section" aria-labelledby="outcomes">
        <h2 id="outcomes" className="section__title">
          {page.outcomes.heading}
        </h2>
        <ul className="stats">
          {page.outcomes.items.map((item) => (
            <li className="stat" key={item.label}>
              <span className="stat__value">{item.value}</span>
              <span className="stat__label">{item.label}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
