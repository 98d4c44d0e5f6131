/** Messages sent through the contact form. */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    number: text('number').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin marks the message handled. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /**
     * The account that was logged in when the message was sent; null for an anonymous one.
     * The typed e-mail is never proof of an account (docs/security.md, "Event streams, conversations and contact messages").
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('contact_messages_user_id_idx').on(t.userId)],
);
