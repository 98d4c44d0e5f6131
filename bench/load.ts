/** Bounded loads on loopback: requests per second from autocannon, latency percentiles from a sequential loop. */
import http from 'node:http';
import autocannon from 'autocannon';

export interface Rate {
  rps: number;
  p50ms: number;
  errors: number;
}

/** What a browser sends: every answer the app would compress is measured compressed. */
export const BROWSER = { 'accept-encoding': 'br' };

export async function rate(opts: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  expectStatus?: number;
  /** Exactly this many requests instead of a duration, the i-th with headersOf(i) added. */
  amount?: number;
  headersOf?: (i: number) => Record<string, string>;
}): Promise<Rate> {
  let sent = 0;
  // With `amount`, autocannon ends the run on its one-second tick and averages whole seconds,
  // so 10 000 requests answered in 1.7 s read as 5 000 req/s: the rate is taken from the
  // first request to the last answer instead.
  const started = performance.now();
  let lastAnswer = started;
  const instance = autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: { ...BROWSER, ...opts.headers },
    body: opts.body,
    connections: opts.connections ?? 10,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds ?? 5 }),
    ...(opts.headersOf
      ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, ...opts.headersOf!(sent++) } }) }] }
      : {}),
  });
  // The promise autocannon answers is also its event emitter (its types say only the former).
  (instance as unknown as import('node:events').EventEmitter).on('response', () => {
    lastAnswer = performance.now();
  });
  const result = await instance;
  // Any answer other than the expected status counts as an error of the row.
  const unexpected = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== (opts.expectStatus ?? 200))
    .reduce((n, [, stats]) => n + (stats as { count: number }).count, 0);
  const rps = opts.amount ? (result.requests.total * 1000) / (lastAnswer - started) : result.requests.average;
  return { rps: Math.round(rps), p50ms: result.latency.p50, errors: result.errors + unexpected };
}

/**
 * p50 and p95 of `count` requests, each built by `urlFor(i)`, `concurrency` at a time, on
 * kept-alive connections. The answer is read to its last byte as sent: a compressed body is
 * not decoded, as the server's time is measured, not the client's. Node's fetch was not
 * used: its own cost on this machine (about 1 ms a request, 4 ms at p95, more with br to
 * decode) was larger than many of the answers it timed.
 */
export async function latencies(
  count: number,
  urlFor: (i: number) => string,
  opts: {
    headers?: Record<string, string>;
    concurrency?: number;
    /** Untimed work before the i-th request (a write that makes it miss a cache). */
    before?: (i: number) => Promise<void>;
  } = {},
): Promise<{ p50: number; p95: number }> {
  const concurrency = opts.concurrency ?? 1;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const headers = { ...BROWSER, ...opts.headers };
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const url = urlFor(i);
      await opts.before?.(i);
      const start = performance.now();
      const status = await readAnswer(url, agent, headers);
      if (status < 200 || status > 299) throw new Error(`${url} answered ${status}`);
      times.push(performance.now() - start);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: round(at(0.5)), p95: round(at(0.95)) };
}

/** GETs `url` and reads the answer to its end: its status. */
function readAnswer(url: string, agent: http.Agent, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One write with a JSON body on a kept-alive connection: its status, milliseconds and answer. */
export function sendJson(agent: http.Agent, method: string, url: string, token: string | null, body: unknown): Promise<{ status: number; ms: number; body: string }> {
  const data = JSON.stringify(body);
  const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) };
  if (token) headers['x-auth-token'] = token;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** p50 and p95 of a list of milliseconds. */
export function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  return { p50: at(0.5), p95: at(0.95) };
}
