/**
 * The studio's e-mail of new applicants, at most one an hour per job (docs/applications.md
 * "The studio hears of applicants"): each application adds one to its job's `pending`, and
 * the digest sweep claims the due rows, mails each job's count and stamps `mailed_at`.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobs } from './studios.js';

export const applicantDigests = pgTable(
  'applicant_digests',
  {
    jobId: uuid('job_id')
      .primaryKey()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** Applications not yet told by e-mail. */
    pending: integer('pending').notNull().default(0),
    /** When the last digest for this job was claimed; the next waits an hour from it. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  // The sweep reads only rows with something to tell.
  (t) => [index('applicant_digests_pending_idx').on(t.jobId).where(sql`${t.pending} > 0`)],
);
