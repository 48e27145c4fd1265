import type { ReactNode } from 'react';
import type { PlanView } from '../../model/site-data.ts';
import { Icon } from '../ui/index.ts';

/** A plan with its price, features and whatever action the page offers. */
export function PlanCard({ plan, children }: { plan: PlanView; children: ReactNode }) {
  return (
    <li className={`plan-card${plan.highlighted ? ' plan-card--highlighted' : ''}`} aria-labelledby={`plan-${plan.id}`}>
      {plan.badge ? <p className="plan-card__badge">{plan.badge}</p> : null}
      <h3 className="plan-card__name" id={`plan-${plan.id}`}>
        {plan.name}
      </h3>
      <p className="plan-card__price">
        <span className="plan-card__amount">{plan.priceText}</span> <span className="plan-card__period">{plan.period}</span>
      </p>
      <p className="plan-card__summary">{plan.summary}</p>
      <ul className="check-list">
        {plan.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="plan-card__action">{children}</div>
    </li>
  );
}
