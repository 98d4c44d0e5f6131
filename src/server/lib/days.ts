/** Whole days left of a plan, counted up as the profile shows them (docs/product.md §3). */
import { DAY_MS } from '../../contract/plan-change.js';

/** Whole days until the subscription ends, counted up; 0 once it has ended. */
export function daysLeft(end: Date | null, now = Date.now()): number {
  if (!end) return 0;
  return Math.max(0, Math.ceil((end.getTime() - now) / DAY_MS));
}
