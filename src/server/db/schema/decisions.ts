/**
 * The outbox of final decisions (docs/applications.md, "Undo and the notice outbox"): a
 * booking or a decline is told to the performer (app, live event, e-mail) only once its
 * undo window has passed. The decision writes a row due then; an undo deletes it; the
 * decision-notice sweep claims due rows one statement at a time (FOR UPDATE SKIP LOCKED),
 * tells the performer and stamps `sent_at`, so each notice goes out once, from any instance,
 * and a restart loses none.
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './studios.js';

export const decisionNotices = pgTable(
  'decision_notices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** booked or declined: the decision to tell. */
    status: text('status').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Set by the sweep that told it; an undo can only delete a row still unsent. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The sweep reads only unsent rows, oldest due first.
    index('decision_notices_due_idx').on(t.dueAt).where(sql`${t.sentAt} is null`),
    index('decision_notices_application_idx').on(t.applicationId),
  ],
);
