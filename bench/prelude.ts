/**
 * What several bench files measure alike: a render timed in process, and a URL timed
 * beside the bare route answering the same JSON (docs/performance.md, "How to measure").
 */
import { startBare } from './bare-route.js';
import { latencies, round } from './load.js';

/** p50/p95 of `runs` calls of `render` after one untimed call (first font subset, the JIT), and the last answer's size. */
export async function timedRuns(runs: number, render: () => Promise<Buffer | Uint8Array>): Promise<{ p50: number; p95: number; kb: number }> {
  await render();
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    size = (await render()).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: round(at(0.5)), p95: round(at(0.95)), kb: round(size / 1024, 1) };
}

export interface BesideBare {
  /** The app's answer, which the bare route served. */
  body: string;
  /** The bare route's p50/p95 answering `body`. */
  bare: { p50: number; p95: number };
  /** The app's p50/p95 for `url`, after 20 untimed requests. */
  app: { p50: number; p95: number };
}

/** `requests` GETs of `url` and of the bare route answering its body, in the same run. */
export async function besideBare(url: string, headers: Record<string, string>, requests: number): Promise<BesideBare> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const body = await res.text();
  const bare = await startBare(body);
  try {
    const b = await latencies(requests, () => `${bare.url}/user`);
    await latencies(20, () => url, { headers });
    const app = await latencies(requests, () => url, { headers });
    return { body, bare: b, app };
  } finally {
    await bare.stop();
  }
}
