/**
 * Reads studios and their job posts: the paged list with its change version, one
 * studio, its jobs, and the live search (docs/product.md §7). Studios are public: nothing
 * here depends on who asks.
 */
import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { jobsAnswer, STUDIO_LIMITS, studioList, type Studio, type StudioFindAnswer } from '../../../contract/studios.js';
import { MSG } from '../../../contract/messages.js';
import type { AppContext } from '../../context.js';
import { createCounterVersions } from '../../db/counter-versions.js';
import { literalNumber } from '../../db/literal-number.js';
import { jobs, studioNames, studios } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { createVersionedBodyCache, type CachedBody } from '../../lib/versioned-body-cache.js';
import { presentJob, presentStudio } from './studios.presenter.js';
import { isUuid } from '../../lib/uuid.js';
import { decodeCursor, encodeCursor, escapedLikeSql } from './studio-search.js';
import { studioNotDeleted } from './studio-not-deleted.js';

const columns = {
  id: studios.id,
  fname: studios.fname,
  location: studios.location,
  profilePic: studios.profilePic,
  banner: studios.banner,
  projectDesc: studios.projectDesc,
  number: studios.number,
  verified: studios.verified,
};

/** Written exactly as the studios_fname_fold_c index is, so the planner uses it. */
const foldedName = sql`(search_fold(${studios.fname})) collate "C"`;

/**
 * A text as the search compares it, accents and letter case folded away (search_fold,
 * docs/screens.md), folded by the statement that uses it: search_fold is IMMUTABLE, and
 * the statements that use it are unnamed (UNNAMED below), so each is planned with the
 * text's value and the planner folds this, and the patterns below, to constants the
 * indexes can use and the row estimates see.
 */
const foldedText = (text: string | Placeholder) => sql<string>`search_fold(${text})`;
/**
 * The highest code point. In the "C" collation (byte order, which for UTF-8 is code
 * point order) the values that start with a prefix are those from the prefix up to,
 * not including, the prefix followed by it.
 */
const LAST_CODE_POINT = 0x10ffff;
/** LIKE patterns of the folded text: at the start of a value, or anywhere in it. */
const startsWithPattern = (text: string | Placeholder) => sql<string>`${escapedLikeSql(foldedText(text))} || '%'`;
const containsPattern = (text: string | Placeholder) => sql<string>`'%' || ${escapedLikeSql(foldedText(text))} || '%'`;

/** created_at to the microsecond: a JavaScript Date would drop the last three digits. */
const cursorAt = sql<string>`to_char(${studios.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows a later search tier reads at most before ranking them. Exact when a tier has
 * fewer matches; beyond that the work stays bounded and the tier order still holds.
 */
const SEARCH_CANDIDATES = 50;

/**
 * The name of a statement built once (drizzle's `.prepare()`) but sent unnamed: node-postgres
 * treats an empty name as none, so PostgreSQL parses and plans it with each execution's
 * values (a custom plan), which the contains tiers need (docs/performance.md, "The studio search on a miss":
 * their generic plans are up to 300 times slower for common texts). Building it once
 * spares drizzle's query building on every search (docs/performance.md, "The studio search on a miss").
 */
const UNNAMED = '';

const byShortName = (a: { fname: string; id: string }, b: { fname: string; id: string }) =>
  a.fname.length - b.fname.length || (a.fname < b.fname ? -1 : a.fname > b.fname ? 1 : 0) || (a.id < b.id ? -1 : 1);

/** Serialized search answers (about 10 KB each with their compressed bytes): at most this many bytes. */
const SEARCH_CACHE_BYTES = 16 * 1024 * 1024;
/** Serialized job lists of studio pages. */
const STUDIO_JOBS_CACHE_BYTES = 8 * 1024 * 1024;

export interface StudioPage {
  studios: Studio[];
  nextCursor: string | undefined;
}

export function createStudiosService(ctx: AppContext) {
  const { db } = ctx;

  // Kept in memory while the change feed is live: a 304 poll of the list costs no query.
  const versions = createCounterVersions(ctx);

  const firstPage = db
    .select({ ...columns, cursorAt })
    .from(studios)
    .where(studioNotDeleted)
    .orderBy(asc(studios.createdAt), asc(studios.id))
    .limit(sql.placeholder('limit'))
    .prepare('studios_first_page');

  // The row comparison walks the (created_at, id) index from the cursor on.
  const nextPage = db
    .select({ ...columns, cursorAt })
    .from(studios)
    .where(and(sql`(${studios.createdAt}, ${studios.id}) > (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`, studioNotDeleted))
    .orderBy(asc(studios.createdAt), asc(studios.id))
    .limit(sql.placeholder('limit'))
    .prepare('studios_next_page');

  // A deleted account's emptied studio row is no public page (docs/account.md).
  const byId = db.select(columns).from(studios).where(and(eq(studios.id, sql.placeholder('id')), studioNotDeleted)).prepare('studio_by_id');

  // One statement for the studio and its jobs: an unknown studio has no row at all, a
  // studio without (open, visible) jobs one row whose job is null.
  const jobsOf = db
    .select({ job: jobs })
    .from(studios)
    // Open, visible jobs only: closed ones and ones hidden by reports leave the studio page.
    .leftJoin(jobs, and(eq(jobs.studioId, studios.id), eq(jobs.status, 'open'), eq(jobs.hidden, false)))
    .where(and(eq(studios.id, sql.placeholder('id')), studioNotDeleted))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(literalNumber(STUDIO_LIMITS.jobsMax))
    .prepare('studio_jobs');

  const nearNames = nearNamesQuery(STUDIO_LIMITS.searchResults);

  // The search's first three tiers (search() below). First, folded names that start with
  // the text: the studios_fname_fold_c index's range from the text on, in the index's
  // order, so the plan scans the range and stops at 20. Every tier is sent unnamed and
  // folds the text where the planner sees it (foldedText), so each term gets a plan made
  // for its own value: a word that thousands of names contain needs another plan than a
  // rare one, and one generic plan per connection served both (docs/performance.md,
  // "Frequent words").
  const searched = sql.placeholder('text');
  const namesStartingWith = db
    .select(columns)
    .from(studios)
    .where(and(sql`${foldedName} >= ${foldedText(searched)}`, sql`${foldedName} < ${foldedText(searched)} || chr(${literalNumber(LAST_CODE_POINT)})`, studioNotDeleted))
    .orderBy(foldedName, asc(studios.id))
    .limit(literalNumber(STUDIO_LIMITS.searchResults))
    .prepare(UNNAMED);
  // Then names, then locations, that contain the text.
  const columnsContaining = [studios.fname, studios.location].map((column) =>
    db
      .select(columns)
      .from(studios)
      .where(and(sql`search_fold(${column}) like ${containsPattern(searched)}`, studioNotDeleted))
      .limit(sql.placeholder('limit'))
      .prepare(UNNAMED),
  );

  const searchBodies = createVersionedBodyCache({ maxBytes: SEARCH_CACHE_BYTES });
  const jobsBodies = createVersionedBodyCache({ maxBytes: STUDIO_JOBS_CACHE_BYTES });

  /** The version of the whole studio table; bumped by a trigger on every write. */
  const version = () => versions('studios');

  async function requireStudio(id: string) {
    if (!isUuid(id)) throw errors.notFound(MSG.studioNotFound);
    const [row] = await byId.execute({ id });
    if (!row) throw errors.notFound(MSG.studioNotFound);
    return row;
  }

  return {
    version,

    /** One page ordered by (created_at, id); a studio added while paging shows up at the end. */
    async page(limit: number, cursor: string | undefined): Promise<StudioPage> {
      let rows;
      if (cursor === undefined) {
        rows = await firstPage.execute({ limit: limit + 1 });
      } else {
        const position = decodeCursor(cursor);
        if (!position) throw errors.invalidCursor('list');
        rows = await nextPage.execute({ ...position, limit: limit + 1 });
      }
      const more = rows.length > limit;
      const shown = more ? rows.slice(0, limit) : rows;
      const last = shown.at(-1);
      return {
        studios: shown.map(presentStudio),
        nextCursor: more && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : undefined,
      };
    },

    async get(id: string): Promise<Studio> {
      return presentStudio(await requireStudio(id));
    },

    /**
     * The studio's job posts, newest first, as the serialized answer, cached by the jobs'
     * and the studios' change counters (a deleted studio answers 404, whose jobs go with it).
     */
    async jobsBody(studioId: string): Promise<CachedBody> {
      if (!isUuid(studioId)) throw errors.notFound(MSG.studioNotFound);
      // Versions read before the query, as for the search below.
      const key = `${await versions('jobs')}.${await version()}\u0000${studioId}`;
      const cached = jobsBodies.get(key);
      if (cached) return cached;
      const rows = await jobsOf.execute({ id: studioId });
      if (rows.length === 0) throw errors.notFound(MSG.studioNotFound);
      const post = rows.flatMap((r) => (r.job ? [presentJob(r.job)] : []));
      return jobsBodies.set(key, JSON.stringify(jobsAnswer.encode({ post })));
    },

    /**
     * The search's serialized answer, cached by the studios' change counter (the version
     * the change feed spreads) and the text: a repeated search costs no query, and any
     * write to the studios, on any instance, moves every instance to new keys.
     */
    async searchBody(text: string): Promise<CachedBody> {
      // Read before the search: a write in between leaves newer rows under the older key, never older ones.
      const key = `${await version()}\u0000${text.trim()}`;
      return searchBodies.get(key) ?? searchBodies.set(key, JSON.stringify(studioList.encode(await search(text))));
    },

    /** Sends a body from `searchBody()` as the 200 answer, compressed bytes reused. */
    send: searchBodies.send,

    find,
  };

  /**
   * Studios whose name or location contains the text, accents and letter case aside:
   * names that start with it first (alphabetically), then names that contain it, then
   * locations; within those two, shorter names first; then names a small typo away
   * ("marigld"), closest first. Each tier is a bounded query asked only while fewer than
   * 20 are found, so a one-letter text that matches every studio costs an index range
   * scan, not a sort of the whole table: the first tier walks the search_fold(fname)
   * btree; the next two read at most 50 candidates, through the pg_trgm GIN indexes on
   * the folded columns or a scan that stops early, whichever the planner finds cheaper;
   * the last ranks the distinct names (nearNames). Every statement folds and escapes the
   * text itself (foldedText), without a round trip to fold it first.
   */
  async function search(text: string): Promise<Studio[]> {
    const needle = text.trim();
    if (needle.length === 0) return [];
    const max = STUDIO_LIMITS.searchResults;
    const found = await namesStartingWith.execute({ text: needle });
    // Rows an earlier tier already holds are skipped here rather than excluded in SQL:
    // one LIKE per row is cheaper than two when the planner scans the table.
    for (const tier of columnsContaining) {
      if (found.length >= max) break;
      const seen = new Set(found.map((r) => r.id));
      const rows = await tier.execute({ text: needle, limit: SEARCH_CANDIDATES + found.length });
      found.push(...rows.filter((r) => !seen.has(r.id)).sort(byShortName).slice(0, max - found.length));
    }
    if (found.length < max) {
      const seen = new Set(found.map((r) => r.id));
      const rows = (await nearNames.execute({ text: needle })).map((r) => r.bearers);
      found.push(...rows.filter((r) => !seen.has(r.id)).slice(0, max - found.length));
    }
    return found.map(presentStudio);
  }

  /**
   * The first `count` live studios whose name is a small typo away from the folded text,
   * closest first, then by name, then by id. The names are ranked in studio_names, each
   * once however many studios bear it (migration 0020), and only the closest names whose
   * studios add up to `count` bring their studios, through the studios_fname_fold_c index.
   *
   * Sent unnamed with the text folded where the planner sees it (foldedText), as the
   * other tiers: PostgreSQL plans it for each term's own value (docs/performance.md,
   * "Frequent words"). PGlite's driver sends every statement unnamed anyway.
   */
  function nearNamesQuery(count: number) {
    const folded = foldedText(sql.placeholder('text'));
    // %> is pg_trgm's word similarity above its threshold (0.6), served by the GIN index.
    // Each name's closeness is worked out here once, and the window and the order read it.
    const near = db
      .select({
        folded: studioNames.folded,
        studios: studioNames.studios,
        closeness: sql<number>`word_similarity(${folded}, ${studioNames.folded})`.as('closeness'),
      })
      .from(studioNames)
      .where(sql`${studioNames.folded} %> ${folded}`)
      .as('near');
    const ranked = db
      .select({
        folded: near.folded,
        closeness: near.closeness,
        // Studios the closer names already bring: a name is needed while these are fewer than `count`.
        before: sql<number>`sum(${near.studios}) over (order by ${near.closeness} desc, ${near.folded} collate "C") - ${near.studios}`.as('before'),
      })
      .from(near)
      .as('ranked');
    const bearers = db
      .select(columns)
      .from(studios)
      .where(and(sql`${foldedName} = ${ranked.folded}`, studioNotDeleted))
      .orderBy(asc(studios.id))
      .limit(literalNumber(count))
      .as('bearers');
    return db
      .select()
      .from(ranked)
      .innerJoinLateral(bearers, sql`true`)
      .where(sql`${ranked.before} < ${literalNumber(count)}`)
      .orderBy(desc(ranked.closeness), sql`${ranked.folded} collate "C"`, asc(bearers.id))
      .limit(literalNumber(count))
      .prepare(UNNAMED);
  }

  /**
   * Every studio matching a text (as the live search matches, typos included) and a
   * location (contained, accents and case aside), a numbered page at a time, ranked as
   * the live search ranks; with neither, the list's own order (created_at, id).
   */
  async function find(query: { q: string; location: string; page: number }): Promise<StudioFindAnswer> {
    const size = STUDIO_LIMITS.findPage;
    // A deleted studio's emptied page is in no list (docs/account.md).
    const where: SQL[] = [studioNotDeleted];
    let order: SQL[] = [asc(studios.createdAt), asc(studios.id)];
    if (query.q) {
      const contains = containsPattern(query.q);
      const name = sql`search_fold(${studios.fname})`;
      const place = sql`search_fold(${studios.location})`;
      // A name a small typo away is found among the distinct names (studio_names, migration
      // 0020) through their trigram index, then its studios through studios_fname_fold_c.
      // "= any(array(...))" rather than "in (select ...)": the array is worked out once and
      // the condition can join the LIKEs' trigram scans in one BitmapOr, where an "in"
      // under "or" is a filter PostgreSQL checks on every studio in a scan of the table.
      const nearName = sql`${foldedName} = any(array(select ${studioNames.folded} from ${studioNames} where ${studioNames.folded} %> ${foldedText(query.q)}))`;
      where.push(sql`(${name} like ${contains} or ${place} like ${contains} or ${nearName})`);
      order = [
        sql`case when ${name} like ${startsWithPattern(query.q)} then 0 when ${name} like ${contains} then 1 when ${place} like ${contains} then 2 else 3 end`,
        sql`word_similarity(${foldedText(query.q)}, ${name}) desc`,
        sql`length(${studios.fname})`,
        sql`${name} collate "C"`,
        asc(studios.id),
      ];
    }
    if (query.location) where.push(sql`search_fold(${studios.location}) like ${containsPattern(query.location)}`);
    const rows = await db
      .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(studios)
      .where(and(...where))
      .orderBy(...order)
      .limit(size)
      .offset((query.page - 1) * size);
    // A page past the end still tells how many pages there are.
    const total = rows[0]?.total ?? (query.page > 1 ? (await countOf(where)) : 0);
    return { studios: rows.map(presentStudio), total, page: query.page, pages: Math.max(1, Math.ceil(total / size)) };
  }

  async function countOf(where: SQL[]): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(studios).where(and(...where));
    return row?.n ?? 0;
  }
}
