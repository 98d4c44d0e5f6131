import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAST_MSG, type JobPost } from '../../../contract/jobs.js';
import {
  TALENT_LIMITS,
  TALENT_MSG,
  type Portfolio,
  type RecommendationsAnswer,
  type Shortlist,
  type ShortlistsAnswer,
  type TalentAnswer,
} from '../../../contract/talent.js';
import { CHANNELS } from '../../db/change-feed.js';
import { rowsOf } from '../../db/raw.js';
import { applications, users } from '../../db/schema/index.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, uploadImage, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { heightCmOf } from '../../../contract/units.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

/** A performer whose profile is set through the real profile calls. */
async function performer(fields: Record<string, string> = {}, basic: Record<string, string> = {}): Promise<Performer> {
  const p = await buildPerformer(t, { fname: fields.fname ?? 'Talent Person' });
  const { fname = p.fname, location = '', gender = 'Male', age, height, ...appearance } = fields;
  // An age or height that is not a number is refused by the form now; profiles saved before that still hold one, written here as they were.
  const readable = age === undefined || /^\d+$/.test(age);
  const tall = height !== undefined && heightCmOf(height) === null;
  const saved = await call('POST', '/api/audition/updateAppearance', p.token, {
    fname, location, gender, ...appearance, ...(readable && age !== undefined ? { age } : {}), ...(height !== undefined && !tall ? { height } : {}),
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  if (!readable) await t.ctx.db.update(users).set({ age }).where(eq(users.id, p._id));
  if (tall) await t.ctx.db.update(users).set({ height }).where(eq(users.id, p._id));
  // The profile form saved once: its title, gender and profession are choices (docs/talent.md, "Stated, not defaulted").
  const res = await call('POST', '/api/audition/updateBasicInfo', p.token, { fname, location, gender, ...basic });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { ...p, fname };
}

const search = async (query: string, token = studio.token) => {
  const res = await call('GET', `/api/studio/talent?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TalentAnswer;
};
const ids = (a: TalentAnswer) => a.talent.map((p) => p._id);

beforeAll(async () => {
  t = await buildTestApp();
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Talent Studio' }), buildStudioAccount(t, { fname: 'Rival Studio' })]);
});
afterAll(async () => {
  await t.close();
});

const rows = <T>(query: SQL) => rowsOf<T>(t.ctx.db, query);

describe('height and age read from the free text', () => {
  const heights: [string, number | null][] = [
    ['172 cm', 172],
    ['172', 172],
    ['172cm', 172],
    ['1.72 m', 172],
    ['1.72', 172],
    ['1.6m', 160],
    [`5'8"`, 173],
    [`5' 8''`, 173],
    ['5 ft 8 in', 173],
    ['5 feet 8 inches', 173],
    ['6ft', 183],
    ['5’ 4”', 163],
    ['tall', null],
    ['', null],
    ['5', null],
    ['5 ft 13 in', null],
    ['999 cm', null],
    ['-172', null],
  ];
  it.each(heights)('%j is %s cm', async (text, cm) => {
    const [row] = (await rows<{ cm: number | null }>(sql`select talent_height_cm(${text}) as cm`));
    expect(row?.cm ?? null).toBe(cm);
    // The screens' formatter reads the text the same way (contract/units.ts).
    expect(heightCmOf(text)).toBe(cm);
  });

  const ages: [string, number | null][] = [
    ['24', 24],
    ['24 years', 24],
    ['24 yrs old', 24],
    ['twenty', null],
    ['20-25', null],
    ['0', null],
  ];
  it.each(ages)('age %j is %s', async (text, years) => {
    const [row] = await rows<{ y: number | null }>(sql`select talent_age_years(${text}) as y`);
    expect(row?.y ?? null).toBe(years);
  });

  it('keeps the numbers current as the profile is saved', async () => {
    const p = await performer({ height: '5 ft 8 in', age: '23' });
    const read = async () => (await t.ctx.db.select({ h: users.heightCm, a: users.ageYears, c: users.completeness }).from(users).where(eq(users.id, p._id)))[0];
    expect(await read()).toMatchObject({ h: 173, a: 23 });
    await call('POST', '/api/audition/updateAppearance', p.token, { fname: p.fname, height: '', age: '' });
    expect(await read()).toMatchObject({ h: null, a: null });
    // A text from before the editor had units reads as no number.
    await t.ctx.db.update(users).set({ height: 'unknown' }).where(eq(users.id, p._id));
    expect(await read()).toMatchObject({ h: null, a: null });
  });
});

describe('talent search', () => {
  let priya: Performer;
  let meera: Performer;
  let raj: Performer;
  let hidden: Performer;
  let tall: Performer;
  beforeAll(async () => {
    priya = await performer({ fname: 'Priya Kapoor', gender: 'Female', location: 'Mumbai', age: '24', height: '165 cm' }, { category: 'Dancer' });
    meera = await performer({ fname: 'Meera Joshi', gender: 'Female', location: 'Pune', age: '31', height: `5'4"` }, { category: 'Dancer' });
    raj = await performer({ fname: 'Raj Mumbaikar', gender: 'Male', location: 'Delhi', age: '28', height: '1.80 m' }, { category: 'Actor' });
    tall = await performer({ fname: 'Unparsed Height', gender: 'Female', location: 'Mumbai', age: 'young', height: 'tall' }, { category: 'Dancer' });
    hidden = await performer({ fname: 'Priya Hidden', gender: 'Female', location: 'Mumbai', age: '24', height: '165' }, { category: 'Dancer' });
    await call('POST', '/api/audition/updateBasicInfo', hidden.token, { visibility: 'private' });
    const photo = await uploadImage(t, meera.token);
    const added = await call('POST', '/api/upload/media', meera.token, { mediaType: 'photos', media: photo });
    expect(added.statusCode, added.body).toBe(200);
  });

  it('each filter alone', async () => {
    expect(ids(await search('q=priya'))).toEqual([priya._id]);
    expect(ids(await search('profession=Actor'))).toContain(raj._id);
    expect(ids(await search('profession=Actor'))).not.toContain(priya._id);
    const women = ids(await search('gender=Female'));
    expect(women).toEqual(expect.arrayContaining([priya._id, meera._id, tall._id]));
    expect(women).not.toContain(raj._id);
    expect(ids(await search('ageMin=30'))).toContain(meera._id);
    expect(ids(await search('ageMin=30'))).not.toContain(priya._id);
    expect(ids(await search('ageMax=25'))).toEqual(expect.arrayContaining([priya._id]));
    expect(ids(await search('ageMax=25'))).not.toContain(meera._id);
    expect(ids(await search('heightMin=175'))).toContain(raj._id);
    expect(ids(await search('heightMin=175'))).not.toContain(priya._id);
    expect(ids(await search('heightMax=163'))).toContain(meera._id);
    expect(ids(await search('location=mumbai'))).toEqual(expect.arrayContaining([priya._id, tall._id]));
    expect(ids(await search('location=mumbai'))).not.toContain(raj._id);
    expect(ids(await search('has=photos'))).toEqual([meera._id]);
    expect(ids(await search('has=videos'))).toEqual([]);
  });

  it('filters combined; what does not parse matches no bound', async () => {
    const found = ids(await search('profession=Dancer&gender=Female&ageMin=20&ageMax=30&location=Mumbai'));
    expect(found).toEqual([priya._id]);
    expect(ids(await search('gender=Female&heightMin=100&heightMax=250'))).not.toContain(tall._id);
    expect(ids(await search('gender=Female&ageMin=1'))).not.toContain(tall._id);
    // Empty values are no filter, as an empty select sends them.
    expect(ids(await search('q=&profession=&gender=&ageMin=&has=&location=priya'))).toEqual([]);
  });

  it('the text matches the name first: a name match comes before a location match', async () => {
    const found = ids(await search('q=mumbai'));
    expect(found[0]).toBe(raj._id);
    expect(found).toEqual(expect.arrayContaining([priya._id, tall._id]));
  });

  it('never lists a private profile, nor serves it by id to another studio or anyone else', async () => {
    expect(ids(await search('q=hidden'))).toEqual([]);
    expect(ids(await search('gender=Female&location=Mumbai'))).not.toContain(hidden._id);
    for (const token of [undefined, studio.token, priya.token]) {
      const res = await call('GET', `/api/talent/${hidden._id}`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ msg: TALENT_MSG.performerNotFound });
    }
    // The performer sees their own page.
    expect((await call('GET', `/api/talent/${hidden._id}`, hidden.token)).statusCode).toBe(200);
  });

  it('answers only studio accounts', async () => {
    expect((await call('GET', '/api/studio/talent', priya.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/studio/talent')).statusCode).toBe(401);
  });

  it('refuses bad input with 400 { msg }', async () => {
    const bad: [string, string][] = [
      ['profession=Astronaut', 'Profession must be one of'],
      ['gender=Robot', 'Gender must be one of'],
      ['has=holograms', 'Has must be one of'],
      ['ageMin=30&ageMax=20', TALENT_MSG.ageOrder],
      ['heightMin=190&heightMax=150', TALENT_MSG.heightOrder],
      ['heightMin=-5', 'Height from must be a whole number'],
      ['ageMax=abc', 'Age to must be a whole number'],
      ['heightMax=9999', 'Height to must be a whole number'],
      [`q=${'x'.repeat(10_000)}`, 'Search'],
      [`location=${'x'.repeat(10_000)}`, 'Location'],
      ['sort=plan', 'Unknown field: sort'],
      ['cursor=not-a-cursor', TALENT_MSG.invalidCursor],
    ];
    for (const [query, msg] of bad) {
      const res = await call('GET', `/api/studio/talent?${query}`, studio.token);
      expect(res.statusCode, query.slice(0, 40)).toBe(400);
      expect((res.json() as { msg: string }).msg).toContain(msg);
    }
  });

  it('pages by cursor with nothing skipped or repeated, and refuses a cursor from another search or list', async () => {
    const many = await Promise.all(Array.from({ length: TALENT_LIMITS.page + 3 }, (_, i) => performer({ fname: `Pager ${i}`, location: 'Pagerville' })));
    const first = await search('location=Pagerville');
    expect(first.talent).toHaveLength(TALENT_LIMITS.page);
    expect(first.nextCursor).toBeTruthy();
    const second = await search(`location=Pagerville&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...ids(first), ...ids(second)])).toEqual(new Set(many.map((p) => p._id)));
    // The same cursor with other filters, or the job board's cursor, is refused.
    const foreign = await call('GET', `/api/studio/talent?location=Elsewhere&cursor=${first.nextCursor}`, studio.token);
    expect(foreign.statusCode).toBe(400);
    const boardCursor = Buffer.from(`2024-01-01T00:00:00.000000Z_${priya._id}`).toString('base64url');
    expect((await call('GET', `/api/studio/talent?cursor=${boardCursor}`, studio.token)).statusCode).toBe(400);
    // A forged cursor of this search whose date does not exist (JavaScript rolls it over,
    // PostgreSQL refuses it) answers 400, not 500.
    const [kind, score, completeness, , id, key] = Buffer.from(first.nextCursor!, 'base64url').toString('utf8').split('|');
    for (const at of ['2026-02-30T12:00:00.000000Z', '2025-02-29T12:00:00.000000Z', '2026-01-01T24:00:00.000000Z', '0000-01-01T00:00:00.000000Z']) {
      const forged = Buffer.from([kind, score, completeness, at, id, key].join('|'), 'utf8').toString('base64url');
      const res = await call('GET', `/api/studio/talent?location=Pagerville&cursor=${forged}`, studio.token);
      expect(res.statusCode, at).toBe(400);
      expect(res.json(), at).toMatchObject({ msg: TALENT_MSG.invalidCursor });
    }
    // Text search pages too.
    const byText = await search('q=pager');
    const rest = await search(`q=pager&cursor=${byText.nextCursor}`);
    expect(new Set([...ids(byText), ...ids(rest)]).size).toBe(TALENT_LIMITS.page + 3);
  });

  it('orders by completeness before freshness', async () => {
    const sparse = await performer({ fname: 'Order Sparse', location: 'Orderton' });
    const full = await performer({
      fname: 'Order Full',
      location: 'Orderton',
      age: '25',
      height: '170',
      weight: '60 kg',
      bodyType: 'Athletic',
      hairColor: 'Black',
      eyeColor: 'Brown',
    });
    const newest = await performer({ fname: 'Order Newest', location: 'Orderton' });
    expect(ids(await search('location=Orderton'))).toEqual([full._id, newest._id, sparse._id]);
  });
});

describe('talent answers cached by version', () => {
  /** The performers' change counter, as the database keeps it (migration 0019). */
  const version = async () => Number((await rows<{ version: string }>(sql`select version from change_counters where name = 'performers'`))[0]?.version);
  const names = async (query: string, token = studio.token) => (await search(query, token)).talent.map((p) => p.fname);

  it('answers the same JSON compressed or not, and the same to every studio', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => performer({ fname: `Packed Person ${i}`, location: 'Packedpur' })));
    const read = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/api/studio/talent?location=Packedpur', headers: { 'x-auth-token': studio.token, ...(encoding ? { 'accept-encoding': encoding } : {}) }, remoteAddress: newAddress() });
    const plain = await read();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect((plain.json() as TalentAnswer).talent).toHaveLength(8);
    for (const encoding of ['br', 'gzip']) {
      // Twice: the second answer comes from the cached compressed bytes.
      for (let i = 0; i < 2; i++) {
        const packed = await read(`${encoding}, deflate`);
        expect(packed.headers['content-encoding']).toBe(encoding);
        const raw = encoding === 'br' ? brotliDecompressSync(packed.rawPayload) : gunzipSync(packed.rawPayload);
        expect(raw.toString()).toBe(plain.body);
      }
    }
    expect((await call('GET', '/api/studio/talent?location=Packedpur', rival.token)).body).toBe(plain.body);
  });

  it('shows a performer’s edit of a searched field, a new picture, and a profile turned private on the next search', async () => {
    const p = await performer({ fname: 'Cachy Before', location: 'Cacheton' });
    expect(await names('q=cachy')).toEqual(['Cachy Before']);
    expect(await names('location=Cacheton&profession=Actor')).toEqual(['Cachy Before']);
    const before = await version();
    expect((await call('POST', '/api/audition/updateBasicInfo', p.token, { fname: 'Cachy After', location: 'Cacheton', gender: 'Male', category: 'Singer' })).statusCode).toBe(200);
    expect(await version()).toBeGreaterThan(before);
    expect(await names('q=cachy')).toEqual(['Cachy After']);
    expect(await names('location=Cacheton&profession=Actor')).toEqual([]);
    expect(await names('location=Cacheton&profession=Singer')).toEqual(['Cachy After']);
    // Media counts are kept by user_media's trigger: the card's count and the has filter move too.
    expect(await names('location=Cacheton&has=photos')).toEqual([]);
    const added = await call('POST', '/api/upload/media', p.token, { mediaType: 'photos', media: await uploadImage(t, p.token) });
    expect(added.statusCode, added.body).toBe(200);
    expect(await names('location=Cacheton&has=photos')).toEqual(['Cachy After']);
    expect((await search('q=cachy')).talent[0]?.media.photos).toBe(1);
    expect((await call('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'private' })).statusCode).toBe(200);
    expect(await names('q=cachy')).toEqual([]);
    expect(await names('location=Cacheton&profession=Singer')).toEqual([]);
  });

  it('shows a change written by another writer of the database once the change feed announces it', async () => {
    const p = await performer({ fname: 'Elsewhere Written', location: 'Otherton' });
    expect(await names('location=Otherton')).toEqual(['Elsewhere Written']);
    const announced = new Promise<void>((resolve) => t.ctx.changes.subscribe(CHANNELS.counter, (key) => key === 'performers' && resolve()));
    await t.ctx.db.update(users).set({ fname: 'Elsewhere Renamed' }).where(eq(users.id, p._id));
    await announced;
    expect(await names('location=Otherton')).toEqual(['Elsewhere Renamed']);
  });

  it('keeps its version through writes no search shows: logins, logging out everywhere, plans, e-mail choices, a private profile, a studio', async () => {
    const p = await performer({ fname: 'Steady Version', location: 'Steadyton' });
    const quiet = await performer({ fname: 'Quiet Private', location: 'Steadyton' });
    expect((await call('POST', '/api/audition/updateBasicInfo', quiet.token, { visibility: 'private' })).statusCode).toBe(200);
    const before = await version();
    expect((await call('POST', '/api/audition/login', undefined, { email: p.email, password: p.password })).statusCode).toBe(200);
    expect((await call('POST', '/api/me/logout-all', p.token)).statusCode).toBe(200);
    await t.ctx.db
      .update(users)
      .set({ subscriptionName: 'Gold', subscriptionPrice: 999, emailMessages: false, version: sql`${users.version} + 1` })
      .where(eq(users.id, p._id));
    await t.ctx.db.update(users).set({ fname: 'Quiet Renamed', location: 'Elsewhere' }).where(eq(users.id, quiet._id));
    await buildStudioAccount(t, { fname: 'Steady Studio' });
    expect(await version()).toBe(before);
    expect(await names('location=Steadyton')).toEqual(['Steady Version']);
  });
});

describe('a performer’s own write, on the instance that wrote it', () => {
  // A second instance on the same database that never hears PostgreSQL's notification of
  // the performers' counter: only the app's own announcements move its talent answers.
  let deaf: TestApp;
  beforeAll(async () => {
    const database = t.ctx.database;
    deaf = await buildTestApp(
      {},
      {
        database: {
          ...database,
          listen: (channels, onMessage, onLive) =>
            database.listen(channels, (channel, key) => (channel === CHANNELS.counter && key === 'performers' ? undefined : onMessage(channel, key)), onLive),
          close: async () => {},
        },
      },
    );
    // While the feed is not live every search reads the version afresh and would prove nothing.
    for (let i = 0; i < 500 && !deaf.ctx.changes.live; i++) await new Promise((r) => setTimeout(r, 10));
    expect(deaf.ctx.changes.live).toBe(true);
  });
  afterAll(async () => {
    await deaf?.close();
  });

  const on = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    deaf.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
  const cards = async (query: string) => {
    const res = await on('GET', `/api/studio/talent?${query}`, studio.token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TalentAnswer).talent;
  };
  const ok = async (call: Promise<{ statusCode: number; body: string }>) => {
    const res = await call;
    expect(res.statusCode, res.body).toBe(200);
  };

  it('shows a sign-up, every profile save, a picture, media added and removed, visibility and a deletion on its very next search', async () => {
    // Each search below was answered (and cached) just before the write it checks: a query
    // not seen before would be read afresh whatever the version.
    expect(await cards('q=nearby')).toEqual([]);
    const p = await buildPerformer(deaf, { fname: 'Nearby Newcomer' });
    expect((await cards('q=nearby')).map((c) => c._id)).toEqual([p._id]);

    const card = async () => (await cards('location=Nearbyton'))[0];
    expect(await card()).toBeUndefined();
    await ok(on('POST', '/api/audition/updateAppearance', p.token, { fname: 'Nearby Dancer', location: 'Nearbyton', gender: 'Female', age: '27' }));
    // The profile form not saved yet: its default profession is not shown as a choice (docs/talent.md).
    expect(await card()).toMatchObject({ _id: p._id, fname: 'Nearby Dancer', age: '27', category: '' });

    await ok(on('POST', '/api/audition/updateBasicInfo', p.token, { fname: 'Nearby Dancer', location: 'Nearbyton', gender: 'Female', category: 'Dancer' }));
    expect(await card()).toMatchObject({ category: 'Dancer', profilePic: '' });

    const picture = await uploadImage(deaf, p.token);
    await ok(on('POST', '/api/upload/profilePic', p.token, { profilePicUrl: picture }));
    expect(await card()).toMatchObject({ profilePic: picture, media: { photos: 0 } });

    const photo = await uploadImage(deaf, p.token);
    await ok(on('POST', '/api/upload/media', p.token, { mediaType: 'photos', media: photo }));
    expect(await card()).toMatchObject({ media: { photos: 1 } });
    await ok(on('DELETE', '/api/upload/media', p.token, { mediaType: 'photos', media: photo }));
    expect(await card()).toMatchObject({ media: { photos: 0 } });

    await ok(on('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'private' }));
    expect(await card()).toBeUndefined();
    await ok(on('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'public' }));
    expect(await card()).toMatchObject({ _id: p._id });

    await ok(on('DELETE', '/api/me', p.token, { password: p.password }));
    expect(await card()).toBeUndefined();
  });
});

describe('fairness: a plan never buys a place', () => {
  it('two performers identical but for their plan rank side by side, by id only, in search and on a shortlist', async () => {
    const fields = { fname: 'Fair Twin', gender: 'Female', location: 'Fairfield', age: '26', height: '168 cm' };
    const [a, b] = await Promise.all([performer(fields, { category: 'Singer' }), performer(fields, { category: 'Singer' })]);
    // Platinum for one, nothing for the other; every other column made the same.
    await t.ctx.db
      .update(users)
      .set({ subscriptionName: 'Platinum', subscriptionPrice: 999, subscriptionStart: new Date(), subscriptionEnd: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(users.id, a._id));
    const same = new Date('2026-01-01T00:00:00Z');
    await t.ctx.db.update(users).set({ profileChangedAt: same }).where(sql`${users.id} in (${a._id}, ${b._id})`);
    const byId = [a._id, b._id].sort().reverse();
    for (const query of ['location=Fairfield', 'q=fair%20twin', 'gender=Female&profession=Singer&location=Fairfield']) {
      const found = ids(await search(query)).filter((id) => id === a._id || id === b._id);
      expect(found, query).toEqual(byId);
    }
    // Swapping the plan changes nothing.
    await t.ctx.db.update(users).set({ subscriptionName: '', subscriptionEnd: null }).where(eq(users.id, a._id));
    await t.ctx.db.update(users).set({ subscriptionName: 'Platinum', subscriptionEnd: new Date(Date.now() + 86_400_000) }).where(eq(users.id, b._id));
    expect(ids(await search('location=Fairfield'))).toEqual(byId);
    // A shortlist lists members in the order they were added, whatever their plan.
    const list = (await call('POST', '/api/studio/shortlists', studio.token, { name: 'Fair' })).json() as Shortlist;
    await call('POST', `/api/studio/shortlists/${list._id}/members`, studio.token, { performerId: b._id });
    const after = (await call('POST', `/api/studio/shortlists/${list._id}/members`, studio.token, { performerId: a._id })).json() as Shortlist;
    expect(after.members.map((m) => m.performer._id)).toEqual([b._id, a._id]);
  });
});

describe('portfolio', () => {
  it('shows a public performer to anyone, without e-mail, number or plan', async () => {
    const p = await performer({ fname: 'Portfolio Person', gender: 'Female', location: 'Goa', age: '22', height: '160 cm' }, { category: 'Model' });
    const photo = await uploadImage(t, p.token);
    await call('POST', '/api/upload/media', p.token, { mediaType: 'photos', media: photo });
    const res = await call('GET', `/api/talent/${p._id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Portfolio;
    expect(body).toMatchObject({ _id: p._id, fname: 'Portfolio Person', category: 'Model', location: 'Goa', age: '22', height: '160 cm', photos: [photo], videos: [], review: null });
    expect(res.body).not.toContain(p.email);
    expect(body).not.toHaveProperty('subscriptionName');
    expect(body).not.toHaveProperty('number');
  });

  it('answers 404 for an unknown id, a malformed id and a studio account', async () => {
    expect((await call('GET', '/api/talent/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('GET', '/api/talent/nope')).statusCode).toBe(404);
    expect((await call('GET', `/api/talent/${studio._id}`)).statusCode).toBe(404);
  });

  it('shows a private performer to a studio they applied to, and to no other studio', async () => {
    const p = await performer({ fname: 'Private Applicant' });
    await call('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'private' });
    const job = (await call('POST', '/api/studio/jobs', studio.token, { title: 'Role', jobType: 'Film' })).json() as JobPost;
    await t.ctx.db.insert(applications).values({ jobId: job._id, performerId: p._id });
    expect((await call('GET', `/api/talent/${p._id}`, studio.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/talent/${p._id}`, rival.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/talent/${p._id}`)).statusCode).toBe(404);
    // The studio may shortlist and rate them; the rival may not.
    expect((await call('PUT', `/api/studio/talent/${p._id}/review`, studio.token, { rating: 4 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/studio/talent/${p._id}/review`, rival.token, { rating: 4 })).statusCode).toBe(404);
  });
});

describe('shortlists and reviews', () => {
  let p: Performer;
  let list: Shortlist;
  beforeAll(async () => {
    p = await performer({ fname: 'Listed Person', location: 'Chennai' }, { category: 'Singer' });
    const res = await call('POST', '/api/studio/shortlists', studio.token, { name: 'Lead singers' });
    expect(res.statusCode).toBe(201);
    list = res.json() as Shortlist;
  });

  it('adds, lists with the studio’s own rating, and removes a member', async () => {
    const added = await call('POST', `/api/studio/shortlists/${list._id}/members`, studio.token, { performerId: p._id });
    expect(added.statusCode).toBe(201);
    expect((await call('POST', `/api/studio/shortlists/${list._id}/members`, studio.token, { performerId: p._id })).statusCode).toBe(409);
    const rated = await call('PUT', `/api/studio/talent/${p._id}/review`, studio.token, { rating: 5, note: 'Great range' });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toMatchObject({ rating: 5, note: 'Great range' });
    const mine = (await call('GET', '/api/studio/shortlists', studio.token)).json() as ShortlistsAnswer;
    const found = mine.shortlists.find((l) => l._id === list._id)!;
    expect(found.members).toEqual([
      expect.objectContaining({ performer: expect.objectContaining({ _id: p._id, category: 'Singer', fname: 'Listed Person' }), review: expect.objectContaining({ rating: 5 }) }),
    ]);
    expect((await call('GET', `/api/talent/${p._id}`, studio.token)).json()).toMatchObject({ review: { rating: 5, note: 'Great range' } });
    expect((await call('DELETE', `/api/studio/shortlists/${list._id}/members/${p._id}`, studio.token)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/studio/shortlists/${list._id}/members/${p._id}`, studio.token)).statusCode).toBe(404);
  });

  it('keeps reviews private to the studio that wrote them', async () => {
    await call('PUT', `/api/studio/talent/${p._id}/review`, studio.token, { rating: 2, note: 'Secret' });
    const asRival = await call('GET', `/api/talent/${p._id}`, rival.token);
    expect(asRival.json()).toMatchObject({ review: null });
    expect(asRival.body).not.toContain('Secret');
    expect((await call('GET', `/api/talent/${p._id}`)).body).not.toContain('Secret');
    expect((await call('GET', `/api/talent/${p._id}`, p.token)).body).not.toContain('Secret');
  });

  it('answers 404 for another studio’s list, and 403 to a performer', async () => {
    expect((await call('POST', `/api/studio/shortlists/${list._id}/members`, rival.token, { performerId: p._id })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/studio/shortlists/${list._id}/members/${p._id}`, rival.token)).statusCode).toBe(404);
    const theirs = (await call('GET', '/api/studio/shortlists', rival.token)).json() as ShortlistsAnswer;
    expect(theirs.shortlists.map((l) => l._id)).not.toContain(list._id);
    expect((await call('GET', '/api/studio/shortlists', p.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/studio/shortlists', p.token, { name: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/studio/talent/${p._id}/review`, p.token, { rating: 3 })).statusCode).toBe(403);
  });

  it('refuses bad input with 400 { msg } and changes nothing', async () => {
    for (const [url, body] of [
      ['/api/studio/shortlists', { name: '' }],
      ['/api/studio/shortlists', { name: 'x'.repeat(10_000) }],
      ['/api/studio/shortlists', { name: 'ok', extra: 1 }],
      [`/api/studio/shortlists/${list._id}/members`, {}],
    ] as const) {
      const res = await call('POST', url, studio.token, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toHaveProperty('msg');
    }
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: '5' }, { rating: 3, note: 'x'.repeat(10_000) }]) {
      const res = await call('PUT', `/api/studio/talent/${p._id}/review`, studio.token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 30)).toBe(400);
    }
    expect((await call('GET', `/api/talent/${p._id}`, studio.token)).json()).toMatchObject({ review: { rating: 2 } });
    expect((await call('POST', `/api/studio/shortlists/${list._id}/members`, studio.token, { performerId: 'nope' })).statusCode).toBe(404);
  });
});

describe('renaming and deleting a shortlist', () => {
  let p: Performer;
  beforeAll(async () => {
    p = await performer({ fname: 'Kept Person', location: 'Pune' }, { category: 'Actor' });
  });
  const newList = async (name: string) => {
    const res = await call('POST', '/api/studio/shortlists', studio.token, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Shortlist;
  };
  const mine = async (token = studio.token) => ((await call('GET', '/api/studio/shortlists', token)).json() as ShortlistsAnswer).shortlists;

  it('renames the studio’s own list, trimmed, keeping its members; a name another list has is allowed, as at creation', async () => {
    const list = await newList('Callbacks');
    await call('POST', `/api/studio/shortlists/${list._id}/members`, studio.token, { performerId: p._id });
    const res = await call('PATCH', `/api/studio/shortlists/${list._id}`, studio.token, { name: '  Second round  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: list._id, name: 'Second round', members: [expect.objectContaining({ performer: expect.objectContaining({ _id: p._id }) })] });
    expect((await mine()).find((l) => l._id === list._id)?.name).toBe('Second round');
    await newList('Twins');
    const same = await call('PATCH', `/api/studio/shortlists/${list._id}`, studio.token, { name: 'Twins' });
    expect(same.statusCode).toBe(200);
    expect((await mine()).filter((l) => l.name === 'Twins')).toHaveLength(2);
  });

  it('deletes the studio’s own list and its memberships; the performer and the studio’s review stay', async () => {
    const list = await newList('To delete');
    await call('POST', `/api/studio/shortlists/${list._id}/members`, studio.token, { performerId: p._id });
    await call('PUT', `/api/studio/talent/${p._id}/review`, studio.token, { rating: 4 });
    expect((await call('DELETE', `/api/studio/shortlists/${list._id}`, studio.token)).statusCode).toBe(204);
    expect((await mine()).map((l) => l._id)).not.toContain(list._id);
    expect((await call('GET', `/api/talent/${p._id}`, studio.token)).json()).toMatchObject({ _id: p._id, review: { rating: 4 } });
    expect((await call('DELETE', `/api/studio/shortlists/${list._id}`, studio.token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/studio/shortlists/${list._id}`, studio.token, { name: 'Back' })).statusCode).toBe(404);
  });

  it('answers 404 for another studio’s list (and changes nothing), 403 to a performer', async () => {
    const list = await newList('Not yours');
    for (const res of [
      await call('PATCH', `/api/studio/shortlists/${list._id}`, rival.token, { name: 'Taken' }),
      await call('DELETE', `/api/studio/shortlists/${list._id}`, rival.token),
      await call('PATCH', '/api/studio/shortlists/not-an-id', studio.token, { name: 'x' }),
      await call('DELETE', '/api/studio/shortlists/00000000-0000-4000-8000-000000000000', studio.token),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ msg: TALENT_MSG.shortlistNotFound });
    }
    for (const res of [await call('PATCH', `/api/studio/shortlists/${list._id}`, p.token, { name: 'Mine' }), await call('DELETE', `/api/studio/shortlists/${list._id}`, p.token)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toHaveProperty('msg');
    }
    expect((await call('PATCH', `/api/studio/shortlists/${list._id}`)).statusCode).toBe(401);
    expect((await mine()).find((l) => l._id === list._id)?.name).toBe('Not yours');
  });

  it('refuses a missing, empty, blank, too long or wrongly typed name with 400 { msg } and changes nothing', async () => {
    const list = await newList('Unchanged');
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(TALENT_LIMITS.shortlistNameMax + 1) }, { name: 5 }, { name: 'ok', extra: 1 }]) {
      const res = await call('PATCH', `/api/studio/shortlists/${list._id}`, studio.token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(typeof (res.json() as { msg: unknown }).msg).toBe('string');
    }
    expect((await mine()).find((l) => l._id === list._id)?.name).toBe('Unchanged');
    const longest = 'x'.repeat(TALENT_LIMITS.shortlistNameMax);
    expect((await call('PATCH', `/api/studio/shortlists/${list._id}`, studio.token, { name: longest })).json()).toMatchObject({ name: longest });
  });
});

describe('defaults are not choices (issue 36 item 2)', () => {
  it('until the profile form is saved, search, fit and recommendations treat title, gender and profession as not stated', async () => {
    const fresh = await buildPerformer(t, { fname: 'Fresh Default' });
    const profile = async () => (await call('GET', '/api/audition/getUserData', fresh.token)).json() as { gender: string; category: string; pronoun: string; profileStated: boolean };
    // The spec's defaults still show to the performer…
    expect(await profile()).toMatchObject({ pronoun: 'Mr.', gender: 'Male', category: 'Actor', profileStated: false });
    // …but a studio's filters do not take them for choices, nor do the card and the portfolio show them.
    expect(ids(await search('q=fresh default'))).toEqual([fresh._id]);
    expect(ids(await search('q=fresh default&gender=Male'))).toEqual([]);
    expect(ids(await search('q=fresh default&profession=Actor'))).toEqual([]);
    expect((await search('q=fresh default')).talent[0]).toMatchObject({ gender: '', category: '' });
    expect((await call('GET', `/api/talent/${fresh._id}`, studio.token)).json()).toMatchObject({ pronoun: '', gender: '', category: '' });
    const post = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/studio/jobs', rival.token, { jobType: 'Film', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as JobPost)._id;
    };
    const actorJob = await post({ title: 'Default actor role', profession: 'Actor', gender: 'Male' });
    const anyJob = await post({ title: 'Default any role', profession: 'Any', gender: 'Any' });
    const reco = async () => ((await call('GET', '/api/audition/recommendedJobs', fresh.token)).json() as RecommendationsAnswer).jobs.map((j) => j._id);
    expect(await reco()).toContain(anyJob);
    expect(await reco()).not.toContain(actorJob);
    const page = (await call('GET', `/api/jobs/${actorJob}`, fresh.token)).json() as { fit: { matches: boolean; misses: string[] }[] };
    expect(page.fit[0]).toMatchObject({ matches: false, misses: [CAST_MSG.missing(TALENT_MSG.lookingFor('Actor'), CAST_MSG.noProfession), CAST_MSG.missing(TALENT_MSG.forGender('Male'), CAST_MSG.profileSays(''))] });

    // Saving the form, even with the defaults, makes them choices.
    const saved = await call('POST', '/api/audition/updateBasicInfo', fresh.token, { fname: 'fresh default', location: '', gender: 'Male', pronoun: 'Mr.', category: 'Actor' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await profile()).toMatchObject({ gender: 'Male', category: 'Actor', profileStated: true });
    expect(ids(await search('q=fresh default&gender=Male&profession=Actor'))).toEqual([fresh._id]);
    expect(await reco()).toContain(actorJob);
    expect(((await call('GET', `/api/jobs/${actorJob}`, fresh.token)).json() as { fit: { matches: boolean }[] }).fit[0]!.matches).toBe(true);
  });
});

describe('recommended jobs', () => {
  it('recommends fitting open jobs best first, with reasons, and never one whose bounds exclude the performer', async () => {
    const me = await performer({ fname: 'Reco Dancer', gender: 'Female', location: 'Mumbai', age: '25' }, { category: 'Dancer' });
    const post = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/studio/jobs', rival.token, { jobType: 'Music video', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as JobPost)._id;
    };
    const best = await post({ title: 'Reco best', profession: 'Dancer', gender: 'Female', ageMin: 20, ageMax: 30, location: 'Mumbai' });
    const any = await post({ title: 'Reco any', profession: 'Any', gender: 'Any' });
    const wrongProfession = await post({ title: 'Reco actor', profession: 'Actor' });
    const wrongGender = await post({ title: 'Reco male', profession: 'Dancer', gender: 'Male' });
    const tooOld = await post({ title: 'Reco old', profession: 'Dancer', ageMin: 40 });
    const tooYoung = await post({ title: 'Reco young', profession: 'Dancer', ageMax: 18 });
    const applied = await post({ title: 'Reco applied', profession: 'Dancer' });
    const closed = await post({ title: 'Reco closed', profession: 'Dancer' });
    await call('POST', `/api/studio/jobs/${closed}/close`, rival.token);
    await t.ctx.db.insert(applications).values({ jobId: applied, performerId: me._id });

    const res = await call('GET', '/api/audition/recommendedJobs', me.token);
    expect(res.statusCode).toBe(200);
    const { jobs } = res.json() as RecommendationsAnswer;
    const got = jobs.map((j) => j._id);
    expect(got[0]).toBe(best);
    expect(got).toContain(any);
    for (const excluded of [wrongProfession, wrongGender, tooOld, tooYoung, applied, closed]) expect(got).not.toContain(excluded);
    expect(jobs[0]!.reasons).toEqual(['Looking for a Dancer', 'For Female performers', 'In Mumbai', 'Ages 20–30']);
    expect(jobs.find((j) => j._id === any)!.reasons).toEqual([TALENT_MSG.anyProfession]);
    expect(jobs.length).toBeLessThanOrEqual(TALENT_LIMITS.recommendations);
  });

  it('without a readable age, never a job with age bounds', async () => {
    const me = await performer({ fname: 'Reco Ageless', gender: 'Male', age: 'ask me' }, { category: 'Writer' });
    await call('POST', '/api/studio/jobs', rival.token, { title: 'Bounded writer', jobType: 'Film', profession: 'Writer', ageMin: 18, ageMax: 60 });
    const { jobs } = (await call('GET', '/api/audition/recommendedJobs', me.token)).json() as RecommendationsAnswer;
    expect(jobs.map((j) => j.title)).not.toContain('Bounded writer');
  });

  it('answers only performers', async () => {
    expect((await call('GET', '/api/audition/recommendedJobs', studio.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/audition/recommendedJobs')).statusCode).toBe(401);
  });
});

describe('the account: export and deletion', () => {
  it('a studio’s export holds its shortlists and reviews; a deleted performer leaves every list and review', async () => {
    const owner = await buildStudioAccount(t, { fname: 'Export Studio' });
    const p = await performer({ fname: 'Soon Gone', location: 'Kochi' }, { category: 'Model' });
    const list = (await call('POST', '/api/studio/shortlists', owner.token, { name: 'Models' })).json() as Shortlist;
    await call('POST', `/api/studio/shortlists/${list._id}/members`, owner.token, { performerId: p._id });
    await call('PUT', `/api/studio/talent/${p._id}/review`, owner.token, { rating: 3, note: 'Good walk' });

    const exported = await call('GET', '/api/me/export', owner.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.json()).toMatchObject({
      shortlistsAndReviews: {
        shortlists: [{ name: 'Models', members: [{ performer: 'Soon Gone', performerId: p._id }] }],
        reviews: [{ performer: 'Soon Gone', rating: 3, note: 'Good walk' }],
      },
    });
    // The performer's own export holds no studio's review.
    expect((await call('GET', '/api/me/export', p.token)).body).not.toContain('Good walk');

    const gone = await call('DELETE', '/api/me', p.token, { password: p.password });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    const lists = (await call('GET', '/api/studio/shortlists', owner.token)).json() as ShortlistsAnswer;
    expect(lists.shortlists.find((l) => l._id === list._id)!.members).toEqual([]);
    const after = (await call('GET', '/api/me/export', owner.token)).json() as { shortlistsAndReviews: { reviews: unknown[] } };
    expect(after.shortlistsAndReviews.reviews).toEqual([]);
  });
});
