/**
 * Talent search at 100 000 performers: a text query and a filter-only query, p50 and p95
 * through HTTP on PGlite and PostgreSQL, beside a bare Fastify route answering the same
 * JSON in the same run. `npm run bench` runs it; `npx tsx bench/talent-search.ts` alone.
 *
 * The same URL asked 200 times is answered from the versioned body cache after the first
 * request (docs/performance.md): those rows are cache hits. The "after a performer's
 * edit" rows make every request a miss: before each one, untimed, a performer who
 * matches neither query saves a profile field the search shows, which moves the
 * performers' change counter, so the timed search reads the counter and runs the query.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.js';
import { seedPerformers } from '../src/server/seed/performers.js';
import { signToken } from '../src/server/modules/auth/index.js';
import { besideBare } from './prelude.js';
import { latencies } from './load.js';
import { runAlone, type Add } from './run-alone.js';
import { atMostMs, atMostTimes } from './aim.js';
import { BENCH_JWT_SECRET, onEachEngine } from './seeded-app.js';

const PERFORMERS = Number(process.env.BENCH_PERFORMERS ?? 100_000);
const REQUESTS = 200;
/** Each miss costs a profile save too (untimed): fewer, so the bench stays short. */
const MISS_REQUESTS = 100;

const QUERIES = [
  ['text query', 'q=priya'],
  ['filters only (profession, gender, ages, height)', 'profession=Dancer&gender=Female&ageMin=20&ageMax=30&heightMin=160'],
  // Issue 39 item 2: every filter, the résumé's included (a quarter of the performers get a skill, a language and a union below).
  ['text query with every filter (skill, language, union, ages, height, location)', 'q=priya&gender=Female&ageMin=18&ageMax=40&heightMin=150&location=a&skill=dance&language=hindi&union=member'],
  // Words thousands of rows hold, read through talent_terms (docs/performance.md, "Frequent
  // words"): the profession of one performer in eight, the city of one in fifteen, the
  // surname of one in sixteen.
  ['a frequent word ("Actor")', 'q=Actor'],
  ['a frequent city ("Mumbai")', 'q=Mumbai'],
  ['a frequent surname ("menon")', 'q=menon'],
  // Typos all through a name: found only by the last tier (docs/talent.md, "Typos and accents").
  ['a name with typos ("Priyaa Shrama")', `q=${encodeURIComponent('Priyaa Shrama')}`],
] as const;

interface Tokens {
  /** The studio account to search as. */
  studio: string;
  /** A public performer matching neither query, whose saves move the performers' counter. */
  editor: string;
}

/** The performers, one studio account to search as and one performer to edit: answers their tokens. */
async function seed(db: Db): Promise<Tokens> {
  await seedPerformers(db, PERFORMERS);
  // The résumé's filters need values to find: every fourth performer dances, speaks Hindi and is a union member.
  await db.execute(sql`
    update users set skill_keys = array['dance'], language_keys = array['hindi'], union_status = 'member'
    where role = 'performer' and abs(hashtext(id::text)) % 4 = 0`);
  const account = async (fname: string, role: string) => {
    const rows = (await db.execute(sql`
      insert into users (email, fname, password_hash, role) values ('bench-' || ${role} || '-' || ${Date.now()} || '@example.com', ${fname}, 'not-a-login', ${role})
      returning id, token_version`)) as unknown as { rows: { id: string; token_version: number }[] };
    const row = rows.rows[0]!;
    return signToken(new TextEncoder().encode(BENCH_JWT_SECRET), row.id, row.token_version);
  };
  return { studio: await account('Bench Studio', 'studio'), editor: await account('Bench Editor', 'performer') };
}

/** p50 and p95 of `count` searches, each after a profile save (untimed) that moves the performers' counter. */
function missLatencies(count: number, baseUrl: string, url: string, tokens: Tokens): Promise<{ p50: number; p95: number }> {
  const save = async (i: number) => {
    const saved = await fetch(`${baseUrl}/api/audition/updateBasicInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': tokens.editor },
      body: JSON.stringify({ fname: 'Bench Editor', location: `Benchton ${i}`, gender: 'Male' }),
    });
    if (!saved.ok) throw new Error(`profile save answered ${saved.status}`);
  };
  return latencies(count, () => url, { headers: { 'x-auth-token': tokens.studio }, before: save });
}

async function rowsFor(engine: string, baseUrl: string, tokens: Tokens, add: Add) {
  const headers = { 'x-auth-token': tokens.studio };
  for (const [label, query] of QUERIES) {
    const url = `${baseUrl}/api/studio/talent?${query}`;
    const { bare: b, app: r } = await besideBare(url, headers, REQUESTS);
    add(
      `talent search at ${PERFORMERS.toLocaleString('en')} performers, ${label}, same URL (cache hits) [${engine}]`,
      `p50 ${r.p50} ms, p95 ${r.p95} ms (${REQUESTS} requests); ${atMostMs(r.p95, 5)}`,
      `bare Fastify, same JSON: p50 ${b.p50} ms, p95 ${b.p95} ms`,
    );
    const m = await missLatencies(MISS_REQUESTS, baseUrl, url, tokens);
    add(
      `talent search at ${PERFORMERS.toLocaleString('en')} performers, ${label}, after a performer's edit (cache misses) [${engine}]`,
      // A bare p95 under 1 ms counts as 1 ms, as for the board's row (docs/performance.md): below it the bare route's noise would decide.
      `p50 ${m.p50} ms, p95 ${m.p95} ms (${MISS_REQUESTS} requests); ${atMostTimes(m.p95, Math.max(b.p95, 1), 12, 'p95', 'bare, floor 1 ms')}`,
      `bare Fastify, same JSON: p50 ${b.p50} ms, p95 ${b.p95} ms`,
    );
  }
}

export async function talentSearchBench(add: Add): Promise<void> {
  await onEachEngine(`Talent search at ${PERFORMERS} performers`, seed, ({ engine, app, seeded }) => rowsFor(engine, app.baseUrl, seeded, add));
}

await runAlone(import.meta, talentSearchBench);
