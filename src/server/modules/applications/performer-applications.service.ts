/** The performer's own applications, their quota, and withdrawing (docs/applications.md). */
import { and, count, desc, eq, exists, gt, gte, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { APP_MSG, FINAL_STATUSES, type ApplicationStatus, type MyApplication, type MyApplicationsAnswer } from '../../../contract/applications.js';
import type { AppContext } from '../../context.js';
import { applications, decisionNotices, jobRoles, jobs, studios, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { storedPlanColumns } from '../subscriptions/index.js';
import { currentPeriod } from './apply.service.js';
import { queuedHasStarted } from '../../../contract/plan-in-force.js';
import { presentMyApplication, undoOpenOf } from './applications.presenter.js';
import { historyAppend, NO_DECISION } from './status-change.js';
import { endWhatHangsOn } from './decision-ends.js';
import type { AfterCommit } from '../notifications/index.js';

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
    if (!period) return { used: 0, limit: 0, periodEnd: null, renews: false };
    const [used] = await db.select({ n: count() }).from(applications).where(and(eq(applications.performerId, userId), gte(applications.createdAt, period.start)));
    return { used: used?.n ?? 0, limit: period.limit, periodEnd: period.end.toISOString(), renews: user!.queuedPlanName !== '' && !queuedHasStarted(user!, now.getTime()) };
  }

  return {
    async list(userId: string): Promise<MyApplicationsAnswer> {
      const rows = await db
        .select({ app: applications, job: jobs, studio: studioBrief, role: roleBrief, undoOpen: undoOpenOf() })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .innerJoin(studios, eq(studios.id, jobs.studioId))
        .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
        .where(eq(applications.performerId, userId))
        .orderBy(desc(applications.createdAt), desc(applications.id));
      return { applications: rows.map((r) => presentMyApplication(r.app, r.job, r.studio, r.role, r.undoOpen)), quota: await quota(userId, new Date()) };
    },

    /**
     * Another performer's application is not found; a final one cannot be withdrawn. A
     * booking or decline still in its undo window is not final to the performer, who has not
     * been told (docs/applications.md, "Decisions"): the withdrawal takes the decision's
     * place, its unsent notice is dropped, and the performer never learns of it.
     * What hangs on the application ends with it, as after a close (docs/applications.md,
     * "What a decision or a close ends"): its audition times ahead are freed (the studio hears
     * of it, the performer, who did it, is not told) and its open tape requests end. Answers
     * the application and what to send once the transaction commits.
     */
    async withdraw(userId: string, applicationId: string): Promise<{ app: MyApplication; after: AfterCommit }> {
      if (!isUuid(applicationId)) throw errors.notFound(APP_MSG.applicationNotFound);
      const now = new Date();
      const mine = and(eq(applications.id, applicationId), eq(applications.performerId, userId));
      const after = await db.transaction(async (tx) => {
        // The notice row first, as the studio's undo takes it: whichever deletes it wins, and
        // once the sweep has claimed it (sent_at set) the decision is told and stands.
        const unsent = await tx
          .delete(decisionNotices)
          .where(
            and(
              eq(decisionNotices.applicationId, applicationId),
              isNull(decisionNotices.sentAt),
              // Still in its window, as the performer's list reads it (applications.presenter.ts).
              exists(tx.select({ one: sql`1` }).from(applications).where(and(mine, gt(applications.undoUntil, sql`now()`)))),
            ),
          )
          .returning({ id: decisionNotices.id });
        if (unsent.length > 0) {
          const [undecided] = await tx
            .update(applications)
            .set({
              status: 'withdrawn',
              // The decision's history entry goes, as with an undo, and the withdrawal follows.
              history: sql`(${applications.history} - (jsonb_array_length(${applications.history}) - 1)) || jsonb_build_array(jsonb_build_object('status', 'withdrawn'::text, 'at', ${now.toISOString()}::text))`,
              ...NO_DECISION,
              updatedAt: now,
            })
            .where(and(mine, inArray(applications.status, ['booked', 'declined'])))
            .returning({ id: applications.id });
          if (undecided) return endWhatHangsOn(tx, [undecided.id], 'withdrawn', now);
        }
        const [withdrawn] = await tx
          .update(applications)
          .set({ status: 'withdrawn', history: historyAppend('withdrawn', now), updatedAt: now })
          .where(and(mine, notInArray(applications.status, [...FINAL_STATUSES])))
          .returning({ id: applications.id });
        if (withdrawn) return endWhatHangsOn(tx, [withdrawn.id], 'withdrawn', now);
        // Refused inside the transaction, so nothing it did stays.
        const [found] = await tx.select({ status: applications.status }).from(applications).where(mine);
        if (!found) throw errors.notFound(APP_MSG.applicationNotFound);
        throw errors.conflict(APP_MSG.cannotWithdraw(found.status as ApplicationStatus));
      });
      const [row] = await db
        .select({ app: applications, job: jobs, studio: studioBrief, role: roleBrief, undoOpen: undoOpenOf() })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .innerJoin(studios, eq(studios.id, jobs.studioId))
        .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
        .where(eq(applications.id, applicationId));
      return { app: presentMyApplication(row!.app, row!.job, row!.studio, row!.role, row!.undoOpen), after };
    },
  };
}
