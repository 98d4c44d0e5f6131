/** The performer's own applications, their quota, and withdrawing (docs/applications.md). */
import { and, count, desc, eq, gte, notInArray } from 'drizzle-orm';
import { APP_MSG, FINAL_STATUSES, type ApplicationStatus, type MyApplicationsAnswer } from '../../../contract/applications.js';
import type { AppContext } from '../../context.js';
import { applications, jobRoles, jobs, studios, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { storedPlanColumns } from '../subscriptions/index.js';
import { currentPeriod } from './apply.service.js';
import { presentMyApplication } from './applications.presenter.js';
import { historyAppend } from './status-change.js';

const roleBrief = { _id: jobRoles.id, name: jobRoles.name };
const studioBrief = { _id: studios.id, fname: studios.fname, location: studios.location, profilePic: studios.profilePic, verified: studios.verified };

export function createPerformerApplicationsService(ctx: AppContext) {
  const { db } = ctx;

  async function quota(userId: string, now: Date): Promise<MyApplicationsAnswer['quota']> {
    const [user] = await db
      .select(storedPlanColumns)
      .from(users)
      .where(eq(users.id, userId));
    const period = user ? currentPeriod(user, now) : null;
    if (!period) return { used: 0, limit: 0, periodEnd: null };
    const [used] = await db.select({ n: count() }).from(applications).where(and(eq(applications.performerId, userId), gte(applications.createdAt, period.start)));
    return { used: used?.n ?? 0, limit: period.limit, periodEnd: period.end.toISOString() };
  }

  return {
    async list(userId: string): Promise<MyApplicationsAnswer> {
      const rows = await db
        .select({ app: applications, job: jobs, studio: studioBrief, role: roleBrief })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .innerJoin(studios, eq(studios.id, jobs.studioId))
        .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
        .where(eq(applications.performerId, userId))
        .orderBy(desc(applications.createdAt), desc(applications.id));
      return { applications: rows.map((r) => presentMyApplication(r.app, r.job, r.studio, r.role)), quota: await quota(userId, new Date()) };
    },

    /** Another performer's application is not found; a final one cannot be withdrawn. */
    async withdraw(userId: string, applicationId: string) {
      if (!isUuid(applicationId)) throw errors.notFound(APP_MSG.applicationNotFound);
      const now = new Date();
      const mine = and(eq(applications.id, applicationId), eq(applications.performerId, userId));
      const [changed] = await db
        .update(applications)
        .set({ status: 'withdrawn', history: historyAppend('withdrawn', now), updatedAt: now })
        .where(and(mine, notInArray(applications.status, [...FINAL_STATUSES])))
        .returning({ id: applications.id });
      if (!changed) {
        const [found] = await db.select({ status: applications.status }).from(applications).where(mine);
        if (!found) throw errors.notFound(APP_MSG.applicationNotFound);
        throw errors.conflict(APP_MSG.cannotWithdraw(found.status as ApplicationStatus));
      }
      const [row] = await db
        .select({ app: applications, job: jobs, studio: studioBrief, role: roleBrief })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .innerJoin(studios, eq(studios.id, jobs.studioId))
        .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
        .where(eq(applications.id, applicationId));
      return presentMyApplication(row!.app, row!.job, row!.studio, row!.role);
    },
  };
}
