/**
 * The round's market writes and reads through HTTP on PGlite and PostgreSQL, beside a bare
 * Fastify route answering the same JSON in the same run (docs/slots.md, docs/self-tapes.md):
 * booking an audition time (one performer at a time, each its own free time), ten
 * performers racing for one time (one booking, nine `409 slot_taken` each round), and the
 * review room's answer (`GET /api/review/{token}`, 50 applicants).
 * `npm run bench` runs it; `npx tsx bench/market.ts` alone.
 */
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.js';
import { signToken } from '../src/server/modules/auth/index.js';
import { startBare } from './bare-route.js';
import { latencies, percentiles, sendJson } from './load.js';
import { besideBare } from './prelude.js';
import { runAlone, type Add } from './run-alone.js';
import { atMostTimes } from './aim.js';
import { BENCH_JWT_SECRET, onEachEngine } from './seeded-app.js';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100);
const RACES = Number(process.env.BENCH_RACES ?? 20);
const RACERS = 10;
const REVIEWED = 50;
const REQUESTS = 200;
type Rows<T> = { rows: T[] };

const tokenOf = (id: string) => signToken(new TextEncoder().encode(BENCH_JWT_SECRET), id, 0);

interface Seeded {
  studioToken: string;
  jobId: string;
  /** Performer tokens and their applications (in `auditioning`), one per performer. */
  applicants: { token: string; applicationId: string }[];
  /** Free times, more than two hours ahead, one per booking and one per race. */
  slotIds: string[];
}

/** A studio with one job, performers auditioning for it, and free times. */
async function seed(db: Db): Promise<Seeded> {
  const tag = Date.now();
  const performers = BOOKINGS + RACES * RACERS;
  const { rows: [owner] } = (await db.execute(sql`
    insert into users (email, fname, password_hash, role) values (${`bench-studio-${tag}@example.com`}, 'Bench Studio', 'not-a-login', 'studio') returning id`)) as unknown as Rows<{ id: string }>;
  const { rows: [studio] } = (await db.execute(sql`insert into studios (owner_id, fname) values (${owner!.id}, 'Bench Studio') returning id`)) as unknown as Rows<{ id: string }>;
  const { rows: [job] } = (await db.execute(sql`insert into jobs (studio_id, title, job_type) values (${studio!.id}, 'Bench job', 'Feature film') returning id`)) as unknown as Rows<{ id: string }>;
  const { rows: apps } = (await db.execute(sql`
    with p as (
      insert into users (email, fname, password_hash)
      select 'bench-slot-' || i || '-' || ${tag} || '@example.com', 'Performer ' || i, 'not-a-login' from generate_series(1, ${performers}) as i
      returning id)
    insert into applications (job_id, performer_id, status, note, history)
    select ${job!.id}, id, 'auditioning', 'A note', jsonb_build_array(jsonb_build_object('status', 'auditioning', 'at', now()::text)) from p
    returning id, performer_id`)) as unknown as Rows<{ id: string; performer_id: string }>;
  const { rows: slots } = (await db.execute(sql`
    insert into audition_slots (job_id, starts_at, ends_at, place)
    select ${job!.id}, date_trunc('minute', now()) + interval '1 day' + i * interval '15 minutes', date_trunc('minute', now()) + interval '1 day' + (i * 15 + 10) * interval '1 minute', 'Studio 1'
    from generate_series(0, ${BOOKINGS + RACES - 1}) as i returning id`)) as unknown as Rows<{ id: string }>;
  return {
    studioToken: await tokenOf(owner!.id),
    jobId: job!.id,
    applicants: await Promise.all(apps.map(async (a) => ({ token: await tokenOf(a.performer_id), applicationId: a.id }))),
    slotIds: slots.map((s) => s.id),
  };
}

/** One PUT with a JSON body on a kept-alive connection: its status, milliseconds and answer. */
const put = (agent: http.Agent, url: string, token: string, body: unknown) => sendJson(agent, 'PUT', url, token, body);

async function rowsFor(engine: string, baseUrl: string, s: Seeded, add: Add) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: RACERS });
  const bookUrl = (applicationId: string) => `${baseUrl}/api/audition/applications/${applicationId}/slot`;
  try {
    // The bare route answering a booking's JSON, the baseline of both booking rows.
    const first = await put(agent, bookUrl(s.applicants[0]!.applicationId), s.applicants[0]!.token, { slotId: s.slotIds[0] });
    if (first.status !== 200) throw new Error(`a booking answered ${first.status}`);
    const bare = await startBare(first.body);
    let b: { p50: number; p95: number };
    try {
      b = await latencies(REQUESTS, () => `${bare.url}/user`);
    } finally {
      await bare.stop();
    }
    const baseline = `bare Fastify, a booking's JSON: p50 ${b.p50} ms, p95 ${b.p95} ms`;

    const times: number[] = [];
    for (let i = 1; i < BOOKINGS; i++) {
      const a = s.applicants[i]!;
      const r = await put(agent, bookUrl(a.applicationId), a.token, { slotId: s.slotIds[i] });
      if (r.status !== 200) throw new Error(`booking ${i} answered ${r.status}`);
      times.push(r.ms);
    }
    const one = percentiles(times);
    // Aim (docs/performance.md, "Booking, the review room and the board in Chromium"): a booking, a transaction with its checks, within 12× the bare route, as an uncached search.
    add(`booking an audition time, one at a time [${engine}]`, `p50 ${one.p50} ms, p95 ${one.p95} ms (${BOOKINGS - 1} bookings); ${atMostTimes(one.p95, b.p95, 12)}`, baseline);

    // Ten applicants for each time, all at once: the last answer's time, and who got it.
    const raceTimes: number[] = [];
    let wrong = 0;
    for (let r = 0; r < RACES; r++) {
      const slotId = s.slotIds[BOOKINGS + r]!;
      const racers = s.applicants.slice(BOOKINGS + r * RACERS, BOOKINGS + (r + 1) * RACERS);
      const started = performance.now();
      const answers = await Promise.all(racers.map((a) => put(agent, bookUrl(a.applicationId), a.token, { slotId })));
      raceTimes.push(performance.now() - started);
      const won = answers.filter((x) => x.status === 200).length;
      const taken = answers.filter((x) => x.status === 409).length;
      if (won !== 1 || taken !== RACERS - 1) wrong++;
    }
    const race = percentiles(raceTimes);
    add(
      `ten performers racing for one audition time, all ten answered [${engine}]`,
      `p50 ${race.p50} ms, p95 ${race.p95} ms (${RACES} races); one booking and nine 409 in ${RACES - wrong} of ${RACES} races: ${wrong === 0 ? 'met' : 'not met'}; ${atMostTimes(race.p95, one.p95, RACERS, 'p95', 'one booking')}`,
      baseline,
    );
  } finally {
    agent.destroy();
  }

  // The review room: a link to 50 applicants, its answer read again and again (not cached: private, no-store).
  const created = await fetch(`${baseUrl}/api/studio/review-links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': s.studioToken },
    body: JSON.stringify({ jobId: s.jobId, applicationIds: s.applicants.slice(0, REVIEWED).map((a) => a.applicationId), expiresInDays: 7 }),
  });
  if (created.status !== 201) throw new Error(`the review link answered ${created.status}: ${await created.text()}`);
  const { url } = (await created.json()) as { url: string };
  const token = url.split('/').pop()!;
  const { bare: rb, app: r } = await besideBare(`${baseUrl}/api/review/${token}`, {}, REQUESTS);
  // Aim (docs/performance.md): as an uncached search, within 12× the bare route.
  add(
    `review room, ${REVIEWED} applicants (GET /api/review/{token}) [${engine}]`,
    `p50 ${r.p50} ms, p95 ${r.p95} ms (${REQUESTS} requests); ${atMostTimes(r.p95, rb.p95, 12)}`,
    `bare Fastify, same JSON: p50 ${rb.p50} ms, p95 ${rb.p95} ms`,
  );
}

export async function marketBench(add: Add): Promise<void> {
  await onEachEngine('Bookings and the review room', seed, ({ engine, app, seeded }) => rowsFor(engine, app.baseUrl, seeded, add));
}

await runAlone(import.meta, marketBench);
