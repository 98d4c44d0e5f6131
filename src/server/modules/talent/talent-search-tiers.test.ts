/**
 * The text search's pages across its score tiers (docs/performance.md, "The talent search on
 * a miss"): one statement per tier, the cursor carrying the tier. Every page strung together
 * must be the order the single ranking states (docs/talent.md, "Search: numbers from free
 * text, and the order"), with no performer twice and none left out.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TALENT_LIMITS, TALENT_MSG, type TalentAnswer, type TalentQuery } from '../../../contract/talent.js';
import { createTalentSearch } from './talent-search.js';
import { rowsOf } from '../../db/raw.js';
import { users } from '../../db/schema/index.js';
import { escapeLike } from '../studios/index.js';
import { newAddress } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;

const get = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/studio/talent?${query}`, headers: { 'x-auth-token': studio.token }, remoteAddress: newAddress() });

/** Every page of a search, following nextCursor; each page's ids. */
async function allPages(query: string): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const res = await get(cursor ? `${query}&cursor=${cursor}` : query);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as TalentAnswer;
    pages.push(answer.talent.map((p) => p._id));
    cursor = answer.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

/** The order the search states, as one ranking of every match (the statement the tiers replace). */
async function ranked(text: string, extra = sql`true`): Promise<string[]> {
  const contains = `%${escapeLike(text)}%`;
  const rows = await rowsOf<{ id: string }>(
    t.ctx.db,
    sql`select ${users.id} as id from ${users}
        where ${users.role} = 'performer' and ${users.visibility} = 'public' and (${users.fname} || ' ' || ${users.category} || ' ' || ${users.location}) ilike ${contains} and ${extra}
        order by ((lower(${users.fname}) = lower(${text}))::int * 4 + (${users.fname} ilike ${`${escapeLike(text)}%`})::int * 2 + (${users.fname} ilike ${contains})::int) desc,
          ${users.completeness} desc, ${users.profileChangedAt} desc, ${users.id} desc`,
  );
  return rows.map((r) => r.id);
}

/** Public performers written straight to the table, in one statement: their profile_changed_at ties, so id decides. */
async function performers(rows: { fname: string; location?: string; age?: string; height?: string; visibility?: string }[]): Promise<string[]> {
  const made = await t.ctx.db
    .insert(users)
    .values(
      rows.map((r, i) => ({
        email: `tier-${Date.now()}-${i}-${Math.random().toString(36).slice(2)}@example.com`,
        passwordHash: 'not-a-login',
        role: 'performer',
        fname: r.fname,
        location: r.location ?? '',
        age: r.age ?? '',
        height: r.height ?? '',
        visibility: r.visibility ?? 'public',
      })),
    )
    .returning({ id: users.id });
  return made.map((r) => r.id);
}

/** Completeness varies within each tier: every third has an age, every fifth a height. */
const filled = (i: number) => ({ age: i % 3 === 0 ? '25' : '', height: i % 5 === 0 ? '170 cm' : '' });

beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t, { fname: 'Tier Studio' });
});
afterAll(async () => {
  await t.close();
});

describe('talent search pages across score tiers', () => {
  it('a page ending exactly where a tier ends, then one ending inside a tier, then one spanning two: the single ranking, nothing twice or missing', async () => {
    const page = TALENT_LIMITS.page;
    // Whole names 2, names starting with the text page − 2: the first page ends with the last of them.
    const whole = await performers([{ fname: 'Tierq' }, { fname: 'TIERQ', age: '30' }]);
    const starting = await performers(Array.from({ length: page - 2 }, (_, i) => ({ fname: `Tierq Start ${i}`, ...filled(i) })));
    // Names holding it: more than a page, so the second page ends inside this tier.
    const holding = await performers(Array.from({ length: page + 5 }, (_, i) => ({ fname: `Has Tierq ${i}`, ...filled(i) })));
    // The text only in the location.
    const elsewhere = await performers(Array.from({ length: 5 }, (_, i) => ({ fname: `Plain Name ${i}`, location: 'Tierqpur', ...filled(i) })));
    await performers([{ fname: 'Tierq Private', visibility: 'private' }]);

    const pages = await allPages('q=tierq');
    expect(pages.map((p) => p.length)).toEqual([page, page, 10]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(await ranked('tierq'));
    // Tier by tier: the whole names, then the rest of the first page, and so on.
    expect(new Set(pages[0]!.slice(0, 2))).toEqual(new Set(whole));
    expect(new Set(pages[0]!.slice(2))).toEqual(new Set(starting));
    expect(new Set([...pages[1]!, ...pages[2]!.slice(0, 5)])).toEqual(new Set(holding));
    expect(new Set(pages[2]!.slice(5))).toEqual(new Set(elsewhere));
  });

  it('a page boundary inside the tier of names starting with the text, with a filter, and a text with LIKE’s wildcards', async () => {
    await performers([{ fname: 'Wenlock' }]);
    await performers(Array.from({ length: 30 }, (_, i) => ({ fname: `Wenlock Start ${i}`, ...filled(i) })));
    await performers([{ fname: 'Has Wenlock 1' }, { fname: 'Has Wenlock 2', age: '40' }]);
    const pages = await allPages('q=WENLOCK');
    expect(pages.map((p) => p.length)).toEqual([TALENT_LIMITS.page, 13]);
    expect(pages.flat()).toEqual(await ranked('WENLOCK'));

    // With a filter: only the performers with an age, across the same tiers.
    const aged = await allPages('q=wenlock&ageMin=20');
    expect(aged.flat()).toEqual(await ranked('wenlock', sql`${users.ageYears} >= 20`));
    expect(aged.flat().length).toBeGreaterThan(5);

    // A text running from the name into the profession: a name that is the text up to a
    // space, at the start or later, is a match on other text (0), after names holding it.
    const [across, later] = await performers([{ fname: 'Quorvex' }, { fname: 'Zed Quorvex' }]);
    const [holder] = await performers([{ fname: 'Quorvex Actor Person' }]);
    // A name holding no part of it is only a near name, after them all.
    const [near] = await performers([{ fname: 'Quorvexx' }]);
    const spanning = (await allPages('q=quorvex%20act')).flat();
    expect(spanning).toEqual([holder, ...[across, later].sort().reverse(), near]);
    expect(spanning.slice(0, -1)).toEqual(await ranked('quorvex act'));

    // "%" and "_" match only themselves.
    // ("500 Off" is a near name only: last.)
    const [, , near500] = await performers([{ fname: '50%_off' }, { fname: '50%_off Extra' }, { fname: '500 Off' }]);
    const wild = (await allPages(`q=${encodeURIComponent('50%_off')}`)).flat();
    expect(wild).toEqual([...(await ranked('50%_off')), near500]);
    expect(wild).toHaveLength(3);
  });

  it('reads the near names of a typo one branch a name, merged in the search order across pages, every spelling of a name found', async () => {
    // Typos all through (similarity, no word nearly typed): both names and the capitalised spelling are near.
    const rows = [
      ...Array.from({ length: 12 }, (_, i) => ({ fname: 'Ottoline Brackwater', ...filled(i) })),
      { fname: 'OTTOLINE BRACKWATER', age: '40' },
      ...Array.from({ length: 12 }, (_, i) => ({ fname: 'Ottolina Brackwatter', ...filled(i + 1) })),
    ];
    const ids = await performers(rows);
    const expected = (
      await rowsOf<{ id: string }>(
        t.ctx.db,
        sql`select ${users.id} as id from ${users} where ${users.id} = any(${sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::uuid[]`})
            order by ${users.completeness} desc, ${users.profileChangedAt} desc, ${users.id} desc`,
      )
    ).map((r) => r.id);
    const pages = await allPages(`q=${encodeURIComponent('Ottolyne Brakwater')}`);
    expect(pages.map((p) => p.length)).toEqual([TALENT_LIMITS.page, ids.length - TALENT_LIMITS.page]);
    expect(pages.flat()).toEqual(expected);
  });

  it('forgives a typo or a missing accent in a name, after every row that holds the text, and pages into those', async () => {
    const [priya, zoe, rahul, aanya] = await performers([
      { fname: 'Priya Sharma' },
      { fname: 'Zoë Ångström' },
      { fname: 'Rahul Kapoor', location: 'Mumbai' },
      { fname: 'Aanya Reddy' },
    ]);
    await performers([{ fname: 'Priya Sharma', visibility: 'private' }]);
    expect((await allPages(`q=${encodeURIComponent('Priyaa Shrama')}`)).flat()).toEqual([priya]);
    expect((await allPages('q=Zoe')).flat()).toContain(zoe);
    expect((await allPages(`q=${encodeURIComponent('zoe angstrom')}`)).flat()).toEqual([zoe]);
    expect((await allPages(`q=${encodeURIComponent('Rahul Kapor')}`)).flat()).toEqual([rahul]);
    expect((await allPages(`q=${encodeURIComponent('Aanya Redy')}`)).flat()).toEqual([aanya]);
    // A name far from the text is not a near name.
    expect((await allPages('q=Xylophonist')).flat()).toEqual([]);

    // Every row holding the text comes first; the near names follow, across a page boundary.
    const holding = await performers(Array.from({ length: TALENT_LIMITS.page - 1 }, (_, i) => ({ fname: `Marigold ${i}`, ...filled(i) })));
    const near = await performers([{ fname: 'Marigld Typo', age: '30' }, { fname: 'Marigoldd Extra' }]);
    const pages = await allPages('q=marigold');
    expect(pages.map((p) => p.length)).toEqual([TALENT_LIMITS.page, 1]);
    const all = pages.flat();
    expect(new Set(all.slice(0, holding.length + 1))).toEqual(new Set([...holding, near[1]]));
    expect(all.slice(holding.length + 1)).toEqual([near[0]]);
  });

  it('a word many rows hold, in names, professions and locations, read through its words: the single ranking across pages, after every kind of write', async () => {
    const page = TALENT_LIMITS.page;
    // The word inside later words of names, as a word of its own and inside a longer one, and
    // twice in one name (one row, found by two words).
    const names = await performers(Array.from({ length: page }, (_, i) => ({ fname: i % 3 ? `Asha Velmor ${i}` : `Ravi Velmorkar ${i}`, ...filled(i) })));
    const [twice] = await performers([{ fname: 'Xvelmor Velmor', age: '33' }]);
    // Only the location holds it.
    const places = await performers(Array.from({ length: 12 }, (_, i) => ({ fname: `Plain ${i}`, location: i % 2 ? 'Velmor' : 'North Velmorpur', ...filled(i) })));
    await performers([{ fname: 'Hidden Velmor', visibility: 'private' }]);

    const ranking = await ranked('velmor');
    expect(ranking).toHaveLength(names.length + 1 + places.length);
    expect((await allPages('q=velmor')).flat()).toEqual(ranking);
    expect((await allPages('q=VELMOR&ageMin=20')).flat()).toEqual(await ranked('velmor', sql`${users.ageYears} >= 20`));

    // Writes move rows between tiers and places in the order: a rename out of the word, a
    // location into it, a performer turning private, another public, a profile saved (its place in the order).
    await t.ctx.db.update(users).set({ fname: 'Renamed Person' }).where(sql`${users.id} = ${names[0]!}`);
    await t.ctx.db.update(users).set({ location: 'Velmor East' }).where(sql`${users.id} = ${names[1]!}`);
    await t.ctx.db.update(users).set({ visibility: 'private' }).where(sql`${users.id} = ${places[0]!}`);
    await t.ctx.db.update(users).set({ visibility: 'public' }).where(sql`${users.fname} = 'Hidden Velmor'`);
    await t.ctx.db.update(users).set({ age: '41', profileChangedAt: new Date() }).where(sql`${users.id} = ${twice!}`);
    const after = (await allPages('q=velmor')).flat();
    expect(after).toEqual(await ranked('velmor'));
    expect(after).not.toContain(names[0]);
    expect(after).not.toContain(places[0]);

    // The words kept are every public performer's words, no more and no fewer.
    const drift = await rowsOf<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from (
            (select tt.term, tt.user_id, tt.in_name, tt.leads, tt.completeness, tt.profile_changed_at from talent_terms tt
             except
             select w.term, u.id, w.in_name, w.leads, u.completeness, u.profile_changed_at from users u, talent_terms_of(u.fname, u.category, u.location) w
             where u.role = 'performer' and u.visibility = 'public')
            union all
            (select w.term, u.id, w.in_name, w.leads, u.completeness, u.profile_changed_at from users u, talent_terms_of(u.fname, u.category, u.location) w
             where u.role = 'performer' and u.visibility = 'public'
             except
             select tt.term, tt.user_id, tt.in_name, tt.leads, tt.completeness, tt.profile_changed_at from talent_terms tt)
          ) d`,
    );
    expect(drift[0]!.n).toBe(0);
  });

  it('a word the name starts with and one it holds later, with every filter, and after renames: the single ranking', async () => {
    // "Kestrel" leads some names and is a later word of others (talent_terms.leads, migration
    // 0069); a longer word starting with it leads one more.
    const aged = (i: number) => ({ ...filled(i), age: String(20 + (i % 10)), height: '165 cm' });
    const leading = await performers(Array.from({ length: 6 }, (_, i) => ({ fname: `Kestrel Lead ${i}`, ...aged(i) })));
    const later = await performers(Array.from({ length: 6 }, (_, i) => ({ fname: `Anu Kestrel ${i}`, location: i % 2 ? 'Kestrelpur' : '', ...aged(i) })));
    await performers([{ fname: 'Kestrelson Longer', ...aged(3) }, { fname: 'Plain Person', location: 'Kestrel Bay', ...aged(4) }]);
    expect((await allPages('q=kestrel')).flat()).toEqual(await ranked('kestrel'));
    const bounded = sql`${users.ageYears} >= 22 and ${users.ageYears} <= 27 and ${users.heightCm} >= 160`;
    const filtered = (await allPages('q=kestrel&ageMin=22&ageMax=27&heightMin=160')).flat();
    expect(filtered).toEqual(await ranked('kestrel', bounded));
    expect(filtered.length).toBeGreaterThan(4);

    // A name's first word moved: a leading word becomes a later one and the reverse.
    await t.ctx.db.update(users).set({ fname: 'Ravi Kestrel Lead' }).where(sql`${users.id} = ${leading[0]!}`);
    await t.ctx.db.update(users).set({ fname: 'Kestrel Anu' }).where(sql`${users.id} = ${later[0]!}`);
    expect((await allPages('q=kestrel')).flat()).toEqual(await ranked('kestrel'));
    expect((await allPages('q=kestrel&ageMin=22&ageMax=27&heightMin=160')).flat()).toEqual(await ranked('kestrel', bounded));
  });

  it('finds a typo of a name given after the account was made, and of a performer made public later, and no longer the old name', async () => {
    const [renamed] = await performers([{ fname: 'Zorbulon Quillfeather' }]);
    const [hidden] = await performers([{ fname: 'Deepali Varadarajan', visibility: 'private' }]);
    expect((await allPages(`q=${encodeURIComponent('Deepaly Varadarajan')}`)).flat()).toEqual([]);
    // The near names are ranked among the distinct names (talent_names, migration 0068), kept by the writes.
    await t.ctx.db.update(users).set({ fname: 'Kavitha Ramaswamy' }).where(sql`${users.id} = ${renamed!}`);
    await t.ctx.db.update(users).set({ visibility: 'public' }).where(sql`${users.id} = ${hidden!}`);
    expect((await allPages(`q=${encodeURIComponent('Kavita Ramaswami')}`)).flat()).toEqual([renamed]);
    expect((await allPages(`q=${encodeURIComponent('Deepaly Varadarajan')}`)).flat()).toEqual([hidden]);
    // The old name is still a kept name, but no row has it: it finds nobody.
    expect((await allPages(`q=${encodeURIComponent('Zorbulon Quilfeather')}`)).flat()).toEqual([]);
  });

  it('sends two statements for the typo tier: its near names (with whether a row has a word-near one), then their rows', async () => {
    const [ishaani] = await performers([{ fname: 'Ishaani Dorairaj' }]);
    const search = createTalentSearch(t.ctx);
    const selects = vi.spyOn(t.ctx.db, 'select');
    const executes = vi.spyOn(t.ctx.db, 'execute');
    try {
      // The whole name, the names starting with it, the words holding it (none, so no tier
      // of theirs), then the typo tier: the near names (raw) and their rows.
      const found = await search.page({ q: 'ishani' } as TalentQuery);
      expect(found.talent.map((p) => p._id)).toEqual([ishaani]);
      expect(executes).toHaveBeenCalledTimes(1);
      expect(selects).toHaveBeenCalledTimes(4);
    } finally {
      selects.mockRestore();
      executes.mockRestore();
    }
  });

  it('asks for a résumé filter value’s near suggestions once: a later miss with it sends no statement for them', async () => {
    const search = createTalentSearch(t.ctx);
    const executes = vi.spyOn(t.ctx.db, 'execute');
    try {
      const first = await search.page({ skill: ['bharatnatyam'], language: 'hindhi' } as TalentQuery);
      expect(executes).toHaveBeenCalledTimes(2);
      executes.mockClear();
      expect(await search.page({ skill: ['bharatnatyam'], language: 'hindhi' } as TalentQuery)).toEqual(first);
      expect(executes).not.toHaveBeenCalled();
    } finally {
      executes.mockRestore();
    }
  });

  it('a text too many words hold, and one no word holds, answer as the single ranking', async () => {
    // Nine words holding "qzv": the trigram statement reads the matches instead.
    await performers(Array.from({ length: 9 }, (_, i) => ({ fname: `Per ${'abcdefghi'[i]}qzv${i}`, ...filled(i) })));
    expect((await allPages('q=qzv')).flat()).toEqual(await ranked('qzv'));
    expect(await ranked('qzv')).toHaveLength(9);
    // No word holds it: nothing, not every row.
    expect((await allPages('q=zzqqxxnothing')).flat()).toEqual([]);
  });

  it('looks the words up only when the tiers that read them are reached: not for a page the whole names fill', async () => {
    const text = `lazy${Date.now().toString(36)}`;
    await performers(Array.from({ length: TALENT_LIMITS.page + 1 }, (_, i) => ({ fname: text, ...filled(i) })));
    await performers([{ fname: `Has ${text}` }]);
    const search = createTalentSearch(t.ctx);
    const looked = vi.spyOn(search, 'termsHolding');
    const first = await search.page({ q: text } as TalentQuery);
    expect(first.talent).toHaveLength(TALENT_LIMITS.page);
    expect(looked).not.toHaveBeenCalled();
    // The next page runs past the whole names into the names holding the text: looked up once.
    const second = await search.page({ q: text, cursor: first.nextCursor! } as TalentQuery);
    expect(second.talent.map((p) => p.fname.toLowerCase())).toEqual([text, `has ${text}`]);
    expect(looked).toHaveBeenCalledTimes(1);
    expect([...first.talent, ...second.talent].map((p) => p._id)).toEqual(await ranked(text));
  });

  it('refuses a malformed cursor, another search’s cursor and the job board’s with 400 { msg }', async () => {
    await performers(Array.from({ length: TALENT_LIMITS.page + 2 }, (_, i) => ({ fname: `Tierz ${i}` })));
    const first = (await get('q=tierz')).json() as TalentAnswer;
    expect(first.nextCursor).toBeTruthy();
    const noText = (await get('location=')).json() as TalentAnswer;
    const [kind, score, completeness, at, id] = Buffer.from(first.nextCursor!, 'base64url').toString('utf8').split('|');
    const bad = [
      'not-a-cursor',
      Buffer.from('garbage').toString('base64url'),
      // Another text's cursor, and a cursor without a text used with one.
      ...(noText.nextCursor ? [noText.nextCursor] : []),
      // This search's position under another search's key.
      Buffer.from([kind, score, completeness, at, id, 'AAAAAAAAAAAA'].join('|'), 'utf8').toString('base64url'),
      // A score that is not a number, an id that is not one.
      Buffer.from([kind, 'x', completeness, at, id, ''].join('|'), 'utf8').toString('base64url'),
      // The job board's cursor.
      Buffer.from(`2024-01-01T00:00:00.000000Z_${id}`).toString('base64url'),
    ];
    for (const cursor of bad) {
      const res = await get(`q=tierz&cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ msg: TALENT_MSG.invalidCursor });
    }
    const other = await get(`q=wenlock&cursor=${first.nextCursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ msg: TALENT_MSG.invalidCursor });
  });
});
