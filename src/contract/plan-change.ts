/**
 * What buying a plan does to the plan a user holds (docs/product.md §11 "Plan changes"),
 * worked out once for the server, which records it, and the payment overlay, which says
 * it before paying. Nothing paid is lost:
 * - no plan running: the plan starts now for SUBSCRIPTION_DAYS;
 * - the same plan: it is extended by SUBSCRIPTION_DAYS;
 * - a dearer plan (upgrade): it starts now, and the unused days of the old one are
 *   credited at their value (old price per day over new price per day);
 * - a cheaper plan (downgrade): not sold while the dearer one runs; it can be bought when
 *   that one ends.
 */
import { SUBSCRIPTION_DAYS, type Plan } from './plans.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface HeldPlan {
  name: string;
  /** USD charged for it. */
  price: number;
  end: Date | null;
}

export type PlanChange =
  | { kind: 'new' | 'renew'; endsAt: Date }
  | { kind: 'upgrade'; endsAt: Date; creditDays: number; from: string }
  | { kind: 'downgrade'; currentEndsAt: Date; current: string };

export function planChange(held: HeldPlan, plan: Plan, now: Date): PlanChange {
  const end = held.end;
  const price = Number(plan.priceUsd);
  const period = SUBSCRIPTION_DAYS * DAY_MS;
  if (!held.name || !end || end.getTime() <= now.getTime()) return { kind: 'new', endsAt: new Date(now.getTime() + period) };
  if (held.name === plan.name) return { kind: 'renew', endsAt: new Date(end.getTime() + period) };
  if (price < held.price) return { kind: 'downgrade', currentEndsAt: end, current: held.name };
  const creditMs = ((end.getTime() - now.getTime()) * held.price) / price;
  return { kind: 'upgrade', endsAt: new Date(now.getTime() + period + creditMs), creditDays: Math.floor(creditMs / DAY_MS), from: held.name };
}
