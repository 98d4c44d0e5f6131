/** What the app tells an account: application changes today (docs/applications.md). */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** application (a status change) or message; decides which e-mail choice applies. */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    /** The page that shows what the notice is about, e.g. /applications. */
    link: text('link').notNull().default(''),
    /**
     * Notices with the same key replace each other while unread: an application's moves
     * between statuses that are not final carry `application:<id>` (docs/applications.md,
     * "No floods"); null is never replaced.
     */
    collapseKey: text('collapse_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // The bell's unread count reads only unread rows.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // A move finds the unread notice it replaces.
    index('notifications_collapse_idx').on(t.collapseKey).where(sql`${t.readAt} is null and ${t.collapseKey} is not null`),
  ],
);
