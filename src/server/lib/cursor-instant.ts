/**
 * The instant a page cursor carries: a timestamp to the microsecond as PostgreSQL prints it
 * in UTC (`2026-11-27T01:02:03.456789Z`). A cursor comes back from the client, so it is
 * checked before it reaches a query: the shape alone lets 2024-02-30 or 24:00 through, and
 * JavaScript's Date rolls them over to another day where PostgreSQL refuses them, a 500
 * (docs/security.md, "Redirects, raced passwords, secrets in the log, forged cursors, weak secrets"). Only a date and time that round-trip are taken.
 */
const AT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/** Whether `at` is a real instant in the cursor's shape, one PostgreSQL reads as written. */
export function isCursorInstant(at: string): boolean {
  const parts = AT.exec(at);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  // PostgreSQL has no year 0; JavaScript does.
  if (year < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year); // Date.UTC reads years 0–99 as 1900–1999
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}
