/** Conversations, messages and the events stream (docs/messages.md). */
import { z } from 'zod';
import { CONVERSATION_LIMITS, CONVERSATION_MSG } from './conversations-texts.js';
import { text } from './fields.js';
import { byAnswer } from './team.js';

export * from './conversations-texts.js';

const uuidLike = (msg: string) => z.string({ error: msg }).max(100, msg);

export const startConversationBody = z.object({
  /** The other account; a performer may also name a studio page, which means its owner account. */
  with: uuidLike(CONVERSATION_MSG.withNotFound).min(1, CONVERSATION_MSG.withNotFound),
  jobId: uuidLike(CONVERSATION_MSG.jobNotTheirs).optional(),
});
export type StartConversationBody = z.infer<typeof startConversationBody>;

export const sendMessageBody = z.object({
  text: text(CONVERSATION_MSG.composerLabel, { multiline: true, error: CONVERSATION_MSG.textRequired })
    .max(CONVERSATION_LIMITS.textMax, CONVERSATION_MSG.textTooLong(CONVERSATION_LIMITS.textMax))
    .refine((v) => v.trim().length > 0, CONVERSATION_MSG.textRequired),
});

export const messagesQuery = z.object({
  before: z.string().regex(/^\d{1,15}$/, CONVERSATION_MSG.invalidBefore).optional(),
});

const conversationSide = z.object({
  /** Null when the account was deleted. */
  _id: z.string().nullable(),
  role: z.enum(['performer', 'studio']),
  name: z.string(),
  picture: z.string(),
});

export const messageView = z.object({
  _id: z.number(),
  conversationId: z.string(),
  /** Null when the sender's account was deleted. */
  senderId: z.string().nullable(),
  mine: z.boolean(),
  text: z.string(),
  createdAt: z.string(),
  /** Who of the studio's casting office sent it (docs/team.md): on the studio's own messages only. */
  by: byAnswer.optional(),
});
export type MessageView = z.infer<typeof messageView>;

export const conversationView = z.object({
  _id: z.string(),
  other: conversationSide,
  jobId: z.string().nullable(),
  jobTitle: z.string().nullable(),
  lastMessage: messageView.nullable(),
  unread: z.number(),
  blocked: z.boolean(),
  /** The last of my messages the other side has read (0: none). */
  otherReadUpTo: z.number(),
  updatedAt: z.string(),
});
export type ConversationView = z.infer<typeof conversationView>;

export const conversationsAnswer = z.object({ conversations: z.array(conversationView), unreadTotal: z.number() });
export type ConversationsAnswer = z.infer<typeof conversationsAnswer>;

export const messagesAnswer = z.object({
  conversation: conversationView,
  /** Oldest first within the page. */
  messages: z.array(messageView),
  /** The `before` of the next (older) page, or null at the beginning. */
  nextBefore: z.number().nullable(),
});
export type MessagesAnswer = z.infer<typeof messagesAnswer>;

export const reachAnswer = z.object({ reachable: z.boolean(), conversationId: z.string().nullable() });
export type ReachAnswer = z.infer<typeof reachAnswer>;

export const msgOnly = z.object({ msg: z.string() });
export const ticketAnswer = z.object({ ticket: z.string() });
export const eventsQuery = z.object({ ticket: z.string().max(200).optional() });

/** What each event carries on the stream (its `event:` line is the kind). */
export type LiveEvent =
  | { kind: 'message'; data: { conversationId: string; message: Omit<MessageView, 'mine'> } }
  | { kind: 'read'; data: { conversationId: string; readerId: string; upTo: number } }
  | { kind: 'application'; data: Record<string, unknown> }
  | { kind: 'notification'; data: Record<string, unknown> }
  /** A job's schedule changed on the day: a check-in, or a performer running late (docs/slots.md, "The day"). */
  | { kind: 'schedule'; data: { jobId: string } };
