/**
 * Conversations between a performer and a studio account, their messages, and the
 * events the live stream replays to a client that reconnects (docs/messages.md).
 */
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jobs } from './studios.js';
import { users } from './users.js';

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Null once that account is deleted: the other side then reads "Deleted account". */
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'set null' }),
    studioUserId: uuid('studio_user_id').references(() => users.id, { onDelete: 'set null' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** Set by either side's block; a blocked conversation takes no new message. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedBy: uuid('blocked_by'),
    /** The id of the last message each side has read (0: none). */
    performerReadId: bigint('performer_read_id', { mode: 'number' }).notNull().default(0),
    studioReadId: bigint('studio_read_id', { mode: 'number' }).notNull().default(0),
    /** When each side was last e-mailed about unread messages here (at most once an hour). */
    performerMailedAt: timestamp('performer_mailed_at', { withTimezone: true }),
    studioMailedAt: timestamp('studio_mailed_at', { withTimezone: true }),
    /** The last message each side has been e-mailed about, or decided not to be (0: none). */
    performerMailedId: bigint('performer_mailed_id', { mode: 'number' }).notNull().default(0),
    studioMailedId: bigint('studio_mailed_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One conversation per pair: starting again reopens it.
    uniqueIndex('conversations_pair').on(t.performerId, t.studioUserId),
    index('conversations_performer_idx').on(t.performerId, t.lastMessageAt),
    index('conversations_studio_idx').on(t.studioUserId, t.lastMessageAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** Who of a studio's casting office sent it (docs/team.md); null for a performer's. */
    sentBy: jsonb('sent_by').$type<{ _id: string; name: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sender's Idempotency-Key, when the call sent one: a retry with it answers this message. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('messages_sender_key_idx').on(t.senderId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    // The unread-mail sweep reads only the last day's messages.
    index('messages_created_idx').on(t.createdAt),
  ],
);

/** Every event sent to an account's stream, kept a day so a reconnecting client gets what it missed. */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_events_user_idx').on(t.userId, t.id), index('user_events_created_idx').on(t.createdAt)],
);

/** One-use tickets that open an events stream from a browser's EventSource (good for 60 s). */
export const eventTickets = pgTable('event_tickets', {
  /** SHA-256 of the ticket; the ticket itself is never stored. */
  ticketHash: text('ticket_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The token the ticket was asked with: the stream ends when that token is revoked. */
  tokenJti: text('token_jti').notNull(),
  /** The member of a casting office who asked, when not the account itself (docs/team.md). */
  actorId: uuid('actor_id'),
  tokenVersion: bigint('token_version', { mode: 'number' }).notNull(),
  tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
