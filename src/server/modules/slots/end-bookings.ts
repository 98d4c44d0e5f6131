/**
 * A decline that stands or a close ends the application's audition times (docs/slots.md,
 * "When a decision or a close ends a booking"): each of its bookings that has not started is
 * freed in the caller's transaction, the performer is told in the app (a notice and a live
 * event) and by e-mail with a cancelling calendar file (METHOD:CANCEL, STATUS:CANCELLED, the
 * booking's UID with its SEQUENCE raised), and the studio's schedule hears it live. The mails
 * leave after the caller commits (`AfterCommit`), as the decision's own notice does.
 *
 * A performer's withdrawal frees them the same way, but the performer did it: no notice, only
 * the mail with the cancelling calendar file (so the time leaves their calendar too), and the
 * studio hears of it in its activity line (bell and digest), as it hears of a booking
 * (docs/slots.md, "When a withdrawal ends a booking").
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { ACTIVITY_TEXT, jobAndRole } from '../../../contract/studio-activity-texts.js';
import { personName } from '../../../contract/names.js';
import { ENDS_MSG, type BookingEnd } from '../../../contract/decision-ends-texts.js';
import { readerTime } from '../../../contract/time-zones.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { escapeHtml } from '../../adapters/mail/mailer.js';
import type { Tx } from '../../db/client.js';
import { applications, auditionSlots, jobRoles, jobs, studios, users } from '../../db/schema/index.js';
import { recordEvents } from '../events/index.js';
import { createNotifications, type AfterCommit } from '../notifications/index.js';
import { activityLinks, tellStudioOfPerformer } from '../studio-activity/index.js';
import { bookingIcs, ICS_NAME, ICS_TYPE } from './slot-ics.js';
import { bookingFacts, FREED, whereOf, type BookingFacts } from './slots.service.js';

/** The calendar file that takes the booking out of the performer's calendar. */
export function cancelledIcsOf(f: BookingFacts, now: Date): string {
  return bookingIcs({ uid: f.slot.bookingUid!, sequence: f.slot.sequence + 1, startsAt: f.slot.startsAt, endsAt: f.slot.endsAt, job: f.job, studio: f.studio, where: whereOf(f.slot), cancelled: true }, now);
}

function cancelledMail(f: BookingFacts, cause: BookingEnd, now: Date): MailMessage | null {
  if (!f.email) return null;
  const text = ENDS_MSG.slotCancelledText(f.job, f.studio, readerTime(f.slot.startsAt, f.timeZone), whereOf(f.slot), cause);
  return { to: f.email, subject: ENDS_MSG.slotCancelledSubject(f.job), text, html: `<p>${escapeHtml(text)}</p>`, attachments: [{ filename: ICS_NAME, content: cancelledIcsOf(f, now), contentType: ICS_TYPE }] };
}

/**
 * Cancels the bookings these applications hold on times that have not started yet (a past
 * time stays, as the day's record). Answers what to send once the caller commits.
 */
export async function cancelBookingsOf(tx: Tx, applicationIds: readonly string[], cause: BookingEnd, now: Date): Promise<AfterCommit & { cancelled: number }> {
  if (applicationIds.length === 0) return { mails: [], events: [], cancelled: 0 };
  const held = and(inArray(auditionSlots.bookedApplicationId, [...applicationIds]), gt(auditionSlots.startsAt, now));
  // The slots are locked first, so a performer's move or cancel at the same moment waits for this.
  const locked = await tx.select({ id: auditionSlots.id }).from(auditionSlots).where(held).for('update');
  if (locked.length === 0) return { mails: [], events: [], cancelled: 0 };
  const facts = await bookingFacts(tx, inArray(auditionSlots.id, locked.map((l) => l.id)));
  // The calendar files and mails are made while the booking's UID is still on the row.
  const mails = facts.flatMap((f) => cancelledMail(f, cause, now) ?? []);
  await tx
    .update(auditionSlots)
    .set({ ...FREED })
    .where(inArray(auditionSlots.id, facts.map((f) => f.slot.id)));
  const events: AfterCommit['events'] = [];
  // A withdrawal (by the performer, or for a guardian's missing consent) is the studio's news.
  if (cause === 'withdrawn' || cause === 'consentMissing') events.push(...(await tellStudioOfWithdrawals(tx, facts)));
  else {
    const told = facts.flatMap((f) => (f.performerId ? [{ ...f, performerId: f.performerId }] : []));
    await createNotifications(tx, told.map((f) => ({ userId: f.performerId, kind: 'application' as const, text: ENDS_MSG.slotCancelledNotice(f.job, readerTime(f.slot.startsAt, f.timeZone), cause), link: '/applications' })));
    events.push(...(await recordEvents(tx, [...new Set(told.map((f) => f.performerId))], { kind: 'notification', data: {} })));
  }
  // Every open schedule of the job's studio reads its slots again (docs/slots.md, "The day").
  const jobIds = [...new Set(facts.map((f) => f.slot.jobId))];
  const owners = await tx.select({ id: studios.ownerId, jobId: jobs.id }).from(jobs).innerJoin(studios, eq(studios.id, jobs.studioId)).where(inArray(jobs.id, jobIds));
  for (const o of owners) if (o.id) events.push(...(await recordEvents(tx, [o.id], { kind: 'schedule', data: { jobId: o.jobId } })));
  return { mails, events, cancelled: facts.length };
}

/** The studio's activity line for each booking a withdrawal freed, named as a booking's line is. */
async function tellStudioOfWithdrawals(tx: Tx, facts: readonly BookingFacts[]): Promise<AfterCommit['events']> {
  const names = await tx
    .select({ id: applications.id, performer: users.fname, role: jobRoles.name })
    .from(applications)
    .leftJoin(users, eq(users.id, applications.performerId))
    .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
    .where(inArray(applications.id, [...new Set(facts.map((f) => f.applicationId))]));
  const events: AfterCommit['events'] = [];
  for (const f of facts) {
    const n = names.find((r) => r.id === f.applicationId);
    const line = (zone: string | null) => ACTIVITY_TEXT.slotWithdrawn(personName(n?.performer ?? ''), jobAndRole(f.job, n?.role), readerTime(f.slot.startsAt, zone));
    events.push(...(await tellStudioOfPerformer(tx, { jobId: f.slot.jobId, line, link: activityLinks.schedule(f.slot.jobId) })));
  }
  return events;
}
