/**
 * Self-tape requests (docs/self-tapes.md): the studio's sides, requests to its applicants
 * with the deadline rule, the performer's answer and tape, watching and one retake.
 * Sides and tapes live under `private/` keys: only the calls here serve them, after their
 * checks, through the storage adapter (local disk or S3).
 */
import { readerTime } from '../../../contract/time-zones.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { FINAL_STATUSES, type ApplicationStatus } from '../../../contract/applications-limits.js';
import { acceptedType } from '../../../contract/media-options.js';
import { unplayableMessage } from '../../../contract/file-checks.js';
import { TAPE_LIMITS, TAPE_MSG, type TapeRequest, type TapeStatus } from '../../../contract/self-tapes.js';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { applications, jobRoles, jobs, studioFiles, studios, tapeRequests, uploadReservations, users } from '../../db/schema/index.js';
import { readerZone } from '../../db/reader-zone.js';
import { errors, hasErrorCode } from '../../errors.js';
import { tapeUrlChecks } from '../../lib/tape-url.js';
import { isUuid } from '../../lib/uuid.js';
import { enforceLimit } from '../../rate-limit/enforce-limit.js';
import { historyAction, mailSettings, type Actor } from '../applications/index.js';
import { deliver, recordEvents } from '../events/index.js';
import { activityLinks, tellStudioOfPerformer } from '../studio-activity/index.js';
import { ACTIVITY_TEXT, jobAndRole } from '../../../contract/studio-activity-texts.js';
import { personName } from '../../../contract/names.js';
import { conversionsOf, dropConversion, playbackOf, queueConversion, readHead, RESERVATION_LIFE_MS, storePlayable, UPLOAD_OWNER, type IncomingFile } from '../media/index.js';

type ConversionRow = Awaited<ReturnType<typeof conversionsOf>> extends Map<string, infer R> ? R : never;
import { createNotifications, type AfterCommit } from '../notifications/index.js';
import { createStudioAccountsService } from '../studio-accounts/index.js';
import { checkDeadline, checkRetakeDeadline } from '../../../contract/tape-deadline.js';

export const TAPES_LINK = '/applications';

/** A request still waiting for the performer: an application has at most one (docs/self-tapes.md). */
const OPEN_REQUEST: TapeStatus[] = ['requested', 'accepted', 'retake'];

type RequestRow = typeof tapeRequests.$inferSelect;

function requestMail(to: { email: string; fname: string }, subject: string, line: string, origin: string): MailMessage {
  const link = `${origin}${TAPES_LINK}`;
  return {
    to: to.email,
    subject,
    text: [`Hello ${to.fname},`, '', line, '', `See the request: ${link}`].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1933">
<p>Hello ${escapeHtml(to.fname)},</p>
<p>${escapeHtml(line)}</p>
<p><a href="${escapeHtml(link)}">See the request</a></p>
</body></html>`,
  };
}


export function createSelfTapesService(ctx: AppContext) {
  const { db, storage } = ctx;
  const accounts = createStudioAccountsService(ctx);
  const mail = mailSettings(ctx.config.env);
  const tapeUrls = tapeUrlChecks(ctx.config.jwtSecret);

  const tapeOf = (r: RequestRow, conversions: Map<string, ConversionRow>) => {
    if (!(r.tapeId && r.tapeKey && r.tapeSubmittedAt)) return null;
    const url = tapeUrls.url(r.tapeId);
    // The converted MP4 and poster go through the tape's signed address (docs/media.md, "Conversion").
    const { width: _w, height: _h, ...fields } = playbackOf(conversions.get(r.tapeKey), { playback: () => `${url}&file=playback`, poster: () => `${url}&file=poster` });
    return { _id: r.tapeId, url, submittedAt: r.tapeSubmittedAt.toISOString(), watchedAt: r.tapeWatchedAt?.toISOString() ?? null, ...fields };
  };

  function present(
    r: RequestRow,
    job: { id: string; title: string },
    role: { id: string; name: string } | null,
    studio: { fname: string },
    conversions: Map<string, ConversionRow>,
    studioView: boolean,
  ): TapeRequest {
    return {
      _id: r.id,
      applicationId: r.applicationId,
      job: { _id: job.id, title: job.title },
      role: role ? { _id: role.id, name: role.name } : null,
      studio: { fname: studio.fname },
      instructions: r.instructions,
      deadline: r.deadline.toISOString(),
      sidesPages: r.sidesPages,
      status: r.status as TapeStatus,
      declineReason: r.declineReason,
      retakeNote: r.retakeNote,
      retakeUsed: r.retakeUsed,
      tape: tapeOf(r, conversions),
      createdAt: r.createdAt.toISOString(),
      // Who asked, for the studio's casting office only (docs/team.md, "Who did what").
      ...(studioView && r.requestedBy ? { by: r.requestedBy } : {}),
      ...(studioView && r.retakeBy ? { retakeBy: r.retakeBy } : {}),
    };
  }

  async function readRequests(where: ReturnType<typeof and>, studioView = false): Promise<TapeRequest[]> {
    const rows = await db
      .select({ r: tapeRequests, job: { id: jobs.id, title: jobs.title }, role: { id: jobRoles.id, name: jobRoles.name }, studio: { fname: studios.fname } })
      .from(tapeRequests)
      .innerJoin(jobs, eq(jobs.id, tapeRequests.jobId))
      .innerJoin(studios, eq(studios.id, jobs.studioId))
      .innerJoin(applications, eq(applications.id, tapeRequests.applicationId))
      .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
      .where(where)
      .orderBy(desc(tapeRequests.createdAt), desc(tapeRequests.id));
    const conversions = await conversionsOf(db, rows.flatMap(({ r }) => (r.tapeKey ? [r.tapeKey] : [])));
    return rows.map(({ r, job, role, studio }) => present(r, job, role, studio, conversions, studioView));
  }

  /** The performer's own request, or 404 (another's is never told apart from none). */
  async function ownRequest(performerId: string, id: string): Promise<RequestRow> {
    if (!isUuid(id)) throw errors.notFound();
    const [row] = await db.select().from(tapeRequests).where(and(eq(tapeRequests.id, id), eq(tapeRequests.performerId, performerId)));
    if (!row) throw errors.notFound();
    return row;
  }

  async function performerAnswer(performerId: string, id: string): Promise<TapeRequest> {
    const [one] = await readRequests(and(eq(tapeRequests.id, id), eq(tapeRequests.performerId, performerId)));
    if (!one) throw errors.notFound();
    return one;
  }

  /** A request of one of the studio's jobs, or 404. */
  async function studioRequest(userId: string, id: string): Promise<{ row: RequestRow; studioId: string; studioName: string }> {
    const studio = await accounts.ownStudio(userId);
    if (!isUuid(id)) throw errors.notFound();
    const [found] = await db
      .select({ row: tapeRequests })
      .from(tapeRequests)
      .innerJoin(jobs, eq(jobs.id, tapeRequests.jobId))
      .where(and(eq(tapeRequests.id, id), eq(jobs.studioId, studio.id)));
    if (!found) throw errors.notFound();
    return { row: found.row, studioId: studio.id, studioName: studio.fname };
  }

  /** Tells each performer in the app, live and by e-mail (after commit), each in their own words (their role): the notices and events now, the mails answered. */
  async function tellPerformers(tx: Tx, told: { performerId: string; email: string; fname: string; wantsMail: boolean; line: string; subject: string }[]): Promise<AfterCommit> {
    if (told.length === 0) return { mails: [], events: [] };
    await createNotifications(tx, told.map((p) => ({ userId: p.performerId, kind: 'application' as const, text: p.line, link: TAPES_LINK })));
    const events = await recordEvents(tx, told.map((p) => p.performerId), { kind: 'notification', data: {} });
    const mails = told.filter((p) => p.wantsMail).map((p) => requestMail(p, p.subject, p.line, mail.origin));
    return { mails, events };
  }

  /** What the studio's notice of a performer's act names: the job, the role and the performer. */
  async function actOf(tx: Tx, id: string) {
    const [row] = await tx
      .select({ jobId: tapeRequests.jobId, job: jobs.title, role: jobRoles.name, performer: users.fname })
      .from(tapeRequests)
      .innerJoin(jobs, eq(jobs.id, tapeRequests.jobId))
      .innerJoin(applications, eq(applications.id, tapeRequests.applicationId))
      .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
      .leftJoin(users, eq(users.id, tapeRequests.performerId))
      .where(eq(tapeRequests.id, id));
    return { jobId: row!.jobId, job: jobAndRole(row!.job, row!.role), performer: personName(row!.performer ?? '') };
  }

  /** The request's one tape upload: a reservation unique per request (a lapsed one is taken over). */
  async function reserveTape(performerId: string, id: string, now: Date): Promise<string> {
    try {
      return await db.transaction(async (tx) => {
        await tx.delete(uploadReservations).where(and(eq(uploadReservations.tapeRequestId, id), lte(uploadReservations.expiresAt, now)));
        const [held] = await tx
          .insert(uploadReservations)
          .values({ userId: performerId, bytes: 0, expiresAt: new Date(now.getTime() + RESERVATION_LIFE_MS), ownerId: UPLOAD_OWNER, tapeRequestId: id })
          .returning({ id: uploadReservations.id });
        return held!.id;
      });
    } catch (error) {
      if (hasErrorCode(error, ['23505'])) throw errors.tapeUploadRunning();
      throw error;
    }
  }

  async function storeTape(performerId: string, id: string, part: IncomingFile, reservation: string, now: Date): Promise<TapeRequest> {
    const { head, whole } = await readHead(part.file);
    const type = acceptedType('videos', (await fileTypeFromBuffer(head))?.mime);
    if (!type) {
      whole.destroy();
      part.file.resume();
      throw errors.unsupportedType(TAPE_MSG.tapeNotVideo);
    }
    const key = `private/tape-${randomBytes(12).toString('hex')}.${type.ext}`;
    // Written before the first byte is, so the upload sweep finds what a crash mid-write leaves.
    await db.update(uploadReservations).set({ storageKey: key }).where(eq(uploadReservations.id, reservation));
    // A tape over its limit or that cannot be played is refused and not kept, as a video is
    // (docs/faults.md, "Media files").
    await storePlayable(storage, key, whole, part, type.mime, {
      tooLarge: () => errors.tooLarge(TAPE_MSG.tapeTooLarge),
      unplayable: () => errors.unsupportedType(unplayableMessage('videos')),
    });
    // The key is swapped under the row's lock, answering the one it replaced, whatever that
    // is by now; the deadline is checked again in the update: a tape finishing after it is refused.
    const replaced = await db.transaction(async (tx) => {
      const [before] = await tx.select({ key: tapeRequests.tapeKey }).from(tapeRequests).where(eq(tapeRequests.id, id)).for('update');
      const [updated] = await tx
        .update(tapeRequests)
        .set({ status: 'submitted', tapeId: randomUUID(), tapeKey: key, tapeSubmittedAt: now, tapeWatchedAt: null })
        .where(and(eq(tapeRequests.id, id), inArray(tapeRequests.status, ['accepted', 'submitted', 'retake']), sql`${tapeRequests.deadline} > ${now.toISOString()}::timestamptz`))
        .returning({ id: tapeRequests.id });
      // The tape is converted to play everywhere, in the background (docs/media.md, "Conversion").
      if (!updated) {
        // Ended while the tape streamed (a decline that came to stand, a close): said as such.
        const [current] = await tx.select({ status: tapeRequests.status }).from(tapeRequests).where(eq(tapeRequests.id, id));
        return { refused: current?.status === 'ended' ? errors.requestEnded() : errors.deadlinePassed() };
      }
      await queueConversion(tx, key);
      // The studio hears of it: bell, live event and its digest (docs/applications.md).
      const act = await actOf(tx, id);
      const events = await tellStudioOfPerformer(tx, { jobId: act.jobId, line: ACTIVITY_TEXT.tapeSent(act.performer, act.job), link: activityLinks.selfTapes(act.jobId) });
      return { key: before?.key ?? null, events };
    });
    if ('refused' in replaced) {
      await storage.delete(key);
      throw replaced.refused;
    }
    await deliver(ctx, replaced.events);
    if (replaced.key) {
      await dropConversion(ctx, replaced.key).catch(() => {});
      await storage.delete(replaced.key).catch(() => {});
    }
    return performerAnswer(performerId, id);
  }

  return {
    tapeUrls,

    /** POST /api/studio/tape-requests: one request per application, all of one of the studio's jobs. */
    async request(userId: string, body: { applicationIds: string[]; instructions: string; sidesFileId?: string; deadline: string }, by?: Actor, now = new Date()) {
      const studio = await accounts.ownStudio(userId);
      // Each request mails and notifies its performers: a studio's calls are bounded (docs/security.md, "Self-tapes").
      await enforceLimit(ctx, `tapes:request:${studio.id}`, { limit: TAPE_LIMITS.requestsPerHour, windowSec: 3600 });
      const ids = [...new Set(body.applicationIds)].sort();
      const apps = await db
        .select({ id: applications.id, jobId: applications.jobId, performerId: applications.performerId })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .where(and(inArray(applications.id, ids), eq(jobs.studioId, studio.id)));
      const jobIds = new Set(apps.map((a) => a.jobId));
      if (apps.length !== ids.length || jobIds.size !== 1) throw errors.applicationsInvalid();
      let sidesPages: number | null = null;
      if (body.sidesFileId) {
        const [file] = await db.select().from(studioFiles).where(and(eq(studioFiles.id, body.sidesFileId), eq(studioFiles.studioId, studio.id)));
        if (!file) throw errors.sidesNotFound();
        sidesPages = file.pages;
      }
      const deadline = new Date(body.deadline);
      const rule = checkDeadline(now, deadline, sidesPages);
      if (!rule.ok) throw errors.deadlineTooSoon(rule.earliest, rule.hours, await readerZone(db, by?._id ?? userId));
      const [job] = await db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, [...jobIds][0]!));
      // Each performer's notice and mail name their role and the deadline, in their own zone (docs/self-tapes.md).
      const { created, after } = await db.transaction(async (tx) => {
        // Held to the commit: the unused-sides sweep (sides-sweep.ts) cannot remove the file meanwhile.
        if (body.sidesFileId && !(await tx.select({ id: studioFiles.id }).from(studioFiles).where(eq(studioFiles.id, body.sidesFileId)).for('share')).length) {
          throw errors.sidesNotFound();
        }
        // The applications' rows are locked (in id order) so two requests sent together see each other's.
        const open = await tx.select({ status: applications.status }).from(applications).where(inArray(applications.id, ids)).orderBy(applications.id).for('update');
        if (open.some((a) => FINAL_STATUSES.includes(a.status as ApplicationStatus))) throw errors.applicationClosed();
        const [pending] = await tx
          .select({ id: tapeRequests.id })
          .from(tapeRequests)
          .where(and(inArray(tapeRequests.applicationId, ids), inArray(tapeRequests.status, OPEN_REQUEST)))
          .limit(1);
        if (pending) throw errors.requestOpen();
        const created = await tx
          .insert(tapeRequests)
          .values(apps.map((a) => ({ applicationId: a.id, jobId: a.jobId, performerId: a.performerId, instructions: body.instructions, sidesFileId: body.sidesFileId ?? null, sidesPages, deadline, requestedBy: by ?? null })))
          .returning({ id: tapeRequests.id });
        await tx.update(applications).set({ history: historyAction('tape_request', now, by) }).where(inArray(applications.id, ids));
        const people = await tx
          .select({ performerId: users.id, email: users.email, fname: users.fname, wantsMail: users.emailApplications, role: jobRoles.name, timeZone: users.timeZone })
          .from(applications)
          .innerJoin(users, eq(users.id, applications.performerId))
          .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
          .where(inArray(applications.id, ids));
        const after = await tellPerformers(
          tx,
          people.map(({ role, timeZone, ...p }) => {
            const named = jobAndRole(job!.title, role);
            const due = readerTime(deadline, timeZone);
            return { ...p, line: TAPE_MSG.requestNotice(studio.fname, named, due), subject: TAPE_MSG.requestSubject(named, due) };
          }),
        );
        return { created, after };
      });
      return { tapeRequests: await readRequests(inArray(tapeRequests.id, created.map((c) => c.id)), true), after };
    },

    listMine: (performerId: string) => readRequests(eq(tapeRequests.performerId, performerId)).then((tapeRequests) => ({ tapeRequests })),

    async accept(performerId: string, id: string, now = new Date()) {
      const row = await ownRequest(performerId, id);
      if (row.status === 'accepted') return performerAnswer(performerId, id);
      if (row.status !== 'requested') throw errors.notRequested();
      if (row.deadline <= now) throw errors.deadlinePassed();
      await db.update(tapeRequests).set({ status: 'accepted', acceptedAt: now }).where(and(eq(tapeRequests.id, id), eq(tapeRequests.status, 'requested')));
      return performerAnswer(performerId, id);
    },

    async decline(performerId: string, id: string, reason: string | undefined) {
      const row = await ownRequest(performerId, id);
      if (row.status !== 'requested' && row.status !== 'accepted') throw errors.cannotDecline();
      const events = await db.transaction(async (tx) => {
        // Checked again in the update: an answer sent twice at once declines, and tells, once.
        const [declined] = await tx
          .update(tapeRequests)
          .set({ status: 'declined', declineReason: reason ?? '' })
          .where(and(eq(tapeRequests.id, id), inArray(tapeRequests.status, ['requested', 'accepted'])))
          .returning({ id: tapeRequests.id });
        if (!declined) throw errors.cannotDecline();
        // The performer's dialog promises "The studio is told": its bell, its stream and its digest, with the reason.
        const act = await actOf(tx, id);
        return tellStudioOfPerformer(tx, { jobId: act.jobId, line: ACTIVITY_TEXT.tapeDeclined(act.performer, act.job, reason ?? ''), link: activityLinks.selfTapes(act.jobId) });
      });
      await deliver(ctx, events);
      return performerAnswer(performerId, id);
    },

    /**
     * POST …/{id}/tape: a video by content, streamed to private storage; replaces the last one
     * until the deadline. One upload at a time per request (a second answers 409): it holds an
     * upload reservation, so the upload sweep removes what a crash mid-tape leaves.
     */
    async uploadTape(performerId: string, id: string, part: IncomingFile, now = new Date()): Promise<TapeRequest> {
      const row = await ownRequest(performerId, id);
      const refuse = (error: Error) => {
        part.file.resume();
        return error;
      };
      // A decision that stands or a close ended it: no tape goes to it, whatever its deadline (docs/self-tapes.md).
      if (row.status === 'ended') throw refuse(errors.requestEnded());
      if (row.status === 'expired' || row.deadline <= now) throw refuse(errors.deadlinePassed());
      if (row.status === 'requested' || row.status === 'declined') throw refuse(errors.notAccepted());
      const reservation = await reserveTape(performerId, id, now).catch((error: unknown) => {
        throw refuse(error as Error);
      });
      try {
        return await storeTape(performerId, id, part, reservation, now);
      } finally {
        await db.delete(uploadReservations).where(eq(uploadReservations.id, reservation));
      }
    },

    /** The tape a signed URL names: its key, when it is still the request's tape. */
    async tapeKey(tapeId: string): Promise<string | null> {
      if (!isUuid(tapeId)) return null;
      const [row] = await db.select({ key: tapeRequests.tapeKey }).from(tapeRequests).where(eq(tapeRequests.tapeId, tapeId));
      return row?.key ?? null;
    },

    /** POST /api/studio/tapes/{id}/watched: the first call sets watchedAt. */
    async watched(userId: string, tapeId: string, now = new Date()) {
      const studio = await accounts.ownStudio(userId);
      if (!isUuid(tapeId)) throw errors.notFound();
      const [found] = await db
        .select({ id: tapeRequests.id })
        .from(tapeRequests)
        .innerJoin(jobs, eq(jobs.id, tapeRequests.jobId))
        .where(and(eq(tapeRequests.tapeId, tapeId), eq(jobs.studioId, studio.id)));
      if (!found) throw errors.notFound();
      const [row] = await db
        .update(tapeRequests)
        .set({ tapeWatchedAt: sql`coalesce(${tapeRequests.tapeWatchedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(tapeRequests.id, found.id))
        .returning();
      return tapeOf(row!, await conversionsOf(db, row?.tapeKey ? [row.tapeKey] : []))!;
    },

    /** POST /api/studio/tape-requests/{id}/retake: once per request, with a note and a deadline ≥ 24 h away. */
    async retake(userId: string, id: string, body: { note: string; deadline: string }, by?: Actor, now = new Date()) {
      const { row, studioName } = await studioRequest(userId, id);
      if (row.retakeUsed) throw errors.retakeUsed();
      if (row.status !== 'submitted') throw errors.noTape();
      const rule = checkRetakeDeadline(now, new Date(body.deadline));
      if (!rule.ok) throw errors.deadlineTooSoon(rule.earliest, undefined, await readerZone(db, by?._id ?? userId));
      const deadline = new Date(body.deadline);
      const [job] = await db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, row.jobId));
      const line = TAPE_MSG.retakeNotice(studioName, job!.title);
      const after = await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(tapeRequests)
          .set({ status: 'retake', retakeUsed: true, retakeNote: body.note, deadline, remindedAt: null, retakeBy: by ?? null })
          .where(and(eq(tapeRequests.id, id), eq(tapeRequests.retakeUsed, false)))
          .returning({ id: tapeRequests.id });
        if (!moved) throw errors.retakeUsed();
        await tx.update(applications).set({ history: historyAction('retake', now, by) }).where(eq(applications.id, row.applicationId));
        const people = row.performerId
          ? await tx.select({ performerId: users.id, email: users.email, fname: users.fname, wantsMail: users.emailApplications }).from(users).where(eq(users.id, row.performerId))
          : [];
        return tellPerformers(tx, people.map((p) => ({ ...p, line, subject: TAPE_MSG.retakeSubject(job!.title) })));
      });
      const [answer] = await readRequests(eq(tapeRequests.id, id), true);
      return { answer: answer!, after };
    },

    /** The studio's requests of a job's applicants (the applicant card reads them). */
    async studioList(userId: string, jobId: string) {
      const studio = await accounts.ownStudio(userId);
      if (!isUuid(jobId)) throw errors.notFound();
      return { tapeRequests: await readRequests(and(eq(tapeRequests.jobId, jobId), eq(jobs.studioId, studio.id)), true) };
    },
  };
}
