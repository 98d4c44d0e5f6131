/** Whether /jobs/:id is a page (plugins/web-routes.ts answers 404 when it is not). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { isUuid } from '../../lib/uuid.js';

/** A job's page shows closed jobs too (with their status), but not one that reports hid. */
export const jobPageExists = async (db: Db, id: string) =>
  isUuid(id) && (await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, id), eq(jobs.hidden, false))).limit(1)).length > 0;
