/**
 * The job board at 100 000 jobs: first page, a filtered page and a text search, each
 * uncached and repeated (cached by version), p50 and p95 through HTTP on PGlite and
 * PostgreSQL, beside a bare Fastify route answering the same JSON in the same run. `npm run bench` runs it; `npx tsx bench/job-board.ts` alone.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.js';
import { seedStudios } from '../src/server/seed/index.js';
import { BENCH_WORDS } from '../src/server/seed/data.js';
import { encodeCursor } from '../src/server/modules/studios/index.js';
import { PROFESSIONS } from '../src/contract/profile-options.js';
import { startBare } from './bare-route.js';
import { latencies } from './load.js';
import { runAlone, type Add } from './run-alone.js';
import { onEachEngine } from './seeded-app.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const STUDIOS = Math.max(100, Math.round(JOBS / 10));
const REQUESTS = 200;

/** `n` jobs spread over the studios, newest every second back, with varied fields (one statement per batch). */
export async function seedJobs(db: Db, n: number, batch = 20_000): Promise<void> {
  const arr = (list: readonly string[]) => sql`array[${sql.join(list.map((w) => sql`${w}`), sql`, `)}]::text[]`;
  const professions = arr([...PROFESSIONS, 'Any']);
  const genders = arr(['Male', 'Female', 'Transgender', 'Any']);
  const cities = arr(BENCH_WORDS.cities);
  const words = arr([...BENCH_WORDS.first, ...BENCH_WORDS.second]);
  for (let start = 0; start < n; start += batch) {
    const end = Math.min(n, start + batch);
    await db.execute(sql`
      with s as (select array_agg(id) as ids from studios)
      insert into jobs (studio_id, title, job_type, description, images, profession, gender, age_min, age_max, location, pay, deadline, created_at)
      select
        s.ids[1 + i % array_length(s.ids, 1)],
        (${words})[1 + (i * 7) % array_length(${words}, 1)] || ' role ' || i,
        'Feature film',
        'We are casting for a new production. ' || (${words})[1 + (i * 13) % array_length(${words}, 1)] || ' scenes, shot over two weeks.',
        array['/demo/job-' || (1 + i % 10) || '.webp'],
        (${professions})[1 + (i * 3) % array_length(${professions}, 1)],
        (${genders})[1 + (i * 5) % 4],
        (i % 4) * 10, case when i % 4 = 0 then 0 else (i % 4) * 10 + 15 end,
        (${cities})[1 + (i * 11) % array_length(${cities}, 1)],
        'Paid',
        current_date + (i % 60),
        now() - make_interval(secs => ${n} - i)
      from s, generate_series(${start}::int, ${end - 1}::int) as i
    `);
  }
}

/**
 * A cursor just above every job: the board's first page, under a key of its own, so each
 * request with one misses the cache and does the whole read (the version, the query, the
 * serialization, the compression), as the first read after any write to the jobs does.
 */
export function fromTheTop(i: number): string {
  const at = new Date(Date.UTC(2099, 0, 1) + i * 1000).toISOString().replace('Z', '000Z');
  return encodeCursor({ at, id: '00000000-0000-4000-8000-000000000000' });
}

async function rowsFor(engine: string, baseUrl: string, add: Add, bare: string) {
  const city = encodeURIComponent(BENCH_WORDS.cities[3]!.toLowerCase());
  let first = 0;
  for (const [label, query] of [
    ['first page', ''],
    ['filtered (profession, gender, location)', `profession=Actor&gender=Female&location=${city}`],
    ['text search', 'q=saffron'],
  ] as const) {
    const url = (extra: string) => `${baseUrl}/api/jobs?${[query, extra].filter(Boolean).join('&')}`;
    const r = await latencies(REQUESTS, (i) => url(`cursor=${fromTheTop(first + i)}`));
    first += REQUESTS;
    add(`job board at ${JOBS.toLocaleString('en')} jobs, ${label}, uncached [${engine}]`, `p50 ${r.p50} ms, p95 ${r.p95} ms (${REQUESTS} requests)`, bare);
    // One warm-up pass fills the cache, then the measured one.
    await latencies(20, () => url(''));
    const hit = await latencies(REQUESTS, () => url(''));
    add(`job board at ${JOBS.toLocaleString('en')} jobs, ${label}, repeated [${engine}]`, `p50 ${hit.p50} ms, p95 ${hit.p95} ms (${REQUESTS} requests)`, bare);
  }
}

async function bareFigure(body: string): Promise<{ row: string; stop(): Promise<void> }> {
  const bare = await startBare(body);
  const r = await latencies(REQUESTS, () => `${bare.url}/user`);
  return { row: `bare Fastify, same JSON: p50 ${r.p50} ms, p95 ${r.p95} ms`, stop: bare.stop };
}

export async function jobBoardBench(add: Add): Promise<void> {
  const seed = async (db: Db) => {
    await seedStudios(db, STUDIOS);
    await seedJobs(db, JOBS);
  };
  await onEachEngine(`Job board at ${JOBS} jobs`, seed, async ({ engine, app }) => {
    const bare = await bareFigure(await (await fetch(`${app.baseUrl}/api/jobs`)).text());
    try {
      await rowsFor(engine, app.baseUrl, add, bare.row);
    } finally {
      await bare.stop();
    }
  });
}

await runAlone(import.meta, jobBoardBench);
