/**
 * The time zone an account reads its mails and messages in (docs/account.md, "Time zone"):
 * null until the browser or /settings gives one, and readerTime (contract/time-zones.ts)
 * writes UTC, named, for null. Any area that words a time for one caller asks here.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import { users } from './schema/index.js';

export async function readerZone(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone ?? null;
}
