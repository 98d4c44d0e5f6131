/**
 * Closes open jobs whose deadline has passed (the day after the deadline, in UTC).
 * A job of the background runner, whose lease lets one instance run it at a time; the last
 * run's time, kept in maintenance_runs, lets the others skip until it is due.
 */
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { todayUtc } from '../../../contract/jobs.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { jobs, maintenanceRuns } from '../../db/schema/index.js';
import { closeApplicationsOf, mailSettings, type MailSettings } from '../applications/index.js';
import { sendAfterCommit, type AfterCommit } from '../notifications/index.js';
import type { BackgroundJob } from '../../background/runner.js';

export const SWEEP_NAME = 'close-past-deadlines';
export const SWEEP_EVERY_MS = 10 * 60_000;

export type SweepResult = { ran: false; reason: 'not_due' } | ({ ran: true; closed: number } & AfterCommit);

/**
 * Closes the jobs and their undecided applications in one transaction; answers the
 * performers' mails, which the caller sends once it committed (docs/applications.md).
 */
export async function runDeadlineSweep(db: Db, opts: { now?: Date; force?: boolean; mail?: MailSettings } = {}): Promise<SweepResult> {
  const now = opts.now ?? new Date();
  const mail = opts.mail ?? { origin: '' };
  return db.transaction(async (tx) => {
    const [last] = await tx.select().from(maintenanceRuns).where(eq(maintenanceRuns.name, SWEEP_NAME));
    if (!opts.force && last && now.getTime() - last.lastRunAt.getTime() < SWEEP_EVERY_MS) return { ran: false, reason: 'not_due' } as const;
    const closed = await tx
      .update(jobs)
      .set({ status: 'closed', closedAt: now })
      .where(and(eq(jobs.status, 'open'), isNotNull(jobs.deadline), lt(jobs.deadline, todayUtc(now))))
      .returning({ id: jobs.id });
    const { mails, events } = await closeApplicationsOf(tx, closed.map((c) => c.id), now, mail);
    await tx
      .insert(maintenanceRuns)
      .values({ name: SWEEP_NAME, lastRunAt: now })
      .onConflictDoUpdate({ target: maintenanceRuns.name, set: { lastRunAt: now } });
    return { ran: true, closed: closed.length, mails, events } as const;
  });
}

/** Closing jobs past their deadline as a background job, one instance at a time (src/server/background/jobs.ts). */
export function deadlineSweepJob(ctx: AppContext, log: { error(obj: unknown, msg: string): void }): BackgroundJob {
  const mail = mailSettings(ctx.config.env);
  return {
    name: 'deadline-sweep',
    everyMs: SWEEP_EVERY_MS,
    runsOn: 'one',
    async run() {
      const r = await runDeadlineSweep(ctx.db, { mail });
      if (!r.ran) return;
      await sendAfterCommit(ctx, r, log);
      return { closed: r.closed };
    },
  };
}
