/**
 * Reads conversations as one account sees them: the other side's name and picture
 * (a studio shows its page's), the job, the last message and the unread count.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { conversations, jobs, messages, studios, users } from '../../db/schema/index.js';
import { CONVERSATION_MSG, type ConversationView, type MessageView } from '../../../contract/conversations.js';

/** The list shows this many conversations, newest first. */
export const LIST_MAX = 200;

const performer = alias(users, 'performer');
const studioUser = alias(users, 'studio_user');

export interface MessageRow {
  id: number;
  conversationId: string;
  senderId: string | null;
  text: string;
  createdAt: Date;
  sentBy?: { _id: string; name: string } | null;
}

export const presentMessage = (m: MessageRow, me: string): MessageView => ({
  _id: m.id,
  conversationId: m.conversationId,
  senderId: m.senderId,
  mine: m.senderId === me,
  text: m.text,
  createdAt: m.createdAt.toISOString(),
  // Who of the casting office sent it, for the studio's side only (docs/team.md).
  ...(m.senderId === me && m.sentBy ? { by: { _id: m.sentBy._id, name: m.sentBy.name } } : {}),
});

/** The conversations of `me` matching `where` (all of them, or one), newest first. */
export async function readConversations(db: Db, me: string, where?: SQL, max = LIST_MAX): Promise<ConversationView[]> {
  const mine = or(eq(conversations.performerId, me), eq(conversations.studioUserId, me))!;
  const myReadId = sql<number>`case when ${conversations.performerId} = ${me} then ${conversations.performerReadId} else ${conversations.studioReadId} end`;
  const rows = await db
    .select({
      c: conversations,
      performerName: performer.fname,
      performerPic: performer.profilePic,
      studioUserName: studioUser.fname,
      studioName: studios.fname,
      studioPic: studios.profilePic,
      jobTitle: jobs.title,
      lastId: sql<number | null>`(select max(m.id) from ${messages} m where m.conversation_id = ${conversations.id})`.mapWith(
        (v: unknown) => (v === null ? null : Number(v)),
      ),
      unread: sql<number>`(select count(*) from ${messages} m where m.conversation_id = ${conversations.id} and m.id > ${myReadId} and m.sender_id is distinct from ${me}::uuid)`.mapWith(Number),
    })
    .from(conversations)
    .leftJoin(performer, eq(performer.id, conversations.performerId))
    .leftJoin(studioUser, eq(studioUser.id, conversations.studioUserId))
    .leftJoin(studios, eq(studios.ownerId, conversations.studioUserId))
    .leftJoin(jobs, eq(jobs.id, conversations.jobId))
    .where(where ? and(mine, where) : mine)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(max);
  const lastIds = rows.map((r) => r.lastId).filter((id): id is number => id !== null);
  const last = lastIds.length ? await db.select().from(messages).where(inArray(messages.id, lastIds)) : [];
  const lastById = new Map(last.map((m) => [m.id, m]));
  return rows.map((r) => {
    const iAmPerformer = r.c.performerId === me;
    const otherId = iAmPerformer ? r.c.studioUserId : r.c.performerId;
    const otherName = iAmPerformer ? (r.studioName ?? r.studioUserName) : r.performerName;
    const lastRow = r.lastId === null ? undefined : lastById.get(r.lastId);
    return {
      _id: r.c.id,
      other: {
        _id: otherId,
        role: iAmPerformer ? 'studio' : 'performer',
        name: otherId === null || otherName === null ? CONVERSATION_MSG.deletedAccount : otherName,
        picture: otherId === null ? '' : ((iAmPerformer ? r.studioPic : r.performerPic) ?? ''),
      },
      jobId: r.c.jobId,
      jobTitle: r.jobTitle,
      lastMessage: lastRow ? presentMessage(lastRow, me) : null,
      unread: r.unread,
      blocked: r.c.blockedAt !== null,
      otherReadUpTo: iAmPerformer ? r.c.studioReadId : r.c.performerReadId,
      updatedAt: r.c.lastMessageAt.toISOString(),
    };
  });
}
