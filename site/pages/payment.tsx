import { Link } from '../components/ui/link.tsx';
import { useSiteData } from '../data.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { ExternalLink } from '../components/ui/external-link.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { Accordion } from '../components/accordion.tsx';
import { PlanCard } from '../components/plan-card.tsx';
import { StepsSection } from '../components/steps-section.tsx';

/** Pricing and payment: three plans, trust badges, the payment steps, four FAQs, support. */
export function PaymentPage() {
  const { pages, plans, agency } = useSiteData();
  const page = pages.payment;
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <section className="section" aria-labelledby="plans">
        <h2 id="plans" className="section__title">
          {page.plansHeading}
        </h2>
        <ul className="plan-grid">
          {plans.map((plan) => (
            <PlanCard plan={plan} key={plan.id}>
              <ExternalLink href={plan.cta.href} className={`button button--block ${plan.highlighted ? 'button--primary' : 'button--secondary'}`}>
                {plan.cta.label}
                <span className="visually-hidden">: {plan.name}</span>
              </ExternalLink>
            </PlanCard>
          ))}
        </ul>
        <ul className="trust-badges">
          {page.trustBadges.map((badge) => (
            <li key={badge.label}>
              <Icon name={badge.icon} />
              {badge.label}
            </li>
          ))}
        </ul>
      </section>
      <StepsSection id="payment-steps" heading={page.steps.heading} steps={page.steps.items} />
      <section className="section" aria-labelledby="payment-faq">
        <h2 id="payment-faq" className="section__title">
          {page.faqHeading}
        </h2>
        <Accordion
          name="payment-faq"
          items={page.faqs.map((item, index) => ({ id: String(index + 1), title: item.question, body: <p>{item.answer}</p> }))}
        />
        <p className="section__note">
          {page.policiesText}{' '}
          <Link to="/agency/policies" className="text-link">
            {page.policiesLinkLabel}
          </Link>
        </p>
      </section>
      <section className="section section--panel" aria-labelledby="payment-support">
        <h2 id="payment-support" className="section__title">
          {page.support.heading}
        </h2>
        <p>{page.support.text}</p>
        <div className="button-row">
          <a href={agency.paymentSupport} className="button button--secondary">
            <Icon name="mail" />
            {page.support.emailLabel}
          </a>
          <a href={agency.phone.href} className="button button--secondary">
            <Icon name="phone" />
            {page.support.phoneLabel}
            <span className="visually-hidden"> {agency.phone.display}</span>
          </a>
        </div>
        <p className="section__note">{agency.hours}</p>
      </section>
    </>
  );
}
