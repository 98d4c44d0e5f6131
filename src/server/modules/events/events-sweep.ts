/**
 * Forgets stored events older than a day and tickets past their minute; a job of the
 * background runner, whose lease lets one instance run it at a time.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventTickets, userEvents } from '../../db/schema/index.js';
import type { BackgroundJob } from '../../background/runner.js';

export const EVENTS_KEPT_MS = 24 * 60 * 60_000;
const EVERY_MS = 10 * 60_000;

export async function runEventsSweep(db: Db, now = new Date()): Promise<{ events: number; tickets: number }> {
  return db.transaction(async (tx) => {
    const events = await tx.delete(userEvents).where(lt(userEvents.createdAt, new Date(now.getTime() - EVENTS_KEPT_MS))).returning({ id: userEvents.id });
    const tickets = await tx.delete(eventTickets).where(lt(eventTickets.expiresAt, now)).returning({ id: eventTickets.expiresAt });
    return { events: events.length, tickets: tickets.length };
  });
}

/** Forgetting old events and tickets as a background job, one instance at a time (src/server/background/jobs.ts). */
export function eventsSweepJob(db: Db): BackgroundJob {
  return {
    name: 'events-sweep',
    everyMs: EVERY_MS,
    runsOn: 'one',
    run: () => runEventsSweep(db),
  };
}
