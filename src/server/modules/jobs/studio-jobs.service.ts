/**
 * A studio's own job posts: list with applicant counts, post, edit, close, delete.
 * Another studio's job is answered as not found, never as forbidden.
 */
import { and, asc, desc, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import { NAMED_MAX } from '../../../contract/decision-ends-texts.js';
import { MSG } from '../../../contract/messages.js';
import { personName } from '../../../contract/names.js';
import { agesInOrder, CAST_MSG, todayUtc, JOB_LIMITS, type JobCreateParsed, type JobPatchParsed, type JobPost, type OwnJob } from '../../../contract/jobs.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { type CloseJobBody, type JobLive, type StudioJob } from '../../../contract/decisions.js';
import type { AppContext } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import type { Tx } from '../../db/client.js';
import { applications, auditionSlots, jobRoles, jobs, studios, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { closeApplicationsOf, countApplicants, mailSettings } from '../applications/index.js';
import { isIssuedTo } from '../media/index.js';
import { sendAfterCommit } from '../notifications/index.js';
import { createStudioAccountsService } from '../studio-accounts/index.js';
import { isUuid } from '../../lib/uuid.js';
import { castRole, replaceRoles, rolesOf, writeRoles } from './job-roles.js';
import { presentJobPost, type JobRow } from './jobs.presenter.js';
import { countBookedSlots } from '../slots/index.js';

/**
 * A PATCH without roles on a job whose one role was made from its own fields (pay not
 * stated) keeps that role made from them: a client of the one-role calls sees its edits
 * in the role it applies to (docs/marketplace.md, "Roles and pay").
 */
async function followJobFields(tx: Tx, job: JobRow, existing: readonly (typeof jobRoles.$inferSelect)[], changes: Record<string, unknown>) {
  const [only] = existing;
  if (existing.length !== 1 || !only || only.payKind !== null) return;
  const follows = { name: 'title', profession: 'profession', gender: 'gender', ageMin: 'ageMin', ageMax: 'ageMax' } as const;
  const set = Object.fromEntries(
    Object.entries(follows)
      .filter(([, from]) => changes[from] !== undefined)
      .map(([to, from]) => [to, to === 'name' ? String(changes[from]).slice(0, 80) : changes[from]]),
  );
  if (Object.keys(set).length > 0 && only.name === job.title.slice(0, 80)) await tx.update(jobRoles).set(set).where(eq(jobRoles.id, only.id));
}

type Log = { error(obj: unknown, msg: string): void };

export function createStudioJobsService(ctx: AppContext) {
  const { db } = ctx;
  const accounts = createStudioAccountsService(ctx);
  /** The board's cached answers move on at once on this instance; others hear the trigger's NOTIFY. */
  const changed = () => ctx.changes.announce(CHANNELS.counter, 'jobs');
  const mail = mailSettings(ctx.config.env);

  /** Every image must be one the storage issued to this account; images already on the job stay. */
  async function checkImages(userId: string, images: readonly string[], already: readonly string[] = []) {
    for (const url of images) {
      if (already.includes(url)) continue;
      if (!(await isIssuedTo(ctx, userId, url, 'images'))) throw errors.notIssued({ label: 'Images', field: 'images' });
    }
  }

  async function ownJob(userId: string, jobId: string): Promise<{ studioId: string; job: JobRow }> {
    const studio = await accounts.ownStudio(userId);
    if (!isUuid(jobId)) throw errors.notFound(MARKET_MSG.jobNotFound);
    const [job] = await db.select().from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.studioId, studio.id)));
    if (!job) throw errors.notFound(MARKET_MSG.jobNotFound);
    return { studioId: studio.id, job };
  }

  /**
   * Who a close names (issue 49, items 3 and 15): the applicants still waiting, whom it tells
   * and whose audition times it cancels, and the booked ones, whose auditions stay; each with
   * the role and the times held that have not started. At most NAMED_MAX of each, oldest first.
   */
  async function namedOf(jobId: string): Promise<JobLive['people']> {
    const group = (statuses: readonly string[]) =>
      db
        .select({ applicationId: applications.id, name: users.fname, roleName: jobRoles.name })
        .from(applications)
        .leftJoin(users, eq(users.id, applications.performerId))
        .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
        .where(and(eq(applications.jobId, jobId), inArray(applications.status, [...statuses])))
        .orderBy(asc(applications.createdAt), asc(applications.id))
        .limit(NAMED_MAX);
    const [waiting, booked] = await Promise.all([group(['applied', 'viewed', 'shortlisted', 'auditioning']), group(['booked'])]);
    const ids = [...waiting, ...booked].map((a) => a.applicationId);
    const held = ids.length
      ? await db
          .select({ applicationId: auditionSlots.bookedApplicationId, startsAt: auditionSlots.startsAt })
          .from(auditionSlots)
          .where(and(inArray(auditionSlots.bookedApplicationId, ids), gt(auditionSlots.startsAt, new Date())))
          .orderBy(asc(auditionSlots.startsAt))
      : [];
    const named = (rows: typeof waiting) =>
      rows.map((r) => ({ applicationId: r.applicationId, name: r.name ? personName(r.name) : MSG.deletedAccount, roleName: r.roleName, slots: held.filter((h) => h.applicationId === r.applicationId).map((h) => h.startsAt.toISOString()) }));
    return { waiting: named(waiting), booked: named(booked) };
  }

  /** The job as answered, with its roles read now. */
  const present = async (row: JobRow) => presentJobPost(row, (await rolesOf(db, [row.id])).get(row.id) ?? []);

  return {
    async list(userId: string): Promise<OwnJob[]> {
      const studio = await accounts.ownStudio(userId);
      const rows = await db
        .select()
        .from(jobs)
        .where(eq(jobs.studioId, studio.id))
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(JOB_LIMITS.ownJobsMax);
      const counts = rows.length
        ? await db
            .select({ jobId: applications.jobId, status: applications.status, n: sql<number>`count(*)::int` })
            .from(applications)
            .where(inArray(applications.jobId, rows.map((r) => r.id)))
            .groupBy(applications.jobId, applications.status)
        : [];
      const perRole = rows.length
        ? await db
            .select({ roleId: jobRoles.id, n: sql<number>`count(${applications.id})::int` })
            .from(jobRoles)
            .innerJoin(applications, eq(applications.roleId, jobRoles.id))
            .where(inArray(jobRoles.jobId, rows.map((r) => r.id)))
            .groupBy(jobRoles.id)
        : [];
      const roles = await rolesOf(db, rows.map((r) => r.id));
      return rows.map((row) => {
        const byStatus: Record<string, number> = {};
        let total = 0;
        for (const c of counts) {
          if (c.jobId !== row.id) continue;
          byStatus[c.status] = c.n;
          total += c.n;
        }
        const own = roles.get(row.id) ?? [];
        const byRole = Object.fromEntries(own.map((r) => [r.id, perRole.find((p) => p.roleId === r.id)?.n ?? 0]));
        return { ...presentJobPost(row, own), hidden: row.hidden, applicants: { total, byStatus, byRole } };
      });
    },

    /**
     * At most JOB_LIMITS.openJobsMax open jobs per studio: the count and the insert run under
     * the studio's row lock, so posts sent together wait for each other and cannot pass the
     * cap (docs/security.md, "Floods from a studio: moves, reports, job posts, shortlists"); the route also rates the posts.
     */
    async create(userId: string, body: JobCreateParsed): Promise<JobPost> {
      const studio = await accounts.ownStudio(userId);
      await checkImages(userId, body.images);
      const { roles, ...fields } = body;
      // The insert's trigger gives the job one role made from its fields (migration 0027);
      // roles sent with it take that role's place in the same transaction.
      const row = await db.transaction(async (tx) => {
        await tx.select({ id: studios.id }).from(studios).where(eq(studios.id, studio.id)).for('update');
        const [open] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(and(eq(jobs.studioId, studio.id), eq(jobs.status, 'open')));
        if ((open?.n ?? 0) >= JOB_LIMITS.openJobsMax) throw errors.openJobsFull();
        const [inserted] = await tx.insert(jobs).values({ ...fields, studioId: studio.id }).returning();
        if (roles) await replaceRoles(tx, inserted!.id, roles);
        return inserted!;
      });
      changed();
      return present(row);
    },

    async update(userId: string, jobId: string, body: JobPatchParsed): Promise<JobPost> {
      const { job } = await ownJob(userId, jobId);
      if (!agesInOrder(body.ageMin ?? job.ageMin, body.ageMax ?? job.ageMax)) throw errors.validation(MARKET_MSG.ageOrder, 'ageMin');
      if (body.images) await checkImages(userId, body.images, job.images);
      const { roles, ...fields } = body;
      const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).length === 0 && !roles) return present(job);
      const row = await db.transaction(async (tx) => {
        const [updated] = Object.keys(changes).length ? await tx.update(jobs).set(changes).where(eq(jobs.id, job.id)).returning() : [job];
        // The roles are locked while the list is written, so two edits cannot interleave.
        const existing = await tx.select().from(jobRoles).where(eq(jobRoles.jobId, job.id)).for('update');
        if (roles) await writeRoles(tx, job.id, roles, existing);
        else await followJobFields(tx, job, existing, changes);
        return updated!;
      });
      changed();
      return present(row);
    },

    /** Marks one of the job's roles cast: it stays on the job, marked, and takes no new applications. */
    async cast(userId: string, jobId: string, roleId: string): Promise<JobPost> {
      const { job } = await ownJob(userId, jobId);
      if (!isUuid(roleId) || !(await castRole(db, job.id, roleId))) throw errors.notFound(CAST_MSG.roleNotFound);
      changed();
      return present(job);
    },

    /**
     * Closing a closed job changes nothing. Its undecided applications close with it, in
     * the same transaction, and their performers are mailed once it commits (docs/applications.md).
     */
    async close(userId: string, jobId: string, log: Log, body: CloseJobBody = {}): Promise<JobPost> {
      const { job } = await ownJob(userId, jobId);
      if (job.status === 'closed') return present(job);
      const now = new Date();
      const { row, after } = await db.transaction(async (tx) => {
        const [closed] = await tx
          .update(jobs)
          .set({ status: 'closed', closedAt: now })
          .where(and(eq(jobs.id, job.id), eq(jobs.status, 'open')))
          .returning();
        if (!closed) return { row: job, after: { mails: [], events: [] } };
        return { row: closed, after: await closeApplicationsOf(tx, [closed.id], now, mail, body) };
      });
      changed();
      void sendAfterCommit(ctx, after, log);
      return present(row);
    },

    /** The job as in the studio's list, with its live counts by status. */
    async one(userId: string, jobId: string): Promise<StudioJob> {
      const { job } = await ownJob(userId, jobId);
      // This job's counts alone, in one statement, not the studio's whole list read to find it.
      const [roles, tally, slotsBooked, people] = await Promise.all([rolesOf(db, [job.id]), countApplicants(db, job.id), countBookedSlots(ctx.db, job.id), namedOf(job.id)]);
      const own = roles.get(job.id) ?? [];
      const by = tally.byStatus;
      // As in the list: the statuses someone is in, and every role of the job.
      const byStatus = Object.fromEntries(Object.entries(by).filter(([, n]) => n > 0));
      const byRole = Object.fromEntries(own.map((r) => [r.id, tally.byRole[r.id] ?? 0]));
      const live: JobLive = {
        people,
        applied: by.applied,
        viewed: by.viewed,
        shortlisted: by.shortlisted,
        auditioning: by.auditioning,
        booked: by.booked,
        // Audition times taken; a close cancels those of the applications it closes (docs/slots.md).
        slotsBooked,
      };
      return { ...presentJobPost(job, own), hidden: job.hidden, applicants: { total: tally.total, byStatus, byRole }, live };
    },

    /**
     * Puts a closed job back on the board with a deadline today or later, or none. The
     * applications the close closed stay closed (docs/applications.md, "Closing and reopening").
     */
    async reopen(userId: string, jobId: string, body: { deadline?: string | null }): Promise<JobPost> {
      const { studioId, job } = await ownJob(userId, jobId);
      if (job.status === 'open') throw errors.jobOpen();
      const row = await db.transaction(async (tx) => {
        // The open-jobs cap holds for a reopen as for a post: counted under the studio's row lock.
        await tx.select({ id: studios.id }).from(studios).where(eq(studios.id, studioId)).for('update');
        const [open] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(and(eq(jobs.studioId, studioId), eq(jobs.status, 'open')));
        if ((open?.n ?? 0) >= JOB_LIMITS.openJobsMax) throw errors.openJobsFull();
        const [reopened] = await tx
          .update(jobs)
          // Without a new deadline, one already past goes, or the deadline sweep would close the job again.
          .set({ status: 'open', closedAt: null, deadline: body.deadline !== undefined ? body.deadline : job.deadline && job.deadline < todayUtc() ? null : job.deadline })
          .where(and(eq(jobs.id, job.id), eq(jobs.status, 'closed')))
          .returning();
        if (!reopened) throw errors.jobOpen();
        return reopened;
      });
      changed();
      return present(row);
    },

    /** Only while nobody applied: the check and the delete are one statement. */
    async remove(userId: string, jobId: string): Promise<void> {
      const { job } = await ownJob(userId, jobId);
      const deleted = await db
        .delete(jobs)
        .where(and(eq(jobs.id, job.id), notExists(db.select({ id: applications.id }).from(applications).where(eq(applications.jobId, job.id)))))
        .returning({ id: jobs.id });
      if (deleted.length === 0) throw errors.conflict(MARKET_MSG.jobHasApplicants);
      changed();
    },
  };
}
