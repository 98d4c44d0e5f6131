/**
 * The studio's side of applications: its applicants by job, opening one (the first open
 * marks it viewed), moving it along, and its private rating and note. An application to
 * another studio's job is answered as not found (docs/applications.md).
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  APP_MSG,
  APPLICATION_STATUSES,
  FINAL_STATUSES,
  type ApplicantCounts,
  type ApplicationStatus,
  type ReviewBody,
  type StudioApplication,
  type StudioApplicationsAnswer,
  type StudioStatus,
} from '../../../contract/applications.js';
import { APPLICATION_LIMITS } from '../../../contract/applications-limits.js';
import { CAST_MSG } from '../../../contract/casting-messages.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import type { AppContext } from '../../context.js';
import { applications, jobRoles, jobs, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { sendAfterCommit } from '../notifications/index.js';
import { createStudioAccountsService } from '../studio-accounts/index.js';
import { decodeCursor, encodeCursor } from '../studios/index.js';
import { isUuid } from '../../lib/uuid.js';
import { presentStudioApplication } from './applications.presenter.js';
import { changeStatus, mailSettings } from './status-change.js';

type Log = { error(obj: unknown, msg: string): void };

const performerFields = {
  id: users.id,
  fname: users.fname,
  pronoun: users.pronoun,
  gender: users.gender,
  category: users.category,
  profilePic: users.profilePic,
  location: users.location,
  age: users.age,
  height: users.height,
  weight: users.weight,
  bodyType: users.bodyType,
  hairColor: users.hairColor,
  eyeColor: users.eyeColor,
};

/** created_at to the microsecond, for the cursor: a JavaScript Date would drop the last three digits. */
const cursorAt = sql<string>`to_char(${applications.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** What the list is asked for: a status and a role narrow it; a cursor or a limit pages it. */
export interface ApplicantsQuery {
  status?: ApplicationStatus;
  roleId?: string;
  cursor?: string;
  limit?: number;
}

export function createStudioApplicationsService(ctx: AppContext) {
  const { db } = ctx;
  const accounts = createStudioAccountsService(ctx);
  const mail = mailSettings(ctx.config.env);

  async function read(where: SQL | undefined): Promise<StudioApplication[]> {
    return (await readRows(where, APPLICATION_LIMITS.listMax)).map((r) => r.application);
  }

  /** At most `limit` applications in (created_at, id) order, each with its cursor position. */
  async function readRows(where: SQL | undefined, limit: number): Promise<{ application: StudioApplication; at: string }[]> {
    const rows = await db
      .select({ app: applications, performer: performerFields, role: { _id: jobRoles.id, name: jobRoles.name }, at: cursorAt })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .leftJoin(users, eq(users.id, applications.performerId))
      .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
      .where(where)
      .orderBy(asc(applications.createdAt), asc(applications.id))
      .limit(limit);
    return rows.map((r) => ({ application: presentStudioApplication(r.app, r.performer?.id ? r.performer : null, r.role), at: r.at }));
  }

  /** The job's applicants by status, of one role when asked, in one statement (every status present, 0 when none). */
  async function countsOf(jobId: string, roleId: string | undefined): Promise<ApplicantCounts> {
    const rows = await db
      .select({ status: applications.status, n: count() })
      .from(applications)
      .where(and(eq(applications.jobId, jobId), roleId ? eq(applications.roleId, roleId) : undefined))
      .groupBy(applications.status);
    const counts = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as ApplicantCounts;
    for (const r of rows) counts[r.status as ApplicationStatus] = Number(r.n);
    return counts;
  }

  /** The application, if it belongs to one of this studio's jobs. */
  async function own(userId: string, applicationId: string): Promise<StudioApplication> {
    const studio = await accounts.ownStudio(userId);
    if (!isUuid(applicationId)) throw errors.notFound(APP_MSG.applicationNotFound);
    const [found] = await read(and(eq(applications.id, applicationId), eq(jobs.studioId, studio.id)));
    if (!found) throw errors.notFound(APP_MSG.applicationNotFound);
    return found;
  }

  async function move(applicationId: string, status: ApplicationStatus, log: Log, onlyFrom?: ApplicationStatus) {
    const where = onlyFrom ? and(eq(applications.id, applicationId), eq(applications.status, onlyFrom)) : eq(applications.id, applicationId);
    const { changed, ...after } = await db.transaction((tx) => changeStatus(tx, where, status, new Date(), mail));
    void sendAfterCommit(ctx, after, log);
    return changed.length > 0;
  }

  return {
    /** The job's applicants, by status and role when asked; a role of another job finds none. */
    async list(userId: string, jobId: string, status: ApplicationStatus | undefined, roleId?: string): Promise<StudioApplication[]> {
      const studio = await accounts.ownStudio(userId);
      if (!isUuid(jobId)) throw errors.notFound(MARKET_MSG.jobNotFound);
      const [job] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.studioId, studio.id)));
      if (!job) throw errors.notFound(MARKET_MSG.jobNotFound);
      if (roleId !== undefined && !isUuid(roleId)) throw errors.notFound(CAST_MSG.roleNotFound);
      return read(and(eq(applications.jobId, jobId), status ? eq(applications.status, status) : undefined, roleId ? eq(applications.roleId, roleId) : undefined));
    },

    /**
     * The job's applicants a page at a time (docs/applications.md, "The applicant list in
     * pages"): after the cursor's application, `limit` of them (50 when a cursor comes
     * without one; the first 500, as before paging, when neither comes), the next page's
     * cursor, and the counts by status.
     */
    async page(userId: string, jobId: string, query: ApplicantsQuery): Promise<StudioApplicationsAnswer> {
      const studio = await accounts.ownStudio(userId);
      if (!isUuid(jobId)) throw errors.notFound(MARKET_MSG.jobNotFound);
      const { status, roleId, cursor } = query;
      // Checked before any read: bad input changes nothing and costs no query.
      const position = cursor === undefined ? undefined : decodeCursor(cursor);
      if (position === null) throw errors.badRequest(APP_MSG.invalidApplicantsCursor, 'invalid_cursor');
      const [job] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.studioId, studio.id)));
      if (!job) throw errors.notFound(MARKET_MSG.jobNotFound);
      if (roleId !== undefined && !isUuid(roleId)) throw errors.notFound(CAST_MSG.roleNotFound);
      const size = query.limit ?? (cursor === undefined ? APPLICATION_LIMITS.listMax : APPLICATION_LIMITS.listPage);
      const where = and(
        eq(applications.jobId, jobId),
        status ? eq(applications.status, status) : undefined,
        roleId ? eq(applications.roleId, roleId) : undefined,
        position ? sql`(${applications.createdAt}, ${applications.id}) > (${position.at}::timestamptz, ${position.id}::uuid)` : undefined,
      );
      // One more than the page tells whether another follows.
      const [rows, counts] = await Promise.all([readRows(where, size + 1), countsOf(jobId, roleId)]);
      const shown = rows.slice(0, size);
      const last = shown.at(-1);
      return {
        applications: shown.map((r) => r.application),
        nextCursor: rows.length > size && last ? encodeCursor({ at: last.at, id: last.application._id }) : null,
        counts,
      };
    },

    /** The first open by the studio marks it viewed, once, whoever of two instances gets there first. */
    async open(userId: string, applicationId: string, log: Log): Promise<StudioApplication> {
      const found = await own(userId, applicationId);
      if (found.status !== 'applied') return found;
      await move(found._id, 'viewed', log, 'applied');
      return own(userId, applicationId);
    },

    async setStatus(userId: string, applicationId: string, status: StudioStatus, log: Log): Promise<StudioApplication> {
      const found = await own(userId, applicationId);
      if (FINAL_STATUSES.includes(found.status)) throw errors.conflict(APP_MSG.finalStatus(found.status));
      if (found.status === status) return found;
      // A change that raced into a final status in between changes nothing: 409 too.
      if (!(await move(found._id, status, log))) {
        const now = await own(userId, applicationId);
        throw errors.conflict(APP_MSG.finalStatus(now.status));
      }
      return own(userId, applicationId);
    },

    async review(userId: string, applicationId: string, body: ReviewBody): Promise<StudioApplication> {
      const found = await own(userId, applicationId);
      const changes = { ...(body.rating !== undefined ? { studioRating: body.rating } : {}), ...(body.note !== undefined ? { studioNote: body.note } : {}) };
      await db.update(applications).set(changes).where(eq(applications.id, found._id));
      return own(userId, applicationId);
    },
  };
}
