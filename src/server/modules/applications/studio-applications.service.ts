/**
 * The studio's side of applications: its applicants by job, opening one (the first open
 * marks it viewed), moving it along, and its private rating and note. An application to
 * another studio's job is answered as not found (docs/applications.md).
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import {
  APP_MSG,
  FINAL_STATUSES,
  type ApplicantOrder,
  type ApplicationStatus,
  type BulkStatusAnswer,
  type DeclineReason,
  type ReviewBody,
  type StudioApplication,
  type StudioApplicationsAnswer,
  type StudioStatus,
} from '../../../contract/applications.js';
import { APPLICATION_LIMITS } from '../../../contract/applications-limits.js';
import { CAST_MSG } from '../../../contract/casting-messages.js';
import type { ShownResume } from '../../../contract/resume.js';
import type { FeedbackPick } from '../../../contract/self-tapes-messages.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import type { AppContext } from '../../context.js';
import { applicationReviews, applications, decisionNotices, jobRoles, jobs, reviewFeedback, reviewLinks, studios, tapeRequests, users } from '../../db/schema/index.js';
import { tapeUrlChecks } from '../../lib/tape-url.js';
import { errors } from '../../errors.js';
import { sendAfterCommit } from '../notifications/index.js';
import { createStudioAccountsService } from '../studio-accounts/index.js';
import { decodeCursor, encodeCursor } from '../studios/index.js';
import { isUuid } from '../../lib/uuid.js';
import { readResume } from '../resume/index.js';
import { conversionsOf, playbackOf, withPlayback } from '../media/index.js';
import { dayEventsOf } from '../slots/index.js';
import { presentStudioApplication, undoOpenOf } from './applications.presenter.js';
import { minorSql } from '../guardians/index.js';
import { countsOf, type Tally } from './applicant-counts.js';
import { createAvailabilityService } from '../availability/index.js';
import { changeStatus, mailSettings, NO_DECISION, type DecisionInput } from './status-change.js';
import { historyAction, type Actor } from '../history/index.js';

/** The history without its last move (an entry with no `action`): what an undo takes away. */
const withoutLastMove = sql`coalesce((select jsonb_agg(e order by i) from jsonb_array_elements(${applications.history}) with ordinality as x(e, i) where i <> (select max(j) from jsonb_array_elements(${applications.history}) with ordinality as y(f, j) where not (f ? 'action'))), '[]'::jsonb)`;

type Log = { error(obj: unknown, msg: string): void };

/** A move's decision fields, as the calls take them. */
export interface MoveInput {
  status: StudioStatus;
  reason?: DeclineReason;
  note?: string;
}

/**
 * Bookings and declines are undoable for `undoSeconds` (30 s unless the server's setting says
 * otherwise) and told only then (docs/applications.md, "Decisions").
 */
const decisionOf = (body: MoveInput, undoSeconds: number, by?: Actor): DecisionInput => ({
  ...(body.status === 'booked' || body.status === 'declined' ? { reason: body.reason ?? null, note: body.note ?? '', undoSeconds } : {}),
  ...(by ? { by } : {}),
});

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
  // Under 18 with a guardian's consent (docs/guardians.md); nothing else of the guardian.
  minor: minorSql(users.id),
};

/**
 * The résumé on the applicant card (docs/resume.md): a performer who applied shows it to
 * the studio as the portfolio would, whatever their visibility; none once deleted.
 */
async function shownResumeOf(db: AppContext['db'], performerId: string | null): Promise<ShownResume | null> {
  if (!performerId) return null;
  const resume = await readResume(db, performerId);
  if (!resume) return null;
  // The studio was applied to: chest, waist and hips are its to see (docs/resume.md).
  const { height: _height, weight: _weight, measurementsPublic: _public, ...shown } = resume;
  return shown;
}

/** created_at to the microsecond, for the cursor: a JavaScript Date would drop the last three digits. */
const cursorOf = (createdAt: AnyColumn | SQL.Aliased) => sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const cursorAt = cursorOf(applications.createdAt);

/** What the list is asked for: a status and a role narrow it; a cursor or a limit pages it, in the order asked for. */
export interface ApplicantsQuery {
  status?: ApplicationStatus;
  roleId?: string;
  cursor?: string;
  limit?: number;
  order?: ApplicantOrder;
}

/** What decides the page statement's text: one prepared statement each. */
interface PageShape {
  order: ApplicantOrder;
  status: boolean;
  role: boolean;
  cursor: boolean;
  /** Rows read: the page plus one, which tells whether another follows. */
  limit: number;
}

const shapeKey = (shape: PageShape) => `${shape.order}_${Number(shape.status)}${Number(shape.role)}${Number(shape.cursor)}_${shape.limit}`;

/** The page sizes (plus one) the app's own callers ask: a page of 50, and the first 500 to a caller that sends no limit. */
const PREPARED_PAGE_SIZES = [APPLICATION_LIMITS.listPage + 1, APPLICATION_LIMITS.listMax + 1];

/**
 * A LIMIT written into the statement's text: drizzle sends a number as a parameter, which
 * PostgreSQL's generic plan cannot see (see `preparePage`). Only a number the code chose reaches it.
 */
const literalLimit = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as Placeholder;

/** A page asked for: the job, what narrows it, and the position in the order asked for (after it oldest first, before it newest first). */
interface PageQuery {
  jobId: string;
  order: ApplicantOrder;
  status?: ApplicationStatus;
  roleId?: string;
  position?: { at: string; id: string };
}

export function createStudioApplicationsService(ctx: AppContext) {
  const { db } = ctx;
  const accounts = createStudioAccountsService(ctx);
  const availability = createAvailabilityService(ctx);
  const mail = mailSettings(ctx.config.env);
  const undoSeconds = ctx.config.env.DECISION_UNDO_SECONDS;
  const tapeUrls = tapeUrlChecks(ctx.config.jwtSecret);

  /** Each application's latest self-tape (docs/self-tapes.md), with its signed URL. */
  async function tapesOf(ids: string[]): Promise<Map<string, StudioApplication['tape']>> {
    const out = new Map<string, StudioApplication['tape']>();
    if (ids.length === 0) return out;
    const rows = await db
      .select({ applicationId: tapeRequests.applicationId, id: tapeRequests.tapeId, key: tapeRequests.tapeKey, at: tapeRequests.tapeSubmittedAt, watchedAt: tapeRequests.tapeWatchedAt })
      .from(tapeRequests)
      .where(and(inArray(tapeRequests.applicationId, ids), isNotNull(tapeRequests.tapeId)))
      .orderBy(desc(tapeRequests.tapeSubmittedAt));
    const conversions = await conversionsOf(db, rows.flatMap((r) => (r.key ? [r.key] : [])));
    for (const r of rows) {
      if (out.has(r.applicationId) || !r.id || !r.at || !r.key) continue;
      out.set(r.applicationId, tapeOf({ ...r, id: r.id, at: r.at }, conversions.get(r.key)));
    }
    return out;
  }

  // The converted MP4 and poster go through the tape's signed address (docs/media.md, "Conversion").
  const tapeOf = (r: { id: string; at: Date; watchedAt: Date | null }, conversion: Parameters<typeof playbackOf>[0]): StudioApplication['tape'] => {
    const url = tapeUrls.url(r.id);
    const { width: _w, height: _h, ...fields } = playbackOf(conversion, { playback: () => `${url}&file=playback`, poster: () => `${url}&file=poster` });
    return { _id: r.id, url, submittedAt: r.at.toISOString(), watchedAt: r.watchedAt?.toISOString() ?? null, ...fields };
  };

  // Built once (drizzle's building cost more than PostgreSQL's answer, docs/performance.md, "The
  // applicant list in pages"); an array of ids, so one statement serves every page size.
  const anyId = sql`any(${sql.placeholder('ids')}::uuid[])`;
  const feedbackStatement = db
    .select({ f: reviewFeedback, label: reviewLinks.label })
    .from(reviewFeedback)
    .innerJoin(reviewLinks, eq(reviewLinks.id, reviewFeedback.linkId))
    .where(sql`${reviewFeedback.applicationId} = ${anyId}`)
    .orderBy(desc(reviewFeedback.updatedAt), desc(reviewFeedback.id))
    .prepare('applicants_feedback');
  const reviewsStatement = db
    .select()
    .from(applicationReviews)
    .where(sql`${applicationReviews.applicationId} = ${anyId}`)
    .orderBy(asc(applicationReviews.at), asc(applicationReviews.byId))
    .prepare('applicants_reviews');

  /** What review links' viewers said of each application (docs/self-tapes.md, "Feedback"), newest first. */
  async function feedbackOf(ids: string[]): Promise<Map<string, NonNullable<StudioApplication['feedback']>>> {
    const out = new Map<string, NonNullable<StudioApplication['feedback']>>(ids.map((id) => [id, []]));
    if (ids.length === 0) return out;
    const rows = await feedbackStatement.execute({ ids });
    for (const { f, label } of rows) {
      out.get(f.applicationId)?.push({ linkId: f.linkId, label, name: f.name, pick: f.pick as FeedbackPick, comment: f.comment, updatedAt: f.updatedAt.toISOString() });
    }
    return out;
  }

  /** Each person's rating and note of each application (docs/team.md, "Ratings per person"), oldest first. */
  async function reviewsOf(ids: string[]): Promise<Map<string, StudioApplication['reviews']>> {
    const out = new Map<string, StudioApplication['reviews']>();
    if (ids.length === 0) return out;
    const rows = await reviewsStatement.execute({ ids });
    for (const r of rows) {
      const list = out.get(r.applicationId) ?? [];
      list.push({ by: { _id: r.byId, name: r.byName }, rating: r.rating, note: r.note, at: r.at.toISOString() });
      out.set(r.applicationId, list);
    }
    return out;
  }

  async function read(where: SQL | undefined): Promise<StudioApplication[]> {
    return (await readRows(where, APPLICATION_LIMITS.listMax)).map((r) => r.application);
  }

  /** At most `limit` applications in (created_at, id) order, each with its cursor position. */
  async function readRows(where: SQL | undefined, limit: number): Promise<{ application: StudioApplication; at: string }[]> {
    const rows = await db
      .select({ app: applications, performer: performerFields, role: { _id: jobRoles.id, name: jobRoles.name }, at: cursorAt, undoOpen: undoOpenOf() })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .leftJoin(users, eq(users.id, applications.performerId))
      .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
      .where(where)
      .orderBy(asc(applications.createdAt), asc(applications.id))
      .limit(limit);
    return await present(rows, await tapesOf(rows.map((r) => r.app.id)), await reviewsOf(rows.map((r) => r.app.id)));
  }

  /** The rows as the studio sees them, each with its latest tape and its cursor position. */
  async function present(
    rows: { app: typeof applications.$inferSelect; performer: Parameters<typeof presentStudioApplication>[1] | null; role: Parameters<typeof presentStudioApplication>[2]; at: string; undoOpen: boolean }[],
    tapes: Map<string, StudioApplication['tape']>,
    reviews: Map<string, StudioApplication['reviews']>,
  ) {
    const apps = rows.map((r) => presentStudioApplication(r.app, r.performer?.id ? r.performer : null, r.role, r.undoOpen, tapes.get(r.app.id) ?? null, reviews.get(r.app.id) ?? []));
    // Sent videos play converted with their poster (docs/media.md, "Players"): one lookup for the page.
    const played = await withPlayback(ctx, apps.flatMap((a) => a.media));
    let at = 0;
    return apps.map((application, i) => {
      const media = played.slice(at, at + application.media.length);
      at += application.media.length;
      return { application: { ...application, media }, at: rows[i]!.at };
    });
  }

  /**
   * A page of the list (docs/performance.md, "The applicant list in pages"): the page's
   * applications are chosen in a subquery of their own, which walks
   * `applications_job_created_idx` from the cursor (forwards or backwards) and stops at
   * `limit`, and only those are joined. Joined in one level, the planner estimated the
   * cursor's rows from created_at alone (1 row when many share the cursor's instant), joined
   * every applicant after the cursor, then sorted. Each one's latest tape comes in the same
   * statement (a lateral subquery on `tape_requests_application_idx`), and so do the job's
   * counts: the statement starts from the one-row tally (by status and role, read from
   * `applications_job_status_role_idx`) and left-joins the page to it, so an empty page still
   * answers its counts and nothing takes a second round trip. The job is the caller's, checked before.
   *
   * Prepared once per shape (order, whether a status, a role and a cursor narrow it, and the
   * page's size) for the sizes the app asks (PREPARED_PAGE_SIZES): drizzle builds it once, and
   * PostgreSQL keeps a named statement's generic plan from its sixth execution (planning was
   * about a fifth of its time, docs/performance.md, "The applicant list in pages"). The size is
   * written into the text, not sent as a parameter: with `limit $n` the generic plan guesses
   * 1 000 rows and reads every performer, so PostgreSQL would plan each execution anew.
   * Another size is sent unnamed, planned with each execution.
   */
  function preparePage(shape: PageShape) {
    const by = shape.order === 'newest' ? desc : asc;
    const jobId = sql.placeholder('jobId');
    const after = shape.cursor
      ? shape.order === 'newest'
        ? sql`(${applications.createdAt}, ${applications.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`
        : sql`(${applications.createdAt}, ${applications.id}) > (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`
      : undefined;
    const where = and(
      eq(applications.jobId, jobId),
      shape.status ? eq(applications.status, sql.placeholder('status')) : undefined,
      shape.role ? eq(applications.roleId, sql.placeholder('roleId')) : undefined,
      after,
    );
    const page = db.select().from(applications).where(where).orderBy(by(applications.createdAt), by(applications.id)).limit(literalLimit(shape.limit)).as('page');
    const grouped = db
      .select({ status: applications.status, roleId: applications.roleId, n: count().as('n') })
      .from(applications)
      .where(eq(applications.jobId, jobId))
      .groupBy(applications.status, applications.roleId)
      .as('grouped');
    const tally = db
      .select({ counts: sql<Tally | null>`jsonb_agg(jsonb_build_array(${grouped.status}, ${grouped.roleId}, ${grouped.n}))`.as('counts') })
      .from(grouped)
      .as('tally');
    const latest = db
      .select({ id: tapeRequests.tapeId, key: tapeRequests.tapeKey, at: tapeRequests.tapeSubmittedAt, watchedAt: tapeRequests.tapeWatchedAt })
      .from(tapeRequests)
      .where(and(eq(tapeRequests.applicationId, page.id), isNotNull(tapeRequests.tapeId), isNotNull(tapeRequests.tapeSubmittedAt)))
      .orderBy(desc(tapeRequests.tapeSubmittedAt))
      .limit(1)
      .as('tape');
    return db
      .select({ counts: tally.counts, app: page._.selectedFields, performer: performerFields, role: { _id: jobRoles.id, name: jobRoles.name }, at: cursorOf(page.createdAt), undoOpen: undoOpenOf(page.undoUntil), tape: latest._.selectedFields })
      .from(tally)
      .leftJoin(page, sql`true`)
      .leftJoin(users, eq(users.id, page.performerId))
      .leftJoin(jobRoles, eq(jobRoles.id, page.roleId))
      .leftJoinLateral(latest, sql`true`)
      .orderBy(by(page.createdAt), by(page.id))
      .prepare(PREPARED_PAGE_SIZES.includes(shape.limit) ? `applicant_page_${shapeKey(shape)}` : '');
  }
  const pageStatements = new Map<string, ReturnType<typeof preparePage>>();
  const ownedJob = db
    .select({ job: jobs.id, shootDates: jobs.shootDates })
    .from(studios)
    .leftJoin(jobs, and(eq(jobs.studioId, studios.id), eq(jobs.id, sql.placeholder('jobId'))))
    .where(eq(studios.ownerId, sql.placeholder('userId')))
    .prepare('applicant_page_owned_job');

  /**
   * The page's statement, then what its rows need besides (tapes' conversions, ratings,
   * viewers' feedback, availability clashes) side by side, each a statement of its own.
   */
  async function readPage(query: PageQuery, limit: number, shootDates: Parameters<typeof availability.conflicts>[1]) {
    const shape: PageShape = { order: query.order, status: query.status !== undefined, role: query.roleId !== undefined, cursor: query.position !== undefined, limit };
    let statement = pageStatements.get(shapeKey(shape));
    if (!statement) {
      statement = preparePage(shape);
      if (PREPARED_PAGE_SIZES.includes(limit)) pageStatements.set(shapeKey(shape), statement);
    }
    const joined = await statement.execute({
      jobId: query.jobId,
      ...(query.status !== undefined ? { status: query.status } : {}),
      ...(query.roleId !== undefined ? { roleId: query.roleId } : {}),
      ...(query.position ? { at: query.position.at, id: query.position.id } : {}),
    });
    const tallied = joined[0]?.counts ?? [];
    const rows = joined.flatMap((r) => (r.app ? [{ ...r, app: r.app, undoOpen: Boolean(r.undoOpen) }] : []));
    const ids = rows.map((r) => r.app.id);
    const [conversions, reviews, feedback, clashes] = await Promise.all([
      conversionsOf(db, rows.flatMap((r) => (r.tape?.key ? [r.tape.key] : []))),
      reviewsOf(ids),
      feedbackOf(ids),
      availability.conflicts(
        rows.flatMap((r) => (r.performer?.id ? [r.performer.id] : [])),
        shootDates,
      ),
    ]);
    const tapes = new Map<string, StudioApplication['tape']>();
    for (const r of rows) {
      if (r.tape?.id && r.tape.at) tapes.set(r.app.id, tapeOf({ ...r.tape, id: r.tape.id, at: r.tape.at }, r.tape.key ? conversions.get(r.tape.key) : undefined));
    }
    return { rows: await present(rows, tapes, reviews), tally: tallied, feedback, clashes };
  }

  /** The performer's unavailable ranges during the job's shoot, dates only (docs/talent.md, "Availability"). */
  async function conflictsOf(found: StudioApplication) {
    if (!found.performer._id) return [];
    const [job] = await db.select({ shootDates: jobs.shootDates }).from(jobs).where(eq(jobs.id, found.jobId));
    return (await availability.conflicts([found.performer._id], job?.shootDates ?? [])).get(found.performer._id) ?? [];
  }

  /** The application, if it belongs to one of this studio's jobs. */
  async function own(userId: string, applicationId: string): Promise<StudioApplication> {
    const studio = await accounts.ownStudio(userId);
    if (!isUuid(applicationId)) throw errors.notFound(APP_MSG.applicationNotFound);
    const [found] = await read(and(eq(applications.id, applicationId), eq(jobs.studioId, studio.id)));
    if (!found) throw errors.notFound(APP_MSG.applicationNotFound);
    return found;
  }

  async function move(applicationId: string, status: ApplicationStatus, log: Log, onlyFrom?: ApplicationStatus, decided: DecisionInput = {}) {
    const where = onlyFrom ? and(eq(applications.id, applicationId), eq(applications.status, onlyFrom)) : eq(applications.id, applicationId);
    const { changed, ...after } = await db.transaction((tx) => changeStatus(tx, where, status, new Date(), mail, decided));
    void sendAfterCommit(ctx, after, log);
    return changed.length > 0;
  }

  async function ownJobId(userId: string, jobId: string): Promise<string> {
    const studio = await accounts.ownStudio(userId);
    if (!isUuid(jobId)) throw errors.notFound(MARKET_MSG.jobNotFound);
    const [job] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.studioId, studio.id)));
    if (!job) throw errors.notFound(MARKET_MSG.jobNotFound);
    return job.id;
  }

  /**
   * Puts the applications back to the status before their final decision, all or none, if
   * their window is open and their notice unsent: the outbox rows go in the same
   * transaction, so the performer hears nothing, and the decision's history entry goes too.
   * The notice row decides a race with the sweep: once it is claimed, the undo is too late.
   */
  async function undoAll(ids: readonly string[], now: Date, by?: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const unsent = await tx
        .delete(decisionNotices)
        .where(and(inArray(decisionNotices.applicationId, [...ids]), isNull(decisionNotices.sentAt)))
        .returning({ id: decisionNotices.applicationId });
      const back = await tx
        .update(applications)
        .set({
          status: sql`${applications.undoStatus}`,
          // The decision's entry (the last move, whatever actions came after it) goes, and the
          // undo is recorded with who did it (docs/team.md, "Who did what").
          history: sql`(${withoutLastMove}) || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object('status', ${applications.undoStatus}, 'at', ${now.toISOString()}::text, 'by', ${by ? sql`jsonb_build_object('_id', ${by._id}::text, 'name', ${by.name}::text)` : sql`null::jsonb`}, 'action', 'undo'::text)))`,
          ...NO_DECISION,
          updatedAt: now,
        })
        .where(and(inArray(applications.id, [...ids]), inArray(applications.status, ['booked', 'declined']), gt(applications.undoUntil, sql`now()`)))
        .returning({ id: applications.id });
      if (unsent.length !== ids.length || back.length !== ids.length) {
        // The performer withdrew inside the window, which drops the decision (docs/applications.md, "Decisions").
        const [gone] = await tx.select({ id: applications.id }).from(applications).where(and(inArray(applications.id, [...ids]), eq(applications.status, 'withdrawn'))).limit(1);
        if (gone) throw errors.withdrawn();
        throw errors.undoExpired();
      }
    });
  }

  return {
    /**
     * The job's applicants a page at a time (docs/applications.md, "The applicant list in
     * pages"): after the cursor's application, `limit` of them (50 when a cursor comes
     * without one; the first 500, as before paging, when neither comes), the next page's
     * cursor, and the counts by status.
     */
    async page(userId: string, jobId: string, query: ApplicantsQuery): Promise<StudioApplicationsAnswer> {
      const { status, roleId, cursor } = query;
      const order = query.order ?? 'oldest';
      // Bad input changes nothing and reads only the studio (no studio page is answered first).
      const position = cursor === undefined ? undefined : decodeCursor(cursor);
      if (!isUuid(jobId) || position === null) {
        await accounts.ownStudio(userId);
        throw isUuid(jobId) ? errors.invalidCursor('applicants') : errors.notFound(MARKET_MSG.jobNotFound);
      }
      // The studio and its job in one statement: one round trip before the page.
      const [owned] = await ownedJob.execute({ userId, jobId });
      if (!owned) throw errors.notFound(MARKET_MSG.noStudioPage);
      if (!owned.job) throw errors.notFound(MARKET_MSG.jobNotFound);
      if (roleId !== undefined && !isUuid(roleId)) throw errors.notFound(CAST_MSG.roleNotFound);
      const size = query.limit ?? (cursor === undefined ? APPLICATION_LIMITS.listMax : APPLICATION_LIMITS.listPage);
      // One more than the page tells whether another follows; the counts come in the same statement.
      const { rows, tally, feedback, clashes } = await readPage({ jobId, status, roleId, position, order }, size + 1, owned.shootDates ?? []);
      const { counts, roleCounts } = countsOf(tally, roleId);
      const shown = rows.slice(0, size);
      const last = shown.at(-1);
      return {
        applications: shown.map((r) => ({
          ...r.application,
          feedback: feedback.get(r.application._id) ?? [],
          conflicts: (r.application.performer._id && clashes.get(r.application.performer._id)) || [],
        })),
        nextCursor: rows.length > size && last ? encodeCursor({ at: last.at, id: last.application._id }) : null,
        counts,
        roleCounts,
      };
    },

    /** The first open by the studio marks it viewed, once, whoever of two instances gets there first. */
    async open(userId: string, applicationId: string, log: Log): Promise<StudioApplication> {
      let found = await own(userId, applicationId);
      if (found.status === 'applied') {
        await move(found._id, 'viewed', log, 'applied');
        found = await own(userId, applicationId);
      }
      const [resume, feedback, day, conflicts] = await Promise.all([
        shownResumeOf(db, found.performer._id),
        feedbackOf([found._id]),
        dayEventsOf(db, found._id),
        conflictsOf(found),
      ]);
      return { ...found, resume, feedback: feedback.get(found._id) ?? [], day, conflicts };
    },

    async setStatus(userId: string, applicationId: string, body: MoveInput, log: Log, by?: Actor): Promise<StudioApplication> {
      const { status } = body;
      const found = await own(userId, applicationId);
      if (FINAL_STATUSES.includes(found.status)) throw errors.conflict(APP_MSG.finalStatus(found.status));
      if (found.status === status) return found;
      // A change that raced into a final status in between changes nothing: 409 too.
      if (!(await move(found._id, status, log, undefined, decisionOf(body, undoSeconds, by)))) {
        const now = await own(userId, applicationId);
        throw errors.conflict(APP_MSG.finalStatus(now.status));
      }
      return own(userId, applicationId);
    },

    /** Undoes one final decision within its window; after it, 409 undo_expired. */
    async undo(userId: string, applicationId: string, by?: Actor): Promise<StudioApplication> {
      const found = await own(userId, applicationId);
      await undoAll([found._id], new Date(), by);
      return own(userId, applicationId);
    },

    /**
     * Moves several applications of one job, all or none (docs/applications.md, "Bulk
     * moves"): one of another job (or not found) or already final refuses the whole batch
     * with 409 before anything changes. The rows are locked while checked and moved.
     */
    async setStatusOf(userId: string, jobId: string, ids: readonly string[], body: MoveInput, log: Log, by?: Actor): Promise<BulkStatusAnswer> {
      const job = await ownJobId(userId, jobId);
      const unique = [...new Set(ids)];
      if (!unique.every(isUuid)) throw errors.notInJob();
      const decided = decisionOf(body, undoSeconds, by);
      const now = new Date();
      const { changed, ...after } = await db.transaction(async (tx) => {
        const rows = await tx.select({ id: applications.id, jobId: applications.jobId, status: applications.status }).from(applications).where(inArray(applications.id, unique)).for('update');
        if (rows.length !== unique.length || rows.some((r) => r.jobId !== job)) throw errors.notInJob();
        if (rows.some((r) => FINAL_STATUSES.includes(r.status as ApplicationStatus))) throw errors.finalStatus();
        // Those already in the status stay as they are; the rest move together.
        const moving = rows.filter((r) => r.status !== body.status).map((r) => r.id);
        if (moving.length === 0) return { changed: [], mails: [], events: [] };
        const result = await changeStatus(tx, inArray(applications.id, moving), body.status, now, mail, decided);
        if (result.changed.length !== moving.length) throw errors.finalStatus();
        return result;
      });
      void sendAfterCommit(ctx, after, log);
      const moved = await read(and(inArray(applications.id, unique), eq(jobs.id, job)));
      const until = decided.undoSeconds !== undefined && changed.length > 0 ? moved.find((a) => a.undoUntil)?.undoUntil ?? null : null;
      return { applications: moved, undo: until ? { until } : null };
    },

    /** Undoes a batch's final decisions as one, all or none. */
    async undoOf(userId: string, jobId: string, ids: readonly string[], by?: Actor): Promise<StudioApplication[]> {
      const job = await ownJobId(userId, jobId);
      const unique = [...new Set(ids)];
      if (!unique.every(isUuid)) throw errors.notInJob();
      const found = await db.select({ id: applications.id, jobId: applications.jobId }).from(applications).where(inArray(applications.id, unique));
      if (found.length !== unique.length || found.some((r) => r.jobId !== job)) throw errors.notInJob();
      await undoAll(unique, new Date(), by);
      return read(and(inArray(applications.id, unique), eq(jobs.id, job)));
    },

    /**
     * Sets the caller's own rating and note (docs/team.md, "Ratings per person"). The
     * application's `rating` and `studioNote` keep the last one set by anyone, for older
     * readers; a note goes into the history with who wrote it.
     */
    async review(userId: string, applicationId: string, body: ReviewBody, by: Actor): Promise<StudioApplication> {
      const found = await own(userId, applicationId);
      const now = new Date();
      const changes = { ...(body.rating !== undefined ? { studioRating: body.rating } : {}), ...(body.note !== undefined ? { studioNote: body.note } : {}) };
      const mine = { ...(body.rating !== undefined ? { rating: body.rating } : {}), ...(body.note !== undefined ? { note: body.note } : {}) };
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ note: applicationReviews.note })
          .from(applicationReviews)
          .where(and(eq(applicationReviews.applicationId, found._id), eq(applicationReviews.byId, by._id)))
          .for('update');
        // Only a note that changed is an action in the history; saving a rating alone is not.
        const noted = body.note !== undefined && body.note !== (before?.note ?? '');
        await tx
          .insert(applicationReviews)
          .values({ applicationId: found._id, byId: by._id, byName: by.name, ...mine, at: now })
          .onConflictDoUpdate({ target: [applicationReviews.applicationId, applicationReviews.byId], set: { ...mine, byName: by.name, at: now } });
        await tx
          .update(applications)
          .set({ ...changes, ...(noted ? { history: historyAction('note', now, by) } : {}) })
          .where(eq(applications.id, found._id));
      });
      return own(userId, applicationId);
    },
  };
}
