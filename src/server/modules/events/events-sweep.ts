/**
 * Forgets stored events older than a day and tickets past their minute. Every instance
 * schedules it; a PostgreSQL advisory lock lets one run at a time.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tryTransactionLock } from '../../db/raw.js';
import { eventTickets, userEvents } from '../../db/schema/index.js';
import type { BackgroundJob } from '../../background/runner.js';

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

/** Forgetting old events and tickets as a background job, one instance at a time (src/server/background/jobs.ts). */
export function eventsSweepJob(db: Db): BackgroundJob {
  return {
    name: 'events-sweep',
    everyMs: EVERY_MS,
    runsOn: 'one',
    async run() {
      await runEventsSweep(db);
    },
  };
}
