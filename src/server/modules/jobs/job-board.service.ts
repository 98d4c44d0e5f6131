/**
 * The public job board: open, visible jobs newest first with their studio, one job
 * by id, and reports that hide a job after three accounts made one.
 */
import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { boardAnswer, boardJob, JOB_LIMITS, type BoardAnswer, type BoardJob, type BoardQuery, type JobPage } from '../../../contract/jobs.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import type { AppContext } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import { createCounterVersions } from '../../db/counter-versions.js';
import { jobReports, jobRoles, jobs, studios, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { createVersionedBodyCache, type CachedBody } from '../../lib/versioned-body-cache.js';
import { decodeCursor, encodeCursor, escapeLike } from '../studios/index.js';
import { isUuid } from '../../lib/uuid.js';
import { standingOf } from '../applications/index.js';
import { rolesOf } from './job-roles.js';
import { presentBoardJob } from './jobs.presenter.js';
import { fitFor } from './role-fit.js';
import { readResume } from '../resume/index.js';

const studioColumns = {
  _id: studios.id,
  fname: studios.fname,
  location: studios.location,
  profilePic: studios.profilePic,
  verified: studios.verified,
};

/** created_at to the microsecond, so the cursor never skips a row posted in the same millisecond. */
const cursorAt = sql<string>`to_char(${jobs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Written exactly as the jobs_text_trgm index is, so the planner can use it. */
const searchable = sql`(${jobs.title} || ' ' || ${jobs.jobType} || ' ' || ${jobs.description})`;

/** Serialized board pages (about 15 KB each with their compressed bytes) and job pages: at most this many bytes. */
const BOARD_CACHE_BYTES = 16 * 1024 * 1024;

/** The filters as the query below reads them: two queries it answers alike share one key. */
function filterKey(query: BoardQuery): string {
  const anyOf = (v: string | undefined) => (v && v !== 'Any' ? v : '');
  return JSON.stringify([query.q?.trim() ?? '', query.location?.trim() ?? '', anyOf(query.profession), anyOf(query.gender), query.paid === '1', query.cursor ?? '']);
}

export function createJobBoardService(ctx: AppContext) {
  const { db } = ctx;
  const versions = createCounterVersions(ctx);
  const bodies = createVersionedBodyCache({ maxBytes: BOARD_CACHE_BYTES });

  /**
   * What every board answer depends on: the jobs and their studios (name, picture,
   * verified mark). Read before the query: a write in between leaves newer rows under
   * the older key, never older ones (docs/performance.md).
   */
  const boardVersion = async () => `${await versions('jobs')}.${await versions('studios')}`;

  /** This instance's own write, told to its caches before PostgreSQL's notification arrives. */
  const changed = () => ctx.changes.announce(CHANNELS.counter, 'jobs');

  return {
    changed,

    /** A page of the board as its serialized answer, cached by version and filters. */
    async pageBody(query: BoardQuery): Promise<CachedBody> {
      const key = `${await boardVersion()}\u0000${filterKey(query)}`;
      return bodies.get(key) ?? bodies.set(key, JSON.stringify(boardAnswer.encode(await this.page(query))));
    },

    /** One job as its serialized answer, cached by version. */
    async jobBody(jobId: string): Promise<CachedBody> {
      const key = `${await boardVersion()}\u0000job\u0000${jobId}`;
      return bodies.get(key) ?? bodies.set(key, JSON.stringify(boardJob.encode(await this.get(jobId))));
    },

    /** Sends a body from `pageBody()` or `jobBody()` as the 200 answer, compressed bytes reused. */
    send: bodies.send,

    async page(query: BoardQuery): Promise<BoardAnswer> {
      // Written as the partial index jobs_board_idx is, so the board walks it newest first.
      const where: SQL[] = [sql`${jobs.status} = 'open'`, sql`not ${jobs.hidden}`];
      const q = query.q?.trim();
      if (q) where.push(sql`${searchable} ilike ${`%${escapeLike(q)}%`}`);
      const location = query.location?.trim();
      if (location) where.push(ilike(jobs.location, `%${escapeLike(location)}%`));
      // A job open to any profession (or gender) matches every filter value.
      if (query.profession && query.profession !== 'Any') where.push(inArray(jobs.profession, [query.profession, 'Any']));
      if (query.gender && query.gender !== 'Any') where.push(inArray(jobs.gender, [query.gender, 'Any']));
      // Jobs with at least one open paid role (docs/marketplace.md, "Roles and pay").
      if (query.paid === '1') {
        where.push(sql`exists (select 1 from ${jobRoles} r where r.job_id = ${jobs.id} and r.status = 'open' and r.pay_kind = 'paid')`);
      }
      if (query.cursor) {
        const position = decodeCursor(query.cursor);
        if (!position) throw errors.invalidCursor('jobs');
        where.push(sql`(${jobs.createdAt}, ${jobs.id}) < (${position.at}::timestamptz, ${position.id}::uuid)`);
      }
      const size = JOB_LIMITS.boardPage;
      // Jobs first, studios after: joined in one query, the planner may hash-join every
      // open job with its studio and sort them all instead of walking jobs_board_idx.
      const rows = await db
        .select({ job: jobs, cursorAt })
        .from(jobs)
        .where(and(...where))
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(size + 1);
      const more = rows.length > size;
      const shown = more ? rows.slice(0, size) : rows;
      const ids = [...new Set(shown.map((r) => r.job.studioId))];
      const owners = ids.length ? await db.select(studioColumns).from(studios).where(inArray(studios.id, ids)) : [];
      const byId = new Map(owners.map((o) => [o._id, o]));
      const roles = await rolesOf(db, shown.map((r) => r.job.id));
      const last = shown.at(-1);
      return {
        jobs: shown.filter((r) => byId.has(r.job.studioId)).map((r) => presentBoardJob(r.job, roles.get(r.job.id) ?? [], byId.get(r.job.studioId)!)),
        nextCursor: more && last ? encodeCursor({ at: last.cursorAt, id: last.job.id }) : null,
      };
    },

    /** Closed jobs too (with their status); a job hidden by reports is not found. */
    async get(jobId: string): Promise<BoardJob> {
      if (!isUuid(jobId)) throw errors.notFound(MARKET_MSG.jobNotFound);
      const [row] = await db
        .select({ job: jobs, studio: studioColumns })
        .from(jobs)
        .innerJoin(studios, eq(studios.id, jobs.studioId))
        .where(and(eq(jobs.id, jobId), eq(jobs.hidden, false)));
      if (!row) throw errors.notFound(MARKET_MSG.jobNotFound);
      return presentBoardJob(row.job, (await rolesOf(db, [row.job.id])).get(row.job.id) ?? [], row.studio);
    },

    /**
     * The job as a logged-in performer sees it before writing anything: their plan and
     * applications left, the roles they applied to, and how they fit each role
     * (docs/marketplace.md, "Where you stand"). Never cached: it is theirs alone.
     */
    async forPerformer(jobId: string, userId: string): Promise<JobPage> {
      const job = await this.get(jobId);
      const [stated] = await db.select({ category: users.category, gender: users.gender, ageYears: users.ageYears, statedAt: users.profileStatedAt }).from(users).where(eq(users.id, userId));
      // Defaults the performer never saved are not choices (docs/talent.md, "Stated, not defaulted").
      const me = stated && (stated.statedAt ? stated : { ...stated, category: '', gender: '' });
      if (!me) throw errors.unauthorized();
      const resume = (await readResume(db, userId)) ?? { skills: [], languages: [] };
      const roles = (await rolesOf(db, [job._id])).get(job._id) ?? [];
      return { ...job, you: await standingOf(ctx, userId, job._id), fit: roles.map((role) => fitFor(role, { ...me, resume })) };
    },

    /**
     * One report per account and job. The third account's report hides the job; the
     * count and the hide are one statement, so two reports at once cannot both miss it.
     * Reports an admin's restore spent are not counted: a restored job needs three new
     * ones (docs/marketplace.md). The route rates reports per account and address.
     */
    async report(userId: string, jobId: string, reason: string): Promise<void> {
      await this.get(jobId);
      const added = await db.insert(jobReports).values({ jobId, userId, reason }).onConflictDoNothing().returning({ jobId: jobReports.jobId });
      if (added.length === 0) throw errors.conflict(MARKET_MSG.alreadyReported);
      const hidden = await db
        .update(jobs)
        .set({ hidden: true })
        .where(
          and(
            eq(jobs.id, jobId),
            sql`(select count(*) from ${jobReports} where ${jobReports.jobId} = ${jobId} and not ${jobReports.spent}) >= ${JOB_LIMITS.reportsToHide}`,
          ),
        )
        .returning({ id: jobs.id });
      if (hidden.length > 0) changed();
    },
  };
}

