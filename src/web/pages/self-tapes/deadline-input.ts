/**
 * Deadlines between a datetime-local input (the viewer's wall clock) and the server, which
 * speaks UTC and names the earliest allowed time in its `deadline_too_soon` message
 * ("… the earliest allowed is 2026-12-01 17:00 UTC."; docs/self-tapes.md).
 */
import { ApiError } from '../../api/client';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the viewer's zone ("2026-12-01T18:00"). */
export function isoToLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The earliest allowed instant a `deadline_too_soon` refusal names, or null. */
export function earliestOf(err: unknown): Date | null {
  if (!(err instanceof ApiError) || err.code !== 'deadline_too_soon') return null;
  const m = /(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC/.exec(err.message);
  return m ? new Date(`${m[1]}T${m[2]}:00Z`) : null;
}
