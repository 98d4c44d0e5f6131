/**
 * What buying a plan does to the plan a user holds (docs/product.md §11 "Plan changes"),
 * worked out once for the server, which records it, and the payment overlay, which says
 * it before paying. Nothing paid is lost:
 * - no plan running: the plan starts now for SUBSCRIPTION_DAYS;
 * - the same plan: it is extended by SUBSCRIPTION_DAYS;
 * - a dearer plan (upgrade): it starts now, and the unused days of the old one are
 *   credited at their value (old price per day over new price per day);
 * - a cheaper plan (downgrade): paid now, queued, and starts when the dearer one ends, for
 *   SUBSCRIPTION_DAYS (contract/plan-in-force.ts says when it has taken over);
 * - a cheaper plan while one already waits: refused, one plan waits at a time.
 */
import { SUBSCRIPTION_DAYS, type Plan } from './plans.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface HeldPlan {
  name: string;
  /** USD charged for it. */
  price: number;
  end: Date | null;
  /** The name of the plan already waiting for this one to end, if any. */
  queued?: string;
}

type PlanChange =
  | { kind: 'new' | 'renew'; endsAt: Date }
  | { kind: 'upgrade'; endsAt: Date; creditDays: number; from: string }
  | { kind: 'queue'; startsAt: Date; endsAt: Date; current: string }
  | { kind: 'queue-full'; waiting: string; startsAt: Date };

export function planChange(held: HeldPlan, plan: Plan, now: Date): PlanChange {
  const end = held.end;
  const price = Number(plan.priceUsd);
  const period = SUBSCRIPTION_DAYS * DAY_MS;
  if (!held.name || !end || end.getTime() <= now.getTime()) return { kind: 'new', endsAt: new Date(now.getTime() + period) };
  if (held.name === plan.name) return { kind: 'renew', endsAt: new Date(end.getTime() + period) };
  if (price < held.price) {
    if (held.queued) return { kind: 'queue-full', waiting: held.queued, startsAt: end };
    return { kind: 'queue', startsAt: end, endsAt: new Date(end.getTime() + period), current: held.name };
  }
  const creditMs = ((end.getTime() - now.getTime()) * held.price) / price;
  return { kind: 'upgrade', endsAt: new Date(now.getTime() + period + creditMs), creditDays: Math.floor(creditMs / DAY_MS), from: held.name };
}
