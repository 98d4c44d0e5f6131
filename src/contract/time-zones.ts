/**
 * Each account's time zone and the one way a mail or message writes a time in it
 * (docs/account.md, "Time zone"). Schema-free, so the settings screen loads it without zod.
 */

/** What a time is written in when the reader's zone is unknown. */
export const DEFAULT_TIME_ZONE = 'UTC';

export const TIME_ZONE_MSG = {
  invalid: 'Choose a time zone from the list (e.g. Asia/Kolkata)',
  saved: 'Time zone saved. Mails and messages now give times in it.',
  label: 'Your time zone',
  title: 'Time zone',
  hint: 'Times in your e-mails and messages are written in this zone.',
  save: 'Save time zone',
  fromBrowser: (zone: string) => `This browser is in ${zone}.`,
} as const;

/** Intl's zones as this runtime knows them (IANA names), plus UTC, which some runtimes list only as an alias. */
function supportedZones(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return list.includes(DEFAULT_TIME_ZONE) ? list : [DEFAULT_TIME_ZONE, ...list];
}

let known: Set<string> | undefined;

/** Each segment capitalised as IANA writes it: "Asia/Kolkata", "Etc/GMT+5", "UTC"; never "asia/kolkata". */
const IANA_SPELLING = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*){0,2}$/;

/**
 * True for a zone Intl supports, by its listed name or by an alias Intl resolves to a listed
 * one: a browser may say "Asia/Kolkata" where this runtime lists "Asia/Calcutta". Offsets
 * ("+05:30"), other spellings and unknown names are refused.
 */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length > 64 || !IANA_SPELLING.test(zone)) return false;
  known ??= new Set(supportedZones());
  if (known.has(zone)) return true;
  try {
    return known.has(new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** The zones a person picks from, sorted, with their current one kept when this runtime spells it otherwise. */
export function timeZoneChoices(current?: string | null): string[] {
  const list = supportedZones();
  if (current && !list.includes(current)) list.push(current);
  return [...new Set(list)].sort();
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The one form every mail and message writes an instant in: the reader's wall clock and
 * the zone by name and id, "Sat, 28 Nov 2026, 10:30 India Standard Time (Asia/Kolkata)".
 * An unknown or unusable zone writes UTC, named.
 */
export function readerTime(at: Date, zone: string | null | undefined): string {
  const tz = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: tz, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'long' });
    formats.set(tz, f);
  }
  return `${f.format(at)} (${tz})`;
}
