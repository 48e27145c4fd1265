import { useSiteData } from '../data.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { ExternalLink } from '../components/ui/external-link.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { PlanCard } from '../components/plan-card.tsx';
import { StepsSection } from '../components/steps-section.tsx';

/** Book a call: plan cards with phone booking, direct contact, Discord and three steps. */
export function GetStartedPage() {
  const { pages, plans, agency, site } = useSiteData();
  const page = pages.getStarted;
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <section className="section" aria-labelledby="booking-plans">
        <h2 id="booking-plans" className="section__title">
          {page.plansHeading}
        </h2>
        <ul className="plan-grid">
          {plans
            .filter((plan) => plan.booking)
            .map((plan) => (
              <PlanCard plan={plan} key={plan.id}>
                <a href={agency.phone.href} className={`button button--block ${plan.highlighted ? 'button--primary' : 'button--secondary'}`}>
                  <Icon name="phone" />
                  {plan.booking!.label}
                  <span className="visually-hidden">: {plan.name}</span>
                </a>
              </PlanCard>
            ))}
        </ul>
      </section>
      <StepsSection id="how-it-works" heading={page.steps.heading} steps={page.steps.items} />
      <section className="section card-grid card-grid--2" aria-label={page.contact.heading}>
        <div className="card">
          <Icon name="headphones" className="card__icon" />
          <h2 className="card__title">{page.contact.heading}</h2>
          <p>{page.contact.text}</p>
          <div className="button-row">
            <a href={`mailto:${agency.email}`} className="button button--secondary">
              <Icon name="mail" />
              {page.contact.emailLabel}
            </a>
            <a href={agency.phone.href} className="button button--secondary">
              <Icon name="phone" />
              {page.contact.phoneLabel}
              <span className="visually-hidden"> {agency.phone.display}</span>
            </a>
          </div>
          <p className="section__note">{agency.hours}</p>
        </div>
        <div className="card">
          <Icon name="chat" className="card__icon" />
          <h2 className="card__title">{page.discord.heading}</h2>
          <p>{page.discord.text}</p>
          <ExternalLink href={site.discordUrl} className="button button--primary">
            {page.discord.linkLabel}
          </ExternalLink>
        </div>
      </section>
    </>
  );
}
