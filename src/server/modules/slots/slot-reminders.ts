/**
 * The reminders of booked audition times (docs/slots.md, "Reminders"): an e-mail with the
 * calendar file 24 hours before, an in-app notice 2 hours before. Each is claimed in one
 * UPDATE that stamps its column, so it goes once; the background runner's lease lets one
 * instance run the sweep at a time (docs/architecture.md, "Background work").
 */
import { and, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { SLOT_LIMITS, SLOT_MSG } from '../../../contract/slots.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { auditionSlots } from '../../db/schema/index.js';
import { createNotifications, sendAfterCommit, type AfterCommit } from '../notifications/index.js';
import { readerTime } from '../../../contract/time-zones.js';
import { bookingFacts, bookingMail } from './slots.service.js';
import type { BackgroundJob } from '../../background/runner.js';

const HOUR = 3_600_000;

export type ReminderResult = { mailed: number; noticed: number } & AfterCommit;

export async function runSlotReminders(db: Db, opts: { now?: Date } = {}): Promise<ReminderResult> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const due = (hours: number) => and(isNotNull(auditionSlots.bookedApplicationId), gt(auditionSlots.startsAt, now), lte(auditionSlots.startsAt, new Date(now.getTime() + hours * HOUR)));
    const toMail = await tx
      .update(auditionSlots)
      .set({ mailRemindedAt: now })
      .where(and(due(SLOT_LIMITS.mailReminderHours), isNull(auditionSlots.mailRemindedAt)))
      .returning({ id: auditionSlots.id });
    const toNotice = await tx
      .update(auditionSlots)
      .set({ noticeRemindedAt: now })
      .where(and(due(SLOT_LIMITS.lockedHours), isNull(auditionSlots.noticeRemindedAt)))
      .returning({ id: auditionSlots.id });
    const mails: MailMessage[] = [];
    if (toMail.length > 0) {
      for (const f of await bookingFacts(tx, inArray(auditionSlots.id, toMail.map((r) => r.id)))) {
        const mail = bookingMail(f, now, 'reminder');
        if (mail) mails.push(mail);
      }
    }
    if (toNotice.length > 0) {
      const facts = await bookingFacts(tx, inArray(auditionSlots.id, toNotice.map((r) => r.id)));
      await createNotifications(
        tx,
        facts.filter((f) => f.performerId).map((f) => ({ userId: f.performerId!, kind: 'application' as const, text: SLOT_MSG.soonNotice(f.job, readerTime(f.slot.startsAt, f.timeZone)), link: '/applications' })),
      );
    }
    return { mailed: toMail.length, noticed: toNotice.length, mails, events: [] };
  });
}

/** Audition reminders as a background job, one instance at a time (src/server/background/jobs.ts); tests give it their clock. */
export function slotRemindersJob(ctx: AppContext, log: { error(obj: unknown, msg: string): void }, clock: () => Date = () => new Date()): BackgroundJob {
  return {
    name: 'slot-reminders',
    everyMs: SLOT_LIMITS.sweepEveryMs,
    runsOn: 'one',
    async run() {
      const r = await runSlotReminders(ctx.db, { now: clock() });
      await sendAfterCommit(ctx, r, log);
      return { mailed: r.mailed, noticed: r.noticed };
    },
  };
}

