/** Bounded loads on loopback: requests per second from autocannon, latency percentiles from a sequential loop. */
import autocannon from 'autocannon';

export interface Rate {
  rps: number;
  p50ms: number;
  errors: number;
}

export async function rate(opts: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; connections?: number; seconds?: number; expectStatus?: number }): Promise<Rate> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections ?? 10,
    duration: opts.seconds ?? 5,
  });
  // Any answer other than the expected status counts as an error of the row.
  const unexpected = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== (opts.expectStatus ?? 200))
    .reduce((n, [, stats]) => n + (stats as { count: number }).count, 0);
  return { rps: Math.round(result.requests.average), p50ms: result.latency.p50, errors: result.errors + unexpected };
}

/** p50 and p95 of `count` sequential requests, each built by `urlFor(i)`. */
export async function latencies(count: number, urlFor: (i: number) => string, headers: Record<string, string> = {}): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const res = await fetch(urlFor(i), { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${urlFor(i)} answered ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: round(at(0.5)), p95: round(at(0.95)) };
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
