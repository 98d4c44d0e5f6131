/**
 * The studio's side of applications: its applicants by job, opening one (the first open
 * marks it viewed), moving it along, and its private rating and note. An application to
 * another studio's job is answered as not found (docs/applications.md).
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { APP_MSG, FINAL_STATUSES, type ApplicationStatus, type ReviewBody, type StudioApplication, type StudioStatus } from '../../../contract/applications.js';
import { APPLICATION_LIMITS } from '../../../contract/applications-limits.js';
import { CAST_MSG } from '../../../contract/casting-messages.js';
import type { ShownResume } from '../../../contract/resume.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import type { AppContext } from '../../context.js';
import { applications, jobRoles, jobs, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { sendAfterCommit } from '../notifications/index.js';
import { createStudioAccountsService } from '../studio-accounts/index.js';
import { isUuid } from '../../lib/uuid.js';
import { readResume } from '../resume/index.js';
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

/**
 * The résumé on the applicant card (docs/resume.md): a performer who applied shows it to
 * the studio as the portfolio would, whatever their visibility; none once deleted.
 */
async function shownResumeOf(db: AppContext['db'], performerId: string | null): Promise<ShownResume | null> {
  if (!performerId) return null;
  const resume = await readResume(db, performerId);
  if (!resume) return null;
  const { height: _height, weight: _weight, ...shown } = resume;
  return shown;
}

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

    /** The first open by the studio marks it viewed, once, whoever of two instances gets there first. */
    async open(userId: string, applicationId: string, log: Log): Promise<StudioApplication> {
      let found = await own(userId, applicationId);
      if (found.status === 'applied') {
        await move(found._id, 'viewed', log, 'applied');
        found = await own(userId, applicationId);
      }
      return { ...found, resume: await shownResumeOf(db, found.performer._id) };
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
