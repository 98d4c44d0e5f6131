/** A performer's résumé (docs/resume.md): one row per performer who saved one, gone with the account. */
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Resume } from '../../../contract/resume.js';
import { users } from './users.js';

export const performerResumes = pgTable('performer_resumes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // Lists kept as the contract's shapes: read and written whole, never searched here
  // (the search reads the folded keys on users).
  credits: jsonb('credits').$type<Resume['credits']>().notNull().default([]),
  training: jsonb('training').$type<Resume['training']>().notNull().default([]),
  skills: jsonb('skills').$type<Resume['skills']>().notNull().default([]),
  languages: jsonb('languages').$type<Resume['languages']>().notNull().default([]),
  accents: jsonb('accents').$type<Resume['accents']>().notNull().default([]),
  unionName: text('union_name').notNull().default(''),
  representation: jsonb('representation').$type<Resume['representation']>(),
  measurements: jsonb('measurements').$type<Resume['measurements']>().notNull().default({}),
  // Off: chest, waist and hips only for studios the performer applied to (docs/resume.md).
  measurementsPublic: boolean('measurements_public').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
