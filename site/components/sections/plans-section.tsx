import type { ReactNode } from 'react';
import type { PlanView } from '../../model/site-data.ts';
import { PlanCard } from './plan-card.tsx';
import { Section } from './section.tsx';

/** The agency's plans as cards, each with the action the page offers (buy on pricing, book a call on get-started). */
export function PlansSection({ id, heading, plans, action, children }: { id: string; heading: string; plans: readonly PlanView[]; action: (plan: PlanView) => ReactNode; children?: ReactNode }) {
  return (
    <Section id={id} heading={heading}>
      <ul className="plan-grid">
        {plans.map((plan) => (
          <PlanCard plan={plan} key={plan.id}>
            {action(plan)}
          </PlanCard>
        ))}
      </ul>
      {children}
    </Section>
  );
}
