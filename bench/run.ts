/**
 * npm run bench: every figure the issues ask for, each measured beside its baseline
 * in this one run on this machine. Load comes from autocannon on loopback, bounded in
 * time; figures are printed, never asserted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { seedStudios } from '../src/server/db/seed.js';
import { freePort, startAppProcess, type AppProcess } from '../test/app-process.js';
import { codeIn, startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { latencies, rate, round } from './load.js';
import { measureUpload } from './upload.js';
import { jobBoardBench } from './job-board.js';

const STUDIOS = Number(process.env.BENCH_STUDIOS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const rows: { row: string; figure: string; baseline: string }[] = [];
const add = (row: string, figure: string, baseline = '') => {
  rows.push({ row, figure, baseline });
  console.log(`  ${row}: ${figure}${baseline ? `   (baseline: ${baseline})` : ''}`);
};
const SEARCH_TERMS = ['star', 'mum', 'lights', 'PICTURES', 'del', 'blue', 'studio', 'ban', 'casting', 'moon', 'pune', 'films'];
const appEnv = (sink: SmtpSink) => ({
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  SMTP_URL: sink.url,
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SCALE: '1000000',
  // One libuv thread: login's argon2 runs on one core, as the issue asks.
  UV_THREADPOOL_SIZE: '1',
});

async function post(url: string, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<Record<string, string>>;
}

async function createUser(baseUrl: string, sink: SmtpSink) {
  const input = { fname: 'bench user', email: `bench-${Date.now()}@example.com`, number: '9999999999', password: 'bench password 1' };
  const since = sink.messages.length;
  await post(`${baseUrl}/api/audition/web/signup`, input);
  const otp = codeIn(await sink.waitFor(input.email, { since }));
  await post(`${baseUrl}/api/audition/web/verify-otp`, { ...input, otp });
  const { token } = await post(`${baseUrl}/api/audition/login`, { email: input.email, password: input.password });
  return { ...input, token: token! };
}

async function etagOf(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return res.headers.get('etag') ?? '';
}

/** getUserData 200/304, getAllStudio 200/304 and login on one running app. */
async function apiRows(engine: string, app: AppProcess, sink: SmtpSink) {
  const user = await createUser(app.baseUrl, sink);
  const auth = { 'x-auth-token': user.token };
  const userUrl = `${app.baseUrl}/api/audition/getUserData`;
  const studiosUrl = `${app.baseUrl}/api/audition/getAllStudio`;
  const userTag = await etagOf(userUrl, auth);
  const studiosTag = await etagOf(studiosUrl);
  const fmt = (r: { rps: number; p50ms: number; errors: number }) => `${r.rps} req/s (p50 ${r.p50ms} ms${r.errors ? `, ${r.errors} errors` : ''})`;
  add(`getUserData 200 [${engine}]`, fmt(await rate({ url: userUrl, headers: auth, seconds: SECONDS })), bareRow);
  add(`getUserData 304 [${engine}]`, fmt(await rate({ url: userUrl, headers: { ...auth, 'if-none-match': userTag }, seconds: SECONDS, expectStatus: 304 })), bareRow);
  add(`getAllStudio 200 [${engine}]`, fmt(await rate({ url: studiosUrl, seconds: SECONDS })), bareRow);
  add(`getAllStudio 304 [${engine}]`, fmt(await rate({ url: studiosUrl, headers: { 'if-none-match': studiosTag }, seconds: SECONDS, expectStatus: 304 })), bareRow);
  add(
    `login, one core [${engine}]`,
    fmt(await rate({ url: `${app.baseUrl}/api/audition/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }), connections: 4, seconds: SECONDS })),
  );
  return user;
}

async function searchRow(engine: string, label: string, app: AppProcess, count: number) {
  const r = await latencies(count, (i) => `${app.baseUrl}/api/showAllStudioList?search=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length]!)}`);
  add(`search at ${STUDIOS.toLocaleString('en')} studios, ${label} [${engine}]`, `p50 ${r.p50} ms, p95 ${r.p95} ms (${count} requests)`);
}

const DROP_TRGM = 'DROP INDEX IF EXISTS studios_fname_trgm, studios_location_trgm';
let bareRow = '';

async function main() {
  const sink = await startSmtpSink();
  const started: { stop(): Promise<void> }[] = [];
  try {
    console.log('First page of `npm start` on a new data directory…');
    add('npm start → first page, new data directory', `${round(await timeNpmStart(), 1)} s`);

    console.log('Bare Fastify baseline and PGlite…');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'audition-bench-'));
    let app = await startAppProcess(appEnv(sink), { dataDir });
    const user = await createUser(app.baseUrl, sink);
    const profile = await (await fetch(`${app.baseUrl}/api/audition/getUserData`, { headers: { 'x-auth-token': user.token } })).text();
    const bare = await startBare(profile);
    started.push(bare);
    const bareRate = await rate({ url: `${bare.url}/user`, seconds: SECONDS });
    bareRow = `bare Fastify ${bareRate.rps} req/s`;
    add('bare Fastify route, same JSON', `${bareRate.rps} req/s (p50 ${bareRate.p50ms} ms)`);
    await apiRows('PGlite', app, sink);
    await app.stop();

    console.log(`Seeding ${STUDIOS} studios into PGlite…`);
    const lite = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    await seedStudios(lite.db, STUDIOS);
    await lite.close();
    app = await startAppProcess(appEnv(sink), { dataDir });
    await searchRow('PGlite', 'trigram index', app, 200);
    await app.stop();
    const unindexed = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    await unindexed.db.execute(DROP_TRGM);
    await unindexed.close();
    app = await startAppProcess(appEnv(sink), { dataDir });
    await searchRow('PGlite', 'no index', app, 40);
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });

    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      console.log('PostgreSQL…');
      const name = `audition_bench_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      try {
        const pgApp = await startAppProcess({ ...appEnv(sink), DATABASE_URL: url.toString() });
        await apiRows('PostgreSQL', pgApp, sink);
        const database = await openDatabase({ kind: 'postgres', url: url.toString() }, { migrate: false });
        await seedStudios(database.db, STUDIOS);
        await database.db.execute('ANALYZE studios');
        await searchRow('PostgreSQL', 'trigram index', pgApp, 200);
        await database.db.execute(DROP_TRGM);
        await searchRow('PostgreSQL', 'no index', pgApp, 40);
        await database.close();
        await pgApp.stop();
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    } else {
      console.log('PostgreSQL rows NOT RUN: TEST_DATABASE_URL is not set');
    }

    await jobBoardBench(add);

    console.log('Upload of 200 MB…');
    const upload = await measureUpload(200);
    add('upload 200 MB through the app', `${upload.uploadMBps} MB/s, peak RSS ${upload.peakRssMB} MB (+${upload.rssGrowthMB} MB)`, `plain file copy ${upload.copyFileMBps} MB/s (copyFile), ${upload.streamCopyMBps} MB/s (streamed)`);

    console.log('First-load JavaScript…');
    const [ours, empty] = await Promise.all([firstLoadKB('src/web'), firstLoadKB('bench/empty-react')]);
    add('first-load JS of / (gzip)', `${ours} KB`, `empty Vite + React page ${empty} KB`);
  } finally {
    for (const s of started) await s.stop();
    await sink.close();
  }

  console.log('\n| row | figure | baseline in the same run |\n|---|---|---|');
  for (const r of rows) console.log(`| ${r.row} | ${r.figure} | ${r.baseline} |`);
}

async function startBare(body: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], { env: { ...process.env, PORT: String(port), BARE_BODY: body }, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100 && !(await fetch(`${url}/user`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
  return { url, stop: async () => void child.kill('SIGTERM') };
}

/** Seconds from `npm start` (its script, as npm runs it) to the first page served, on a new data directory. */
async function timeNpmStart(): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'audition-bench-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false);
      if (ok) return (performance.now() - started) / 1000;
      if (performance.now() - started > 120_000) throw new Error('npm start did not serve a page within 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Builds the page at `root` and sums the gzip size of the JavaScript its index.html loads first. */
async function firstLoadKB(root: string): Promise<number> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'audition-bench-build-'));
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', root, '--config', 'vite.config.ts', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env },
  });
  if (build.status !== 0) throw new Error(`vite build of ${root} failed`);
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  let bytes = 0;
  for (const file of new Set(scripts)) bytes += gzipSync(await readFile(path.join(outDir, file))).length;
  await rm(outDir, { recursive: true, force: true });
  return round(bytes / 1024, 1);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
