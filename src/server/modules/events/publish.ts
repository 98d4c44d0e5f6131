/**
 * How any area sends an event to accounts' streams (docs/messages.md): the event is
 * stored (so a client that reconnects gets it by Last-Event-ID), then handed to the bus.
 * An area that writes in a transaction records inside it and delivers after the commit.
 */
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { userEvents } from '../../db/schema/index.js';
import type { LiveEvent } from '../../../contract/conversations.js';
import type { StoredEvent } from '../../adapters/event-bus.js';

/** A transaction handle or the database: both insert the same way. */
type Writer = Pick<Db, 'insert'>;

/** Stores one event for each account; answers what `deliver` sends once the writes commit. */
export async function recordEvents(db: Writer, userIds: readonly string[], event: LiveEvent): Promise<StoredEvent[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const rows = await db
    .insert(userEvents)
    .values(unique.map((userId) => ({ userId, kind: event.kind, data: event.data })))
    .returning({ id: userEvents.id, userId: userEvents.userId });
  return rows.map((r) => ({ id: r.id, userId: r.userId, kind: event.kind, data: event.data }));
}

/**
 * Hands stored events to every instance. A failure is logged, not thrown: the events are
 * stored, this instance's streams have them, and the other instances' streams replay them
 * when their bus is back (docs/faults.md), or a client when it reconnects.
 */
export async function deliver(ctx: Pick<AppContext, 'events'>, events: StoredEvent[], log?: { warn(obj: unknown, msg: string): void }): Promise<void> {
  try {
    await ctx.events.send(events);
  } catch (err) {
    log?.warn({ err }, 'events not carried to other instances live; their streams replay them from the stored events');
  }
}

/** Stores and sends one event to each of these accounts. */
export async function publish(ctx: Pick<AppContext, 'db' | 'events'>, userIds: string | readonly string[], event: LiveEvent): Promise<void> {
  const stored = await recordEvents(ctx.db, typeof userIds === 'string' ? [userIds] : userIds, event);
  await deliver(ctx, stored);
}
