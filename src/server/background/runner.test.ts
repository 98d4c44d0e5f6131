/**
 * The background runner (docs/architecture.md, "Background work"), on the suite's engine:
 * every job runs at start, a one-instance job runs on one runner at a time, a failing job is
 * retried sooner than its interval and then reported, and a lease left by a crashed pass
 * lapses so another instance takes the job over.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/raw.js';
import { createMetrics } from '../metrics.js';
import { createRunner, REPORT_AFTER_FAILURES, type BackgroundJob, type Logs } from './runner.js';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A log that keeps its lines, so a test reads what an operator would. */
function keptLog() {
  const lines: { level: string; msg: string; obj: Record<string, unknown> }[] = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, msg, obj: obj as Record<string, unknown> });
  const log: Logs = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

const stateOf = async (name: string) =>
  (await rowsOf<{ failures: number; last_error: string | null; held_by: string | null }>(database.db, sql`select failures, last_error, held_by from background_jobs where name = ${name}`))[0];

let n = 0;
const uniqueName = (what: string) => `test-${what}-${++n}-${Date.now()}`;

describe('the background runner', () => {
  it('runs every job at start, then on its schedule', async () => {
    const { log } = keptLog();
    const runner = createRunner({ db: database.db, log });
    const passes = { one: 0, every: 0 };
    runner.add({ name: uniqueName('one'), everyMs: 60 * 60_000, runsOn: 'one', run: async () => void passes.one++ });
    runner.add({ name: uniqueName('every'), everyMs: 60 * 60_000, runsOn: 'every', run: async () => void passes.every++ });
    runner.start();
    await expect.poll(() => passes, { timeout: 10_000 }).toEqual({ one: 1, every: 1 });
    await runner.stop();
  });

  it('runs a job with passesPerStart that many good passes after a start, a failed one not counted', async () => {
    let calls = 0;
    let good = 0;
    const runner = createRunner({ db: database.db, log: keptLog().log, retryFirstMs: 20 });
    runner.add({
      name: uniqueName('twice'),
      everyMs: 30,
      runsOn: 'every',
      passesPerStart: 2,
      async run() {
        calls++;
        if (calls === 1) throw new Error('disk not mounted yet');
        good++;
      },
    });
    runner.start();
    await expect.poll(() => good, { timeout: 10_000 }).toBe(2);
    // Many intervals later, still two: the runner scheduled no more.
    await new Promise((r) => setTimeout(r, 500));
    await runner.stop();
    expect({ calls, good }).toEqual({ calls: 3, good: 2 });
  });

  it('lets one runner at a time pass a one-instance job, and the lease goes back after the pass', async () => {
    const name = uniqueName('lease');
    let inside = 0;
    let most = 0;
    const job = (): BackgroundJob => ({
      name,
      everyMs: 60_000,
      runsOn: 'one',
      async run() {
        most = Math.max(most, ++inside);
        await new Promise((r) => setTimeout(r, 200));
        inside--;
      },
    });
    const a = createRunner({ db: database.db, log: keptLog().log, instanceId: 'instance-a' });
    const b = createRunner({ db: database.db, log: keptLog().log, instanceId: 'instance-b' });
    a.add(job());
    b.add(job());
    const outcomes = await Promise.all([a.runOnce(name), b.runOnce(name)]);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(most).toBe(1);
    expect((await stateOf(name))?.held_by).toBeNull();
    // Free again: the other runner takes it now.
    expect((await b.runOnce(name)).ran).toBe(true);
  });

  it('retries a failing job sooner than its interval, reports it after repeated failures, and counts each pass', async () => {
    const name = uniqueName('failing');
    const { log, lines } = keptLog();
    const metrics = createMetrics({ database, events: { ready: true }, limiter: { sharedStoreDown: false } });
    let calls = 0;
    const runner = createRunner({ db: database.db, log, metrics, retryFirstMs: 50 });
    runner.add({
      name,
      everyMs: 60 * 60_000,
      runsOn: 'one',
      async run() {
        calls++;
        if (calls <= REPORT_AFTER_FAILURES) throw new Error(`mail server refused (${calls})`);
        return { mailed: 2 };
      },
    });
    runner.start();
    // An hour's interval, yet the retries come within seconds.
    await expect.poll(() => calls, { timeout: 10_000 }).toBe(REPORT_AFTER_FAILURES + 1);
    await runner.stop();

    const mine = lines.filter((l) => l.obj.job === name);
    expect(mine.map((l) => `${l.level} ${l.msg}`)).toEqual([
      'warn background job failed; it is retried',
      'warn background job failed; it is retried',
      'error background job keeps failing',
      'info background job ran',
    ]);
    expect(mine[2]!.obj).toMatchObject({ failuresInARow: REPORT_AFTER_FAILURES });
    expect(mine[3]!.obj).toMatchObject({ mailed: 2 });
    const text = await metrics.registry.metrics();
    expect(text).toContain(`background_job_runs_total{job="${name}",outcome="failed"} ${REPORT_AFTER_FAILURES}`);
    expect(text).toContain(`background_job_runs_total{job="${name}",outcome="ok"} 1`);
    metrics.close();
  });

  it('keeps the failures in the table until a pass succeeds', async () => {
    const name = uniqueName('state');
    let fail = true;
    const runner = createRunner({ db: database.db, log: keptLog().log });
    runner.add({
      name,
      everyMs: 60_000,
      runsOn: 'one',
      async run() {
        if (fail) throw new Error('storage unreachable');
      },
    });
    await runner.runOnce(name);
    await runner.runOnce(name);
    expect(await stateOf(name)).toEqual({ failures: 2, last_error: 'storage unreachable', held_by: null });
    fail = false;
    await runner.runOnce(name);
    expect(await stateOf(name)).toEqual({ failures: 0, last_error: null, held_by: null });
  });

  it("takes over a job whose pass was cut off (its instance crashed) once the lease lapses", async () => {
    const name = uniqueName('crash');
    const crashed = createRunner({ db: database.db, log: keptLog().log, instanceId: 'crashed' });
    // A pass that never ends stands for a process killed mid-pass: its lease is never given back.
    crashed.add({ name, everyMs: 60_000, runsOn: 'one', leaseMs: 1_500, run: () => new Promise(() => {}) });
    void crashed.runOnce(name);
    await expect.poll(async () => (await stateOf(name))?.held_by).toBe('crashed');

    let passes = 0;
    const survivor = createRunner({ db: database.db, log: keptLog().log, instanceId: 'survivor' });
    survivor.add({ name, everyMs: 60_000, runsOn: 'one', leaseMs: 1_500, run: async () => void passes++ });
    expect((await survivor.runOnce(name)).ran).toBe(false);
    await expect.poll(async () => (await survivor.runOnce(name)).ran, { timeout: 10_000, interval: 250 }).toBe(true);
    expect(passes).toBe(1);
  });
});
