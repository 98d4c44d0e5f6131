/**
 * Applying to a job (docs/applications.md): the plan, the period's quota, the job and the
 * media are checked, and the application written, in one transaction that holds the
 * performer's row locked, so two applies at once cannot both take the last one left. The
 * same transaction tells the job's studio (applicant-notice.ts).
 */
import { and, asc, count, eq, gte, inArray } from 'drizzle-orm';
import { APP_MSG, APPLICATIONS_PER_PERIOD, MEDIA_TYPES, type ApplyBody, type MyApplication, type SentMedia } from '../../../contract/applications.js';
import { CAST_MSG } from '../../../contract/casting-messages.js';
import type { JobYou } from '../../../contract/jobs.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { currentPlan, queuedHasStarted, type StoredPlan } from '../../../contract/plan-in-force.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { applications, jobRoles, jobs, studios, userMedia, users } from '../../db/schema/index.js';
import { errors, hasErrorCode } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { sendAfterCommit } from '../notifications/index.js';
import { isHeld } from '../guardians/index.js';
import { storedPlanColumns } from '../subscriptions/index.js';
import { tellStudioOfApplicant } from './applicant-notice.js';
import { presentMyApplication } from './applications.presenter.js';

type Log = { error(obj: unknown, msg: string): void };
type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
type ApplyInput = Parsed<Omit<ApplyBody, 'roleId'>> & { roleId?: string | undefined };

/**
 * The plan in force and its period, or null without a current plan. A queued plan that has
 * taken over counts from its own start (docs/product.md §11.10), so its quota is whole.
 */
export function currentPeriod(user: StoredPlan, now: Date) {
  const held = currentPlan(user, now.getTime());
  if (!held) return null;
  return { start: held.start, end: held.end, limit: APPLICATIONS_PER_PERIOD[held.plan.name] };
}

/** Applications made in the period so far: withdrawn and closed ones count too. */
async function usedSince(db: AppContext['db'] | Tx, userId: string, start: Date): Promise<number> {
  const [used] = await db
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.performerId, userId), gte(applications.createdAt, start)));
  return used?.n ?? 0;
}

/**
 * Where the performer stands on this job before writing anything (docs/marketplace.md,
 * "Where you stand"): the plan in force (null without one), the applications left this
 * period (null when unlimited), and the job's roles they have applied to.
 */
export async function standingOf(ctx: AppContext, userId: string, jobId: string): Promise<JobYou> {
  const now = new Date();
  const [user] = await ctx.db.select(storedPlanColumns).from(users).where(eq(users.id, userId));
  const held = user ? currentPlan(user, now.getTime()) : null;
  const period = user ? currentPeriod(user, now) : null;
  const applied = await ctx.db
    .select({ roleId: applications.roleId })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), eq(applications.performerId, userId)));
  const left = !period ? 0 : period.limit === null ? null : Math.max(0, period.limit - (await usedSince(ctx.db, userId, period.start)));
  return { plan: held?.plan.name ?? null, applicationsLeft: left, appliedRoleIds: applied.flatMap((a) => (a.roleId ? [a.roleId] : [])) };
}

export const formatDay = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function createApplyService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async apply(userId: string, jobId: string, body: ApplyInput, log: Log): Promise<MyApplication> {
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
        const role = await chosenRole(tx, jobId, body.roleId);
        // The lock: a second apply of this performer waits here until this one commits.
        const [user] = await tx
          .select({ ...storedPlanColumns, fname: users.fname })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) throw errors.unauthorized();
        // Under the same lock a guardian's withdrawal takes, so the two never cross (docs/guardians.md).
        if (await isHeld(tx, userId)) throw errors.guardianConsentNeeded();
        // One application per performer and role; a job's other roles take their own.
        const [existing] = await tx.select({ id: applications.id }).from(applications).where(and(eq(applications.roleId, role.id), eq(applications.performerId, userId)));
        if (existing) throw errors.conflict(role.only ? APP_MSG.alreadyApplied : CAST_MSG.alreadyAppliedRole);
        const period = currentPeriod(user, now);
        if (!period) throw errors.planRequired();
        if (period.limit !== null) {
          // Each role applied to is one application of the quota; the performer's row lock
          // above makes two applies at once (two roles of one job too) count one after the other.
          if ((await usedSince(tx, userId, period.start)) >= period.limit) throw errors.quotaExhausted(period.limit, formatDay(period.end), user.queuedPlanName !== '' && !queuedHasStarted(user, now.getTime()));
        }
        const media = await ownMedia(tx, userId, body.media);
        const [row] = await tx
          .insert(applications)
          .values({ jobId, roleId: role.id, performerId: userId, note: body.note, media, status: 'applied', history: [{ status: 'applied', at: now.toISOString() }], createdAt: now, updatedAt: now })
          .returning();
        // The studio hears of it at once, and in its next digest (applicant-notice.ts).
        const told = await tellStudioOfApplicant(tx, { jobId, jobTitle: job.job.title, roleName: role.only ? '' : role.name, studioUserId: job.studioUserId, performerName: user.fname });
        return { application: presentMyApplication(row!, job.job, job.studio, { _id: role.id, name: role.name }, false), events: told };
      }).catch((error: unknown) => {
        // The role was removed between its check and the insert: the reference refuses it (docs/faults.md).
        if (hasErrorCode(error, ['23503'])) throw errors.notFound(CAST_MSG.roleNotFound);
        throw error;
      });
      await sendAfterCommit(ctx, { mails: [], events }, log);
      return application;
    },
  };
}


/**
 * The role applied to: the one named, which must be the job's and open; or, left out, the
 * job's one open role (docs/marketplace.md, "Roles and pay"). `only` tells a one-role job.
 */
async function chosenRole(tx: Tx, jobId: string, roleId: string | undefined) {
  const roles = await tx.select({ id: jobRoles.id, name: jobRoles.name, status: jobRoles.status }).from(jobRoles).where(eq(jobRoles.jobId, jobId)).orderBy(asc(jobRoles.position), asc(jobRoles.id));
  const only = roles.length === 1;
  if (roleId !== undefined) {
    const role = roles.find((r) => r.id === roleId);
    if (!role) throw errors.notFound(CAST_MSG.roleNotFound);
    if (role.status !== 'open') throw errors.roleCast();
    return { ...role, only };
  }
  const open = roles.filter((r) => r.status === 'open');
  if (open.length === 0) throw errors.roleCast();
  if (open.length > 1) throw errors.chooseRole();
  return { ...open[0]!, only };
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
  if (wanted.some((u) => !typeOf.has(u))) throw errors.mediaNotYours();
  return wanted.map((url) => ({ url, type: typeOf.get(url)! }));
}
