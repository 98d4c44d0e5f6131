/** One plan card (docs/product.md §2, §4 Plan button): price, features, and 'Already Purchased' or 'Go {plan}'. */
import { MSG, planTexts } from '../../../contract/messages';
import type { Plan } from '../../../contract/plans';

interface Props {
  plan: Plan;
  /** The user holds this plan with days left: the button does nothing. */
  purchased: boolean;
  onChoose(plan: Plan): void;
}

import { formatMoney, formatRupees } from '../../lib/dates';

export function PlanCard({ plan, purchased, onChoose }: Props) {
  const titleId = `plan-${plan.name.toLowerCase()}`;
  return (
    <article className={`plan-card card${purchased ? ' plan-card-current' : ''}`} aria-labelledby={titleId}>
      {purchased ? <p className="plan-badge">Your plan</p> : null}
      <h3 id={titleId} className="plan-name">{plan.name}</h3>
      <p className="plan-price">
        <span className="plan-price-amount">{formatRupees(plan.priceInr)}</span>
        <span className="plan-price-period"> / month</span>
      </p>
      <p className="plan-usd muted">Charged as {formatMoney(plan.priceUsd, 'USD')} USD</p>
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {feature}
          </li>
        ))}
      </ul>
      {purchased ? (
        <button type="button" className="btn btn-block plan-button" disabled aria-describedby={titleId}>
          {MSG.alreadyPurchased}
        </button>
      ) : (
        <button type="button" className="btn btn-block plan-button" onClick={() => onChoose(plan)}>
          {planTexts.go(plan.name)}
        </button>
      )}
    </article>
  );
}
