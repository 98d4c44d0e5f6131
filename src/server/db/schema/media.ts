/** Files the server stored for a user, and the user's media lists. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tapeRequests } from './self-tapes.js';
import { users } from './users.js';

/** Every file the server accepted; a URL can be registered only by the user it was issued to. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Storage folder: images, videos or audios. */
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    url: text('url').notNull().unique(),
    thumbUrl: text('thumb_url'),
    thumbKey: text('thumb_key'),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);

/** The photos, videos and audios lists of a profile, in the order they were added. */
export const userMedia = pgTable(
  'user_media',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** photos, videos or audios (the spec's mediaType). */
    mediaType: text('media_type').notNull(),
    url: text('url').notNull(),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('user_media_user_url').on(t.userId, t.url), index('user_media_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Bytes an upload in progress holds against its user's quota, taken before the first byte
 * is written and given back when the file is recorded or refused. A row a crashed process
 * left is removed, with its partial file, by the upload sweep (docs/faults.md, "Uploads"),
 * and stops counting at `expiresAt` in any case.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The process start running the upload (UPLOAD_OWNER); null on rows from before it was kept. */
    ownerId: uuid('owner_id'),
    /** The key the file is being written to, once it is known. */
    storageKey: text('storage_key'),
    /** The self-tape request a tape upload is for: one at a time per request (docs/self-tapes.md); null for media. */
    tapeRequestId: uuid('tape_request_id').references(() => tapeRequests.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('upload_reservations_user_idx').on(t.userId),
    index('upload_reservations_owner_idx').on(t.ownerId),
    uniqueIndex('upload_reservations_tape_request_idx').on(t.tapeRequestId),
  ],
);

/** A running process start's lease (UPLOAD_OWNER): alive while `expires_at` is ahead of the database's clock. */
export const uploadOwners = pgTable('upload_owners', {
  ownerId: uuid('owner_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A resumable (tus) upload in progress or finished but not yet used (docs/media.md), private to
 * the account that made it. `bytes` is the media quota it holds (0 for a tape) until it is used,
 * abandoned or expires; `expiresAt` moves to 24 hours after each piece received.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    /** The tus upload id: random, also the name in the tus store. */
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** videos, audios, images or tape. */
    kind: text('kind').notNull(),
    length: bigint('length', { mode: 'number' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    filename: text('filename').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resumable_uploads_user_idx').on(t.userId), index('resumable_uploads_expires_idx').on(t.expiresAt)],
);

/**
 * Storage keys whose rows are gone but whose files may still be stored: written in the
 * deleting transaction, removed once the storage confirms the delete. The sweep leases
 * a row by pushing `next_attempt_at` forward, so two instances never work on one key.
 */
export const pendingFileDeletions = pgTable(
  'pending_file_deletions',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_file_deletions_due_idx').on(t.nextAttemptAt)],
);
