import { Icon, Link, usePage } from '../components/ui/index.ts';
import { Hero } from '../components/sections/hero.tsx';
import { InfoCard } from '../components/sections/info-card.tsx';
import { Section } from '../components/sections/section.tsx';
import { StepsSection } from '../components/sections/steps-section.tsx';

/** The agency's landing page: what we do, values, why invest, process and outcomes. */
export default function AgencyHomePage() {
  const { page } = usePage('agencyHome');
  const { whyInvest } = page;
  return (
    <>
      <Hero eyebrow={page.eyebrow} headline={page.headline} subline={page.subline} agency>
        <div className="hero__actions">
          <Link to="/agency/payment" className="button button--primary button--large">
            {whyInvest.pricingLabel}
          </Link>
          <Link to="/get-started" className="button button--secondary button--large">
            {whyInvest.consultLabel}
          </Link>
        </div>
      </Hero>
      <Section id="what-we-do" heading={page.whatWeDo.heading} lead={page.whatWeDo.text}>
        <ul className="card-grid card-grid--4">
          {page.values.map((card) => (
            <InfoCard icon={card.icon} title={card.title} level={3} key={card.title}>
              <p>{card.text}</p>
            </InfoCard>
          ))}
        </ul>
      </Section>
      <Section id="why-invest" heading={whyInvest.heading} lead={whyInvest.text} panel>
        <ul className="check-list">
          {whyInvest.points.map((point) => (
            <li key={point}>
              <Icon name="check" />
              {point}
            </li>
          ))}
        </ul>
        <div className="button-row">
          <Link to="/agency/payment" className="button button--primary">
            {whyInvest.pricingLabel}
          </Link>
          <Link to="/get-started" className="button button--secondary">
            {whyInvest.consultLabel}
          </Link>
        </div>
      </Section>
      <StepsSection id="our-process" heading={page.process.heading} steps={page.process.steps} />
      <Section id="outcomes" heading={page.outcomes.heading}>
        <ul className="stats">
          {page.outcomes.items.map((item) => (
            <li className="stat" key={item.label}>
              <span className="stat__value">{item.value}</span>
              <span className="stat__label">{item.label}</span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
