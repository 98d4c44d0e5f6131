/**
 * Closes open jobs whose deadline has passed (the day after the deadline, in UTC).
 * Every instance schedules it; a PostgreSQL advisory lock lets one run at a time, and
 * the last run's time, kept in maintenance_runs, lets the others skip until it is due.
 */
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { todayUtc } from '../../../contract/jobs.js';
import type { Db } from '../../db/client.js';
import { jobs, maintenanceRuns } from '../../db/schema/index.js';

export const SWEEP_NAME = 'close-past-deadlines';
export const SWEEP_EVERY_MS = 10 * 60_000;

export type SweepResult = { ran: false; reason: 'busy' | 'not_due' } | { ran: true; closed: number };

export async function runDeadlineSweep(db: Db, opts: { now?: Date; force?: boolean } = {}): Promise<SweepResult> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    // Released with the transaction: no lock outlives a crashed instance.
    // pg and PGlite both answer { rows }.
    const got = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('audition:deadline-sweep')) as got`)) as unknown as {
      rows: { got: boolean }[];
    };
    if (!got.rows[0]?.got) return { ran: false, reason: 'busy' } as const;
    const [last] = await tx.select().from(maintenanceRuns).where(eq(maintenanceRuns.name, SWEEP_NAME));
    if (!opts.force && last && now.getTime() - last.lastRunAt.getTime() < SWEEP_EVERY_MS) return { ran: false, reason: 'not_due' } as const;
    const closed = await tx
      .update(jobs)
      .set({ status: 'closed', closedAt: now })
      .where(and(eq(jobs.status, 'open'), isNotNull(jobs.deadline), lt(jobs.deadline, todayUtc(now))))
      .returning({ id: jobs.id });
    await tx
      .insert(maintenanceRuns)
      .values({ name: SWEEP_NAME, lastRunAt: now })
      .onConflictDoUpdate({ target: maintenanceRuns.name, set: { lastRunAt: now } });
    return { ran: true, closed: closed.length } as const;
  });
}

/** Runs the sweep soon after start and then on every tick; answers a stop function. */
export function scheduleDeadlineSweep(db: Db, log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void }): () => void {
  const tick = () =>
    runDeadlineSweep(db).then(
      (r) => {
        if (r.ran && r.closed > 0) log.info({ closed: r.closed }, 'closed jobs past their deadline');
      },
      (err: unknown) => log.error({ err }, 'deadline sweep failed'),
    );
  const first = setTimeout(tick, 5_000);
  const every = setInterval(tick, SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
