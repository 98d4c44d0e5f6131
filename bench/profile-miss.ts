/**
 * getUserData 200 when nothing is cached, on PostgreSQL: the first read of each of
 * 10 000 users, then the same users again after a change to each (as by another
 * instance), each beside the bare route measured just before. `npm run bench` runs the
 * same rows; `npx tsx bench/profile-miss.ts` runs only these (TEST_DATABASE_URL set).
 */
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../src/server/db/client.js';
import { signToken } from '../src/server/modules/auth/index.js';
import { freePort, startAppProcess, type AppProcess } from '../test/app-process.js';
import { rate } from './load.js';
import { BENCH_ENV, BENCH_JWT_SECRET } from './seeded-app.js';

export const MISS_USERS = Number(process.env.BENCH_MISS_USERS ?? 10_000);

/** Inserts `n` users shaped like the bench user and answers a login token for each. */
export async function insertMissUsers(db: Db, n: number, jwtSecret: string): Promise<string[]> {
  const rows = (await db.execute(sql`
    insert into users (email, fname, number, password_hash)
    select 'bench-miss-' || i || '-' || ${Date.now()} || '@example.com', 'bench user', '9999999999', 'not-a-login'
    from generate_series(1, ${n}) as i
    returning id, token_version`)) as unknown as { rows: { id: string; token_version: number }[] };
  const secret = new TextEncoder().encode(jwtSecret);
  return Promise.all(rows.rows.map((r) => signToken(secret, r.id, r.token_version)));
}

/** getUserData 200 where every request is the first read of its user since it changed. */
export async function missRate(app: AppProcess, tokens: string[]) {
  return rate({ url: `${app.baseUrl}/api/audition/getUserData`, amount: tokens.length, headersOf: (i) => ({ 'x-auth-token': tokens[i % tokens.length]! }) });
}

/** Every miss user changed at once in the database; the change feed tells the app. */
export async function changeMissUsers(db: Db): Promise<void> {
  await db.execute(sql`update users set version = version + 1 where email like 'bench-miss-%'`);
  await new Promise((r) => setTimeout(r, 2000));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `audition_bench_miss_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { ...BENCH_ENV, DATABASE_URL: url.toString() };
  const app = await startAppProcess(env);
  const database = await openDatabase({ kind: 'postgres', url: url.toString() }, { migrate: false });
  const tokens = await insertMissUsers(database.db, MISS_USERS, BENCH_JWT_SECRET);
  await database.db.execute(sql`vacuum analyze users`);
  const body = await (await fetch(`${app.baseUrl}/api/audition/getUserData`, { headers: { 'x-auth-token': tokens[0]! } })).text();
  const port = await freePort();
  const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], { env: { ...process.env, PORT: String(port), BARE_BODY: body }, stdio: 'inherit' });
  const bareUrl = `http://127.0.0.1:${port}/user`;
  for (let i = 0; i < 100 && !(await fetch(bareUrl).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
  try {
    const fmt = (r: { rps: number; p50ms: number; errors: number }) => `${r.rps} req/s (p50 ${r.p50ms} ms${r.errors ? `, ${r.errors} errors` : ''})`;
    const row = async (label: string) => {
      const baseline = await rate({ url: bareUrl, seconds: 5 });
      const r = await missRate(app, tokens);
      console.log(`| getUserData 200, ${label} [PostgreSQL] | ${fmt(r)} | bare Fastify ${baseline.rps} req/s just before (${(r.rps / baseline.rps).toFixed(2)}×) |`);
    };
    console.log(`body ${Buffer.byteLength(body)} bytes`);
    await row('first read of each user (cache miss)');
    await changeMissUsers(database.db);
    await row('after a change to each user (cache miss)');
    await changeMissUsers(database.db);
    await row('after a change to each user (cache miss), again');
  } finally {
    bare.kill('SIGTERM');
    await database.close();
    await app.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
