/**
 * A performer's unavailable days (docs/talent.md, "Availability"): whole-day ranges,
 * `from_date <= to_date`, at most 50 per performer. The note is the performer's own: it is
 * never part of a studio's answer. Writes move the talent search's cached version (trigger,
 * migration 0053).
 */
import { bigserial, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const performerUnavailability = pgTable(
  'performer_unavailability',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD. */
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [index('performer_unavailability_user_idx').on(t.userId, t.fromDate, t.toDate)],
);
