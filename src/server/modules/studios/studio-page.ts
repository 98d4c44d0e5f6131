/** Whether /studio-detail/:id is a page (plugins/web-routes.ts answers 404 when it is not). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { studios } from '../../db/schema/index.js';
import { isUuid } from '../../lib/uuid.js';
import { studioNotDeleted } from './studio-not-deleted.js';

export const studioPageExists = async (db: Db, id: string) =>
  isUuid(id) && (await db.select({ id: studios.id }).from(studios).where(and(eq(studios.id, id), studioNotDeleted)).limit(1)).length > 0;
