import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The background runner's state, one row a job (docs/architecture.md, "Background work"):
 * which instance holds a one-instance job's lease and until when (the database's clock, so
 * instances whose clocks disagree still agree), and how its runs went.
 */
export const backgroundJobs = pgTable('background_jobs', {
  name: text('name').primaryKey(),
  heldBy: text('held_by'),
  heldUntil: timestamp('held_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** Runs that failed in a row; 0 after a run that did not. */
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
});
