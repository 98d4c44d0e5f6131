/** Sides, self-tape requests and review links (docs/self-tapes.md). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications, jobs, studios } from './studios.js';
import { users } from './users.js';

/** A PDF of sides a studio uploaded; private to it and the performers it is sent to. */
export const studioFiles = pgTable(
  'studio_files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    studioId: uuid('studio_id').notNull().references(() => studios.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    pages: integer('pages').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('studio_files_studio_idx').on(t.studioId),
    // The unused-sides sweep reads the oldest first.
    index('studio_files_created_idx').on(t.createdAt),
  ],
);

/** One performer's self-tape request, and the tape they sent for it. */
export const tapeRequests = pgTable(
  'tape_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'set null' }),
    instructions: text('instructions').notNull().default(''),
    sidesFileId: uuid('sides_file_id').references(() => studioFiles.id, { onDelete: 'set null' }),
    sidesPages: integer('sides_pages'),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** requested, accepted, declined, submitted, retake or expired. */
    status: text('status').notNull().default('requested'),
    declineReason: text('decline_reason').notNull().default(''),
    retakeNote: text('retake_note').notNull().default(''),
    retakeUsed: boolean('retake_used').notNull().default(false),
    /** Who asked for the tape and for its retake, for a studio's casting office (docs/team.md). */
    requestedBy: jsonb('requested_by').$type<{ _id: string; name: string }>(),
    retakeBy: jsonb('retake_by').$type<{ _id: string; name: string }>(),
    /** The tape: a new id for each upload, its private storage key and times. */
    tapeId: uuid('tape_id'),
    tapeKey: text('tape_key'),
    tapeSubmittedAt: timestamp('tape_submitted_at', { withTimezone: true }),
    tapeWatchedAt: timestamp('tape_watched_at', { withTimezone: true }),
    /** When the performer accepted; an expired request never accepted keeps its sides locked. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Set when the reminder e-mail was claimed; one per deadline (a retake clears it). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tape_requests_performer_idx').on(t.performerId, t.createdAt),
    index('tape_requests_application_idx').on(t.applicationId),
    index('tape_requests_tape_idx').on(t.tapeId),
    // The unused-sides sweep asks whether any request names a file.
    index('tape_requests_sides_idx').on(t.sidesFileId),
    // The sweep reads only requests still waiting for a tape.
    index('tape_requests_open_idx').on(t.deadline).where(sql`${t.status} in ('requested', 'accepted', 'retake')`),
  ],
);

/** Each stamped download of sides and the line stamped on it (docs/self-tapes.md, "Sides"). */
export const sidesDownloads = pgTable(
  'sides_downloads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tapeRequestId: uuid('tape_request_id').notNull().references(() => tapeRequests.id, { onDelete: 'cascade' }),
    // The stamp names the performer's e-mail: the rows go with the account.
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studioFileId: uuid('studio_file_id').references(() => studioFiles.id, { onDelete: 'set null' }),
    stamp: text('stamp').notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sides_downloads_request_idx').on(t.tapeRequestId, t.downloadedAt)],
);

/** A link for people without an account; only the SHA-256 of its token is kept. */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    studioId: uuid('studio_id').notNull().references(() => studios.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    applicationIds: uuid('application_ids').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who the link is for, shown beside its feedback ("Director"); null when not given. */
    label: text('label'),
    /** Who made the link (docs/team.md). */
    createdBy: jsonb('created_by').$type<{ _id: string; name: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_links_studio_idx').on(t.studioId, t.createdAt)],
);

/**
 * A pick and comment left on a review link by a viewer without an account (docs/self-tapes.md,
 * "Feedback"): one per link, performer and name (compared without case), the last one stands.
 */
export const reviewFeedback = pgTable(
  'review_feedback',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    linkId: uuid('link_id').notNull().references(() => reviewLinks.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    pick: text('pick').notNull(),
    comment: text('comment').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_feedback_one_idx').on(t.linkId, t.applicationId, t.nameKey),
    index('review_feedback_application_idx').on(t.applicationId),
  ],
);
