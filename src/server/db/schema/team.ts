/** The casting office (docs/team.md): invitations to become a member of a studio. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './studios.js';
import { users } from './users.js';

export const studioInvitations = pgTable(
  'studio_invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** casting or viewer. */
    role: text('role').notNull(),
    /** SHA-256 of the link's token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the invitee joined with it; a used invitation is kept so its link answers 410. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('studio_invitations_token_idx').on(t.tokenHash),
    index('studio_invitations_studio_idx').on(t.studioId),
  ],
);

/**
 * Ratings and notes per person (docs/team.md, "Ratings per person"): each of a studio's
 * people keeps their own for an application. `by_name` keeps the name when the member goes.
 */
export const applicationReviews = pgTable(
  'application_reviews',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    byId: uuid('by_id').notNull(),
    byName: text('by_name').notNull(),
    rating: integer('rating'),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'application_reviews_pk', columns: [t.applicationId, t.byId] }), index('application_reviews_by_idx').on(t.byId)],
);
