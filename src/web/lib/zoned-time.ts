/**
 * Audition times as screens show them: the API speaks UTC; the viewer sees their own zone,
 * named (Intl.DateTimeFormat's timeZoneName), so a studio in Mumbai and a performer in
 * London read the same instant each in their own clock (docs/slots.md, "Time zones").
 */
const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** The viewer's zone by its long name, e.g. "India Standard Time". */
export function zoneName(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-GB', { timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'UTC';
}

/** "Tue, 5 Jan 2027, 10:00–10:15 India Standard Time". */
export function slotTime(startsAt: string, endsAt: string): string {
  const s = new Date(startsAt);
  return `${day.format(s)}, ${clock.format(s)}–${clock.format(new Date(endsAt))} ${zoneName(s)}`;
}

/** A datetime-local input's value (the viewer's wall clock) as an ISO instant in UTC. */
export const localInputToIso = (value: string) => new Date(value).toISOString();

/** "Tue, 5 Jan 2027, 10:00 India Standard Time": a start alone, as a close names a booked audition. */
export function startTime(startsAt: string): string {
  const s = new Date(startsAt);
  return `${day.format(s)}, ${clock.format(s)} ${zoneName(s)}`;
}

/** The browser's IANA zone ("Asia/Kolkata"), sent at sign-up and login so mails use it (docs/account.md, "Time zone"). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
