/**
 * Messages and live events on two app instances behind one PostgreSQL and one Redis
 * (docs/messages.md): memory per open events stream (RSS of instance A before and after
 * opening STREAMS streams, divided), the time from a message POSTed to instance B to its event
 * on a stream held by instance A (p50/p99), and messages per second POSTed through both
 * instances, beside a bare Fastify route measured in the same run. Loopback only, bounded.
 * `npm run bench` runs it; `npx tsx bench/messages.ts` runs these rows alone (with
 * TEST_DATABASE_URL and REDIS_URL set).
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/server/db/client.js';
import { signToken } from '../src/server/modules/auth/index.js';
import { startAppProcess, type AppProcess } from '../test/app-process.js';
import { createPostgresDatabase } from '../test/postgres-database.js';
import { startBare } from './bare-route.js';
import { BENCH_ENV, BENCH_JWT_SECRET } from './seeded-app.js';
import { rate, round } from './load.js';
import { runAlone, type Add } from './run-alone.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 2_000);
const LATENCY_MESSAGES = Number(process.env.BENCH_LATENCY_MESSAGES ?? 200);
const RATE_MESSAGES = Number(process.env.BENCH_RATE_MESSAGES ?? 2_000);
const CONCURRENCY = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
type Rows<T> = { rows: T[] };

const tokenOf = (id: string) => signToken(new TextEncoder().encode(BENCH_JWT_SECRET), id, 0);

/** One studio account and `n` performers, each with a conversation with it; answers tokens and conversation ids. */
async function seed(db: Db, n: number) {
  const tag = Date.now();
  const { rows: [studio] } = (await db.execute(sql`
    insert into users (email, fname, password_hash, role) values (${`bench-studio-${tag}@example.com`}, 'Bench Studio', 'not-a-login', 'studio') returning id`)) as unknown as Rows<{ id: string }>;
  const { rows: performers } = (await db.execute(sql`
    insert into users (email, fname, password_hash, visibility)
    select 'bench-talk-' || i || '-' || ${tag} || '@example.com', 'Performer ' || i, 'not-a-login', 'public'
    from generate_series(1, ${n}) as i returning id`)) as unknown as Rows<{ id: string }>;
  const { rows: talks } = (await db.execute(sql`
    insert into conversations (performer_id, studio_user_id)
    select id, ${studio!.id} from users where email like ${`bench-talk-%-${tag}@example.com`} returning id, performer_id`)) as unknown as Rows<{ id: string; performer_id: string }>;
  const byPerformer = new Map(talks.map((t) => [t.performer_id, t.id]));
  return {
    studioToken: await tokenOf(studio!.id),
    performers: await Promise.all(performers.map(async (p) => ({ token: await tokenOf(p.id), conversationId: byPerformer.get(p.id)! }))),
  };
}

function rssMB(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) / 1024 : NaN;
}

/**
 * An open events stream read with a plain socket of its own (no pool limits it). Calls
 * `seen(marker)` for every `bench-<n>` marker in a message event's text.
 */
function openStream(baseUrl: string, token: string, seen: (marker: number) => void): Promise<{ close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events`, { agent: false, headers: { 'x-auth-token': token, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const m of chunk.matchAll(/bench-(\d+)\b/g)) seen(Number(m[1]));
      });
      res.on('error', () => {});
      resolve({ close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

async function postMessage(baseUrl: string, token: string, conversationId: string, text: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    body: JSON.stringify({ text }),
  });
  await res.arrayBuffer();
  return res.status;
}

const percentile = (sorted: number[], q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);

async function rowsFor(a: AppProcess, b: AppProcess, db: Db, add: Add) {
  const { studioToken, performers } = await seed(db, STREAMS);
  const waiting = new Map<number, () => void>();
  const seen = (marker: number) => waiting.get(marker)?.();

  // Warm-up: one stream and one message, so the routes' code is loaded before the first reading.
  const warm = await openStream(a.baseUrl, performers[0]!.token, seen);
  await postMessage(b.baseUrl, studioToken, performers[0]!.conversationId, 'warm-up');
  warm.close();
  await new Promise((r) => setTimeout(r, 2000));
  const before = rssMB(a.pid);
  const streams: { close(): void }[] = [];
  for (let i = 0; i < STREAMS; i += 100) {
    streams.push(...(await Promise.all(performers.slice(i, i + 100).map((p) => openStream(a.baseUrl, p.token, seen)))));
  }
  await new Promise((r) => setTimeout(r, 3000));
  const after = rssMB(a.pid);
  add(
    `open events streams on one instance [PostgreSQL + Redis]`,
    `${STREAMS.toLocaleString('en')} streams: RSS ${round(before, 0)} → ${round(after, 0)} MB, ${round(((after - before) * 1024) / STREAMS, 1)} KB per stream`,
  );

  try {
    // From the POST on instance B to the event on instance A's stream, one message at a time.
    const times: number[] = [];
    const answered: number[] = [];
    for (let i = 0; i < LATENCY_MESSAGES; i++) {
      const p = performers[i % performers.length]!;
      const marker = 1_000_000 + i;
      const started = performance.now();
      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`message ${i} did not reach its stream within 10 s`)), 10_000);
        waiting.set(marker, () => {
          clearTimeout(timer);
          resolve(performance.now());
        });
      });
      const status = await postMessage(b.baseUrl, studioToken, p.conversationId, `Latency bench-${marker}`);
      if (status !== 201) throw new Error(`message ${i} answered ${status}`);
      answered.push(performance.now() - started);
      times.push((await arrived) - started);
      waiting.delete(marker);
    }
    times.sort((x, y) => x - y);
    answered.sort((x, y) => x - y);
    add(
      `message POSTed on instance B → event on a stream of instance A, ${STREAMS.toLocaleString('en')} streams open [PostgreSQL + Redis]`,
      `p50 ${percentile(times, 0.5)} ms, p99 ${percentile(times, 0.99)} ms (${LATENCY_MESSAGES} messages, one at a time)`,
      `the POST's own answer: p50 ${percentile(answered, 0.5)} ms, p99 ${percentile(answered, 0.99)} ms`,
    );

    await rateRow(a, b, performers, 'each delivered to an open stream', add);
  } finally {
    streams.forEach((s) => s.close());
  }
  // The same again with every stream closed: what holding the streams costs the senders.
  await new Promise((r) => setTimeout(r, 2000));
  await rateRow(a, b, performers, 'no stream open', add);
}

/** Every performer replies (round robin), alternately through A and B, CONCURRENCY at a time, beside the bare route. */
async function rateRow(a: AppProcess, b: AppProcess, performers: { token: string; conversationId: string }[], label: string, add: Add) {
  const bare = await startBare(JSON.stringify({ _id: 1, conversationId: performers[0]!.conversationId, text: 'A reply', createdAt: new Date().toISOString() }));
  try {
    const bareRate = await rate({ url: `${bare.url}/user`, seconds: SECONDS });
    let next = 0;
    let errors = 0;
    const started = performance.now();
    const worker = async () => {
      for (let i = next++; i < RATE_MESSAGES; i = next++) {
        const p = performers[i % performers.length]!;
        const status = await postMessage(i % 2 ? b.baseUrl : a.baseUrl, p.token, p.conversationId, `A reply ${i}`);
        if (status !== 201) errors++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const perSecond = Math.round((RATE_MESSAGES / (performance.now() - started)) * 1000);
    add(
      `messages per second, two instances, ${label} [PostgreSQL + Redis]`,
      `${perSecond} messages/s (${RATE_MESSAGES} messages, ${CONCURRENCY} at a time${errors ? `, ${errors} errors` : ''})`,
      `bare Fastify ${bareRate.rps} req/s (p50 ${bareRate.p50ms} ms) just before`,
    );
  } finally {
    await bare.stop();
  }
}

export async function messagesBench(add: Add): Promise<void> {
  const redisUrl = process.env.REDIS_URL;
  if (!process.env.TEST_DATABASE_URL || !redisUrl) return console.log('Messages rows NOT RUN: TEST_DATABASE_URL and REDIS_URL must both be set');
  console.log(`Messages: ${STREAMS} events streams, ${LATENCY_MESSAGES} timed messages, ${RATE_MESSAGES} messages through two instances…`);
  const database = await createPostgresDatabase();
  const env = {
    ...BENCH_ENV,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    // One prefix for both: the two instances share the events channel.
    REDIS_KEY_PREFIX: `audition-bench-messages-${Date.now()}:`,
  };
  try {
    // One after the other: the first runs the migrations.
    const a = await startAppProcess(env);
    const b = await startAppProcess(env).catch(async (error: unknown) => {
      await a.stop();
      throw error;
    });
    const opened = await openDatabase({ kind: 'postgres', url: database.url }, { migrate: false });
    try {
      await rowsFor(a, b, opened.db, add);
    } finally {
      await opened.close();
      await Promise.all([a.stop(), b.stop()]);
    }
  } finally {
    await database.drop();
  }
}

await runAlone(import.meta, messagesBench);
