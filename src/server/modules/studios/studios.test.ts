import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { NEXT_CURSOR_HEADER, STUDIO_LIMITS, type JobsAnswer, type Studio } from '../../../contract/studios.js';
import { jobs, studios } from '../../db/schema/index.js';
import { seedStudios } from '../../seed/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { newAddress } from '../../../../test/factories.js';
import { announced } from '../../../../test/announcements.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: newAddress() });

async function addStudio(values: Partial<typeof studios.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(studios)
    .values({ fname: 'Kaveri Frames', location: 'Chennai, Tamil Nadu', projectDesc: 'A film studio.', ...values })
    .returning();
  return row!;
}

async function allIdsInOrder(): Promise<string[]> {
  const rows = await t.ctx.db.select({ id: studios.id }).from(studios).orderBy(studios.createdAt, studios.id);
  return rows.map((r) => r.id);
}

describe('GET /api/audition/getAllStudio', () => {
  it('pages through every studio exactly once, in (created_at, id) order, ties and microseconds included', async () => {
    await seedStudios(t.ctx.db, 230, { batchSize: 100 });
    // Same instant for several rows, and instants one microsecond apart: the cursor must keep both apart.
    await t.ctx.db.insert(studios).values(
      Array.from({ length: 6 }, (_, i) => ({ fname: `Tied Studio ${i}`, createdAt: sql`'2030-01-01 00:00:00.000001+00'::timestamptz` })),
    );
    await t.ctx.db.insert(studios).values(
      Array.from({ length: 6 }, (_, i) => ({ fname: `Micro Studio ${i}`, createdAt: sql`${`2030-01-01 00:00:00.00000${i + 2}+00`}::timestamptz` })),
    );
    const expected = await allIdsInOrder();
    expect(expected.length).toBeGreaterThanOrEqual(242);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(`/api/audition/getAllStudio?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Studio[];
      expect(page.length).toBeLessThanOrEqual(7);
      seen.push(...page.map((s) => s._id));
      cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      pages += 1;
    } while (cursor && pages < 1000);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it(`answers ${STUDIO_LIMITS.pageDefault} studios and a next cursor without a limit, and no cursor on the last page`, async () => {
    const first = await get('/api/audition/getAllStudio');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(STUDIO_LIMITS.pageDefault);
    expect(first.headers[NEXT_CURSOR_HEADER]).toEqual(expect.any(String));

    const [{ n } = { n: 0 }] = await t.ctx.db.select({ n: count() }).from(studios);
    const ids = await allIdsInOrder();
    // Start the last page from the second-to-last studio's position by paging with the biggest limit.
    let cursor: string | undefined;
    let last: Studio[] = [];
    for (let i = 0; i <= Math.ceil(n / STUDIO_LIMITS.pageMax); i += 1) {
      const res = await get(`/api/audition/getAllStudio?limit=${STUDIO_LIMITS.pageMax}${cursor ? `&cursor=${cursor}` : ''}`);
      last = res.json() as Studio[];
      cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      if (!cursor) break;
    }
    expect(cursor).toBeUndefined();
    expect(last.at(-1)?._id).toBe(ids.at(-1));
  });

  it('answers each studio with the fields of docs/product.md §3 and its banner', async () => {
    const res = await get('/api/audition/getAllStudio?limit=1');
    const [first] = res.json() as Studio[];
    expect(Object.keys(first!).sort()).toEqual(['_id', 'banner', 'fname', 'location', 'number', 'profilePic', 'projectDesc', 'verified']);
  });

  it('answers 304 to a repeated poll and 200 with a new ETag after a studio is added, changed or removed', async () => {
    const url = '/api/audition/getAllStudio?limit=5';
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    let change = announced(t, 'counter', 'studios');
    const added = await addStudio({ fname: 'Fresh Studio' });
    await change;
    const afterAdd = await get(url, { 'if-none-match': etag });
    expect(afterAdd.statusCode).toBe(200);
    const etag2 = afterAdd.headers.etag as string;
    expect(etag2).not.toBe(etag);
    expect((await get(url, { 'if-none-match': etag2 })).statusCode).toBe(304);

    change = announced(t, 'counter', 'studios');
    await t.ctx.db.update(studios).set({ fname: 'Fresh Studio Renamed' }).where(eq(studios.id, added.id));
    await change;
    const afterUpdate = await get(url, { 'if-none-match': etag2 });
    expect(afterUpdate.statusCode).toBe(200);
    const etag3 = afterUpdate.headers.etag as string;

    change = announced(t, 'counter', 'studios');
    await t.ctx.db.delete(studios).where(eq(studios.id, added.id));
    await change;
    const afterDelete = await get(url, { 'if-none-match': etag3 });
    expect(afterDelete.statusCode).toBe(200);
    expect(afterDelete.headers.etag).not.toBe(etag3);
  });

  it('gives each page its own ETag', async () => {
    const a = await get('/api/audition/getAllStudio?limit=5');
    const b = await get('/api/audition/getAllStudio?limit=6');
    expect(a.headers.etag).not.toBe(b.headers.etag);
    expect((await get('/api/audition/getAllStudio?limit=6', { 'if-none-match': a.headers.etag as string })).statusCode).toBe(200);
  });

  it.each(['0', '101', '-1', '2.5', 'abc', ''])('refuses limit=%s with 400 { msg }', async (limit) => {
    const res = await get(`/api/audition/getAllStudio?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(MSG.invalidPageLimit);
  });

  it.each([
    'nonsense',
    Buffer.from('2025-01-01_x').toString('base64url'),
    'x'.repeat(201),
    // The right shape, an impossible date: must not reach the database.
    Buffer.from('2024-13-45T99:00:00.000000Z_0b6f7d7e-3c1a-4c53-9a4c-0d1e2f3a4b5c').toString('base64url'),
  ])(
    'refuses a cursor it did not make with 400 { msg } (%#)',
    async (cursor) => {
      const res = await get(`/api/audition/getAllStudio?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(MSG.invalidCursor);
    },
  );
});

describe('GET /api/studio/{id}', () => {
  it('answers one studio by id', async () => {
    const row = await addStudio({ fname: 'Backwater Stories', location: 'Kochi, Kerala', banner: '/demo/banner-1.webp', number: '9820012345' });
    const res = await get(`/api/studio/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: row.id,
      fname: 'Backwater Stories',
      location: 'Kochi, Kerala',
      profilePic: '',
      banner: '/demo/banner-1.webp',
      projectDesc: 'A film studio.',
      number: '9820012345',
      verified: false,
    });
  });

  it.each(['0b6f7d7e-3c1a-4c53-9a4c-0d1e2f3a4b5c', 'not-a-uuid', '1', "x'or'1'='1"])('answers 404 { msg } to the id %s', async (id) => {
    const res = await get(`/api/studio/${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(MSG.studioNotFound);
  });
});

describe('GET /api/studio/alljobs/{studioId}', () => {
  it('answers { post } with the jobs newest first', async () => {
    const studio = await addStudio();
    const day = 24 * 3600_000;
    const now = Date.now();
    await t.ctx.db.insert(jobs).values([
      { studioId: studio.id, jobType: 'Oldest', description: 'first post', images: ['/demo/job-1.webp'], createdAt: new Date(now - 3 * day) },
      { studioId: studio.id, jobType: 'Newest', description: 'third post', images: ['/demo/job-2.webp', '/demo/job-3.webp'], createdAt: new Date(now) },
      { studioId: studio.id, jobType: 'Middle', description: 'second post', images: [], createdAt: new Date(now - day) },
    ]);
    const res = await get(`/api/studio/alljobs/${studio.id}`);
    expect(res.statusCode).toBe(200);
    const { post } = res.json() as JobsAnswer;
    expect(post.map((p) => p.jobType)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(post[0]).toMatchObject({ studioId: studio.id, description: 'third post', images: ['/demo/job-2.webp', '/demo/job-3.webp'] });
    expect(Object.keys(post[0]!).sort()).toEqual(['_id', 'createdAt', 'description', 'images', 'jobType', 'studioId']);
  });

  it('answers { post: [] } for a studio without jobs', async () => {
    const studio = await addStudio();
    const res = await get(`/api/studio/alljobs/${studio.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ post: [] });
  });

  it('does not mix the jobs of two studios', async () => {
    const [a, b] = [await addStudio(), await addStudio()];
    await t.ctx.db.insert(jobs).values([
      { studioId: a.id, jobType: 'Only A' },
      { studioId: b.id, jobType: 'Only B' },
    ]);
    const res = await get(`/api/studio/alljobs/${a.id}`);
    expect((res.json() as JobsAnswer).post.map((p) => p.jobType)).toEqual(['Only A']);
  });

  it.each(['0b6f7d7e-3c1a-4c53-9a4c-0d1e2f3a4b5c', 'not-a-uuid'])('answers 404 { msg } to the studio id %s', async (id) => {
    const res = await get(`/api/studio/alljobs/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(MSG.studioNotFound);
  });
});
