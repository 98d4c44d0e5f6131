/**
 * The job board at 100 000 jobs: first page, a filtered page and a text search, each
 * uncached and repeated (cached by version), p50 and p95 through HTTP on PGlite and
 * PostgreSQL, beside a bare Fastify route answering the same JSON in the same run. `npm run bench` runs it; `npx tsx bench/job-board.ts` alone.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/server/db/client.js';
import { seedStudios } from '../src/server/db/seed.js';
import { BENCH_WORDS } from '../src/server/db/seed-data.js';
import { encodeCursor } from '../src/server/modules/studios/index.js';
import { PROFESSIONS } from '../src/contract/profile-options.js';
import { freePort, startAppProcess } from '../test/app-process.js';
import { latencies } from './load.js';
import { runAlone } from './run-alone.js';
import { createPostgresDatabase } from '../test/postgres-database.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const STUDIOS = Math.max(100, Math.round(JOBS / 10));
const REQUESTS = 200;
type Add = (row: string, figure: string, baseline?: string) => void;

const env = {
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SCALE: '1000000',
  // Production refuses to start without a mail server and a payments choice; the board sends no mail.
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PAYMENTS: 'demo',
};

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
function fromTheTop(i: number): string {
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

/** A bare Fastify route answering `body`, the baseline beside a measured row. */
export async function startBare(body: string) {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `audition-bare-${port}.json`);
  await writeFile(file, body);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], { env: { ...process.env, PORT: String(port), BARE_BODY_FILE: file }, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  // Up to a minute: on a loaded machine tsx alone can take longer than ten seconds.
  for (let i = 0; !(await fetch(`${url}/user`).then((r) => r.ok, () => false)); i++) {
    if (i === 600) throw new Error('the bare Fastify route did not start within a minute');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: async () => void child.kill('SIGTERM') };
}

async function bareFigure(body: string): Promise<{ row: string; stop(): Promise<void> }> {
  const bare = await startBare(body);
  const r = await latencies(REQUESTS, () => `${bare.url}/user`);
  return { row: `bare Fastify, same JSON: p50 ${r.p50} ms, p95 ${r.p95} ms`, stop: bare.stop };
}

export async function jobBoardBench(add: Add): Promise<void> {
  console.log(`Job board: seeding ${JOBS} jobs into PGlite…`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'audition-bench-jobs-'));
  try {
    const lite = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    await seedStudios(lite.db, STUDIOS);
    await seedJobs(lite.db, JOBS);
    await lite.db.execute(sql`analyze`);
    await lite.close();
    const app = await startAppProcess(env, { dataDir });
    const body = await (await fetch(`${app.baseUrl}/api/jobs`)).text();
    const bare = await bareFigure(body);
    try {
      await rowsFor('PGlite', app.baseUrl, add, bare.row);
    } finally {
      await app.stop();
      await bare.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return console.log('Job board PostgreSQL rows NOT RUN: TEST_DATABASE_URL is not set');
  console.log(`Job board: seeding ${JOBS} jobs into PostgreSQL…`);
  const fresh = await createPostgresDatabase();
  try {
    const app = await startAppProcess({ ...env, DATABASE_URL: fresh.url });
    const database = await openDatabase({ kind: 'postgres', url: fresh.url }, { migrate: false });
    await seedStudios(database.db, STUDIOS);
    await seedJobs(database.db, JOBS);
    await database.db.execute(sql`analyze`);
    await database.close();
    const bare = await bareFigure(await (await fetch(`${app.baseUrl}/api/jobs`)).text());
    try {
      await rowsFor('PostgreSQL', app.baseUrl, add, bare.row);
    } finally {
      await app.stop();
      await bare.stop();
    }
  } finally {
    await fresh.drop();
  }
}

await runAlone(import.meta, jobBoardBench);
