/**
 * A demo callback round (docs/slots.md, "Rounds and callbacks"; OFFICE.md §6): on the first
 * demo studio account's job with an application in auditioning, a "Callback" round of two
 * times three days ahead, limited to that application, which is invited (its bell and its
 * history say so) and holds the first time. Once; never with NODE_ENV=production.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { SLOT_LIMITS, SLOT_MSG } from '../../contract/slots-texts.js';
import type { AppContext } from '../context.js';
import { applications, auditionSlots, jobs, notifications, slotDayEvents, slotRoundInvitations } from '../db/schema/index.js';
import { demoStudioIds } from './studio-accounts.js';

export const DEMO_CALLBACK_ROUND = 'Callback';
const DAY = 86_400_000;
const MIN = 60_000;

export async function seedDemoCallbacks(ctx: AppContext, log: (line: string) => void, now = new Date()): Promise<number> {
  if (ctx.config.env.SEED_DEMO === '0' || ctx.config.production) return 0;
  const { db } = ctx;
  const ids = await demoStudioIds(db);
  if (ids.length === 0) return 0;
  const [already] = await db
    .select({ id: auditionSlots.id })
    .from(auditionSlots)
    .innerJoin(jobs, eq(jobs.id, auditionSlots.jobId))
    .where(and(inArray(jobs.studioId, ids), ne(auditionSlots.round, SLOT_LIMITS.defaultRound)))
    .limit(1);
  if (already) return 0;
  const [app] = await db
    .select({ id: applications.id, jobId: applications.jobId, performerId: applications.performerId, job: jobs.title })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(inArray(jobs.studioId, ids), eq(applications.status, 'auditioning')))
    .orderBy(asc(jobs.createdAt), asc(applications.createdAt), asc(applications.id))
    .limit(1);
  if (!app) return 0;
  // Three days ahead at 10:00 UTC, 20 minutes each: past the 2-hour lock, so the demo can move it.
  const day = new Date(Math.floor(now.getTime() / DAY) * DAY + 3 * DAY + 10 * 60 * MIN);
  const times = [0, 30].map((m) => new Date(day.getTime() + m * MIN));
  await db.transaction(async (tx) => {
    await tx.insert(auditionSlots).values(
      times.map((startsAt, i) => ({
        jobId: app.jobId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 20 * MIN),
        place: 'Studio 2, second floor',
        round: DEMO_CALLBACK_ROUND,
        limited: true,
        ...(i === 0 ? { bookedApplicationId: app.id, bookingUid: crypto.randomUUID(), bookedAt: now } : {}),
      })),
    );
    await tx.insert(slotRoundInvitations).values({ jobId: app.jobId, round: DEMO_CALLBACK_ROUND, applicationId: app.id, at: now });
    await tx.insert(slotDayEvents).values({ applicationId: app.id, kind: 'invited', slotStartsAt: times[0]!, at: now, round: DEMO_CALLBACK_ROUND });
    if (app.performerId) await tx.insert(notifications).values({ userId: app.performerId, kind: 'application', text: SLOT_MSG.invitedNotice(app.job, DEMO_CALLBACK_ROUND), link: '/applications' });
  });
  log(`demo callback round: ${DEMO_CALLBACK_ROUND} on "${app.job}", 1 invited`);
  return times.length;
}
