/** Studios, the jobs they post, the applications and reports those jobs get. */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const studios = pgTable(
  'studios',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The studio account that edits this page; null for studios no account owns (demo rows). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }).unique(),
    fname: text('fname').notNull(),
    location: text('location').notNull().default(''),
    profilePic: text('profile_pic').notNull().default(''),
    banner: text('banner').notNull().default(''),
    projectDesc: text('project_desc').notNull().default(''),
    number: text('number').notNull().default(''),
    /** Set only by an admin (docs/marketplace.md). */
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the owning account was deleted while performers had applied to its jobs: the
     * row stays, emptied and named "Deleted account", so their applications keep a job and a
     * studio; it leaves every public list and page (docs/account.md).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('studios_created_idx').on(t.createdAt, t.id),
    // The search's own indexes, on the folded name and location (search_fold), are made in
    // SQL by migration 0017 (docs/screens.md, "Indexes").
  ],
);

/**
 * Every live studio's name as the search folds it (search_fold, migration 0017), with how
 * many live studios bear it, kept by statement triggers on studios (migration 0020). The
 * search's typo tier ranks these names instead of every studio (docs/performance.md).
 */
export const studioNames = pgTable(
  'studio_names',
  {
    folded: text('folded').primaryKey(),
    studios: integer('studios').notNull(),
  },
  (t) => [index('studio_names_trgm').using('gin', sql`${t.folded} gin_trgm_ops`)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    studioId: uuid('studio_id').notNull().references(() => studios.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    jobType: text('job_type').notNull(),
    description: text('description').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /** One of the profile's professions, or Any. */
    profession: text('profession').notNull().default('Any'),
    /** Male, Female, Transgender or Any. */
    gender: text('gender').notNull().default('Any'),
    /** Whole years; 0 is no bound. */
    ageMin: integer('age_min').notNull().default(0),
    ageMax: integer('age_max').notNull().default(0),
    location: text('location').notNull().default(''),
    pay: text('pay').notNull().default(''),
    /** The last day to apply; the sweep closes the job the day after. */
    deadline: date('deadline', { mode: 'string' }),
    /** The days of the shoot, whole-day ranges `{ from, to }` (YYYY-MM-DD), at most 10 (docs/talent.md, "Availability"). */
    shootDates: jsonb('shoot_dates').$type<{ from: string; to: string }[]>().notNull().default([]),
    /** open or closed. */
    status: text('status').notNull().default('open'),
    /** Hidden from the board after three reports, until an admin restores it. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_studio_idx').on(t.studioId, t.createdAt),
    // The board reads open, visible jobs newest first: a partial index it walks backwards
    // from the cursor. Ascending on purpose: DESC here would mean NULLS LAST, which an
    // ORDER BY ... DESC (NULLS FIRST) cannot use.
    index('jobs_board_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open' and not ${t.hidden}`),
    // Case-insensitive substring filters of the board.
    index('jobs_text_trgm').using('gin', sql`(${t.title} || ' ' || ${t.jobType} || ' ' || ${t.description}) gin_trgm_ops`),
    index('jobs_location_trgm').using('gin', sql`${t.location} gin_trgm_ops`),
    // The sweep finds open jobs whose deadline passed without reading the others.
    index('jobs_deadline_idx').on(t.deadline).where(sql`${t.status} = 'open' and ${t.deadline} is not null`),
  ],
);

/**
 * A job's roles, in the order the studio lists them (docs/marketplace.md, "Roles and pay").
 * A job inserted without roles gets one made from its own fields by a trigger (migration
 * 0027), so every job has at least one.
 */
export const jobRoles = pgTable(
  'job_roles',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    profession: text('profession').notNull().default('Any'),
    gender: text('gender').notNull().default('Any'),
    ageMin: integer('age_min').notNull().default(0),
    ageMax: integer('age_max').notNull().default(0),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    /** paid, unpaid or deferred; null is "Pay not stated". */
    payKind: text('pay_kind'),
    /** Whole rupees, only when paid. */
    payAmount: integer('pay_amount'),
    /** hour, day, week or project, only when paid. */
    payUnit: text('pay_unit'),
    /** open or cast. */
    status: text('status').notNull().default('open'),
  },
  (t) => [index('job_roles_job_idx').on(t.jobId, t.position)],
);

/**
 * A performer's application to a job (docs/applications.md). The performer is null once
 * their account is deleted: the studio then sees "Deleted account".
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    /**
     * The role applied to. Filled with the job's first role by a trigger when an insert
     * leaves it out (migration 0027), so it is never null once written; a role with
     * applications cannot be deleted (the reference's default NO ACTION).
     */
    roleId: uuid('role_id').references(() => jobRoles.id),
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'set null' }),
    /** applied, viewed, shortlisted, auditioning, booked, declined, withdrawn or closed. */
    status: text('status').notNull().default('applied'),
    note: text('note').notNull().default(''),
    /** The performer's own photos, videos and audios sent with it: [{ url, type }]. */
    media: jsonb('media').$type<{ url: string; type: string }[]>().notNull().default(sql`'[]'::jsonb`),
    /** Every status with its time, oldest first: [{ status, at }]. */
    history: jsonb('history').$type<{ status: string; at: string; by?: { _id: string; name: string }; action?: string }[]>().notNull().default(sql`'[]'::jsonb`),
    /** The studio's private 1–5 rating and note; never shown to the performer. */
    studioRating: integer('studio_rating'),
    studioNote: text('studio_note').notNull().default(''),
    /**
     * When the performer was last e-mailed about a move to a status that is not final: at
     * most one such e-mail an hour per application, decided in the move's own statement
     * (docs/applications.md, "No floods").
     */
    movedMailAt: timestamp('moved_mail_at', { withTimezone: true }),
    /**
     * The studio's decision for the performer (docs/applications.md, "Decisions"): the
     * reason of a decline or a close (null for a booking), a note, and when it was made.
     */
    decisionReason: text('decision_reason'),
    decisionNote: text('decision_note').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The status before a final decision, and until when the studio may put it back (30 s). */
    undoStatus: text('undo_status'),
    undoUntil: timestamp('undo_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One application per performer and role (a job's other roles take their own).
    unique('applications_role_performer').on(t.roleId, t.performerId),
    // The studio's applicant list by job and status, oldest first.
    index('applications_job_status_idx').on(t.jobId, t.status, t.createdAt),
    // The list in pages, every status: a job's applications in (created_at, id) order (migration 0034).
    index('applications_job_created_idx').on(t.jobId, t.createdAt, t.id),
    // The list's counts by status and role, read in the page's statement from the index alone (migration 0065).
    index('applications_job_status_role_idx').on(t.jobId, t.status, t.roleId),
    // The performer's list, and the quota's count since the period started.
    index('applications_performer_idx').on(t.performerId, t.createdAt),
  ],
);

/** One report per account and job; three unspent ones hide the job. */
export const jobReports = pgTable(
  'job_reports',
  {
    jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** Spent by an admin's restore: kept for the console, no longer counted (docs/marketplace.md). */
    spent: boolean('spent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.userId] })],
);

/** When each scheduled task last ran, so every instance agrees whether it is due. */
export const maintenanceRuns = pgTable('maintenance_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
