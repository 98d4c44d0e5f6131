/** The worker pool's limits (docs/security.md, "PDFs: parsed, stamped and drawn off the main thread"): a task past its time or its heap ends its worker, never the process, and the main thread runs meanwhile. */
import { afterAll, expect, it } from 'vitest';
import { createWorkerPool, WorkerBusyError, WorkerLimitError, WorkerTaskError } from './worker-pool.js';

const TASKS = new URL('../../../test/fixtures/worker-tasks.ts', import.meta.url);
const pool = createWorkerPool({ size: 1, timeoutMs: 1500, heapMb: 32, maxQueued: 2 });
afterAll(() => pool.close());

it('ends a task that never finishes at its time limit while the main thread keeps running, then answers the next task', async () => {
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 20);
  await expect(pool.run(TASKS, 'spin', [])).rejects.toBeInstanceOf(WorkerLimitError);
  clearInterval(timer);
  expect(ticks).toBeGreaterThan(0);
  expect(await pool.run(TASKS, 'echo', [{ fine: true }])).toEqual({ fine: true });
});

it('ends a task past its heap limit; a task’s own error comes back with its name', async () => {
  await expect(pool.run(TASKS, 'hog', [])).rejects.toBeInstanceOf(WorkerLimitError);
  const refused = await pool.run(TASKS, 'refuse', []).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(WorkerTaskError);
  expect(refused).toMatchObject({ taskError: 'RangeError', message: 'not this one' });
});

it('refuses a task at once when the queue is full', async () => {
  const running = [pool.run(TASKS, 'spin', []), pool.run(TASKS, 'echo', [1]), pool.run(TASKS, 'echo', [2])];
  await expect(pool.run(TASKS, 'echo', [3])).rejects.toBeInstanceOf(WorkerBusyError);
  const settled = await Promise.allSettled(running);
  expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
});
