/**
 * Reads studios and their job posts: the paged list with its change version, one
 * studio, its jobs, and the live search (DESIGN §3). Studios are public: nothing
 * here depends on who asks.
 */
import { asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { STUDIO_LIMITS, type Job, type Studio } from '../../../contract/studios.js';
import { MSG } from '../../../contract/messages.js';
import type { AppContext } from '../../context.js';
import { changeCounters, jobs, studios } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
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
};

/** created_at to the microsecond: a JavaScript Date would drop the last three digits. */
const cursorAt = sql<string>`to_char(${studios.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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
    .where(eq(jobs.studioId, sql.placeholder('id')))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(STUDIO_LIMITS.jobsMax)
    .prepare('studio_jobs');

  async function requireStudio(id: string) {
    if (!isUuid(id)) throw errors.notFound(MSG.studioNotFound);
    const [row] = await byId.execute({ id });
    if (!row) throw errors.notFound(MSG.studioNotFound);
    return row;
  }

  return {
    /** The version of the whole studio table; bumped by a trigger on every write. */
    async version(): Promise<number> {
      const [row] = await versionQuery.execute();
      return row?.version ?? 0;
    },

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
     * Studios whose name or location contains the text, in any letter case: names
     * that start with it first, then names that contain it, then locations. The
     * pg_trgm GIN indexes on fname and location serve both ILIKEs. Not prepared on
     * purpose: a generic plan cannot see the pattern and may skip the indexes.
     */
    async search(text: string): Promise<Studio[]> {
      const needle = text.trim();
      if (needle.length === 0) return [];
      const escaped = escapeLike(needle);
      const contains = `%${escaped}%`;
      const prefix = `${escaped}%`;
      const rank = sql`case when ${studios.fname} ilike ${prefix} then 0 when ${studios.fname} ilike ${contains} then 1 else 2 end`;
      const rows = await db
        .select(columns)
        .from(studios)
        .where(or(ilike(studios.fname, contains), ilike(studios.location, contains)))
        .orderBy(rank, sql`length(${studios.fname})`, asc(studios.fname), asc(studios.id))
        .limit(STUDIO_LIMITS.searchResults);
      return rows.map(presentStudio);
    },
  };
}
