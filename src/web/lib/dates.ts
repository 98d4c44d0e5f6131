/**
 * The one place screens turn dates, times and money into words (docs/screens.md, "Dates and
 * money"), all through `Intl`, in English and in the reader's time zone:
 * a day reads "10 Dec 2026"; a past moment of the last week reads relative ("today",
 * "yesterday", "3 days ago"); a time carries its zone ("14:30 IST"); a price in rupees has the
 * sign and Indian separators ("₹1,499"), one in dollars "$19.99".
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_DAYS = 7;

type When = string | number | Date;
const toDate = (when: When) => (when instanceof Date ? when : new Date(when));

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const rupeeFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Midnight of the reader's day, so "yesterday" means the calendar day before. */
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** "10 Dec 2026": deadlines, plan ends, any day named on its own. */
export const formatDay = (when: When) => dayFormat.format(toDate(when));

/** A date without a time, "2026-12-10" (a deadline): the reader's same calendar day, "10 Dec 2026". */
export function formatDate(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return y && m && d ? dayFormat.format(new Date(y, m - 1, d)) : ymd;
}

/** A past day: "today", "yesterday", "3 days ago" within the last week, else "10 Dec 2026". */
export function formatWhen(when: When, now: Date = new Date()): string {
  const d = toDate(when);
  const days = Math.round((startOfDay(now) - startOfDay(d)) / DAY_MS);
  return days >= 0 && days < WEEK_DAYS ? relative.format(-days, 'day') : formatDay(d);
}

/** The clock time with its zone: "14:30 IST" (the zone as the reader's browser names it). */
export const formatClock = (when: When) => timeFormat.format(toDate(when));

/** A past moment: its day (relative within the last week) and its time with the zone, "yesterday, 14:30 GMT+5:30". */
export const formatTime = (when: When, now: Date = new Date()) => `${formatWhen(when, now)}, ${formatClock(when)}`;

/** "₹1,499", "₹1,00,000": rupees with the sign and Indian separators. */
export const formatRupees = (amount: number) => rupeeFormat.format(amount);

/** An amount in the currency it was charged in: "$19.99 USD" reads "$19.99"; rupees as `formatRupees`. */
export function formatMoney(amount: number | string, currency: string): string {
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return `${amount} ${currency}`;
  if (currency === 'INR') return formatRupees(n);
  if (currency === 'USD') return dollarFormat.format(n);
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(n);
}
