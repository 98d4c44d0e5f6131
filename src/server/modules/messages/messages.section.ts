/**
 * The account's conversations and messages, for the export and the deletion
 * (docs/account.md). The other side appears by name only; on deletion the rows stay for
 * the other side, whose screens then read "Deleted account" (the account's ids become
 * null through the foreign keys).
 */
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages } from '../../db/schema/index.js';
import { readConversations } from './conversation-views.js';

export const messagesSection = {
  name: 'conversations',
  async export(db: Db, account: { id: string }) {
    const list = await readConversations(db, account.id, undefined, Number.MAX_SAFE_INTEGER);
    const ids = list.map((c) => c._id);
    const rows = ids.length
      ? await db.select().from(messages).where(inArray(messages.conversationId, ids)).orderBy(asc(messages.id))
      : [];
    return list.map((c) => ({
      with: c.other.name,
      job: c.jobTitle,
      blocked: c.blocked,
      messages: rows
        .filter((m) => m.conversationId === c._id)
        .map((m) => ({ from: m.senderId === account.id ? 'me' : c.other.name, text: m.text, sentAt: m.createdAt.toISOString() })),
    }));
  },
};
