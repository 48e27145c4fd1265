import { ExternalLink, Icon, Link, PageHeading, useLayout, usePage } from '../components/ui/index.ts';
import { Accordion } from '../components/sections/accordion.tsx';
import { PlansSection } from '../components/sections/plans-section.tsx';
import { Section } from '../components/sections/section.tsx';
import { StepsSection } from '../components/sections/steps-section.tsx';
import { ContactButtons } from '../components/sections/contact-buttons.tsx';

/** Pricing and payment: three plans, trust badges, the payment steps, four FAQs, support. */
export default function PaymentPage() {
  const { page, plans } = usePage('payment');
  const { agency } = useLayout();
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <PlansSection
        id="plans"
        heading={page.plansHeading}
        plans={plans}
        action={(plan) => (
          <ExternalLink href={plan.cta.href} className={`button button--block ${plan.highlighted ? 'button--primary' : 'button--secondary'}`}>
            {plan.cta.label}
            <span className="visually-hidden">: {plan.name}</span>
          </ExternalLink>
        )}
      >
        <ul className="trust-badges">
          {page.trustBadges.map((badge) => (
            <li key={badge.label}>
              <Icon name={badge.icon} />
              {badge.label}
            </li>
          ))}
        </ul>
      </PlansSection>
      <StepsSection id="payment-steps" heading={page.steps.heading} steps={page.steps.items} />
      <Section id="payment-faq" heading={page.faqHeading}>
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
      </Section>
      <Section id="payment-support" heading={page.support.heading} panel>
        <p>{page.support.text}</p>
        <ContactButtons email={agency.paymentSupport} emailLabel={page.support.emailLabel} phoneLabel={page.support.phoneLabel} />
        <p className="section__note">{agency.hours}</p>
      </Section>
    </>
  );
}
