/**
 * The console's marketplace half (docs/marketplace.md "Admin"): studios to verify, jobs
 * people reported, and the admin's verify, unverify, hide and restore.
 */
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { ACCOUNT_LIMITS } from '../../../contract/account-limits.js';
import type { AdminJobHiddenAnswer, AdminReportsAnswer, AdminStudiosAnswer, AdminStudiosQuery } from '../../../contract/admin.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { MSG } from '../../../contract/messages.js';
import type { AppContext } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import { jobReports, jobs, studios, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { studioNotDeleted } from '../studios/index.js';

export function createAdminMarketplaceService(ctx: AppContext) {
  const { db } = ctx;

  return {
    /** Unverified studios first, newest first within each; at most the admin list's length. */
    async studios(query: AdminStudiosQuery): Promise<AdminStudiosAnswer> {
      const openJobs = sql<number>`(select count(*) from ${jobs} where ${jobs.studioId} = ${studios.id} and ${jobs.status} = 'open')::int`;
      const allJobs = sql<number>`(select count(*) from ${jobs} where ${jobs.studioId} = ${studios.id})::int`;
      const rows = await db
        .select({
          _id: studios.id,
          fname: studios.fname,
          location: studios.location,
          profilePic: studios.profilePic,
          verified: studios.verified,
          createdAt: studios.createdAt,
          ownerEmail: users.email,
          open: openJobs,
          total: allJobs,
        })
        .from(studios)
        .leftJoin(users, eq(users.id, studios.ownerId))
        // A deleted account's emptied row has nothing left to verify.
        .where(and(studioNotDeleted, query.verified === undefined ? undefined : eq(studios.verified, query.verified === 'true')))
        .orderBy(asc(studios.verified), desc(studios.createdAt), desc(studios.id))
        .limit(ACCOUNT_LIMITS.adminListMax);
      return {
        studios: rows.map(({ open, total, createdAt, ...s }) => ({
          ...s,
          createdAt: createdAt.toISOString(),
          jobs: { open: Number(open), total: Number(total) },
        })),
      };
    },

    /** Jobs with at least one report: hidden ones first, then the most reported, then the latest. */
    async reports(): Promise<AdminReportsAnswer> {
      const reported = await db
        .select({
          id: jobs.id,
          title: jobs.title,
          jobType: jobs.jobType,
          status: jobs.status,
          hidden: jobs.hidden,
          studioId: studios.id,
          studioName: studios.fname,
          studioVerified: studios.verified,
          count: count(),
          lastReportedAt: max(jobReports.createdAt),
        })
        .from(jobReports)
        .innerJoin(jobs, eq(jobs.id, jobReports.jobId))
        .innerJoin(studios, eq(studios.id, jobs.studioId))
        .groupBy(jobs.id, studios.id)
        .orderBy(desc(jobs.hidden), desc(count()), desc(max(jobReports.createdAt)))
        .limit(ACCOUNT_LIMITS.adminListMax);
      const ids = reported.map((r) => r.id);
      // The reasons only, never who gave them: the console judges the job, not the reporters.
      const reasons = ids.length
        ? await db
            .select({ jobId: jobReports.jobId, reason: jobReports.reason, createdAt: jobReports.createdAt })
            .from(jobReports)
            .where(inArray(jobReports.jobId, ids))
            .orderBy(desc(jobReports.createdAt), asc(jobReports.userId))
        : [];
      return {
        reports: reported.map((r) => ({
          job: {
            _id: r.id,
            title: r.title,
            jobType: r.jobType,
            status: r.status === 'closed' ? 'closed' : 'open',
            hidden: r.hidden,
            studio: { _id: r.studioId, fname: r.studioName, verified: r.studioVerified },
          },
          count: Number(r.count),
          lastReportedAt: new Date(r.lastReportedAt ?? 0).toISOString(),
          reasons: reasons.filter((x) => x.jobId === r.id).map((x) => ({ reason: x.reason, createdAt: x.createdAt.toISOString() })),
        })),
      };
    },

    /** The badge on the studio's page and its jobs changes at once: the studios' counter moves. */
    async setVerified(id: string, verified: boolean) {
      const [row] = await db.update(studios).set({ verified }).where(eq(studios.id, id)).returning({ id: studios.id, verified: studios.verified });
      if (!row) throw errors.notFound(MSG.studioNotFound);
      ctx.changes.announce(CHANNELS.counter, 'studios');
      return { _id: row.id, verified: row.verified };
    },

    /**
     * Hide takes a job off the board and its page whatever its reports; restore puts it
     * back. The reports stay, so the console keeps their reasons (docs/marketplace.md), but
     * a restore spends them in the same transaction: only three new reports hide it again.
     */
    async setHidden(id: string, hidden: boolean): Promise<AdminJobHiddenAnswer> {
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx.update(jobs).set({ hidden }).where(eq(jobs.id, id)).returning({ id: jobs.id, hidden: jobs.hidden });
        if (updated && !hidden) await tx.update(jobReports).set({ spent: true }).where(and(eq(jobReports.jobId, id), eq(jobReports.spent, false)));
        return updated;
      });
      if (!row) throw errors.notFound(MARKET_MSG.jobNotFound);
      // The board's cached answers move on at once here; other instances hear the trigger's NOTIFY.
      ctx.changes.announce(CHANNELS.counter, 'jobs');
      return { _id: row.id, hidden: row.hidden };
    },
  };
}
