/**
 * The self-tape deadline rule (docs/self-tapes.md, "Deadlines"): a deadline leaves the
 * performer at least 48 hours, or 72 when the sides have more than 3 pages, and Saturdays
 * and Sundays (UTC) do not count towards them. Pure and schema-free, so the server refuses
 * by it and the request page checks by it before it asks (its weekend cases are unit-tested).
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

/** Whether `deadline` is allowed for a request made at `now` with these sides; and the earliest that is. */
export function checkDeadline(now: Date, deadline: Date, sidesPages: number | null): { ok: boolean; earliest: Date; hours: number } {
  const hours = leadHoursFor(sidesPages);
  const earliest = earliestDeadline(now, hours);
  return { ok: deadline.getTime() >= earliest.getTime(), earliest, hours };
}

/** The earliest allowed time as people are told it: up to the minute, so the time named is itself allowed. */
export const namedEarliest = (earliest: Date) => new Date(Math.ceil(earliest.getTime() / 60_000) * 60_000);

/** A retake's rule: a deadline at least 24 hours after `now`, weekends counted (docs/self-tapes.md, "Retakes"). */
export function checkRetakeDeadline(now: Date, deadline: Date): { ok: boolean; earliest: Date } {
  const earliest = new Date(now.getTime() + TAPE_LIMITS.retakeLeadHours * HOUR);
  return { ok: deadline.getTime() >= earliest.getTime(), earliest };
}
