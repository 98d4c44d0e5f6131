/**
 * Reads studios and their job posts: the paged list with its change version, one
 * studio, its jobs, and the live search (docs/product.md §7). Studios are public: nothing
 * here depends on who asks.
 */
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { STUDIO_LIMITS, studioList, type Job, type Studio } from '../../../contract/studios.js';
import { MSG } from '../../../contract/messages.js';
import type { AppContext } from '../../context.js';
import { CHANNELS, createInvalidatedCache } from '../../db/change-feed.js';
import { changeCounters, jobs, studios } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { createVersionedBodyCache, type CachedBody } from '../../lib/versioned-body-cache.js';
import { presentJob, presentStudio } from './studios.presenter.js';
import { decodeCursor, encodeCursor, escapeLike, isUuid } from './studio-search.js';

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

/** created_at to the microsecond: a JavaScript Date would drop the last three digits. */
const cursorAt = sql<string>`to_char(${studios.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows a later search tier reads at most before ranking them. Exact when a tier has
 * fewer matches; beyond that the work stays bounded and the tier order still holds.
 */
const SEARCH_CANDIDATES = 50;

const byShortName = (a: { fname: string; id: string }, b: { fname: string; id: string }) =>
  a.fname.length - b.fname.length || (a.fname < b.fname ? -1 : a.fname > b.fname ? 1 : 0) || (a.id < b.id ? -1 : 1);

/** Serialized search answers (about 10 KB each with their compressed bytes): at most this many bytes. */
const SEARCH_CACHE_BYTES = 16 * 1024 * 1024;

export interface StudioPage {
  studios: Studio[];
  nextCursor: string | undefined;
}

export function createStudiosService(ctx: AppContext) {
  const { db } = ctx;

  const versionQuery = db
    .select({ version: changeCounters.version })
    .from(changeCounters)
    .where(eq(changeCounters.name, 'studios'))
    .prepare('studios_version');
  // Kept in memory while the change feed is live: a 304 poll of the list costs no query.
  const versionCache = createInvalidatedCache<number>(ctx.changes, CHANNELS.counter);

  const firstPage = db
    .select({ ...columns, cursorAt })
    .from(studios)
    .orderBy(asc(studios.createdAt), asc(studios.id))
    .limit(sql.placeholder('limit'))
    .prepare('studios_first_page');

  // The row comparison walks the (created_at, id) index from the cursor on.
  const nextPage = db
    .select({ ...columns, cursorAt })
    .from(studios)
    .where(sql`(${studios.createdAt}, ${studios.id}) > (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`)
    .orderBy(asc(studios.createdAt), asc(studios.id))
    .limit(sql.placeholder('limit'))
    .prepare('studios_next_page');

  const byId = db.select(columns).from(studios).where(eq(studios.id, sql.placeholder('id'))).prepare('studio_by_id');

  const jobsOf = db
    .select()
    .from(jobs)
    // Open, visible jobs only: closed ones and ones hidden by reports leave the studio page.
    .where(and(eq(jobs.studioId, sql.placeholder('id')), eq(jobs.status, 'open'), eq(jobs.hidden, false)))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(STUDIO_LIMITS.jobsMax)
    .prepare('studio_jobs');

  const searchBodies = createVersionedBodyCache({ maxBytes: SEARCH_CACHE_BYTES });

  /** The version of the whole studio table; bumped by a trigger on every write. */
  async function version(): Promise<number> {
    const current = await versionCache.get('studios', async () => (await versionQuery.execute())[0]?.version);
    return current ?? 0;
  }

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
        if (!position) throw errors.badRequest(MSG.invalidCursor, 'invalid_cursor');
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

    /** The studio's job posts, newest first. */
    async jobs(studioId: string): Promise<Job[]> {
      if (!isUuid(studioId)) throw errors.notFound(MSG.studioNotFound);
      const rows = await jobsOf.execute({ id: studioId });
      if (rows.length === 0) await requireStudio(studioId);
      return rows.map(presentJob);
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
  };

  /**
   * Studios whose name or location contains the text, in any letter case: names
   * that start with it first (alphabetically), then names that contain it, then
   * locations; within those two, shorter names first. Each tier is a bounded query
   * asked only while fewer than 20 are found, so a one-letter text that matches
   * every studio costs an index range scan, not a sort of the whole table: the
   * first tier walks the lower(fname) btree; the others read at most 50 candidates,
   * through the pg_trgm GIN indexes or a scan that stops early, whichever the
   * planner finds cheaper. Not prepared on purpose: a generic plan cannot see the
   * pattern and may skip the indexes.
   */
  async function search(text: string): Promise<Studio[]> {
    const needle = text.trim();
    if (needle.length === 0) return [];
    const max = STUDIO_LIMITS.searchResults;
    const contains = `%${escapeLike(needle)}%`;
    const prefix = `${escapeLike(needle.toLowerCase())}%`;
    // Written exactly as the studios_fname_lower_c index is, so the planner uses it.
    const lowerName = sql`lower(${studios.fname}) collate "C"`;
    const startsWith = sql`${lowerName} like ${prefix}`;

    const found = await db.select(columns).from(studios).where(startsWith).orderBy(lowerName, asc(studios.id)).limit(max);
    // Rows an earlier tier already holds are skipped here rather than excluded in SQL:
    // one ILIKE per row is cheaper than two when the planner scans the table.
    for (const column of [studios.fname, studios.location]) {
      if (found.length >= max) break;
      const seen = new Set(found.map((r) => r.id));
      const rows = await db
        .select(columns)
        .from(studios)
        .where(ilike(column, contains))
        .limit(SEARCH_CANDIDATES + found.length);
      found.push(...rows.filter((r) => !seen.has(r.id)).sort(byShortName).slice(0, max - found.length));
    }
    return found.map(presentStudio);
  }
}
