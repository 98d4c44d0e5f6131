/**
 * The studio's side of applications: its applicants by job, opening one (the first open
 * marks it viewed), moving it along, and its private rating and note. An application to
 * another studio's job is answered as not found (docs/applications.md).
 */
import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  APP_MSG,
  DECISION_MSG,
  FINAL_STATUSES,
  type ApplicationStatus,
  type BulkStatusAnswer,
  type DeclineReason,
  type ReviewBody,
  type StudioApplication,
  type StudioStatus,
} from '../../../contract/applications.js';
import { APPLICATION_LIMITS } from '../../../contract/applications-limits.js';
import { CAST_MSG } from '../../../contract/casting-messages.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import type { AppContext } from '../../context.js';
import { applications, decisionNotices, jobRoles, jobs, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { sendAfterCommit } from '../notifications/index.js';
import { createStudioAccountsService } from '../studio-accounts/index.js';
import { isUuid } from '../../lib/uuid.js';
import { presentStudioApplication } from './applications.presenter.js';
import { changeStatus, mailSettings, type DecisionInput } from './status-change.js';

type Log = { error(obj: unknown, msg: string): void };

/** A move's decision fields, as the calls take them. */
export interface MoveInput {
  status: StudioStatus;
  reason?: DeclineReason;
  note?: string;
}

/** Bookings and declines are undoable for 30 s and told only then (docs/applications.md, "Decisions"). */
const decisionOf = (body: MoveInput): DecisionInput =>
  body.status === 'booked' || body.status === 'declined' ? { reason: body.reason ?? null, note: body.note ?? '', undoable: true } : {};

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

export function createStudioApplicationsService(ctx: AppContext) {
  const { db } = ctx;
  const accounts = createStudioAccountsService(ctx);
  const mail = mailSettings(ctx.config.env);

  async function read(where: SQL | undefined): Promise<StudioApplication[]> {
    const rows = await db
      .select({ app: applications, performer: performerFields, role: { _id: jobRoles.id, name: jobRoles.name } })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .leftJoin(users, eq(users.id, applications.performerId))
      .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
      .where(where)
      .orderBy(asc(applications.createdAt), asc(applications.id))
      .limit(APPLICATION_LIMITS.listMax);
    return rows.map((r) => presentStudioApplication(r.app, r.performer?.id ? r.performer : null, r.role));
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
  async function undoAll(ids: readonly string[], now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      const unsent = await tx
        .delete(decisionNotices)
        .where(and(inArray(decisionNotices.applicationId, [...ids]), isNull(decisionNotices.sentAt)))
        .returning({ id: decisionNotices.applicationId });
      const back = await tx
        .update(applications)
        .set({
          status: sql`${applications.undoStatus}`,
          history: sql`${applications.history} - (jsonb_array_length(${applications.history}) - 1)`,
          decisionReason: null,
          decisionNote: '',
          decidedAt: null,
          undoStatus: null,
          undoUntil: null,
          updatedAt: now,
        })
        .where(and(inArray(applications.id, [...ids]), inArray(applications.status, ['booked', 'declined']), gt(applications.undoUntil, now)))
        .returning({ id: applications.id });
      if (unsent.length !== ids.length || back.length !== ids.length) throw errors.conflict(DECISION_MSG.undoExpired, 'undo_expired');
    });
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

    /** The first open by the studio marks it viewed, once, whoever of two instances gets there first. */
    async open(userId: string, applicationId: string, log: Log): Promise<StudioApplication> {
      const found = await own(userId, applicationId);
      if (found.status !== 'applied') return found;
      await move(found._id, 'viewed', log, 'applied');
      return own(userId, applicationId);
    },

    async setStatus(userId: string, applicationId: string, body: MoveInput, log: Log): Promise<StudioApplication> {
      const { status } = body;
      const found = await own(userId, applicationId);
      if (FINAL_STATUSES.includes(found.status)) throw errors.conflict(APP_MSG.finalStatus(found.status));
      if (found.status === status) return found;
      // A change that raced into a final status in between changes nothing: 409 too.
      if (!(await move(found._id, status, log, undefined, decisionOf(body)))) {
        const now = await own(userId, applicationId);
        throw errors.conflict(APP_MSG.finalStatus(now.status));
      }
      return own(userId, applicationId);
    },

    /** Undoes one final decision within its window; after it, 409 undo_expired. */
    async undo(userId: string, applicationId: string): Promise<StudioApplication> {
      const found = await own(userId, applicationId);
      await undoAll([found._id], new Date());
      return own(userId, applicationId);
    },

    /**
     * Moves several applications of one job, all or none (docs/applications.md, "Bulk
     * moves"): one of another job (or not found) or already final refuses the whole batch
     * with 409 before anything changes. The rows are locked while checked and moved.
     */
    async setStatusOf(userId: string, jobId: string, ids: readonly string[], body: MoveInput, log: Log): Promise<BulkStatusAnswer> {
      const job = await ownJobId(userId, jobId);
      const unique = [...new Set(ids)];
      if (!unique.every(isUuid)) throw errors.conflict(DECISION_MSG.notInJob, 'not_in_job');
      const decided = decisionOf(body);
      const now = new Date();
      const { changed, ...after } = await db.transaction(async (tx) => {
        const rows = await tx.select({ id: applications.id, jobId: applications.jobId, status: applications.status }).from(applications).where(inArray(applications.id, unique)).for('update');
        if (rows.length !== unique.length || rows.some((r) => r.jobId !== job)) throw errors.conflict(DECISION_MSG.notInJob, 'not_in_job');
        if (rows.some((r) => FINAL_STATUSES.includes(r.status as ApplicationStatus))) throw errors.conflict(DECISION_MSG.someFinal, 'final_status');
        // Those already in the status stay as they are; the rest move together.
        const moving = rows.filter((r) => r.status !== body.status).map((r) => r.id);
        if (moving.length === 0) return { changed: [], mails: [], events: [] };
        const result = await changeStatus(tx, inArray(applications.id, moving), body.status, now, mail, decided);
        if (result.changed.length !== moving.length) throw errors.conflict(DECISION_MSG.someFinal, 'final_status');
        return result;
      });
      void sendAfterCommit(ctx, after, log);
      const moved = await read(and(inArray(applications.id, unique), eq(jobs.id, job)));
      const until = decided.undoable && changed.length > 0 ? moved.find((a) => a.undoUntil)?.undoUntil ?? null : null;
      return { applications: moved, undo: until ? { until } : null };
    },

    /** Undoes a batch's final decisions as one, all or none. */
    async undoOf(userId: string, jobId: string, ids: readonly string[]): Promise<StudioApplication[]> {
      const job = await ownJobId(userId, jobId);
      const unique = [...new Set(ids)];
      if (!unique.every(isUuid)) throw errors.conflict(DECISION_MSG.notInJob, 'not_in_job');
      const found = await db.select({ id: applications.id, jobId: applications.jobId }).from(applications).where(inArray(applications.id, unique));
      if (found.length !== unique.length || found.some((r) => r.jobId !== job)) throw errors.conflict(DECISION_MSG.notInJob, 'not_in_job');
      await undoAll(unique, new Date());
      return read(and(inArray(applications.id, unique), eq(jobs.id, job)));
    },

    async review(userId: string, applicationId: string, body: ReviewBody): Promise<StudioApplication> {
      const found = await own(userId, applicationId);
      const changes = { ...(body.rating !== undefined ? { studioRating: body.rating } : {}), ...(body.note !== undefined ? { studioNote: body.note } : {}) };
      await db.update(applications).set(changes).where(eq(applications.id, found._id));
      return own(userId, applicationId);
    },
  };
}
