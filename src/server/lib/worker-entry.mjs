// The body of every pool worker (src/server/lib/worker-pool.ts): TypeScript through tsx, as
// the main process runs it, then each message names a task module, one of its exported
// functions and its arguments; the answer goes back with the message's id. The module is
// loaded before `started` is said: the task's time limit counts its run, not our own code's
// first load (seconds on a busy machine).
import { parentPort } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();

parentPort.on('message', async ({ id, module, fn, args }) => {
  try {
    const tasks = await import(module);
    parentPort.postMessage({ id, started: true });
    const result = await tasks[fn](...args);
    const transfer = result instanceof Uint8Array && result.byteOffset === 0 && result.byteLength === result.buffer.byteLength ? [result.buffer] : [];
    parentPort.postMessage({ id, ok: true, result }, transfer);
  } catch (err) {
    parentPort.postMessage({ id, ok: false, error: { name: err?.name ?? 'Error', message: String(err?.message ?? err) } });
  }
});
parentPort.postMessage({ ready: true });
