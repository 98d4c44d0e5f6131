/** The forgiving studio search (docs/screens.md): accents and small typos, and /studio's paged find. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { STUDIO_LIMITS, type Studio, type StudioFindAnswer } from '../../../contract/studios.js';
import { rowsOf } from '../../db/raw.js';
import { studios } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { newAddress } from '../../../../test/factories.js';

let t: TestApp;

const FIXTURES = [
  { fname: 'Kaveri Frames', location: 'Mysuru, Karnataka' },
  { fname: 'Marigold Casting House', location: 'Chennai, Tamil Nadu' },
  { fname: 'Silver Reel Studios', location: 'Mumbai, Maharashtra' },
  { fname: 'Café Lumière', location: 'Pondichéry' },
  ...Array.from({ length: 2 * STUDIO_LIMITS.findPage + 3 }, (_, i) => ({ fname: `Bulk Casting ${String(i + 1).padStart(2, '0')}`, location: 'Nagpur, Maharashtra' })),
];

beforeAll(async () => {
  t = await buildTestApp();
  // A second apart, so created_at gives the list its order: PGlite's clock moves by whole
  // milliseconds, and rows inserted within one would be ordered by their random ids.
  const start = Date.now() - FIXTURES.length * 1000;
  await t.ctx.db.insert(studios).values(FIXTURES.map((row, i) => ({ ...row, createdAt: new Date(start + i * 1000) })));
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: newAddress() });
const live = async (text: string) => {
  const res = await get(`/api/showAllStudioList?search=${encodeURIComponent(text)}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Studio[]).map((s) => s.fname);
};
const find = async (query: Record<string, string>) => {
  const res = await get(`/api/studios/find?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StudioFindAnswer;
};

describe('the live search forgives', () => {
  it('ignores accents on either side', async () => {
    expect(await live('Kāveri')).toEqual(['Kaveri Frames']);
    expect(await live('cafe lumiere')).toEqual(['Café Lumière']);
    expect(await live('PONDICHERY')).toEqual(['Café Lumière']);
  });

  it('finds a name a small typo away, and nothing for a text unlike any', async () => {
    expect((await live('marigld'))[0]).toBe('Marigold Casting House');
    expect((await live('silvr reel'))[0]).toBe('Silver Reel Studios');
    expect(await live('zzqx')).toEqual([]);
  });

  it('still puts exact matches first: names that start with the text, then contain it, then locations', async () => {
    const found = await live('casting');
    expect(found).toHaveLength(STUDIO_LIMITS.searchResults);
    expect(found.slice(0, 3)).toEqual(['Bulk Casting 01', 'Bulk Casting 02', 'Bulk Casting 03']);
    expect(await live('cast')).not.toContain('Café Lumière');
    expect((await live('asting h'))[0]).toBe('Marigold Casting House');
  });
});

describe('GET /api/studios/find', () => {
  it('with no text and no location: the list in its own order, a page at a time', async () => {
    const first = await find({});
    expect(first.total).toBe(FIXTURES.length);
    expect(first.pages).toBe(Math.ceil(FIXTURES.length / STUDIO_LIMITS.findPage));
    expect(first.studios.map((s) => s.fname)).toEqual(FIXTURES.slice(0, STUDIO_LIMITS.findPage).map((s) => s.fname));
    const last = await find({ page: String(first.pages) });
    expect(last.studios.map((s) => s.fname)).toEqual(FIXTURES.slice((first.pages - 1) * STUDIO_LIMITS.findPage).map((s) => s.fname));
    const past = await find({ page: String(first.pages + 1) });
    expect(past).toMatchObject({ studios: [], total: FIXTURES.length, pages: first.pages });
  });

  it('answers every match of the text, beyond the live search’s 20, typos and accents forgiven', async () => {
    const all = await find({ q: 'cásting' });
    expect(all.total).toBe(FIXTURES.length - 3);
    expect(all.studios[0]!.fname).toBe('Bulk Casting 01');
    expect((await find({ q: 'marigld' })).studios.map((s) => s.fname)).toEqual(['Marigold Casting House']);
  });

  it('filters by location, with or without a text', async () => {
    const maharashtra = await find({ location: 'maharashtra' });
    expect(maharashtra.total).toBe(FIXTURES.length - 3);
    const both = await find({ q: 'silver', location: 'Mumbaí' });
    expect(both.studios.map((s) => s.fname)).toEqual(['Silver Reel Studios']);
    expect((await find({ q: 'silver', location: 'Chennai' })).total).toBe(0);
  });

  it('refuses a bad page number or a text too long with a clear message', async () => {
    for (const page of ['0', '-1', '1.5', 'two']) {
      const res = await get(`/api/studios/find?page=${page}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: MSG.invalidPageNumber });
    }
    const long = await get(`/api/studios/find?q=${'a'.repeat(STUDIO_LIMITS.searchTextMax + 1)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ msg: MSG.tooLong('Search', STUDIO_LIMITS.searchTextMax) });
  });
});

describe('the names the typo tier ranks (studio_names, migration 0020)', () => {
  type Name = { folded: string; studios: number };
  const names = () => rowsOf<Name>(t.ctx.db, sql`select folded, studios from studio_names order by folded`);
  const recount = () =>
    rowsOf<Name>(t.ctx.db, sql`select search_fold(fname) as folded, count(*)::int as studios from studios where deleted_at is null group by 1 order by 1`);

  it('follow renames, a name shared by two studios, deletions and soft deletions', async () => {
    const [lantern, twin] = await t.ctx.db
      .insert(studios)
      .values([{ fname: 'Lotus Lantern Films' }, { fname: 'Lotus Lantern Films' }])
      .returning({ id: studios.id });
    expect((await live('lotus lanturn')).slice(0, 2)).toEqual(['Lotus Lantern Films', 'Lotus Lantern Films']);

    await t.ctx.db.update(studios).set({ fname: 'Peony Pavilion Films' }).where(eq(studios.id, lantern!.id));
    expect(await live('peony pavillion')).toEqual(['Peony Pavilion Films']);
    expect((await live('lotus lantrn')).filter((name) => name === 'Lotus Lantern Films')).toHaveLength(1);

    // Letter case alone changes no folded name; a soft deletion takes the name away.
    await t.ctx.db.update(studios).set({ fname: 'PEONY PAVILION FILMS' }).where(eq(studios.id, lantern!.id));
    await t.ctx.db.update(studios).set({ deletedAt: new Date() }).where(eq(studios.id, twin!.id));
    expect(await live('lotus lantrnn')).not.toContain('Lotus Lantern Films');
    await t.ctx.db.delete(studios).where(eq(studios.id, lantern!.id));
    expect(await live('peony pavilon')).toEqual([]);

    expect(await names()).toEqual(await recount());
    expect((await names()).map((n) => n.folded)).not.toContain('peony pavilion films');
  });

  it('follow a statement that moves many studios at once, and a truncation', async () => {
    await t.ctx.db.update(studios).set({ fname: sql`${studios.fname} || ' Arts'` }).where(sql`${studios.fname} like 'Bulk Casting%'`);
    expect(await names()).toEqual(await recount());
    expect((await live('bulk castng 01 arts'))[0]).toBe('Bulk Casting 01 Arts');
    await t.ctx.db.execute(sql`truncate studios cascade`);
    expect(await names()).toEqual([]);
  });
});

describe('the typo tier, through names many studios share', () => {
  // Word similarity to "juniper junctin": 0.85 for Juniper Junction, 0.77 for Juniper Juncture.
  const typo = 'juniper junctin';
  const farther = Array.from({ length: STUDIO_LIMITS.searchResults }, () => 'Juniper Juncture');

  beforeAll(async () => {
    await t.ctx.db.insert(studios).values(['Juniper Junction', ...farther].map((fname) => ({ fname })));
    // A soft-deleted studio whose name a live one still bears, so the name stays in studio_names.
    const [gone] = await t.ctx.db.insert(studios).values({ fname: 'Juniper Junction' }).returning({ id: studios.id });
    await t.ctx.db.update(studios).set({ deletedAt: new Date() }).where(eq(studios.id, gone!.id));
  });

  it('brings the closest name first, though the farther one alone bears enough studios', async () => {
    expect(await live(typo)).toEqual(['Juniper Junction', ...farther.slice(0, -1)]);
  });

  it('lets /api/studios/find page through every live studio of the near names, closest first', async () => {
    const first = await find({ q: typo });
    expect(first).toMatchObject({ total: 1 + farther.length, pages: 2 });
    expect(first.studios.map((s) => s.fname)).toEqual(['Juniper Junction', ...farther.slice(0, STUDIO_LIMITS.findPage - 1)]);
    const second = await find({ q: typo, page: '2' });
    expect(second.studios.map((s) => s.fname)).toEqual(farther.slice(STUDIO_LIMITS.findPage - 1));
  });
});
