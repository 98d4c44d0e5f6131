/**
 * One counter per table whose readers poll it. A statement trigger (migration
 * 0003) bumps the counter on every write, so an ETag is one small read and stays
 * right across any number of instances sharing the database.
 */
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

export const changeCounters = pgTable('change_counters', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
