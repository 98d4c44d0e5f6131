/**
 * Applying to a job (docs/applications.md): the plan, the period's quota, the job and the
 * media are checked, and the application written, in one transaction that holds the
 * performer's row locked, so two applies at once cannot both take the last one left. The
 * same transaction tells the job's studio (applicant-notice.ts).
 */
import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { APP_MSG, APPLICATIONS_PER_PERIOD, MEDIA_TYPES, type ApplyBody, type MyApplication, type SentMedia } from '../../../contract/applications.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { currentPlan, type StoredPlan } from '../../../contract/plan-in-force.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { applications, jobs, studios, userMedia, users } from '../../db/schema/index.js';
import { AppError, errors } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { sendAfterCommit } from '../notifications/index.js';
import { storedPlanColumns } from '../subscriptions/index.js';
import { tellStudioOfApplicant } from './applicant-notice.js';
import { presentMyApplication } from './applications.presenter.js';

type Log = { error(obj: unknown, msg: string): void };
type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/**
 * The plan in force and its period, or null without a current plan. A queued plan that has
 * taken over counts from its own start (docs/product.md §11.10), so its quota is whole.
 */
export function currentPeriod(user: StoredPlan, now: Date) {
  const held = currentPlan(user, now.getTime());
  if (!held) return null;
  return { start: held.start, end: held.end, limit: APPLICATIONS_PER_PERIOD[held.plan.name] };
}

export const formatDay = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function createApplyService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async apply(userId: string, jobId: string, body: Parsed<ApplyBody>, log: Log): Promise<MyApplication> {
      if (!isUuid(jobId)) throw errors.notFound(MARKET_MSG.jobNotFound);
      const now = new Date();
      const { application, events } = await db.transaction(async (tx) => {
        const [job] = await tx
          .select({ job: jobs, studio: { _id: studios.id, fname: studios.fname, location: studios.location, profilePic: studios.profilePic, verified: studios.verified }, studioUserId: studios.ownerId })
          .from(jobs)
          .innerJoin(studios, eq(studios.id, jobs.studioId))
          .where(and(eq(jobs.id, jobId), eq(jobs.hidden, false)));
        if (!job) throw errors.notFound(MARKET_MSG.jobNotFound);
        if (job.job.status !== 'open') throw errors.conflict(APP_MSG.jobClosed);
        // The lock: a second apply of this performer waits here until this one commits.
        const [user] = await tx
          .select({ ...storedPlanColumns, fname: users.fname })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) throw errors.unauthorized();
        const [existing] = await tx.select({ id: applications.id }).from(applications).where(and(eq(applications.jobId, jobId), eq(applications.performerId, userId)));
        if (existing) throw errors.conflict(APP_MSG.alreadyApplied);
        const period = currentPeriod(user, now);
        if (!period) throw new AppError(402, APP_MSG.planRequired, 'plan_required');
        if (period.limit !== null) {
          // Withdrawn and closed applications count: every application made in the period does.
          const [used] = await tx
            .select({ n: count() })
            .from(applications)
            .where(and(eq(applications.performerId, userId), gte(applications.createdAt, period.start)));
          if ((used?.n ?? 0) >= period.limit) throw new AppError(402, APP_MSG.quotaExhausted(period.limit, formatDay(period.end)), 'quota_exhausted');
        }
        const media = await ownMedia(tx, userId, body.media);
        const [row] = await tx
          .insert(applications)
          .values({ jobId, performerId: userId, note: body.note, media, status: 'applied', history: [{ status: 'applied', at: now.toISOString() }], createdAt: now, updatedAt: now })
          .returning();
        // The studio hears of it at once, and in its next digest (applicant-notice.ts).
        const told = await tellStudioOfApplicant(tx, { jobId, jobTitle: job.job.title, studioUserId: job.studioUserId, performerName: user.fname });
        return { application: presentMyApplication(row!, job.job, job.studio), events: told };
      });
      await sendAfterCommit(ctx, { mails: [], events }, log);
      return application;
    },
  };
}


/** The URLs must all be on this performer's photos, videos or audios lists; each is kept with its type. */
async function ownMedia(tx: Tx, userId: string, urls: readonly string[]): Promise<SentMedia[]> {
  const wanted = [...new Set(urls)];
  if (wanted.length === 0) return [];
  const rows = await tx
    .select({ url: userMedia.url, type: userMedia.mediaType })
    .from(userMedia)
    .where(and(eq(userMedia.userId, userId), inArray(userMedia.url, wanted), inArray(userMedia.mediaType, [...MEDIA_TYPES])));
  const typeOf = new Map(rows.map((r) => [r.url, r.type as SentMedia['type']]));
  if (wanted.some((u) => !typeOf.has(u))) throw errors.badRequest(APP_MSG.mediaNotYours, 'media_not_yours');
  return wanted.map((url) => ({ url, type: typeOf.get(url)! }));
}
