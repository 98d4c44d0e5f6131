/**
 * Audition times the performer picks (docs/slots.md). A slot holds at most one application
 * and an application at most one slot: `booked_application_id` is unique, and booking is
 * one conditional update, so two performers racing for a slot cannot both win.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications, jobRoles, jobs } from './studios.js';

export const auditionSlots = pgTable(
  'audition_slots',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** Null: any role of the job may book it. */
    roleId: uuid('role_id').references(() => jobRoles.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** One of the two is set. */
    place: text('place').notNull().default(''),
    onlineUrl: text('online_url').notNull().default(''),
    bookedApplicationId: uuid('booked_application_id').references(() => applications.id, { onDelete: 'set null' }),
    /** The calendar file's UID: made at booking, carried to the new slot on a move. */
    bookingUid: uuid('booking_uid'),
    /** The calendar file's SEQUENCE: raised on every move. */
    sequence: integer('sequence').notNull().default(0),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    /** The booking call's Idempotency-Key: a retry with it answers this booking (docs/faults.md). */
    bookingKey: text('booking_key'),
    /** The reminders' state, claimed by the sweep in one statement each (docs/slots.md). */
    mailRemindedAt: timestamp('mail_reminded_at', { withTimezone: true }),
    noticeRemindedAt: timestamp('notice_reminded_at', { withTimezone: true }),
    /** The day (docs/slots.md, "The day"): `arrived` or `no_show` as the studio marked it, with when. */
    checkIn: text('check_in'),
    checkInAt: timestamp('check_in_at', { withTimezone: true }),
    /** The performer's "running late": minutes and when said; once per booking. */
    lateMinutes: integer('late_minutes'),
    lateAt: timestamp('late_at', { withTimezone: true }),
    /** Who of the studio last made or changed the slot (docs/team.md). */
    changedBy: jsonb('changed_by').$type<{ _id: string; name: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The round (docs/slots.md, "Rounds and callbacks"): "Audition" unless the studio names a callback. */
    round: text('round').notNull().default('Audition'),
    /** Only the applications invited to this job's round may see and book it. */
    limited: boolean('limited').notNull().default(false),
  },
  (t) => [
    // One booking per round per application: the unique pair refuses a second at once.
    unique('audition_slots_booked_application_round_unique').on(t.bookedApplicationId, t.round),
    index('audition_slots_job_idx').on(t.jobId, t.startsAt),
    // The reminder sweep reads only booked slots.
    index('audition_slots_booked_idx').on(t.startsAt).where(sql`${t.bookedApplicationId} is not null`),
  ],
);

/**
 * What happened on the day of a booking (docs/slots.md, "The day"): check-ins, their clearing
 * and "running late", kept for the application's history even when the slot goes.
 */
export const slotDayEvents = pgTable(
  'slot_day_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** `arrived`, `no_show`, `cleared` or `late`. */
    kind: text('kind').notNull(),
    minutes: integer('minutes'),
    slotStartsAt: timestamp('slot_starts_at', { withTimezone: true }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The round it belongs to; `invited` entries name the callback round. */
    round: text('round'),
  },
  (t) => [index('slot_day_events_application_idx').on(t.applicationId, t.at)],
);

/**
 * Who is invited to a limited round of a job (docs/slots.md, "Rounds and callbacks"): the
 * applications the studio called back; only they see and book the round's limited slots.
 */
export const slotRoundInvitations = pgTable(
  'slot_round_invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    round: text('round').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    byUserId: uuid('by_user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('slot_round_invitations_one_idx').on(t.jobId, t.round, t.applicationId), index('slot_round_invitations_application_idx').on(t.applicationId)],
);
