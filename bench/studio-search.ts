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
import { seedStudios } from '../src/server/db/seed.js';
import type { AppProcess } from '../test/app-process.js';
import { latencies } from './load.js';
import { runAlone, type Add } from './run-alone.js';
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

export async function studioSearchBench(add: Add): Promise<void> {
  await onEachEngine(`Studio search at ${STUDIOS} studios`, (db) => seedStudios(db, STUDIOS), async ({ engine, app, restart }) => {
    await row(add, engine, 'first search of each term after a start', app, TERMS.length);
    // A restart empties the cache before each uncached row.
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
