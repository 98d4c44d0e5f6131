/**
 * The live studio search (`GET /api/showAllStudioList?search=`) at 100 000 studios,
 * p50 and p95 through HTTP on PGlite and PostgreSQL: each term's first search after a
 * start; uncached and repeated, at concurrency 1 and 8; and uncached without the trigram
 * indexes. `npm run bench` runs it; `npx tsx bench/studio-search.ts` alone.
 *
 * The twelve terms reach every tier of the search (docs/performance.md): names that
 * start with the text, names and locations that contain it, and names a small typo away
 * ("lights" and "moon" are in no name; the typo tier answers them). An uncached request
 * spells its term in a letter case of its own: the case changes the cache key, not the
 * work, so each is a first request.
 *
 * The uncached rows measure a running app that misses its cache, so they follow a
 * warm-up of other texts: the first requests after a start also pay for compiling the
 * app's code and for each database connection's first statements, which the row of
 * first searches shows on its own (docs/performance.md, "How to measure").
 */
import { sql } from 'drizzle-orm';
import { seedStudios } from '../src/server/seed/index.js';
import type { AppProcess } from '../test/app-process.js';
import { latencies } from './load.js';
import { runAlone, type Add } from './run-alone.js';
import { startBare } from './bare-route.js';
import { atMostTimes } from './aim.js';
import { onEachEngine } from './seeded-app.js';

const STUDIOS = Number(process.env.BENCH_STUDIOS ?? 100_000);
const TERMS = ['star', 'mum', 'lights', 'PICTURES', 'del', 'blue', 'studio', 'ban', 'casting', 'moon', 'pune', 'films'];
/** Eight letter-case spellings of each term, each its own first request. */
const UNCACHED = TERMS.length * 8;
const REPEATED = 200;
/**
 * Untimed texts before an uncached row, none of them a spelling of a term above, reaching
 * the same tiers: names that start with the text, names and locations that contain it,
 * and typos.
 */
const WARM_UP = ['gold', 'sil', 'ight', 'creatives', 'chennai', 'kerala', 'marigld', 'shuter', 'urban', 'echo', 'talkies', 'sund'];
const TRIGRAM_INDEXES = ['studios_fname_fold_trgm', 'studios_location_fold_trgm', 'studio_names_trgm'];

/** The k-th of the term's letter-case spellings (k < 8: the first three letters' case). */
function caseVariant(text: string, k: number): string {
  return [...text.toLowerCase()].map((c, j) => (j < 3 && (k >> j) & 1 ? c.toUpperCase() : c)).join('');
}

/** Each warm-up text in two letter cases or more, `concurrency` at a time, so as many connections are warm as the row uses. */
async function warmUp(app: AppProcess, concurrency: number) {
  await latencies(WARM_UP.length * Math.max(2, concurrency), (i) => `${app.baseUrl}/api/showAllStudioList?search=${caseVariant(WARM_UP[i % WARM_UP.length]!, Math.floor(i / WARM_UP.length))}`, { concurrency });
}

async function row(add: Add, engine: string, label: string, app: AppProcess, count: number, opts: { concurrency?: number; variant?: boolean } = {}) {
  const term = (i: number) => {
    const text = TERMS[i % TERMS.length]!;
    return opts.variant ? caseVariant(text, Math.floor(i / TERMS.length)) : text;
  };
  const r = await latencies(count, (i) => `${app.baseUrl}/api/showAllStudioList?search=${encodeURIComponent(term(i))}`, { concurrency: opts.concurrency ?? 1 });
  add(`search at ${STUDIOS.toLocaleString('en')} studios, ${label}, concurrency ${opts.concurrency ?? 1} [${engine}]`, `p50 ${r.p50} ms, p95 ${r.p95} ms (${count} requests)`);
}

/**
 * Issue 39 item 1: each term's first search in a running app (after the warm-up, in a
 * spelling no request used before), the most frequent word in the names ("casting", in
 * 1 of 12 names) included, against 12× the bare route's p95 answering the same JSON in
 * this run. The row names the slowest term.
 */
async function everyTermFirstRow(add: Add, engine: string, app: AppProcess) {
  const body = await (await fetch(`${app.baseUrl}/api/showAllStudioList?search=casting`)).text();
  const bare = await startBare(body);
  let b: { p50: number; p95: number };
  try {
    b = await latencies(200, () => `${bare.url}/user`);
  } finally {
    await bare.stop();
  }
  const times: [string, number][] = [];
  for (const [i, term] of TERMS.entries()) {
    // The last spelling of eight (every letter of the first three capitalized except the
    // first), asked by no other row before this one in this process.
    const r = await latencies(1, () => `${app.baseUrl}/api/showAllStudioList?search=${encodeURIComponent(caseVariant(term, 6 + (i % 2)))}`);
    times.push([term, r.p50]);
  }
  const [slowest, ms] = times.reduce((a, c) => (c[1] > a[1] ? c : a));
  const casting = times.find(([t]) => t === 'casting')![1];
  add(
    `search at ${STUDIOS.toLocaleString('en')} studios, each term's first search, slowest term and "casting" [${engine}]`,
    `slowest "${slowest}" ${ms} ms, "casting" ${casting} ms; ${atMostTimes(ms, b.p95, 12, 'every term')}`,
    `bare Fastify, same JSON: p50 ${b.p50} ms, p95 ${b.p95} ms`,
  );
}

export async function studioSearchBench(add: Add): Promise<void> {
  await onEachEngine(`Studio search at ${STUDIOS} studios`, (db) => seedStudios(db, STUDIOS), async ({ engine, app, restart }) => {
    await row(add, engine, 'first search of each term after a start', app, TERMS.length);
    // A restart empties the cache before each uncached row.
    app = await restart();
    await warmUp(app, 1);
    await everyTermFirstRow(add, engine, app);
    app = await restart();
    await warmUp(app, 1);
    await row(add, engine, 'uncached', app, UNCACHED, { variant: true });
    app = await restart();
    await warmUp(app, 8);
    await row(add, engine, 'uncached', app, UNCACHED, { variant: true, concurrency: 8 });
    await latencies(TERMS.length, (i) => `${app.baseUrl}/api/showAllStudioList?search=${encodeURIComponent(TERMS[i]!)}`);
    await row(add, engine, 'repeated', app, REPEATED);
    await row(add, engine, 'repeated', app, REPEATED, { concurrency: 8 });
    app = await restart((db) => db.execute(sql.raw(`DROP INDEX ${TRIGRAM_INDEXES.join(', ')}`)).then(() => undefined));
    await row(add, engine, 'no trigram index, uncached', app, 40, { variant: true });
  });
}

await runAlone(import.meta, studioSearchBench);
