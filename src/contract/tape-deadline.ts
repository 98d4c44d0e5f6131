/**
 * The self-tape deadline rule (docs/self-tapes.md, "Deadlines"), shared so the studio's page
 * checks a deadline before it asks to confirm the send, and the server checks it again.
 * A deadline leaves at least 48 hours, or 72 when the sides have more than 3 pages, and
 * Saturdays and Sundays (UTC) do not count towards them. Pure and zod-free.
 */
import { TAPE_LIMITS } from './self-tapes-messages.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const isWeekend = (t: number) => {
  const day = new Date(t).getUTCDay();
  return day === 0 || day === 6;
};
const startOfNextDay = (t: number) => Math.floor(t / DAY) * DAY + DAY;

/** The hours a request must leave: 72 with sides over 3 pages, else 48. */
export function leadHoursFor(sidesPages: number | null): number {
  return sidesPages !== null && sidesPages > TAPE_LIMITS.longSidesPages ? TAPE_LIMITS.longSidesLeadHours : TAPE_LIMITS.leadHours;
}

/** The earliest deadline that leaves `hours` weekday hours (UTC) after `now`. */
export function earliestDeadline(now: Date, hours: number): Date {
  let t = now.getTime();
  let left = hours * HOUR;
  while (left > 0) {
    if (isWeekend(t)) {
      t = startOfNextDay(t);
      continue;
    }
    const step = Math.min(left, startOfNextDay(t) - t);
    t += step;
    left -= step;
  }
  return new Date(t);
}
