/**
 * A performer's date of birth and, under 18, their guardian (docs/guardians.md). One row per
 * performer who gave a date of birth. `minor` is true while the performer is under 18 (set by
 * the save and by the daily `guardian-sweep`); a minor without `consented_at` is held: private,
 * cannot apply, cannot be messaged or found. Only the SHA-256 of the consent link's token is kept.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const performerAges = pgTable(
  'performer_ages',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD. */
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    minor: boolean('minor').notNull().default(false),
    guardianName: text('guardian_name'),
    guardianEmail: text('guardian_email'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('performer_ages_minor_idx').on(t.userId).where(sql`${t.minor}`)],
);

/** What happened to a minor's consent, kept for the export until the account is deleted. */
export const guardianEvents = pgTable(
  'guardian_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** link_sent, consented, withdrawn, adult, removed (the date of birth made an adult, or the guardian changed). */
    kind: text('kind').notNull(),
    guardianName: text('guardian_name'),
    guardianEmail: text('guardian_email'),
    /** The SHA-256 of the link a `link_sent` mailed: a replaced link answers 410, not 404. */
    tokenHash: text('token_hash'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guardian_events_user_idx').on(t.userId, t.id), index('guardian_events_token_idx').on(t.tokenHash)],
);
