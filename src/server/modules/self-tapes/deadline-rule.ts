/**
 * The self-tape deadline rule (docs/self-tapes.md, "Deadlines"): a deadline leaves the
 * performer at least 48 hours, or 72 when the sides have more than 3 pages, and Saturdays
 * and Sundays (UTC) do not count towards them. Pure, so its weekend cases are unit-tested.
 */
import { earliestDeadline, leadHoursFor } from '../../../contract/tape-deadline.js';

export { earliestDeadline, leadHoursFor };

/** Whether `deadline` is allowed for a request made at `now` with these sides; and the earliest that is. */
export function checkDeadline(now: Date, deadline: Date, sidesPages: number | null): { ok: boolean; earliest: Date; hours: number } {
  const hours = leadHoursFor(sidesPages);
  const earliest = earliestDeadline(now, hours);
  return { ok: deadline.getTime() >= earliest.getTime(), earliest, hours };
}
