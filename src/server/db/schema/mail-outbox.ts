import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MailMessage } from '../../adapters/mail/mailer.js';

/**
 * Mails the mail server refused or could not take, kept for the `mail-retry` job
 * (docs/applications.md, "Mails that fail"). A row lives until it is sent or given up.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    message: jsonb('message').$type<MailMessage>().notNull(),
    /** Tries so far, the first (failed) send included. */
    attempts: integer('attempts').notNull().default(1),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt)],
);
