/** Studios and the jobs they post (docs/product.md §3). */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const studios = pgTable(
  'studios',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    fname: text('fname').notNull(),
    location: text('location').notNull().default(''),
    profilePic: text('profile_pic').notNull().default(''),
    banner: text('banner').notNull().default(''),
    projectDesc: text('project_desc').notNull().default(''),
    number: text('number').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Trigram indexes serve the case-insensitive substring search (docs/product.md §7).
    index('studios_fname_trgm').using('gin', sql`${t.fname} gin_trgm_ops`),
    index('studios_location_trgm').using('gin', sql`${t.location} gin_trgm_ops`),
    index('studios_created_idx').on(t.createdAt, t.id),
    // Serves the search's first tier, names that start with the text: an ordered range
    // scan that stops at 20. Collation "C" lets one index serve both LIKE 'x%' and ORDER BY.
    index('studios_fname_lower_c').using('btree', sql`lower(${t.fname}) collate "C"`),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    studioId: uuid('studio_id').notNull().references(() => studios.id, { onDelete: 'cascade' }),
    jobType: text('job_type').notNull(),
    description: text('description').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_studio_idx').on(t.studioId, t.createdAt)],
);
