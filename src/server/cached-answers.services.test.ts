/**
 * Two instances as separate processes on one PostgreSQL: answers cached by version
 * (getUserData, the studio search, the job board, a job's page, a studio's jobs, the
 * talent search) are never served old by one instance once a write
 * through the other, or by any other writer of the database, has been announced by the
 * change feed (docs/performance.md says why "announced": the feed is PostgreSQL's NOTIFY,
 * delivered to every listener at commit, a few milliseconds later on a loaded machine).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../../test/app-process.js';
import { formFields } from '../../test/form-data.js';
import { createPostgresDatabase } from '../../test/postgres-database.js';
import { signToken } from './modules/auth/index.js';

const JWT_SECRET = 'cached-answers-secret-cached-answers-secret';
let a: AppProcess;
let b: AppProcess;
let sql: pg.Client;
let listener: pg.Client;
const announced: string[] = [];

/** Waits until the change feed has announced `key` on `channel` (as every instance hears it). */
async function announcement(channel: string, key: string, run: () => Promise<unknown>) {
  const from = announced.length;
  await run();
  for (let i = 0; i < 500 && !announced.slice(from).includes(`${channel}:${key}`); i++) await new Promise((r) => setTimeout(r, 10));
  expect(announced.slice(from)).toContain(`${channel}:${key}`);
  // Every instance's listener is served by PostgreSQL in the same commit; one more turn for theirs.
  await new Promise((r) => setTimeout(r, 50));
}
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createPostgresDatabase();
  dropDatabase = database.drop;
  const env = { DATABASE_URL: database.url, JWT_SECRET, SEED_DEMO: '0', REDIS_URL: process.env.REDIS_URL ?? '' };
  [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  listener.on('notification', (m) => announced.push(`${m.channel}:${m.payload}`));
  await listener.query('LISTEN audition_user_changed');
  await listener.query('LISTEN audition_counter_changed');
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await listener?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await dropDatabase?.();
});

/** As a browser asks: brotli accepted (fetch decodes it). */
const browser = { 'accept-encoding': 'gzip, deflate, br' };

async function newUser(): Promise<{ id: string; token: string }> {
  const { rows } = await sql.query<{ id: string }>(
    `insert into users (email, fname, password_hash) values ($1, 'Cached Answers', 'not-a-login') returning id`,
    [`cached-${Date.now()}-${Math.random()}@example.com`],
  );
  const id = rows[0]!.id;
  return { id, token: await signToken(new TextEncoder().encode(JWT_SECRET), id, 0) };
}

async function profileOn(app: AppProcess, token: string, etag?: string) {
  const res = await fetch(`${app.baseUrl}/api/audition/getUserData`, { headers: { ...browser, 'x-auth-token': token, ...(etag ? { 'if-none-match': etag } : {}) } });
  return { status: res.status, etag: res.headers.get('etag') ?? '', body: res.status === 200 ? ((await res.json()) as { location: string; fname: string }) : null };
}

async function searchOn(app: AppProcess, text: string) {
  const res = await fetch(`${app.baseUrl}/api/showAllStudioList?search=${encodeURIComponent(text)}`, { headers: browser });
  expect(res.status).toBe(200);
  return ((await res.json()) as { fname: string }[]).map((s) => s.fname);
}

describe('answers cached by version, two instances', () => {
  it('never serves an old profile on either instance after a save through the other', async () => {
    const { id, token } = await newUser();
    for (let i = 1; i <= 6; i++) {
      // Both instances hold the current body (and its compressed bytes) before the write.
      const before = await profileOn(b, token);
      await profileOn(a, token);
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
      // A long profile URL keeps the answer over 1 KB, so the compressed bytes are cached too.
      const form = formFields({ fname: 'Cached Answers', location: `City ${i}`, gender: 'Male', pronoun: 'Mr.', category: 'Actor', profilePic: '', profileUrl: `https://example.com/${'portfolio/'.repeat(80)}` });
      await announcement('audition_user_changed', id, async () => {
        const saved = await fetch(`${writer.baseUrl}/api/audition/updateBasicInfo`, { method: 'POST', headers: { ...form.headers, 'x-auth-token': token }, body: new Uint8Array(form.payload) });
        expect(saved.status).toBe(200);
      });
      for (const app of [reader, writer]) {
        const after = await profileOn(app, token, before.etag);
        expect(after.status).toBe(200);
        expect(after.body?.location).toBe(`City ${i}`);
        expect(after.etag).not.toBe(before.etag);
      }
    }
  });

  it('never serves an old profile after a change written to the database by another writer', async () => {
    const { id, token } = await newUser();
    for (let i = 1; i <= 4; i++) {
      await Promise.all([profileOn(a, token), profileOn(b, token)]);
      await announcement('audition_user_changed', id, () => sql.query(`update users set fname = $1, version = version + 1 where id = $2`, [`Renamed ${i}`, id]));
      for (const app of [a, b]) expect((await profileOn(app, token)).body?.fname).toBe(`Renamed ${i}`);
    }
  });

  it('never serves an old search answer after a studio is added', async () => {
    for (let i = 1; i <= 4; i++) {
      const [onA, onB] = await Promise.all([searchOn(a, 'Zebrafinch'), searchOn(b, 'Zebrafinch')]);
      expect(onA).toEqual(onB);
      expect(onA).toHaveLength(i - 1);
      await announcement('audition_counter_changed', 'studios', () =>
        sql.query(`insert into studios (fname, location, profile_pic, banner, project_desc, number) values ($1, 'Pune', '', '', 'A studio', '9000000000')`, [`Zebrafinch Films ${i}`]),
      );
      for (const app of [a, b]) expect(await searchOn(app, 'Zebrafinch')).toContain(`Zebrafinch Films ${i}`);
    }
  });

  it('never serves an old job board, job page or studio job list after jobs or their studio change', async () => {
    const { rows } = await sql.query<{ id: string }>(
      `insert into studios (fname, location, profile_pic, banner, project_desc, number) values ('Kingfisher Pictures', 'Goa', '', '', 'A studio', '9000000000') returning id`,
    );
    const studioId = rows[0]!.id;
    const board = async (app: AppProcess) => {
      const res = await fetch(`${app.baseUrl}/api/jobs?q=kingfisher`, { headers: browser });
      expect(res.status).toBe(200);
      return ((await res.json()) as { jobs: { _id: string; title: string; studio: { fname: string } }[] }).jobs;
    };
    const studioJobs = async (app: AppProcess) => {
      const res = await fetch(`${app.baseUrl}/api/studio/alljobs/${studioId}`, { headers: browser });
      expect(res.status).toBe(200);
      return ((await res.json()) as { post: { _id: string }[] }).post.map((j) => j._id);
    };
    const jobPage = (app: AppProcess, id: string) => fetch(`${app.baseUrl}/api/jobs/${id}`, { headers: browser });
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) {
      // Both instances hold the current answers before the write.
      for (const app of [a, b]) {
        expect(await board(app)).toHaveLength(i - 1);
        expect(await studioJobs(app)).toHaveLength(i - 1);
        for (const id of ids) expect((await jobPage(app, id)).status).toBe(200);
      }
      await announcement('audition_counter_changed', 'jobs', async () => {
        const added = await sql.query<{ id: string }>(
          // A long description keeps the board's answer over 1 KB, so compressed bytes are cached too.
          `insert into jobs (studio_id, title, job_type, description, profession, gender, location, pay) values ($1, $2, 'Feature film', $3, 'Actor', 'Any', 'Goa', 'Paid') returning id`,
          [studioId, `Kingfisher role ${i}`, 'A long shoot by the sea. '.repeat(40)],
        );
        ids.push(added.rows[0]!.id);
      });
      for (const app of [a, b]) {
        expect((await board(app)).map((j) => j.title)).toContain(`Kingfisher role ${i}`);
        expect(await studioJobs(app)).toContain(ids.at(-1));
      }
    }
    await announcement('audition_counter_changed', 'studios', () => sql.query(`update studios set fname = 'Kingfisher Films' where id = $1`, [studioId]));
    for (const app of [a, b]) {
      expect((await board(app)).map((j) => j.studio.fname)).toEqual(['Kingfisher Films', 'Kingfisher Films', 'Kingfisher Films']);
      expect(((await (await jobPage(app, ids[0]!)).json()) as { studio: { fname: string } }).studio.fname).toBe('Kingfisher Films');
    }
    await announcement('audition_counter_changed', 'jobs', () => sql.query(`update jobs set hidden = true where id = $1`, [ids[0]]));
    for (const app of [a, b]) {
      expect((await jobPage(app, ids[0]!)).status).toBe(404);
      expect((await board(app)).map((j) => j._id)).not.toContain(ids[0]);
      expect(await studioJobs(app)).not.toContain(ids[0]);
    }
  });
  it('never serves an old talent search after a performer’s edit through the other instance, or another writer’s', async () => {
    const { rows: studioRows } = await sql.query<{ id: string }>(
      `insert into users (email, fname, password_hash, role) values ($1, 'Talent Cache Studio', 'not-a-login', 'studio') returning id`,
      [`talent-studio-${Date.now()}@example.com`],
    );
    const studioToken = await signToken(new TextEncoder().encode(JWT_SECRET), studioRows[0]!.id, 0);
    // Others in the same answer with long picture URLs keep it over 1 KB, so compressed bytes are cached too.
    for (let i = 0; i < 4; i++) {
      await sql.query(`insert into users (email, fname, password_hash, location, profile_pic) values ($1, $2, 'not-a-login', 'Wagtailpur', $3)`, [
        `wagtail-${i}-${Date.now()}@example.com`,
        `Wagtail Other ${i}`,
        `https://example.com/${'pictures/'.repeat(30)}${i}.jpg`,
      ]);
    }
    const { id, token } = await newUser();
    await sql.query(`update users set location = 'Wagtailpur' where id = $1`, [id]);
    const talent = async (app: AppProcess) => {
      const res = await fetch(`${app.baseUrl}/api/studio/talent?location=wagtailpur`, { headers: { ...browser, 'x-auth-token': studioToken } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { talent: { _id: string; fname: string }[] }).talent;
    };
    const mine = async (app: AppProcess) => (await talent(app)).find((p) => p._id === id)?.fname;
    for (let i = 1; i <= 4; i++) {
      // Both instances hold the current answer before the write.
      for (const app of [a, b]) expect(await talent(app)).toHaveLength(5);
      const writer = i % 2 === 0 ? a : b;
      await announcement('audition_counter_changed', 'performers', async () => {
        const saved = await fetch(`${writer.baseUrl}/api/audition/updateBasicInfo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-auth-token': token },
          body: JSON.stringify({ fname: `Wagtail Edited ${i}`, location: 'Wagtailpur', gender: 'Male', category: 'Actor' }),
        });
        expect(saved.status).toBe(200);
      });
      for (const app of [a, b]) expect(await mine(app)).toBe(`Wagtail Edited ${i}`);
    }
    await announcement('audition_counter_changed', 'performers', () => sql.query(`update users set fname = 'Wagtail Outside' where id = $1`, [id]));
    for (const app of [a, b]) expect(await mine(app)).toBe('Wagtail Outside');
    await announcement('audition_counter_changed', 'performers', async () => {
      const saved = await fetch(`${a.baseUrl}/api/audition/updateBasicInfo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-token': token },
        body: JSON.stringify({ visibility: 'private' }),
      });
      expect(saved.status).toBe(200);
    });
    for (const app of [b, a]) {
      expect(await mine(app)).toBeUndefined();
      expect(await talent(app)).toHaveLength(4);
    }
  });
});
