import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { STUDIO_LIMITS, type Studio } from '../../../contract/studios.js';
import { CHANNELS } from '../../db/change-feed.js';
import { studios } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { decodeCursor, encodeCursor, escapeLike } from './studio-search.js';

let t: TestApp;

/**
 * A write straight to the table, as another instance's would be, then the change feed's
 * announcement of it: search answers are cached by the studios' version, which the feed
 * spreads a moment after the commit (docs/performance.md).
 */
async function insertStudios(values: (typeof studios.$inferInsert)[]) {
  const announced = new Promise<void>((resolve) => t.ctx.changes.subscribe(CHANNELS.counter, (key) => key === 'studios' && resolve()));
  await t.ctx.db.insert(studios).values(values);
  await announced;
}

const FIXTURES = [
  { fname: 'Golden Frame Pictures', location: 'Silverton, Oregon' },
  { fname: 'Quicksilver Films', location: 'Pune, Maharashtra' },
  { fname: 'Silver Reel Studios', location: 'Mumbai, Maharashtra' },
  { fname: 'Marigold Casting House', location: 'Chennai, Tamil Nadu' },
  { fname: '100% Pure Films', location: 'New Delhi, Delhi' },
  { fname: '100 Percent Studio', location: 'Kochi, Kerala' },
  { fname: 'Under_Score Media', location: 'Jaipur, Rajasthan' },
  { fname: 'Underscore Media', location: 'Jaipur, Rajasthan' },
  { fname: "O'Brien Casting", location: 'Dublin, Ireland' },
  { fname: 'OBrien Talent', location: 'Dublin, Ireland' },
  { fname: 'The "Quoted" Players', location: 'London, United Kingdom' },
  { fname: 'Back\\slash Studio', location: 'Toronto, Canada' },
  { fname: 'Backslash Sound', location: 'Toronto, Canada' },
];

beforeAll(async () => {
  t = await buildTestApp();
  await t.ctx.db.insert(studios).values([
    ...FIXTURES,
    ...Array.from({ length: 25 }, (_, i) => ({ fname: `Bulk Casting ${i + 1}`, location: 'Nagpur, Maharashtra' })),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function search(text: string | undefined, headers: Record<string, string> = {}) {
  const url = text === undefined ? '/api/showAllStudioList' : `/api/showAllStudioList?search=${encodeURIComponent(text)}`;
  return t.app.inject({ method: 'GET', url, headers, remoteAddress: newAddress() });
}
const names = async (text: string) => {
  const res = await search(text);
  expect(res.statusCode).toBe(200);
  return (res.json() as Studio[]).map((s) => s.fname);
};

describe('GET /api/showAllStudioList', () => {
  it('finds studios by name in any letter case, from part of a word', async () => {
    expect(await names('marigold')).toEqual(['Marigold Casting House']);
    expect(await names('MARIGOLD')).toEqual(['Marigold Casting House']);
    expect(await names('riGo')).toEqual(['Marigold Casting House']);
    expect(await names('reel stu')).toEqual(['Silver Reel Studios']);
  });

  it('finds studios by location, from part of a word', async () => {
    expect(await names('mumbai')).toEqual(['Silver Reel Studios']);
    expect(await names('TAMIL')).toEqual(['Marigold Casting House']);
    expect(await names('dubl')).toEqual(expect.arrayContaining(["O'Brien Casting", 'OBrien Talent']));
  });

  it('ranks a name that starts with the text above a name that contains it, and both above a location match', async () => {
    expect(await names('silver')).toEqual(['Silver Reel Studios', 'Quicksilver Films', 'Golden Frame Pictures']);
  });

  it('counts a name as starting with the text whatever character follows, one beyond the first 65 536 included', async () => {
    // Alphabetical, as names that start with the text are; as names that merely contain
    // it, the shorter would come first.
    await insertStudios([{ fname: 'Zeta🧿', location: 'Goa' }, { fname: 'Zeta🎬 Players Collective', location: 'Goa' }]);
    expect(await names('zeta')).toEqual(['Zeta🎬 Players Collective', 'Zeta🧿']);
  });

  it(`answers at most ${STUDIO_LIMITS.searchResults} studios`, async () => {
    const found = await names('bulk casting');
    expect(found).toHaveLength(STUDIO_LIMITS.searchResults);
    expect(await names('nagpur')).toHaveLength(STUDIO_LIMITS.searchResults);
  });

  it('keeps the tiers when one tier alone has more than 20 matches: name prefix, then name, then location', async () => {
    await insertStudios([
      { fname: 'The Nagpur Players', location: 'Mumbai, Maharashtra' },
      { fname: 'Nagpur Nights', location: 'Pune, Maharashtra' },
    ]);
    const found = await names('NAGPUR');
    expect(found).toHaveLength(STUDIO_LIMITS.searchResults);
    expect(found.slice(0, 2)).toEqual(['Nagpur Nights', 'The Nagpur Players']);
    expect(found.slice(2).every((n) => n.startsWith('Bulk Casting'))).toBe(true);
  });

  it('lists shorter names first among names that contain the text', async () => {
    expect(await names('frame')).toEqual(['Golden Frame Pictures']);
    await insertStudios([{ fname: 'Big Frame Co', location: 'Goa' }, { fname: 'A Very Long Frame Studio Name', location: 'Goa' }]);
    expect(await names('frame')).toEqual(['Big Frame Co', 'Golden Frame Pictures', 'A Very Long Frame Studio Name']);
  });

  it('treats %, _, quotes and backslashes as plain text', async () => {
    expect(await names('%')).toEqual(['100% Pure Films']);
    expect(await names('0%')).toEqual(['100% Pure Films']);
    expect(await names('_')).toEqual(['Under_Score Media']);
    expect(await names('r_s')).toEqual(['Under_Score Media']);
    expect(await names("o'b")).toEqual(["O'Brien Casting"]);
    expect(await names('"quoted"')).toEqual(['The "Quoted" Players']);
    expect(await names('\\')).toEqual(['Back\\slash Studio']);
    expect(await names("'; drop table studios; --")).toEqual([]);
    expect(await names('Silver Reel Studios')).toEqual(['Silver Reel Studios']);
  });

  it('answers [] to an empty or blank text, and to no text at all', async () => {
    expect(await names('')).toEqual([]);
    expect(await names('   ')).toEqual([]);
    const res = await search(undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers [] when nothing matches', async () => {
    expect(await names('zzqx')).toEqual([]);
  });

  it('trims the text before matching', async () => {
    expect(await names('  marigold  ')).toEqual(['Marigold Casting House']);
  });

  it('answers the studio fields of docs/product.md §3', async () => {
    const res = await search('marigold');
    const [found] = res.json() as Studio[];
    expect(Object.keys(found!).sort()).toEqual(['_id', 'banner', 'fname', 'location', 'number', 'profilePic', 'projectDesc', 'verified']);
    expect(found).toMatchObject({ fname: 'Marigold Casting House', location: 'Chennai, Tamil Nadu' });
  });

  it('works with a token, without one, and ignores a bad one', async () => {
    const performer = await buildPerformer(t);
    const variants: Record<string, string>[] = [{ 'x-auth-token': performer.token }, {}, { 'x-auth-token': 'not-a-token' }];
    for (const headers of variants) {
      const res = await search('marigold', headers);
      expect(res.statusCode).toBe(200);
      expect((res.json() as Studio[]).map((s) => s.fname)).toEqual(['Marigold Casting House']);
    }
  });

  it('refuses a text longer than the limit with 400 { msg }', async () => {
    const res = await search('a'.repeat(STUDIO_LIMITS.searchTextMax + 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(MSG.tooLong('Search', STUDIO_LIMITS.searchTextMax));
  });

  it('refuses a repeated search parameter with 400 { msg }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/showAllStudioList?search=a&search=b', remoteAddress: newAddress() });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().msg).toBe('string');
  });
});

describe('search helpers', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_\\x')).toBe('100\\%\\_\\\\x');
    expect(escapeLike('plain text')).toBe('plain text');
  });

  it('reads back the cursors it writes and refuses anything else', () => {
    const cursor = { at: '2025-01-02T03:04:05.123456Z', id: '0b6f7d7e-3c1a-4c53-9a4c-0d1e2f3a4b5c' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ['', 'abc', Buffer.from('2025-01-02_x').toString('base64url'), Buffer.from(`${cursor.at}_${cursor.id}_1`).toString('base64url')]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });
});
