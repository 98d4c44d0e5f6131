/**
 * Work that may run long or take much memory on untrusted input (parsing and stamping
 * uploaded PDFs, drawing the résumé PDFs) runs here, off the main thread, so the event loop
 * keeps answering /healthz and every other call meanwhile (docs/security.md, "PDFs: parsed,
 * stamped and drawn off the main thread"). A few workers per process, each under a heap
 * limit; a task that runs past its time or out of memory ends its worker (the next task
 * starts a fresh one) and fails with `WorkerLimitError`. Tasks wait in one queue; past `maxQueued` a new one is refused at once.
 */
import { Worker } from 'node:worker_threads';

export class WorkerLimitError extends Error {
  override name = 'WorkerLimitError';
}
/** The queue is full: the caller answers 503 and the client retries. */
export class WorkerBusyError extends Error {
  override name = 'WorkerBusyError';
}
/** A task's own refusal (thrown inside the worker), with the name and message it threw. */
export class WorkerTaskError extends Error {
  constructor(
    readonly taskError: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PoolOptions {
  size: number;
  /** Time one task may run, from its start in a worker (its module loaded). */
  timeoutMs: number;
  /** The worker's heap (V8 old generation), in MB. */
  heapMb: number;
  maxQueued: number;
}

interface Task {
  module: string;
  fn: string;
  args: unknown[];
  transfer: ArrayBuffer[];
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  task?: Task;
  timer?: NodeJS.Timeout;
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

export function createWorkerPool(opts: PoolOptions) {
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;

  function start(): Slot {
    const worker = new Worker(ENTRY, {
      resourceLimits: { maxOldGenerationSizeMb: opts.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, ready: Promise.resolve() };
    slot.ready = new Promise((resolve) => {
      const onReady = (m: { ready?: boolean }) => {
        if (!m.ready) return;
        worker.off('message', onReady);
        resolve();
      };
      worker.on('message', onReady);
    });
    // A worker that ended (its limit, or a crash) fails its task and leaves the pool.
    const ended = (reason: string) => {
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      clearTimeout(slot.timer);
      const task = slot.task;
      slot.task = undefined;
      task?.reject(new WorkerLimitError(reason));
      pump();
    };
    worker.on('error', (err) => ended(err.message));
    worker.on('exit', (code) => ended(`worker exited with ${code}`));
    worker.unref();
    slots.push(slot);
    return slot;
  }

  function run(slot: Slot, task: Task) {
    slot.task = task;
    const id = nextId++;
    const onMessage = (m: { id?: number; started?: boolean; ok?: boolean; result?: unknown; error?: { name: string; message: string } }) => {
      if (m.id !== id) return;
      if (m.started) {
        slot.timer = setTimeout(() => void slot.worker.terminate(), opts.timeoutMs);
        return;
      }
      slot.worker.off('message', onMessage);
      clearTimeout(slot.timer);
      slot.task = undefined;
      slot.worker.unref();
      if (m.ok) task.resolve(m.result);
      else task.reject(new WorkerTaskError(m.error!.name, m.error!.message));
      pump();
    };
    slot.worker.on('message', onMessage);
    // Held while it works, so a stop waits for the answer rather than dropping it.
    slot.worker.ref();
    void slot.ready.then(() => {
      if (slot.task !== task) return;
      slot.worker.postMessage({ id, module: task.module, fn: task.fn, args: task.args }, task.transfer);
    });
  }

  function pump() {
    while (queue.length > 0) {
      const idle = slots.find((s) => !s.task) ?? (slots.length < opts.size ? start() : undefined);
      if (!idle) return;
      run(idle, queue.shift()!);
    }
  }

  return {
    /** Runs `fn` of the task module `module` (a file URL) with `args` in a worker. */
    run<T>(module: URL, fn: string, args: unknown[], transfer: ArrayBuffer[] = []): Promise<T> {
      if (queue.length >= opts.maxQueued) return Promise.reject(new WorkerBusyError('the worker queue is full'));
      return new Promise<T>((resolve, reject) => {
        queue.push({ module: module.href, fn, args, transfer, resolve: resolve as (v: unknown) => void, reject });
        pump();
      });
    },
    async close() {
      queue.splice(0).forEach((t) => t.reject(new WorkerLimitError('the pool closed')));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;

/**
 * The process's pool: two workers, so one long task still leaves another free, and the main
 * thread is never among them.
 */
let shared: WorkerPool | undefined;
export function workerPool(): WorkerPool {
  shared ??= createWorkerPool({ size: 2, timeoutMs: 15_000, heapMb: 256, maxQueued: 64 });
  return shared;
}
