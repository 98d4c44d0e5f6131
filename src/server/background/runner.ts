/**
 * The one runner of background work (docs/architecture.md, "Background work"). Each job is a
 * function that does one pass; the runner owns everything around it: when it runs (at start,
 * then every `everyMs` after the previous pass ended, or only a set number of passes per start;
 * never two passes of a job at once on an instance), which instance runs a one-instance job (a lease in `background_jobs`, timed by
 * the database's clock), retries with backoff after a failure, and a log line and a counter
 * per pass. A job's own work keeps its state in its rows, so a restart loses nothing: a pass
 * cut off by a crash leaves its lease to lapse, and the next pass on any instance redoes it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/raw.js';
import type { Metrics } from '../metrics.js';

/** What a pass answers: counts worth a log line (`{ mailed: 3 }`), or nothing. */
export type PassResult = Record<string, number> | void;

export interface BackgroundJob {
  /** Names the job in the table, the log and the metrics: `tape-sweep`. */
  name: string;
  everyMs: number;
  /**
   * `one`: one instance at a time, under the job's lease. `every`: each instance runs its own
   * passes, for work that claims its rows one by one (`FOR UPDATE SKIP LOCKED`), so instances
   * share it.
   */
  runsOn: 'one' | 'every';
  /** How long a pass may hold the lease before another instance may take it (default 10 minutes). */
  leaseMs?: number;
  /**
   * How many good passes each start of the process makes: `1` runs the job at start only, `2`
   * at start and once more `everyMs` later; unset, as long as the process runs. A failed pass
   * does not count: it is retried as any other.
   */
  passesPerStart?: number;
  run(): Promise<PassResult>;
}

export type PassOutcome = { ran: false } | { ran: true; ok: true; result: PassResult } | { ran: true; ok: false; error: unknown };

export interface Logs {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Runner {
  add(job: BackgroundJob): void;
  /** Runs every job now, then each on its own schedule. */
  start(): void;
  /** No new passes; waits for those under way. */
  stop(): Promise<void>;
  /** One pass of a job now, under its lease (tests and the start-up backfills). */
  runOnce(name: string): Promise<PassOutcome>;
}

/** The first retry after a failure comes this soon; each further one waits twice as long, never longer than the job's own interval. */
export const RETRY_FIRST_MS = 5_000;
/** Failures in a row after which a job's failure is logged as an error (before: a warning). */
export const REPORT_AFTER_FAILURES = 3;
const DEFAULT_LEASE_MS = 10 * 60_000;

export function createRunner(opts: { db: Db; log: Logs; metrics?: Metrics; instanceId?: string; retryFirstMs?: number }): Runner {
  const { db, log, metrics } = opts;
  const retryFirstMs = opts.retryFirstMs ?? RETRY_FIRST_MS;
  const me = opts.instanceId ?? randomUUID();
  const jobs = new Map<string, BackgroundJob>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<PassOutcome>>();
  /** Failures in a row on this instance, for the backoff; the table keeps the fleet's. */
  const failuresHere = new Map<string, number>();
  /** Good passes on this instance since it started, for `passesPerStart`. */
  const goodPasses = new Map<string, number>();
  let stopped = true;

  async function takeLease(job: BackgroundJob): Promise<boolean> {
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    await db.execute(sql`insert into background_jobs (name) values (${job.name}) on conflict (name) do nothing`);
    const taken = await rowsOf<{ name: string }>(
      db,
      sql`update background_jobs
             set held_by = ${me}, held_until = now() + make_interval(secs => ${leaseMs / 1000}), last_started_at = now()
           where name = ${job.name} and (held_until is null or held_until < now())
       returning name`,
    );
    return taken.length === 1;
  }

  async function recordPass(job: BackgroundJob, error: unknown): Promise<void> {
    const failed = error !== undefined;
    const text = failed ? String(error instanceof Error ? error.message : error).slice(0, 500) : null;
    const release = job.runsOn === 'one' ? sql`, held_by = null, held_until = null` : sql``;
    const mine = job.runsOn === 'one' ? sql` and held_by = ${me}` : sql``;
    if (job.runsOn === 'every') await db.execute(sql`insert into background_jobs (name) values (${job.name}) on conflict (name) do nothing`);
    await db.execute(sql`
      update background_jobs
         set last_finished_at = now(), failures = ${failed ? sql`failures + 1` : sql`0`}, last_error = ${text} ${release}
       where name = ${job.name} ${mine}`);
  }

  async function pass(job: BackgroundJob): Promise<PassOutcome> {
    const started = performance.now();
    try {
      if (job.runsOn === 'one' && !(await takeLease(job))) return { ran: false };
    } catch (error) {
      // The database did not answer: nothing ran; the pass is retried like a failed one.
      return failed(job, error, started);
    }
    let error: unknown;
    let result: PassResult = undefined;
    try {
      result = await job.run();
    } catch (err) {
      error = err ?? new Error('failed');
    }
    try {
      await recordPass(job, error);
    } catch (err) {
      log.warn({ err, job: job.name }, 'background job: its state could not be written; its lease lapses by itself');
    }
    if (error !== undefined) return failed(job, error, started);
    failuresHere.set(job.name, 0);
    goodPasses.set(job.name, (goodPasses.get(job.name) ?? 0) + 1);
    metrics?.jobRuns.inc({ job: job.name, outcome: 'ok' });
    const ms = Math.round(performance.now() - started);
    // Passes that did something say so at info; the many empty passes only at debug.
    const did = result && Object.values(result).some((n) => n > 0);
    (did ? log.info : log.debug).call(log, { job: job.name, ms, ...(result ?? {}) }, 'background job ran');
    return { ran: true, ok: true, result };
  }

  function failed(job: BackgroundJob, error: unknown, started: number): PassOutcome {
    const inARow = (failuresHere.get(job.name) ?? 0) + 1;
    failuresHere.set(job.name, inARow);
    metrics?.jobRuns.inc({ job: job.name, outcome: 'failed' });
    const line = { err: error, job: job.name, failuresInARow: inARow, ms: Math.round(performance.now() - started) };
    if (inARow >= REPORT_AFTER_FAILURES) log.error(line, 'background job keeps failing');
    else log.warn(line, 'background job failed; it is retried');
    return { ran: true, ok: false, error };
  }

  function runOnce(name: string): Promise<PassOutcome> {
    const job = jobs.get(name);
    if (!job) throw new Error(`no background job named ${name}`);
    const under = running.get(name);
    if (under) return under;
    const p = pass(job).finally(() => running.delete(name));
    running.set(name, p);
    return p;
  }

  function delayAfter(job: BackgroundJob): number {
    const inARow = failuresHere.get(job.name) ?? 0;
    if (inARow === 0) return job.everyMs;
    return Math.min(job.everyMs, retryFirstMs * 2 ** (inARow - 1));
  }

  const done = (job: BackgroundJob) => job.passesPerStart !== undefined && (goodPasses.get(job.name) ?? 0) >= job.passesPerStart;

  function schedule(job: BackgroundJob, ms: number): void {
    if (stopped || done(job)) return;
    const timer = setTimeout(() => {
      void runOnce(job.name).then(() => schedule(job, delayAfter(job)));
    }, ms);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`background job ${job.name} is added twice`);
      jobs.set(job.name, job);
      if (!stopped) schedule(job, 0);
    },
    start() {
      stopped = false;
      for (const job of jobs.values()) schedule(job, 0);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running.values()]);
    },
    runOnce,
  };
}
