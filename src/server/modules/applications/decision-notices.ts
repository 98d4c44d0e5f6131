/**
 * The notice of a final decision, sent once its undo window has passed (docs/applications.md,
 * "Undo and the notice outbox"). A booking or decline writes a row to `decision_notices`
 * due 30 seconds later; an undo in time deletes it, so the performer hears nothing. This
 * sweep claims due rows in one statement (`UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP
 * LOCKED)`, which PostgreSQL and PGlite both run), writes the notifications and live events
 * in the same transaction, and sends the e-mails after the commit. Every instance runs it
 * every few seconds; two never claim the same row, and the state is only in the database, so
 * a restart neither loses nor repeats a notice.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationStatus, DeclineReason } from '../../../contract/applications.js';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/raw.js';
import { applications, jobRoles, jobs, studios, users } from '../../db/schema/index.js';
import { sendAfterCommit, type AfterCommit } from '../notifications/index.js';
import { mailSettings, tellPerformers } from './status-change.js';
import { bothAfter, endTapeRequestsOf, endWhatHangsOn } from './decision-ends.js';
import type { BackgroundJob } from '../../background/runner.js';

/** How often each instance looks for due notices: a notice leaves at most this late. */
export const DECISION_SWEEP_EVERY_MS = 2_000;
/** Rows one claim takes; a run claims again until none are due. */
const CLAIM_MAX = 100;

/**
 * One run: claims and tells every due notice, a batch per transaction. Answers how many were
 * told. Due is read on the database's clock, never this instance's (docs/faults.md, "Clocks
 * that disagree"); tests pass `aheadSeconds` to run as if that much time had passed.
 */
export async function runDecisionNotices(ctx: AppContext, log: Pick<FastifyBaseLogger, 'error'>, aheadSeconds = 0): Promise<{ told: number }> {
  const now = sql`now() + make_interval(secs => ${aheadSeconds})`;
  const mail = mailSettings(ctx.config.env);
  let told = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const claimed = await rowsOf<{ application_id: string; status: string }>(
        tx,
        sql`update decision_notices set sent_at = ${now}
             where id in (select id from decision_notices
                           where sent_at is null and due_at <= ${now}
                           order by due_at limit ${CLAIM_MAX}
                           for update skip locked)
         returning application_id, status`,
      );
      if (claimed.length === 0) return { n: 0, after: { mails: [], events: [] } as AfterCommit };
      const rows = await tx
        .select({
          id: applications.id,
          reason: applications.decisionReason,
          note: applications.decisionNote,
          job: { title: jobs.title, studio: studios.fname, role: sql<string>`coalesce(${jobRoles.name}, '')` },
          person: { id: users.id, email: users.email, fname: users.fname, wantsMail: users.emailApplications },
        })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .innerJoin(studios, eq(studios.id, jobs.studioId))
        .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
        .innerJoin(users, eq(users.id, applications.performerId))
        .where(inArray(applications.id, claimed.map((c) => c.application_id)));
      const statusOf = new Map(claimed.map((c) => [c.application_id, c.status as ApplicationStatus]));
      // A final decision's notice: always mailed (to those who want it), never replacing another.
      const after = await tellPerformers(
        tx,
        rows.map((r) => ({ job: r.job, person: r.person, status: statusOf.get(r.id)!, reason: (r.reason as DeclineReason | null) ?? null, note: r.note, mailNow: true, collapseKey: null })),
        mail,
      );
      // The decision stands now: what hung on it ends (decision-ends.ts). A decline cancels the
      // performer's audition times and ends their tape requests; a booking ends the tape requests.
      const standing = (status: string) => claimed.filter((c) => c.status === status).map((c) => c.application_id);
      const declined = await endWhatHangsOn(tx, standing('declined'), 'declined', new Date());
      await endTapeRequestsOf(tx, standing('booked'));
      return { n: claimed.length, after: bothAfter(after, declined) };
    });
    if (batch.n === 0) return { told };
    told += batch.n;
    await sendAfterCommit(ctx, batch.after, log);
    if (batch.n < CLAIM_MAX) return { told };
  }
}

/** Decision notices as a background job on every instance: each claims its own rows (src/server/background/jobs.ts). */
export function decisionNoticesJob(ctx: AppContext, log: FastifyBaseLogger): BackgroundJob {
  return {
    name: 'decision-notices',
    everyMs: DECISION_SWEEP_EVERY_MS,
    runsOn: 'every',
    run: () => runDecisionNotices(ctx, log),
  };
}
