/**
 * Age in whole years on the UTC day, as the server counts it (docs/guardians.md, "Date of
 * birth"): the editor shows the guardian's fields the moment a date makes the performer a minor.
 */
import { ADULT_AGE, OLDEST_AGE } from '../../contract/guardians-messages';

/** Today's UTC day as YYYY-MM-DD. */
export const utcDay = (now = new Date()) => now.toISOString().slice(0, 10);

/** Whole years from `dob` to `today` (both YYYY-MM-DD); 29 February counts from 1 March. */
export function ageOn(dob: string, today: string): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** A full date that makes its person under 18 today; false for an empty or partial one. */
export const isMinorOn = (dob: string, today = utcDay()) => /^\d{4}-\d{2}-\d{2}$/.test(dob) && ageOn(dob, today) < ADULT_AGE;

/** The date input's bounds: yesterday at the latest, at most 100 years ago. */
export function dobBounds(now = new Date()) {
  const max = new Date(now.getTime() - 86_400_000);
  const min = new Date(Date.UTC(now.getUTCFullYear() - OLDEST_AGE, now.getUTCMonth(), now.getUTCDate()));
  return { min: utcDay(min), max: utcDay(max) };
}
