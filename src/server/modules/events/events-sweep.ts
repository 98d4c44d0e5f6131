/**
 * Forgets stored events older than a day and tickets past their minute. Every instance
 * schedules it; a PostgreSQL advisory lock lets one run at a time.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tryTransactionLock } from '../../db/raw.js';
import { eventTickets, userEvents } from '../../db/schema/index.js';

export const EVENTS_KEPT_MS = 24 * 60 * 60_000;
const EVERY_MS = 10 * 60_000;

export async function runEventsSweep(db: Db, now = new Date()): Promise<{ ran: boolean }> {
  return db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, 'audition:events-sweep'))) return { ran: false };
    await tx.delete(userEvents).where(lt(userEvents.createdAt, new Date(now.getTime() - EVENTS_KEPT_MS)));
    await tx.delete(eventTickets).where(lt(eventTickets.expiresAt, now));
    return { ran: true };
  });
}

export function scheduleEventsSweep(db: Db, log: { error(obj: unknown, msg: string): void }): () => void {
  const every = setInterval(() => runEventsSweep(db).catch((err: unknown) => log.error({ err }, 'events sweep failed')), EVERY_MS);
  every.unref();
  return () => clearInterval(every);
}
