/**
 * Applications: applications per second through HTTP against one app process (one core),
 * on PostgreSQL; and the studio's applicant list at 10 000 applicants to one job on PGlite
 * and PostgreSQL, p50 and p95, beside a bare Fastify route answering the same JSON in the
 * same run. `npm run bench` runs it; `npx tsx bench/applications.ts` alone.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/server/db/client.js';
import { signToken } from '../src/server/modules/auth/index.js';
import { startAppProcess } from '../test/app-process.js';
import { besideBare } from './prelude.js';
import { BENCH_ENV, BENCH_JWT_SECRET, onEachEngine, type Engine } from './seeded-app.js';
import { runAlone, type Add } from './run-alone.js';
import { round } from './load.js';
import { atMostTimes } from './aim.js';
import { createPostgresDatabase } from '../test/postgres-database.js';

const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 10_000);
const APPLIES = Number(process.env.BENCH_APPLIES ?? 2_000);
const CONCURRENCY = 16;
const REQUESTS = 200;
const tokenOf = (id: string) => signToken(new TextEncoder().encode(BENCH_JWT_SECRET), id, 0);
type Rows<T> = { rows: T[] };

/** A studio account with its page and `jobs` open jobs; answers its token, job ids, user id and studio id. */
export async function seedStudio(db: Db, jobs: number) {
  const tag = Date.now();
  const { rows: [owner] } = (await db.execute(sql`
    insert into users (email, fname, password_hash, role) values (${`bench-studio-${tag}@example.com`}, 'Bench Studio', 'not-a-login', 'studio') returning id`)) as unknown as Rows<{ id: string }>;
  const { rows: [studio] } = (await db.execute(sql`insert into studios (owner_id, fname) values (${owner!.id}, 'Bench Studio') returning id`)) as unknown as Rows<{ id: string }>;
  const { rows: jobRows } = (await db.execute(sql`
    insert into jobs (studio_id, title, job_type) select ${studio!.id}, 'Bench job ' || i, 'Feature film' from generate_series(1, ${jobs}) as i returning id`)) as unknown as Rows<{ id: string }>;
  return { token: await tokenOf(owner!.id), jobIds: jobRows.map((r) => r.id), ownerId: owner!.id, studioId: studio!.id };
}

/** `n` Platinum performers in their first day of the period; answers their ids. */
export async function seedPerformers(db: Db, n: number, label: string): Promise<string[]> {
  const { rows } = (await db.execute(sql`
    insert into users (email, fname, password_hash, category, location, age, height, subscription_name, subscription_start, subscription_end)
    select 'bench-' || ${label} || '-' || i || '-' || ${Date.now()} || '@example.com', 'Performer ' || i, 'not-a-login', 'Actor', 'Mumbai', '25', '170 cm',
      'Platinum', now() - interval '1 hour', now() + interval '29 days'
    from generate_series(1, ${n}) as i returning id`)) as unknown as Rows<{ id: string }>;
  return rows.map((r) => r.id);
}

/** POST /api/jobs/{id}/apply from `tokens[i]` to `jobIds[i % jobs]`, CONCURRENCY at a time; answers applications per second. */
async function applyRate(baseUrl: string, tokens: string[], jobIds: string[]): Promise<{ perSecond: number; errors: number }> {
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < tokens.length; i = next++) {
      const res = await fetch(`${baseUrl}/api/jobs/${jobIds[i % jobIds.length]}/apply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-token': tokens[i]! },
        body: JSON.stringify({ note: 'I would love to audition for this role.' }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) errors++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { perSecond: Math.round((tokens.length / (performance.now() - started)) * 1000), errors };
}

/**
 * The list in pages (issue 39 item 3): the first page of 50 and a page in the middle (the
 * cursor after the 5 000th applicant), each with the counts by status, beside the bare route
 * answering the same page's JSON. Aim: p95 ≤ 5× bare.
 */
async function pageRows(add: Add, engine: Engine, listUrl: string, headers: Record<string, string>) {
  let cursor = '';
  for (let skipped = 0; skipped < APPLICANTS / 2; skipped += 500) {
    const page = (await (await fetch(`${listUrl}?limit=500${cursor ? `&cursor=${cursor}` : ''}`, { headers })).json()) as { nextCursor: string | null };
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  for (const [label, query] of [
    ['first page of 50', '?limit=50'],
    ['a page of 50 in the middle (cursor)', `?limit=50&cursor=${cursor}`],
  ] as const) {
    const { body, bare: b, app: r } = await besideBare(`${listUrl}${query}`, headers, REQUESTS);
    add(
      `studio's applicant list at ${APPLICANTS.toLocaleString('en')} applicants, ${label}, with counts by status [${engine}]`,
      `p50 ${r.p50} ms, p95 ${r.p95} ms (${REQUESTS} requests, ${round(body.length / 1024, 0)} KB); ${atMostTimes(r.p95, b.p95, 5)}`,
      `bare Fastify, same JSON: p50 ${b.p50} ms, p95 ${b.p95} ms`,
    );
  }
}

/**
 * The board's first request (issue 51 item 3): what /dashboard/jobs/{id}/applicants asks
 * first, 50 newest first with the counts by status and role from the page's own statement,
 * beside the bare route answering the same JSON. Aim: p95 ≤ 5× bare, a bare p95 under 1 ms
 * counting as 1 ms.
 */
async function boardRow(add: Add, engine: Engine, listUrl: string, headers: Record<string, string>) {
  const { body, bare: b, app: r } = await besideBare(`${listUrl}?limit=50&order=newest`, headers, REQUESTS);
  add(
    `applicant board's first request at ${APPLICANTS.toLocaleString('en')} applicants: 50 newest first, counts by status and role in the same statement [${engine}]`,
    `p50 ${r.p50} ms, p95 ${r.p95} ms (${REQUESTS} requests, ${round(body.length / 1024, 0)} KB); ${atMostTimes(r.p95, Math.max(b.p95, 1), 5, 'p95', 'bare, floor 1 ms')}`,
    `bare Fastify, same JSON: p50 ${b.p50} ms, p95 ${b.p95} ms`,
  );
}

/**
 * A studio with 51 jobs (each with its role) and APPLICANTS applications to the last,
 * written in one statement, so they share one created_at: the list's order then rests on
 * the id alone, the case that once made the middle page join every applicant after the
 * cursor (docs/performance.md, "The applicant list in pages").
 */
async function seedCrowd(db: Db): Promise<{ token: string; jobId: string }> {
  const studio = await seedStudio(db, 51);
  const jobId = studio.jobIds.at(-1)!;
  const performers = await seedPerformers(db, APPLICANTS, 'crowd');
  await db.execute(sql`
    insert into applications (job_id, performer_id, note, history)
    select ${jobId}, id, 'A note', jsonb_build_array(jsonb_build_object('status', 'applied', 'at', now()::text))
    from unnest(${`{${performers.join(',')}}`}::uuid[]) as id`);
  return { token: studio.token, jobId };
}

/** The list without a cursor (the first 500), then the pages, on each engine. */
async function listRows(add: Add, engine: Engine, baseUrl: string, seeded: { token: string; jobId: string }) {
  const listUrl = `${baseUrl}/api/studio/jobs/${seeded.jobId}/applications`;
  const headers = { 'x-auth-token': seeded.token };
  const { body, bare: b, app: r } = await besideBare(listUrl, headers, REQUESTS);
  add(
    `studio's applicant list at ${APPLICANTS.toLocaleString('en')} applicants to one job (first 500, no cursor) [${engine}]`,
    `p50 ${r.p50} ms, p95 ${r.p95} ms (${REQUESTS} requests, ${round(body.length / 1024, 0)} KB)`,
    `bare Fastify, same JSON: p50 ${b.p50} ms, p95 ${b.p95} ms`,
  );
  await pageRows(add, engine, listUrl, headers);
  await boardRow(add, engine, listUrl, headers);
}

/** Applications per second through HTTP, on PostgreSQL. */
async function appliesRow(add: Add): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return console.log('Applications per second NOT RUN: TEST_DATABASE_URL is not set');
  console.log(`Applications: ${APPLIES} applies on PostgreSQL…`);
  const fresh = await createPostgresDatabase();
  try {
    const app = await startAppProcess({ ...BENCH_ENV, DATABASE_URL: fresh.url });
    const database = await openDatabase({ kind: 'postgres', url: fresh.url }, { migrate: false });
    try {
      const studio = await seedStudio(database.db, 50);
      const appliers = await Promise.all((await seedPerformers(database.db, APPLIES, 'apply')).map(tokenOf));
      const applied = await applyRate(app.baseUrl, appliers, studio.jobIds);
      add('applications per second, one app process [PostgreSQL]', `${applied.perSecond} applications/s (${APPLIES} applies, ${CONCURRENCY} at a time${applied.errors ? `, ${applied.errors} errors` : ''})`);
    } finally {
      await database.close();
      await app.stop();
    }
  } finally {
    await fresh.drop();
  }
}

/** Applies per second (PostgreSQL), then the applicant list at APPLICANTS applicants on each engine (seeded, then VACUUM ANALYZE). */
export async function applicationsBench(add: Add): Promise<void> {
  await appliesRow(add);
  await onEachEngine(`The applicant list at ${APPLICANTS.toLocaleString('en')} applicants`, seedCrowd, ({ engine, app, seeded }) => listRows(add, engine, app.baseUrl, seeded));
}

await runAlone(import.meta, applicationsBench);
