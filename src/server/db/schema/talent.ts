/** A studio's shortlists of performers and its private reviews of them (docs/talent.md). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Named lists owned by a studio account; gone with the account. */
export const shortlists = pgTable(
  'shortlists',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shortlists_owner_idx').on(t.ownerId, t.createdAt)],
);

/** A performer on a list; a deleted performer leaves every list with their row. */
export const shortlistMembers = pgTable(
  'shortlist_members',
  {
    shortlistId: uuid('shortlist_id').notNull().references(() => shortlists.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shortlistId, t.performerId] }), index('shortlist_members_performer_idx').on(t.performerId)],
);

/** One studio's private rating and note of one performer; only that studio reads it. */
export const talentReviews = pgTable(
  'talent_reviews',
  {
    studioUserId: uuid('studio_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    note: text('note').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studioUserId, t.performerId] }), index('talent_reviews_performer_idx').on(t.performerId)],
);

/**
 * Each public performer's searched text (name, profession, location) cut into its words of
 * ASCII letters and digits, with the order the search sorts by: a frequent word's rows are
 * walked in that order and stopped at the page (docs/performance.md, "Frequent words").
 * Kept by statement triggers on users (migration 0067), never written by the app.
 */
export const talentTerms = pgTable(
  'talent_terms',
  {
    term: text('term').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The word is one of the name's: the row scores as a name holding the text. */
    inName: boolean('in_name').notNull(),
    /** The name starts with the word: its rows are the "starts with" tier's, which the next tier leaves out (migration 0069). */
    leads: boolean('leads').notNull().default(false),
    completeness: integer('completeness').notNull(),
    profileChangedAt: timestamp('profile_changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.term, t.userId] }),
    index('talent_terms_order_idx').on(t.term, t.inName, t.completeness, t.profileChangedAt, t.userId),
    index('talent_terms_user_idx').on(t.userId),
    index('talent_terms_inner_idx').on(t.term, t.completeness, t.profileChangedAt, t.userId).where(sql`${t.inName} AND NOT ${t.leads}`),
  ],
);

/** Every word talent_terms has held, to find the words that contain a text (a word no row holds any more finds nothing). */
export const talentWords = pgTable(
  'talent_words',
  {
    term: text('term').primaryKey(),
  },
  (t) => [index('talent_words_trgm').using('gin', sql`${t.term} gin_trgm_ops`)],
);

/**
 * Each public performer's name once, with its folded form, for the typo tier: near names are
 * ranked among the distinct names, then their rows found by name (docs/performance.md, "The
 * talent search on a miss"). Kept by statement triggers on users (migration 0068), never
 * written by the app; a name is added, never removed.
 */
export const talentNames = pgTable(
  'talent_names',
  {
    fname: text('fname').primaryKey(),
    folded: text('folded').notNull(),
  },
  (t) => [index('talent_names_folded_trgm').using('gin', sql`${t.folded} gin_trgm_ops`)],
);
