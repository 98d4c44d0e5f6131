/** Conversions of videos and tapes to an MP4 every browser plays (docs/media.md). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One stored video or tape and its conversion: the work queue (claimed with a lease, so a
 * killed worker's item is taken again) and its results. Keyed by the original's storage key,
 * which is kept.
 */
export const mediaConversions = pgTable(
  'media_conversions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    sourceKey: text('source_key').notNull().unique(),
    /** processing, ready or failed. */
    status: text('status').notNull().default('processing'),
    /** Claims so far: the first run and two retries, then failed. */
    attempts: integer('attempts').notNull().default(0),
    claimedBy: text('claimed_by'),
    /** Renewed while the worker runs; an older claim is a dead worker's. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    playbackKey: text('playback_key'),
    posterKey: text('poster_key'),
    durationS: real('duration_s'),
    width: integer('width'),
    height: integer('height'),
    /** Why it failed, in the owner's words (a contract text). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_conversions_waiting_idx').on(t.createdAt).where(sql`${t.status} = 'processing'`)],
);
