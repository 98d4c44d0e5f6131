/**
 * Deadlines between a datetime-local input (the viewer's wall clock) and the server, which
 * speaks UTC and sends the earliest allowed time as `earliest` in its `deadline_too_soon`
 * answer (docs/self-tapes.md); the message's words are for people, never parsed.
 */
import { ApiError, errorCode } from '../../api/client';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the viewer's zone ("2026-12-01T18:00"). */
export function isoToLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The earliest allowed instant a `deadline_too_soon` refusal names, or null. */
export function earliestOf(err: unknown): Date | null {
  if (!(err instanceof ApiError) || errorCode(err) !== 'deadline_too_soon' || !err.earliest) return null;
  const earliest = new Date(err.earliest);
  return Number.isNaN(earliest.getTime()) ? null : earliest;
}
