import { ExternalLink, Icon, PageHeading, useLayout, usePage } from '../components/ui/index.ts';
import { ContactButtons } from '../components/sections/contact-buttons.tsx';
import { InfoCard } from '../components/sections/info-card.tsx';
import { PlansSection } from '../components/sections/plans-section.tsx';
import { StepsSection } from '../components/sections/steps-section.tsx';

/** Book a call: plan cards with phone booking, direct contact, Discord and three steps. */
export default function GetStartedPage() {
  const { page, plans } = usePage('getStarted');
  const { agency, site } = useLayout();
  return (
    <>
      <PageHeading title={page.heading}>
        <p>{page.intro}</p>
      </PageHeading>
      <PlansSection
        id="booking-plans"
        heading={page.plansHeading}
        plans={plans.filter((plan) => plan.booking)}
        action={(plan) => (
          <a href={agency.phone.href} className={`button button--block ${plan.highlighted ? 'button--primary' : 'button--secondary'}`}>
            <Icon name="phone" />
            {plan.booking!.label}
            <span className="visually-hidden">: {plan.name}</span>
          </a>
        )}
      />
      <StepsSection id="how-it-works" heading={page.steps.heading} steps={page.steps.items} />
      <section className="section card-grid card-grid--2" aria-label={page.contact.heading}>
        <InfoCard icon="headphones" title={page.contact.heading} as="div">
          <p>{page.contact.text}</p>
          <ContactButtons email={`mailto:${agency.email}`} emailLabel={page.contact.emailLabel} phoneLabel={page.contact.phoneLabel} />
          <p className="section__note">{agency.hours}</p>
        </InfoCard>
        <InfoCard icon="chat" title={page.discord.heading} as="div">
          <p>{page.discord.text}</p>
          <ExternalLink href={site.discordUrl} className="button button--primary">
            {page.discord.linkLabel}
          </ExternalLink>
        </InfoCard>
      </section>
    </>
  );
}
