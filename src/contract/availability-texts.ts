/**
 * Availability's limits, words and date helpers without zod (docs/talent.md, "Availability"),
 * so the web's screens can import them without the server's schemas.
 */
export type DateRange = { from: string; to: string };

export const AVAILABILITY_LIMITS = {
  ranges: 50,
  noteMax: 80,
  shootRanges: 10,
  /** No range starts before this day: an older one is a typo, not a plan. */
  dateFrom: '2000-01-01',
} as const;

export const AVAILABILITY_MSG = {
  title: 'Availability',
  intro: 'Days you cannot work. Studios see the dates, never your notes.',
  from: 'From',
  to: 'To',
  note: 'Private note',
  add: 'Add dates',
  remove: 'Remove',
  save: 'Save availability',
  saved: 'Availability saved',
  empty: 'You have not marked any days as unavailable.',
  day: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
  tooEarly: (label: string) => `${label} must be on or after ${AVAILABILITY_LIMITS.dateFrom}`,
  order: 'To must be on or after From',
  tooMany: (max: number) => `At most ${max} ranges`,
  shootDates: 'Shoot dates',
  tooManyShoot: (max: number) => `At most ${max} shoot date ranges`,
  availableFrom: 'Available from',
  availableTo: 'Available to',
  availableOrder: 'Available to must be on or after Available from',
  /** The applicant card's line, e.g. "Unavailable 3–5 Mar, during the shoot". */
  conflict: (span: string) => `Unavailable ${span}, during the shoot`,
} as const;

/** Two whole-day ranges share a day. */
export const overlaps = (a: DateRange, b: DateRange) => a.from <= b.to && b.from <= a.to;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** A range as the card says it: "3 Mar", "3–5 Mar", "28 Feb–2 Mar", "30 Dec 2026–2 Jan 2027". */
export function daySpan({ from, to }: DateRange): string {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const m = (n: number) => MONTHS[n - 1]!;
  if (from === to) return `${fd} ${m(fm)}`;
  if (fy === ty && fm === tm) return `${fd}–${td} ${m(fm)}`;
  if (fy === ty) return `${fd} ${m(fm)}–${td} ${m(tm)}`;
  return `${fd} ${m(fm)} ${fy}–${td} ${m(tm)} ${ty}`;
}
