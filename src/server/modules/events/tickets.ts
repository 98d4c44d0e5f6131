/**
 * One-use tickets for a browser's EventSource, which cannot send the token header
 * (docs/messages.md). Kept in the database, so a ticket asked from one instance opens a
 * stream on another; taken in one statement, so it works once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventTickets } from '../../db/schema/index.js';
import { CONVERSATION_LIMITS } from '../../../contract/conversations.js';
import type { Session } from './streams.js';

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

export async function issueTicket(db: Db, session: Session, now = new Date()): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.insert(eventTickets).values({
    ticketHash: hash(ticket),
    userId: session.userId,
    actorId: session.actorId ?? null,
    tokenJti: session.jti,
    tokenVersion: session.version,
    tokenExpiresAt: new Date(session.expiresAt),
    expiresAt: new Date(now.getTime() + CONVERSATION_LIMITS.ticketSeconds * 1000),
  });
  return ticket;
}

/** The session a ticket was issued for, once; null when unknown, used or expired. */
export async function takeTicket(db: Db, ticket: string): Promise<Session | null> {
  if (ticket.length < 20 || ticket.length > 200) return null;
  const [row] = await db
    .delete(eventTickets)
    .where(and(eq(eventTickets.ticketHash, hash(ticket)), gt(eventTickets.expiresAt, sql`now()`)))
    .returning();
  return row ? { userId: row.userId, actorId: row.actorId, jti: row.tokenJti, version: row.tokenVersion, expiresAt: row.tokenExpiresAt.getTime() } : null;
}
