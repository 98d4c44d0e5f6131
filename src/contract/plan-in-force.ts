/**
 * The plan in force at a moment (docs/product.md §11.10). A cheaper plan bought while a
 * dearer one runs is queued on the users row; it takes over when the dearer one ends and
 * runs SUBSCRIPTION_DAYS from there. No sweep writes the switch: every reader works it out
 * here from the row it already read, so the switch is seen at the exact moment everywhere.
 */
import { DAY_MS } from './plan-change.js';
import { findPlan, SUBSCRIPTION_DAYS, type Plan } from './plans.js';

/** The plan columns of a users row. */
export interface StoredPlan {
  subscriptionName: string;
  subscriptionPrice: number;
  subscriptionStart: Date | null;
  subscriptionEnd: Date | null;
  queuedPlanName: string;
  queuedPlanPrice: number;
}

export interface PlanInForce {
  name: string;
  price: number;
  start: Date | null;
  end: Date | null;
  /** The plan still waiting for the one in force to end, if any. */
  queued: { name: string; price: number; start: Date; end: Date } | null;
}

/** Whether the queued plan has taken over: there is one and the plan before it has ended. */
export function queuedHasStarted(row: Pick<StoredPlan, 'subscriptionEnd' | 'queuedPlanName'>, now = Date.now()): boolean {
  return row.queuedPlanName !== '' && row.subscriptionEnd !== null && row.subscriptionEnd.getTime() <= now;
}

/** When the plan in force ends: the queued plan's end once it has taken over. */
export function endInForce(row: Pick<StoredPlan, 'subscriptionEnd' | 'queuedPlanName'>, now = Date.now()): Date | null {
  if (!queuedHasStarted(row, now)) return row.subscriptionEnd;
  return new Date(row.subscriptionEnd!.getTime() + SUBSCRIPTION_DAYS * DAY_MS);
}

export function planInForce(row: StoredPlan, now = Date.now()): PlanInForce {
  const end = row.subscriptionEnd;
  if (row.queuedPlanName === '' || !end) {
    return { name: row.subscriptionName, price: Number(row.subscriptionPrice), start: row.subscriptionStart, end, queued: null };
  }
  const queued = { name: row.queuedPlanName, price: Number(row.queuedPlanPrice), start: end, end: new Date(end.getTime() + SUBSCRIPTION_DAYS * DAY_MS) };
  if (queuedHasStarted(row, now)) return { ...queued, queued: null };
  return { name: row.subscriptionName, price: Number(row.subscriptionPrice), start: row.subscriptionStart, end, queued };
}

/**
 * The plan a user holds now, or null: the plan in force, when it is one of the plans and
 * has not ended. The one answer to "does this user hold a plan" (applying and its quota,
 * starting a chat), so a queued plan that has taken over counts the same everywhere.
 */
export function currentPlan(row: StoredPlan, now = Date.now()): { plan: Plan; start: Date; end: Date } | null {
  const held = planInForce(row, now);
  const plan = findPlan(held.name);
  if (!plan || !held.start || !held.end || held.end.getTime() <= now) return null;
  return { plan, start: held.start, end: held.end };
}

/** The queue columns emptied: nothing waits. */
export const NO_QUEUE = { queuedPlanName: '', queuedPlanPrice: 0, queuedOrderId: null } as const;
