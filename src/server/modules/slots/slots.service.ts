/**
 * Audition times (docs/slots.md): the studio's slots, and the performer's booking, move
 * and cancel. A booking is one conditional UPDATE (`booked_application_id IS NULL`) and the
 * column is unique, so of several performers racing for a slot exactly one wins, on either
 * engine and with several instances; nothing is read and then written.
 */
import { and, asc, eq, getTableColumns, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { SLOT_LIMITS, SLOT_MSG, type CheckInStatus, type CreateSlotsBody, type DayEvent, type MySlotsAnswer, type OpenSlot, type StudioSlot } from '../../../contract/slots.js';
import { APP_MSG } from '../../../contract/applications.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { GUARDIAN_MSG } from '../../../contract/guardians-messages.js';
import { readerTime } from '../../../contract/time-zones.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { escapeHtml } from '../../adapters/mail/mailer.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { applications, auditionSlots, jobRoles, jobs, slotDayEvents, slotRoundInvitations, studios, userEvents, users } from '../../db/schema/index.js';
import { recordEvents } from '../events/index.js';
import { errors } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { createNotification, createNotifications, oweMail, type AfterCommit } from '../notifications/index.js';
import { createStudioAccountsService } from '../studio-accounts/index.js';
import { bookingIcs, ICS_NAME, ICS_TYPE } from './slot-ics.js';
import { minorSql } from '../guardians/index.js';
import { historyAction, type Actor } from '../history/index.js';
import { activityLinks, tellStudioOfPerformer } from '../studio-activity/index.js';
import { ACTIVITY_TEXT, jobAndRole } from '../../../contract/studio-activity-texts.js';
import { personName } from '../../../contract/names.js';

type SlotRow = typeof auditionSlots.$inferSelect;
const HOUR = 3_600_000;
/** A slot given up: the booking and everything of its day go with it. */
export const FREED = { bookedApplicationId: null, bookingUid: null, sequence: 0, bookedAt: null, bookingKey: null, mailRemindedAt: null, noticeRemindedAt: null, checkIn: null, checkInAt: null, lateMinutes: null, lateAt: null };

const SLOT_COLUMNS = Object.entries(getTableColumns(auditionSlots));
/** A slot as a select of it would give it, from a raw statement's row (`sl.*` among other columns). */
function slotFromDriver(row: Record<string, unknown>): SlotRow {
  const slot: Record<string, unknown> = {};
  for (const [key, column] of SLOT_COLUMNS) {
    const value = row[column.name];
    slot[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return slot as SlotRow;
}

/** The day's state of a booked slot, as the schedule shows it. */
export const dayOf = (s: SlotRow) => ({
  checkIn: s.checkIn && s.checkInAt ? { status: s.checkIn as CheckInStatus, at: s.checkInAt.toISOString() } : null,
  late: s.lateMinutes !== null && s.lateAt ? { minutes: s.lateMinutes, at: s.lateAt.toISOString() } : null,
});

/** The day's history of these applications (docs/slots.md, "The day"), oldest first. */
export async function dayEventsOf(db: Db | Tx, applicationId: string): Promise<DayEvent[]> {
  const rows = await db.select().from(slotDayEvents).where(eq(slotDayEvents.applicationId, applicationId)).orderBy(asc(slotDayEvents.at), asc(slotDayEvents.id));
  return rows.map((r) => ({ kind: r.kind as DayEvent['kind'], minutes: r.minutes, slotStartsAt: r.slotStartsAt.toISOString(), at: r.at.toISOString(), round: r.round }));
}
const MINUTE = 60_000;

/** Where the audition is: the place, or the link. */
export const whereOf = (s: Pick<SlotRow, 'place' | 'onlineUrl'>) => s.place || s.onlineUrl;


export function presentOpenSlot(s: SlotRow): OpenSlot {
  return { _id: s.id, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString(), roleId: s.roleId, place: s.place, onlineUrl: s.onlineUrl, round: s.round, limited: s.limited };
}

/** True when the database refused a second row with the same unique value. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** What the mails and the calendar file say about a booked slot. */
export interface BookingFacts {
  slot: SlotRow;
  job: string;
  studio: string;
  performerId: string | null;
  email: string | null;
  /** The performer's time zone: the mails and notices write the time in it (docs/account.md, "Time zone"). */
  timeZone: string | null;
  applicationId: string;
  /** A consented minor: the mails say a guardian attends (docs/guardians.md). */
  minor?: boolean;
}

export async function bookingFacts(db: Db | Tx, where: ReturnType<typeof and>): Promise<BookingFacts[]> {
  const rows = await db
    .select({ slot: auditionSlots, job: jobs.title, studio: studios.fname, performerId: applications.performerId, email: users.email, timeZone: users.timeZone, applicationId: applications.id, minor: minorSql(users.id) })
    .from(auditionSlots)
    .innerJoin(applications, eq(applications.id, auditionSlots.bookedApplicationId))
    .innerJoin(jobs, eq(jobs.id, auditionSlots.jobId))
    .innerJoin(studios, eq(studios.id, jobs.studioId))
    .leftJoin(users, eq(users.id, applications.performerId))
    .where(where);
  return rows;
}

export function icsOf(f: BookingFacts, now: Date): string {
  return bookingIcs({ uid: f.slot.bookingUid!, sequence: f.slot.sequence, startsAt: f.slot.startsAt, endsAt: f.slot.endsAt, job: f.job, studio: f.studio, where: whereOf(f.slot) }, now);
}

/** A mail about a booking, with its calendar file attached. */
export function bookingMail(f: BookingFacts, now: Date, kind: 'booked' | 'reminder'): MailMessage | null {
  if (!f.email) return null;
  const when = readerTime(f.slot.startsAt, f.timeZone);
  const where = whereOf(f.slot);
  const subject = kind === 'booked' ? SLOT_MSG.bookedSubject(f.job) : SLOT_MSG.reminderSubject(f.job);
  const said = kind === 'booked' ? SLOT_MSG.bookedText(f.job, f.studio, when, where) : SLOT_MSG.reminderText(f.job, f.studio, when, where);
  const body = f.minor ? `${said}\n\n${GUARDIAN_MSG.guardianAttends}.` : said;
  return { to: f.email, subject, text: body, html: `<p>${escapeHtml(body)}</p>`, attachments: [{ filename: ICS_NAME, content: icsOf(f, now), contentType: ICS_TYPE }] };
}

export function createSlotsService(ctx: AppContext) {
  const { db } = ctx;
  const accounts = createStudioAccountsService(ctx);

  async function ownJob(userId: string, jobId: string) {
    const studio = await accounts.ownStudio(userId);
    if (!isUuid(jobId)) throw errors.notFound(MARKET_MSG.jobNotFound);
    const [job] = await db.select({ id: jobs.id, title: jobs.title }).from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.studioId, studio.id)));
    if (!job) throw errors.notFound(MARKET_MSG.jobNotFound);
    return { ...job, studio: studio.fname };
  }

  /** The performer's own application; another's is not found. */
  async function myApplication(tx: Db | Tx, userId: string, applicationId: string) {
    if (!isUuid(applicationId)) throw errors.notFound(APP_MSG.applicationNotFound);
    const [app] = await tx
      .select({ id: applications.id, jobId: applications.jobId, roleId: applications.roleId, status: applications.status })
      .from(applications)
      .where(and(eq(applications.id, applicationId), eq(applications.performerId, userId)));
    if (!app) throw errors.notFound(APP_MSG.applicationNotFound);
    return app;
  }

  /** The live event that makes the job's schedule read again, to the studio's account. */
  async function tellStudio(tx: Tx, jobId: string) {
    const [owner] = await tx.select({ id: studios.ownerId }).from(jobs).innerJoin(studios, eq(studios.id, jobs.studioId)).where(eq(jobs.id, jobId));
    return owner?.id ? recordEvents(tx, [owner.id], { kind: 'schedule', data: { jobId } }) : [];
  }

  const heldBy = (applicationId: string) => eq(auditionSlots.bookedApplicationId, applicationId);
  /**
   * The booking a call without a round means: `?round=` when given, else the first round's
   * ("Audition"), else the earliest held (docs/slots.md, "Rounds and callbacks").
   */
  async function heldIn(tx: Db | Tx, applicationId: string, round: string | undefined, lock = false): Promise<SlotRow | undefined> {
    const where = round === undefined ? heldBy(applicationId) : and(heldBy(applicationId), eq(auditionSlots.round, round));
    const q = tx.select().from(auditionSlots).where(where).orderBy(asc(auditionSlots.startsAt));
    const rows = lock ? await q.for('update') : await q;
    return rows.find((r) => r.round === SLOT_LIMITS.defaultRound) ?? rows[0];
  }
  // Nothing is booked, moved or cancelled this close to the start: the spec's 2 hours unless the
  // server's SLOT_LOCK_MINUTES says otherwise (docs/slots.md).
  const lockMs = ctx.config.env.SLOT_LOCK_MINUTES * 60_000;
  const notLocked = (now: Date) => gt(auditionSlots.startsAt, new Date(now.getTime() + lockMs));

  return {
    /** Back-to-back slots with the gaps; any overlap with the job's slots refuses them all. */
    async create(userId: string, jobId: string, body: CreateSlotsBody, by?: Actor, now = new Date()): Promise<{ slots: OpenSlot[] } & AfterCommit> {
      const job = await ownJob(userId, jobId);
      const round = (body.round ?? SLOT_LIMITS.defaultRound).trim();
      const invitedIds = [...new Set(body.applicationIds ?? [])];
      // Only this job's applications may be invited; another job's or studio's is not found (OFFICE.md §4).
      const invitees = invitedIds.length
        ? invitedIds.every(isUuid)
          ? await db
              .select({ id: applications.id, performerId: applications.performerId, email: users.email, timeZone: users.timeZone, status: applications.status })
              .from(applications)
              .leftJoin(users, eq(users.id, applications.performerId))
              .where(and(inArray(applications.id, invitedIds), eq(applications.jobId, job.id)))
          : []
        : [];
      if (invitees.length !== invitedIds.length) throw errors.notFound(APP_MSG.applicationNotFound);
      // Only an application in auditioning may book, so only such are called back (docs/slots.md).
      if (invitees.some((a) => a.status !== 'auditioning')) throw errors.conflict(SLOT_MSG.inviteNotAuditioning);
      // Whole minutes: a calendar file has no milliseconds, and the API and the file must agree.
      const start = new Date(Math.floor(new Date(body.startsAt).getTime() / MINUTE) * MINUTE);
      if (!(start.getTime() > now.getTime())) throw errors.inPast();
      const place = body.place ?? '';
      const onlineUrl = body.onlineUrl ?? '';
      if ((place === '') === (onlineUrl === '')) throw errors.placeOrLink();
      let roleId: string | null = null;
      if (body.roleId !== undefined) {
        const [role] = isUuid(body.roleId) ? await db.select({ id: jobRoles.id }).from(jobRoles).where(and(eq(jobRoles.id, body.roleId), eq(jobRoles.jobId, job.id))) : [];
        if (!role) throw errors.unknownRole('slot');
        roleId = role.id;
      }
      const minutes = body.minutes;
      const gap = body.gapMinutes ?? 0;
      const rows = Array.from({ length: body.count }, (_, i) => {
        const startsAt = new Date(start.getTime() + i * (minutes + gap) * MINUTE);
        return { jobId: job.id, roleId, startsAt, endsAt: new Date(startsAt.getTime() + minutes * MINUTE), place, onlineUrl, round, limited: invitedIds.length > 0, changedBy: by ?? null };
      });
      const first = rows[0]!.startsAt;
      const last = rows.at(-1)!.endsAt;
      return db.transaction(async (tx) => {
        // The job's row lock makes two studios' tabs adding slots at once take turns, so the
        // overlap check below sees the other's slots (works on PGlite and PostgreSQL alike).
        await tx.execute(sql`select id from ${jobs} where ${jobs.id} = ${job.id} for update`);
        const clash = await tx
          .select({ startsAt: auditionSlots.startsAt, endsAt: auditionSlots.endsAt })
          .from(auditionSlots)
          // Overlap is within a round: two rounds may run at once, in two rooms (docs/slots.md).
          .where(and(eq(auditionSlots.jobId, job.id), eq(auditionSlots.round, round), lt(auditionSlots.startsAt, last), gt(auditionSlots.endsAt, first)));
        if (clash.some((c) => rows.some((r) => r.startsAt < c.endsAt && r.endsAt > c.startsAt))) throw errors.overlap();
        const made = await tx.insert(auditionSlots).values(rows).returning();
        if (!invitees.length) return { slots: made.map(presentOpenSlot), mails: [], events: [] };
        // Those already invited to this round are not told again; the newly invited are told
        // in the app, live and by mail, with the round's times, and their history keeps it.
        const fresh = await tx
          .insert(slotRoundInvitations)
          .values(invitees.map((a) => ({ jobId: job.id, round, applicationId: a.id, byUserId: userId, at: now })))
          .onConflictDoNothing()
          .returning({ applicationId: slotRoundInvitations.applicationId });
        const told = invitees.filter((a) => fresh.some((f) => f.applicationId === a.id));
        const mails: MailMessage[] = [];
        const events: AfterCommit['events'] = [];
        if (told.length) {
          await tx.insert(slotDayEvents).values(told.map((a) => ({ applicationId: a.id, kind: 'invited', slotStartsAt: first, at: now, round })));
          const performers = told.flatMap((a) => (a.performerId ? [{ ...a, performerId: a.performerId }] : []));
          if (performers.length) {
            await createNotifications(tx, performers.map((a) => ({ userId: a.performerId, kind: 'application' as const, text: SLOT_MSG.invitedNotice(job.title, round), link: '/applications' })));
            events.push(...(await recordEvents(tx, performers.map((a) => a.performerId), { kind: 'notification', data: {} })));
          }
          for (const a of told) {
            if (!a.email) continue;
            const text = SLOT_MSG.invitedText(job.title, job.studio, round, made.map((m) => readerTime(m.startsAt, a.timeZone)).join('; '));
            mails.push({ to: a.email, subject: SLOT_MSG.invitedSubject(job.title, round), text, html: `<p>${escapeHtml(text)}</p>` });
          }
        }
        return { slots: made.map(presentOpenSlot), mails, events };
      });
    },

    /** The job's times, or only the one `slotId` names (the answer of a write to it). */
    async listForStudio(userId: string, jobId: string, slotId?: string): Promise<StudioSlot[]> {
      const job = await ownJob(userId, jobId);
      const rows = await db
        .select({ slot: auditionSlots, performerId: applications.performerId, name: users.fname, roleName: jobRoles.name, minor: minorSql(users.id) })
        .from(auditionSlots)
        .leftJoin(applications, eq(applications.id, auditionSlots.bookedApplicationId))
        .leftJoin(users, eq(users.id, applications.performerId))
        .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
        .where(and(eq(auditionSlots.jobId, job.id), slotId ? eq(auditionSlots.id, slotId) : undefined))
        .orderBy(asc(auditionSlots.startsAt), asc(auditionSlots.id));
      return rows.map((r) => ({
        ...presentOpenSlot(r.slot),
        by: r.slot.changedBy ?? null,
        booking: r.slot.bookedApplicationId
          ? { applicationId: r.slot.bookedApplicationId, performerId: r.performerId, name: r.name ?? SLOT_MSG.deletedAccount, roleName: r.roleName, ...dayOf(r.slot), ...(r.minor ? { guardianAttends: true } : {}) }
          : null,
      }));
    },

    /**
     * POST /api/studio/slots/{id}/check-in (docs/slots.md, "The day"): `arrived` (now),
     * `no_show`, or null to clear; only on a booked slot, from 2 hours before its start. The
     * application's day history keeps it and the studio's schedule hears it live.
     *
     * One statement (docs/performance.md, "Checking in"): it finds the studio's slot under its
     * row lock, reads who acts (`actorId`, as `actorOf` would), writes the slot, the history
     * entry, the day event and the studio's live event only when the call changes something
     * and is allowed, and answers the slot as the schedule shows it. A single statement is
     * atomic, so it needs no transaction around it.
     */
    async checkIn(userId: string, slotId: string, status: CheckInStatus | null, actorId: string, now = new Date()): Promise<{ slot: StudioSlot } & AfterCommit> {
      if (!isUuid(slotId)) {
        await accounts.ownStudio(userId);
        throw errors.notFound(SLOT_MSG.slotNotFound);
      }
      const at = sql`${now.toISOString()}::timestamptz`;
      // Who acts, read once for the slot's `changed_by` and the history entry (null for nobody).
      const actor = isUuid(actorId)
        ? sql`select jsonb_build_object('_id', ${actorId}::text, 'name', u.fname) as who from ${users} u where u.id = ${actorId}`
        : sql`select null::jsonb as who`;
      const by = sql`(select who from actor)`;
      const result = await db.execute(sql`
        with studio as (select id from ${studios} where owner_id = ${userId}),
        actor as (${actor}),
        found as (
          select sl.* from ${auditionSlots} sl join ${jobs} j on j.id = sl.job_id
          where sl.id = ${slotId} and j.studio_id = (select id from studio)
          for update of sl
        ),
        go as (
          select f.id, f.job_id, f.booked_application_id, f.starts_at, f.round from found f
          where f.booked_application_id is not null
            and ${at} >= f.starts_at - make_interval(hours => ${SLOT_LIMITS.dayOpensHours})
            and f.check_in is distinct from ${status}::text
        ),
        changed as (
          update ${auditionSlots} set check_in = ${status}::text, check_in_at = ${status ? at : sql`null::timestamptz`}, changed_by = ${by}
          from go where ${auditionSlots.id} = go.id
          returning ${auditionSlots.checkIn} as check_in, ${auditionSlots.checkInAt} as check_in_at, ${auditionSlots.changedBy} as changed_by
        ),
        history as (
          update ${applications} set history = ${historyAction('slot', now, by)}
          from go where ${applications.id} = go.booked_application_id
        ),
        day as (
          insert into ${slotDayEvents} (application_id, kind, slot_starts_at, at, round)
          select booked_application_id, ${status ?? 'cleared'}::text, starts_at, ${at}, round from go
        ),
        told as (
          insert into ${userEvents} (user_id, kind, data)
          select ${userId}::uuid, 'schedule', jsonb_build_object('jobId', go.job_id) from go
          returning id
        )
        select (select id from studio) as studio_id, f.*,
          ${at} < f.starts_at - make_interval(hours => ${SLOT_LIMITS.dayOpensHours}) as early,
          c.check_in as new_check_in, c.check_in_at as new_check_in_at, c.changed_by as new_changed_by,
          (select id from told) as event_id,
          ap.performer_id, pu.fname as performer_name, jr.name as role_name, ${minorSql(sql`pu.id`)} as minor
        from (select 1) one
        left join found f on true
        left join changed c on true
        left join ${applications} ap on ap.id = f.booked_application_id
        left join ${users} pu on pu.id = ap.performer_id
        left join ${jobRoles} jr on jr.id = ap.role_id`);
      const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      if (!row?.studio_id) throw errors.notFound(MARKET_MSG.noStudioPage);
      if (!row.id) throw errors.notFound(SLOT_MSG.slotNotFound);
      const found = slotFromDriver(row);
      if (!found.bookedApplicationId) throw errors.notBooked();
      if (row.early === true) throw errors.tooEarly();
      const slot: SlotRow =
        row.event_id == null
          ? found
          : {
              ...found,
              checkIn: row.new_check_in as string | null,
              checkInAt: auditionSlots.checkInAt.mapFromDriverValue(row.new_check_in_at as string | null) as Date | null,
              changedBy: auditionSlots.changedBy.mapFromDriverValue(row.new_changed_by) as SlotRow['changedBy'],
            };
      const answer: StudioSlot = {
        ...presentOpenSlot(slot),
        by: slot.changedBy ?? null,
        booking: {
          applicationId: found.bookedApplicationId,
          performerId: (row.performer_id as string | null) ?? null,
          name: (row.performer_name as string | null) ?? SLOT_MSG.deletedAccount,
          roleName: (row.role_name as string | null) ?? null,
          ...dayOf(slot),
          ...(row.minor === true ? { guardianAttends: true } : {}),
        },
      };
      const events =
        row.event_id == null ? [] : [{ id: userEvents.id.mapFromDriverValue(row.event_id as number) as number, userId, kind: 'schedule', data: { jobId: found.jobId } }];
      return { slot: answer, mails: [], events };
    },

    /**
     * POST /api/audition/applications/{id}/slot/late (docs/slots.md, "The day"): the
     * performer says how late, once per booking, from 2 hours before the start until its end.
     */
    async late(userId: string, applicationId: string, minutes: number, now = new Date(), round?: string): Promise<{ late: { minutes: number; at: string } } & AfterCommit> {
      const app = await myApplication(db, userId, applicationId);
      return db.transaction(async (tx) => {
        const held = await heldIn(tx, app.id, round, true);
        if (!held) throw errors.notFound(SLOT_MSG.noBooking);
        if (now.getTime() < held.startsAt.getTime() - SLOT_LIMITS.dayOpensHours * HOUR) throw errors.tooEarly();
        if (now.getTime() >= held.endsAt.getTime()) throw errors.slotEnded();
        if (held.lateMinutes !== null) throw errors.lateAlready();
        await tx.update(auditionSlots).set({ lateMinutes: minutes, lateAt: now }).where(eq(auditionSlots.id, held.id));
        await tx.insert(slotDayEvents).values({ applicationId: app.id, kind: 'late', minutes, slotStartsAt: held.startsAt, at: now, round: held.round });
        const events = await tellStudio(tx, held.jobId);
        return { late: { minutes, at: now.toISOString() }, mails: [], events };
      });
    },

    /** Deletes a slot of the studio's; its performer, if any, is told and may pick another. */
    async remove(userId: string, slotId: string, by?: Actor, now = new Date()): Promise<AfterCommit> {
      const studio = await accounts.ownStudio(userId);
      if (!isUuid(slotId)) throw errors.notFound(SLOT_MSG.slotNotFound);
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ slot: auditionSlots, job: jobs.title, performerId: applications.performerId, timeZone: users.timeZone })
          .from(auditionSlots)
          .innerJoin(jobs, eq(jobs.id, auditionSlots.jobId))
          .leftJoin(applications, eq(applications.id, auditionSlots.bookedApplicationId))
          .leftJoin(users, eq(users.id, applications.performerId))
          .where(and(eq(auditionSlots.id, slotId), eq(jobs.studioId, studio.id)));
        if (!found) throw errors.notFound(SLOT_MSG.slotNotFound);
        await tx.delete(auditionSlots).where(eq(auditionSlots.id, slotId));
        // A booked slot's removal is in its application's history, with who removed it (docs/team.md).
        if (found.slot.bookedApplicationId) await tx.update(applications).set({ history: historyAction('slot', now, by) }).where(eq(applications.id, found.slot.bookedApplicationId));
        if (found.performerId) {
          await createNotification(tx, { userId: found.performerId, kind: 'application', text: SLOT_MSG.cancelledNotice(found.job, readerTime(found.slot.startsAt, found.timeZone)), link: '/applications' });
        }
        return { mails: [], events: [] };
      });
    },

    /** The free times the application may book (of its role or of none), and the one it holds. */
    async listForPerformer(userId: string, applicationId: string, now = new Date()): Promise<MySlotsAnswer> {
      const app = await myApplication(db, userId, applicationId);
      const heldRows = await db.select().from(auditionSlots).where(heldBy(app.id)).orderBy(asc(auditionSlots.startsAt));
      const held = heldRows.find((r) => r.round === SLOT_LIMITS.defaultRound) ?? heldRows[0];
      const invitations = await db
        .select({ round: slotRoundInvitations.round, at: slotRoundInvitations.at })
        .from(slotRoundInvitations)
        .where(eq(slotRoundInvitations.applicationId, app.id))
        .orderBy(asc(slotRoundInvitations.at));
      const invitedTo = invitations.map((i) => i.round);
      const free = await db
        .select()
        .from(auditionSlots)
        .where(
          and(
            eq(auditionSlots.jobId, app.jobId),
            isNull(auditionSlots.bookedApplicationId),
            app.roleId ? or(isNull(auditionSlots.roleId), eq(auditionSlots.roleId, app.roleId)) : isNull(auditionSlots.roleId),
            notLocked(now),
            // A limited round's times are seen only by the applications invited to it.
            invitedTo.length ? or(eq(auditionSlots.limited, false), inArray(auditionSlots.round, invitedTo)) : eq(auditionSlots.limited, false),
          ),
        )
        .orderBy(asc(auditionSlots.startsAt), asc(auditionSlots.id));
      const heldAnswer = (h: SlotRow) => ({ ...presentOpenSlot(h), sequence: h.sequence, late: dayOf(h).late });
      return {
        slots: free.map(presentOpenSlot),
        booked: held ? heldAnswer(held) : null,
        bookings: heldRows.map(heldAnswer),
        invitations: invitations.map((i) => ({ round: i.round, at: i.at.toISOString() })),
      };
    },

    /**
     * Books the slot, or moves the booking to it: the old slot is freed in the same
     * transaction, and the new one keeps the booking's UID with its SEQUENCE raised. The
     * reads before decide nothing (the conditional UPDATE does, docs/slots.md), so they run
     * outside any transaction: the application with what its mail says, then the slot asked
     * for and the one it holds, in one statement each. The booking's mail is owed in the
     * booking's transaction (mail-outbox.ts), so it goes out once even when the answer is lost
     * after the COMMIT. With `key` (the call's Idempotency-Key), a booking this application
     * holds under it is answered as the first call answered (docs/faults.md).
     */
    async book(userId: string, applicationId: string, slotId: string, now = new Date(), key?: string): Promise<{ booked: MySlotsAnswer['booked'] & object; owedMails: string[] } & AfterCommit> {
      if (!isUuid(applicationId)) throw errors.notFound(APP_MSG.applicationNotFound);
      const [app] = await db
        .select({ id: applications.id, jobId: applications.jobId, roleId: applications.roleId, status: applications.status, performerId: applications.performerId, job: jobs.title, studio: studios.fname, email: users.email, timeZone: users.timeZone, minor: minorSql(users.id), performer: users.fname, role: jobRoles.name })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .innerJoin(studios, eq(studios.id, jobs.studioId))
        .leftJoin(users, eq(users.id, applications.performerId))
        .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
        .where(and(eq(applications.id, applicationId), eq(applications.performerId, userId)));
      if (!app) throw errors.notFound(APP_MSG.applicationNotFound);
      const booked = (row: SlotRow) => ({ booked: { ...presentOpenSlot(row), sequence: row.sequence }, owedMails: [] as string[], mails: [], events: [] });
      const heldWithKey = async () => (key ? (await db.select().from(auditionSlots).where(and(heldBy(app.id), eq(auditionSlots.bookingKey, key))))[0] : undefined);
      const first = await heldWithKey();
      if (first) return booked(first);
      if (app.status !== 'auditioning') throw errors.notAuditioning();
      const rows = isUuid(slotId) ? await db.select().from(auditionSlots).where(or(and(eq(auditionSlots.id, slotId), eq(auditionSlots.jobId, app.jobId)), heldBy(app.id))) : [];
      const target = rows.find((r) => r.id === slotId);
      if (!target || (target.roleId !== null && target.roleId !== app.roleId)) throw errors.notFound(SLOT_MSG.slotNotFound);
      if (target.limited) {
        const [invited] = await db
          .select({ id: slotRoundInvitations.id })
          .from(slotRoundInvitations)
          .where(and(eq(slotRoundInvitations.jobId, app.jobId), eq(slotRoundInvitations.round, target.round), eq(slotRoundInvitations.applicationId, app.id)));
        if (!invited) throw errors.notInvited();
      }
      if (target.bookedApplicationId === app.id) return booked(target);
      if (!(target.startsAt.getTime() > now.getTime() + lockMs)) throw errors.tooLate();
      // One booking per round: booking in a round where one is held moves it (CASTING.md §3, OFFICE.md §4).
      const old = rows.find((r) => r.bookedApplicationId === app.id && r.round === target.round);
      if (old && !(old.startsAt.getTime() > now.getTime() + lockMs)) throw errors.tooLate();
      // A booking within a day of the start: its own mail carries the file, so no reminder mail follows.
      const soon = target.startsAt.getTime() - now.getTime() <= SLOT_LIMITS.mailReminderHours * HOUR;
      const take = async (tx: Tx) => {
        const [won] = await tx
          .update(auditionSlots)
          .set({
            bookedApplicationId: app.id,
            bookingUid: old?.bookingUid ?? sql`gen_random_uuid()`,
            sequence: old ? old.sequence + 1 : 0,
            bookedAt: now,
            bookingKey: key ?? null,
            mailRemindedAt: soon ? now : null,
            noticeRemindedAt: null,
          })
          .where(and(eq(auditionSlots.id, target.id), isNull(auditionSlots.bookedApplicationId), notLocked(now)))
          .returning();
        if (!won) throw errors.slotTaken();
        const mail = bookingMail({ slot: won, job: app.job, studio: app.studio, performerId: app.performerId, email: app.email, timeZone: app.timeZone, applicationId: app.id, minor: app.minor }, now, 'booked');
        // The studio hears of the booking or the move: bell, live event and its digest (docs/slots.md).
        const who = personName(app.performer ?? '');
        const named = jobAndRole(app.job, app.role);
        const line = (zone: string | null) =>
          old ? ACTIVITY_TEXT.slotMoved(who, named, readerTime(old.startsAt, zone), readerTime(won.startsAt, zone)) : ACTIVITY_TEXT.slotBooked(who, named, readerTime(won.startsAt, zone));
        const told = await tellStudioOfPerformer(tx, { jobId: app.jobId, line, link: activityLinks.schedule(app.jobId) });
        return { ...booked(won), owedMails: mail ? [await oweMail(tx, mail)] : [], events: [...told, ...(await tellStudio(tx, app.jobId))] };
      };
      return db
        .transaction(async (tx) => {
          if (old) {
            // Free the old slot first (the column is unique); a taken new one rolls this back.
            await tx
              .update(auditionSlots)
              .set({ ...FREED })
              .where(and(eq(auditionSlots.id, old.id), heldBy(app.id)));
          }
          return take(tx);
        })
        .catch(async (err: unknown) => {
          // The same call twice at once: the other stored the booking first, so answer it.
          const other = await heldWithKey();
          if (other) return booked(other);
          // The same application booking twice at once: the unique column refuses the second.
          if (isUniqueViolation(err)) throw errors.slotTaken();
          throw err;
        });
    },

    async cancel(userId: string, applicationId: string, now = new Date(), round?: string): Promise<void> {
      const app = await myApplication(db, userId, applicationId);
      const held = await heldIn(db, app.id, round);
      if (!held) throw errors.notFound(SLOT_MSG.noBooking);
      const [freed] = await db
        .update(auditionSlots)
        .set({ ...FREED })
        .where(and(eq(auditionSlots.id, held.id), heldBy(app.id), notLocked(now)))
        .returning({ id: auditionSlots.id });
      if (!freed) throw errors.tooLate();
    },

    async ics(userId: string, applicationId: string, now = new Date(), round?: string): Promise<string> {
      const app = await myApplication(db, userId, applicationId);
      const held = await heldIn(db, app.id, round);
      const [facts] = held ? await bookingFacts(db, eq(auditionSlots.id, held.id)) : [];
      if (!facts) throw errors.notFound(SLOT_MSG.noBooking);
      return icsOf(facts, now);
    },
  };
}

/** How many of the job's slots are booked (GET /api/studio/jobs/{id} shows it live). */
export async function countBookedSlots(db: Db | Tx, jobId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditionSlots)
    .where(and(eq(auditionSlots.jobId, jobId), sql`${auditionSlots.bookedApplicationId} is not null`));
  return Number(row?.n ?? 0);
}
