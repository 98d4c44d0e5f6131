/** Whether /messages/:id is a page (plugins/web-routes.ts answers 404 when it is not). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversations } from '../../db/schema/index.js';
import { isUuid } from '../../lib/uuid.js';

/** Whose conversation it is is checked by its calls (another account's answers 404 there). */
export const conversationPageExists = async (db: Db, id: string) =>
  isUuid(id) && (await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, id)).limit(1)).length > 0;
