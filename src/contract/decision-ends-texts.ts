/**
 * What a decision or a close ends (docs/applications.md, "What a decision or a close ends"):
 * the texts of a cancelled audition time and of an ended self-tape request, and what the
 * close and reopen questions and their toasts say. Without zod, so screens read them.
 */

/** Why a booking or a tape request ended: a decline that stands, or the job closing the application. */
export type EndCause = 'declined' | 'closed';
/**
 * Why a booking ended: a decision or a close; the performer's own withdrawal; or their
 * applications withdrawn while a guardian's consent is missing (withdrawn, or awaited after a
 * date of birth made them a minor: docs/guardians.md).
 */
export type BookingEnd = EndCause | 'withdrawn' | 'consentMissing';

const because: Record<BookingEnd, string> = {
  declined: 'the studio has decided on your application',
  closed: 'the job has closed',
  withdrawn: 'you withdrew your application',
  consentMissing: 'your applications are withdrawn while a guardian’s consent is missing',
};

/** One person a close or a reopen names: who, for which role, and the audition times they hold (ISO). */
export interface NamedApplicant {
  name: string;
  roleName: string | null;
  slots: string[];
}

/** "Asha Rao (Lead)"; the role is left out when the job's application has none. */
export const applicantLabel = (p: Pick<NamedApplicant, 'name' | 'roleName'>) => (p.roleName ? `${p.name} (${p.roleName})` : p.name);

/** "A, B and C" */
export function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** How many a close or reopen names before "and n more" (the counts say the rest). */
export const NAMED_MAX = 50;

export const ENDS_MSG = {
  /** The performer's bell and e-mail when a decline or a close cancels their audition time. */
  slotCancelledNotice: (job: string, when: string, cause: EndCause) => `Your audition time for ${job} (${when}) is cancelled: ${because[cause]}.`,
  slotCancelledSubject: (job: string) => `Audition cancelled: ${job}`,
  slotCancelledText: (job: string, studio: string, when: string, where: string, cause: BookingEnd) =>
    `Your audition for ${job} with ${studio} on ${when} at ${where} is cancelled: ${because[cause]}. The attached calendar file removes it from your calendar.`,
  /** A tape sent to a request that a decision, a close or a withdrawal ended. */
  requestEnded: 'This self-tape request has ended: the application was decided, withdrawn or closed with its job, so no tape can be sent to it.',
  endedHint: 'The studio has decided on this application or closed the job: no tape is needed.',
} as const;

/** The close and reopen questions and their toasts: the same words in both (issue 49, item 15). */
export const CLOSE_TEXT = {
  /** Who the close tells: the applicants still waiting, named. */
  closeTells: (names: readonly string[], total: number) =>
    total === 0
      ? 'Nobody is waiting for a decision: no one is told.'
      : `${total === 1 ? 'Told the job closed, with the reason below' : `Told the job closed (${total}), with the reason below`}: ${named(names, total)}.`,
  /** Whose audition time the close cancels (they are among those told). */
  closeCancels: (names: readonly string[], total: number) =>
    `${total === 1 ? 'Audition time cancelled, with a calendar update' : `Audition times cancelled (${total}), with calendar updates`}: ${named(names, total)}.`,
  /** Whose audition stays: the booked applicants and their times. */
  closeStays: (names: readonly string[], total: number) => `${total === 1 ? 'Stays booked, with their audition' : `Stay booked (${total}), with their auditions`}: ${named(names, total)}.`,
  closedToast: (job: string) => `“${job}” is closed.`,
  reopenTitle: (job: string) => `Reopen “${job}”?`,
  reopenTells: 'It goes back on the job board. Nobody is told, and the applications the close closed stay closed.',
  reopenStays: (names: readonly string[], total: number) => `Booked auditions, unchanged: ${named(names, total)}.`,
  reopenNoneBooked: 'No audition times are booked.',
  reopenConfirm: 'Reopen job',
  reopenedToast: (job: string) => `“${job}” is back on the job board.`,
} as const;

function named(names: readonly string[], total: number): string {
  const more = total - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : listed(names);
}

/** The people of a job a close or a reopen names, with how many there are in all. */
export interface JobPeople {
  waiting: readonly NamedApplicant[];
  booked: readonly NamedApplicant[];
  /** All the undecided and all the booked, beyond the named. */
  waitingTotal: number;
  bookedTotal: number;
}

/** "Asha Rao (Lead), Tue, 5 Jan 2027, 10:00 India Standard Time": the name, the role, the times held. */
const withTimes = (p: NamedApplicant, when: (iso: string) => string) => (p.slots.length ? `${applicantLabel(p)}, ${p.slots.map(when).join(' and ')}` : applicantLabel(p));

/**
 * What a close says, in its question and in its toast alike: who is told, whose audition times
 * it cancels (among them), whose audition stays. `when` writes a time in the reader's zone.
 */
export function closeLines(people: JobPeople, when: (iso: string) => string): string[] {
  const cancelled = people.waiting.filter((p) => p.slots.length > 0);
  return [
    CLOSE_TEXT.closeTells(people.waiting.map(applicantLabel), people.waitingTotal),
    ...(cancelled.length ? [CLOSE_TEXT.closeCancels(cancelled.map((p) => withTimes(p, when)), cancelled.length)] : []),
    ...(people.bookedTotal ? [CLOSE_TEXT.closeStays(people.booked.map((p) => withTimes(p, when)), people.bookedTotal)] : []),
  ];
}

/** What a reopen says, in its question and in its toast alike: nobody is told; the booked auditions, named. */
export function reopenLines(people: Pick<JobPeople, 'booked' | 'bookedTotal'>, when: (iso: string) => string): string[] {
  const held = people.booked.filter((p) => p.slots.length > 0);
  return [CLOSE_TEXT.reopenTells, held.length ? CLOSE_TEXT.reopenStays(held.map((p) => withTimes(p, when)), held.length) : CLOSE_TEXT.reopenNoneBooked];
}

