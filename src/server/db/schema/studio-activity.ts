/**
 * What performers did that their studio hears of (docs/applications.md, "The studio hears of
 * what performers do"): one row per tape sent, request declined or audition time booked or
 * moved. The bell and the live event are told at once; the e-mail digest claims the rows not
 * yet mailed, at most once an hour per studio, and stamps `mailed_at`.
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobs, studios } from './studios.js';

export const studioActivity = pgTable(
  'studio_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** The line as the bell and the digest say it. */
    line: text('line').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the digest claimed it; the studio's next digest waits an hour from its latest. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    // The sweep reads only rows not yet mailed, and each studio's latest digest.
    index('studio_activity_pending_idx').on(t.studioId).where(sql`${t.mailedAt} is null`),
    index('studio_activity_mailed_idx').on(t.studioId, t.mailedAt),
  ],
);
