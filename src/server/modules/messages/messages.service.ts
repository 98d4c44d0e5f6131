/**
 * The rules of conversations (docs/messages.md): who may start one, anyone may reply,
 * blocks, read marks, pages going back in time, per-account sending limits. A
 * conversation that is not the caller's answers 404, as if it did not exist.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { escapeHtml } from '../../adapters/mail/mailer.js';
import { sendOrKeep } from '../notifications/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { applications, conversations, jobs, messages, studios, users } from '../../db/schema/index.js';
import { errors, hasErrorCode } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { enforceLimit } from '../../rate-limit/enforce-limit.js';
import { deliver, recordEvents } from '../events/index.js';
import { storedPlanColumns } from '../subscriptions/index.js';
import type { Role } from '../../../contract/jobs-limits.js';
import { CONVERSATION_LIMITS, CONVERSATION_MSG, type ConversationView, type MessagesAnswer, type MessageView, type StartConversationBody } from '../../../contract/conversations.js';
import { currentPlan } from '../../../contract/plan-in-force.js';
import { MSG } from '../../../contract/messages.js';
import { presentMessage, readConversations } from './conversation-views.js';
import { consentingGuardian, isHeld } from '../guardians/index.js';
import { GUARDIAN_MSG } from '../../../contract/guardians-messages.js';

export interface Caller {
  id: string;
  role: Role;
}

export function createMessagesService(ctx: AppContext, log: FastifyBaseLogger) {
  const { db } = ctx;

  /** The caller's conversation row, or 404. */
  async function own(me: string, id: string) {
    if (!isUuid(id)) throw errors.notFound(CONVERSATION_MSG.notFound);
    const [row] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, id), or(eq(conversations.performerId, me), eq(conversations.studioUserId, me))));
    if (!row) throw errors.notFound(CONVERSATION_MSG.notFound);
    return row;
  }

  /** The message this sender stored with `key`, if any; one sent to another conversation is a key used twice (409). */
  async function sentWith(me: string, key: string, id: string) {
    const [found] = await db.select().from(messages).where(and(eq(messages.senderId, me), eq(messages.idempotencyKey, key)));
    if (found && found.conversationId !== id) throw errors.conflict(MSG.idempotencyKeyReused);
    return found;
  }

  async function view(me: string, id: string): Promise<ConversationView> {
    const [found] = await readConversations(db, me, eq(conversations.id, id));
    if (!found) throw errors.notFound(CONVERSATION_MSG.notFound);
    return found;
  }

  /**
   * The studio account a performer means: a studio account's id, or a studio page's (its owner).
   * A private performer's id answers exactly as a missing one (docs/security.md, "Event streams, conversations and contact messages").
   */
  async function studioAccountOf(withId: string): Promise<string> {
    if (!isUuid(withId)) throw errors.notFound(CONVERSATION_MSG.withNotFound);
    const [account] = await db.select({ id: users.id, role: users.role, visibility: users.visibility }).from(users).where(eq(users.id, withId));
    if (account) {
      if (account.role === 'studio') return account.id;
      if (account.role === 'performer' && account.visibility !== 'public') throw errors.notFound(CONVERSATION_MSG.withNotFound);
      throw errors.forbidden(CONVERSATION_MSG.notStudio);
    }
    const [page] = await db.select({ ownerId: studios.ownerId }).from(studios).where(eq(studios.id, withId));
    if (!page?.ownerId) throw errors.notFound(CONVERSATION_MSG.withNotFound);
    return page.ownerId;
  }

  async function performerAccount(withId: string) {
    if (!isUuid(withId)) throw errors.notFound(CONVERSATION_MSG.withNotFound);
    const [account] = await db.select({ id: users.id, role: users.role, visibility: users.visibility }).from(users).where(eq(users.id, withId));
    if (!account) throw errors.notFound(CONVERSATION_MSG.withNotFound);
    if (account.role !== 'performer') throw errors.forbidden(CONVERSATION_MSG.notPerformer);
    return account;
  }

  /** Whether a studio may write first to this performer: public, or applied to one of its jobs. */
  async function studioMayReach(studioUserId: string, performerId: string, visibility: string): Promise<boolean> {
    // A minor without a guardian's consent cannot be messaged by studios at all (docs/guardians.md).
    if (await isHeld(db, performerId)) return false;
    if (visibility === 'public') return true;
    const [applied] = await db
      .select({ id: applications.id })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(studios, eq(studios.id, jobs.studioId))
      .where(and(eq(applications.performerId, performerId), eq(studios.ownerId, studioUserId)))
      .limit(1);
    return Boolean(applied);
  }

  async function jobOf(studioUserId: string, jobId: string | undefined): Promise<string | null> {
    if (jobId === undefined || jobId === '') return null;
    if (!isUuid(jobId)) throw errors.badRequest(CONVERSATION_MSG.jobNotTheirs);
    const [job] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .innerJoin(studios, eq(studios.id, jobs.studioId))
      .where(and(eq(jobs.id, jobId), eq(studios.ownerId, studioUserId)));
    if (!job) throw errors.badRequest(CONVERSATION_MSG.jobNotTheirs);
    return job.id;
  }

  async function mayStart(me: Caller, performerId: string, visibility: string): Promise<void> {
    if (me.role === 'performer') {
      const [row] = await db.select(storedPlanColumns).from(users).where(eq(users.id, me.id));
      // Decided as applying is: a queued plan keeps the chat open once it takes over (docs/product.md §11.10).
      if (!row || !currentPlan(row)) throw errors.paymentRequired(CONVERSATION_MSG.needPlan);
      return;
    }
    // A private performer the studio may not reach is, to it, a missing id: a 403 here
    // would tell it that the id exists (docs/security.md, "Event streams, conversations and contact messages").
    if (!(await studioMayReach(me.id, performerId, visibility))) throw errors.notFound(CONVERSATION_MSG.withNotFound);
  }

  /**
   * Every message a studio sends a minor goes at once to the guardian who consented, by e-mail
   * (kept and retried when the mail server refuses it), not after the unread delay (docs/guardians.md).
   */
  async function copyToGuardian(performerId: string, studioUserId: string, text: string): Promise<void> {
    const guardian = await consentingGuardian(db, performerId);
    if (!guardian) return;
    const names = await db
      .select({ id: users.id, fname: users.fname, studio: studios.fname })
      .from(users)
      .leftJoin(studios, eq(studios.ownerId, users.id))
      .where(inArray(users.id, [performerId, studioUserId]));
    const performer = names.find((n) => n.id === performerId)?.fname ?? '';
    const studioRow = names.find((n) => n.id === studioUserId);
    const studio = studioRow?.studio || studioRow?.fname || '';
    const body = GUARDIAN_MSG.copyBody(studio, performer, text);
    await sendOrKeep(ctx, { to: guardian.email, subject: GUARDIAN_MSG.copySubject(studio, performer), text: body, html: `<p>${escapeHtml(body).replace(/\n/g, '<br>')}</p>` }, log);
  }

  return {
    /** Whether the caller could write to that account (a studio page without an owner cannot be), and the conversation if one exists. */
    async reach(me: Caller, withId: string): Promise<{ reachable: boolean; conversationId: string | null }> {
      const nobody = { reachable: false, conversationId: null };
      let pair;
      let visibility = 'public';
      try {
        if (me.role === 'performer') pair = { performerId: me.id, studioUserId: await studioAccountOf(withId) };
        else {
          const other = await performerAccount(withId);
          pair = { performerId: other.id, studioUserId: me.id };
          visibility = other.visibility;
        }
      } catch {
        return nobody;
      }
      const [existing] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.performerId, pair.performerId), eq(conversations.studioUserId, pair.studioUserId)));
      if (existing) return { reachable: true, conversationId: existing.id };
      // As for a missing id when the studio may not write first (docs/security.md, "Event streams, conversations and contact messages").
      if (me.role === 'studio' && !(await studioMayReach(me.id, pair.performerId, visibility))) return nobody;
      return { reachable: true, conversationId: null };
    },

    async list(me: string) {
      const list = await readConversations(db, me);
      return { conversations: list, unreadTotal: list.reduce((n, c) => n + c.unread, 0) };
    },

    /** The existing conversation with that account (200), or a new one when the rules allow (201). */
    async start(me: Caller, body: StartConversationBody): Promise<{ created: boolean; conversation: ConversationView }> {
      let performerId: string;
      let studioUserId: string;
      let visibility = 'public';
      if (me.role === 'performer') {
        performerId = me.id;
        studioUserId = await studioAccountOf(body.with);
      } else {
        const other = await performerAccount(body.with);
        performerId = other.id;
        studioUserId = me.id;
        visibility = other.visibility;
      }
      const jobId = await jobOf(studioUserId, body.jobId);
      const pair = and(eq(conversations.performerId, performerId), eq(conversations.studioUserId, studioUserId));
      const [existing] = await db.select({ id: conversations.id }).from(conversations).where(pair);
      if (existing) return { created: false, conversation: await view(me.id, existing.id) };
      await mayStart(me, performerId, visibility);
      await enforceLimit(ctx, `conversations-start:${me.id}`, { limit: CONVERSATION_LIMITS.startPerHour, windowSec: 3600 });
      const [made] = await db.insert(conversations).values({ performerId, studioUserId, jobId }).onConflictDoNothing().returning({ id: conversations.id });
      // Started by both at once: the other call's row is the conversation.
      const id = made?.id ?? (await db.select({ id: conversations.id }).from(conversations).where(pair))[0]!.id;
      return { created: Boolean(made), conversation: await view(me.id, id) };
    },

    async page(me: string, id: string, before?: string): Promise<MessagesAnswer> {
      await own(me, id);
      const older = before === undefined ? undefined : lt(messages.id, Number(before));
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, id), older))
        .orderBy(desc(messages.id))
        .limit(CONVERSATION_LIMITS.page + 1);
      const more = rows.length > CONVERSATION_LIMITS.page;
      const shown = rows.slice(0, CONVERSATION_LIMITS.page).reverse();
      return {
        conversation: await view(me, id),
        messages: shown.map((m) => presentMessage(m, me)),
        nextBefore: more && shown[0] ? shown[0].id : null,
      };
    },

    /**
     * Sends a message. With `key` (the call's Idempotency-Key), a message this sender already
     * stored with it is answered instead of a second copy: a retry after a 503 whose COMMIT
     * did land gets the first result (docs/faults.md, "A stalled database").
     */
    async send(me: string, id: string, text: string, key?: string, by?: { _id: string; name: string }): Promise<MessageView> {
      const row = await own(me, id);
      const earlier = key ? await sentWith(me, key, id) : undefined;
      if (earlier) return presentMessage(earlier, me);
      if (row.blockedAt) throw errors.forbidden(CONVERSATION_MSG.blocked);
      const other = row.performerId === me ? row.studioUserId : row.performerId;
      if (other === null) throw errors.forbidden(CONVERSATION_MSG.otherDeleted);
      // Closed to a studio while the performer is a minor without a guardian's consent (never given, or withdrawn).
      const fromStudio = row.studioUserId === me;
      if (fromStudio && row.performerId && (await isHeld(db, row.performerId))) throw errors.guardianConsentNeeded('messages');
      await enforceLimit(ctx, `messages-send:${me}`, { limit: CONVERSATION_LIMITS.sendPerMinute, windowSec: 60 });
      const iAmPerformer = row.performerId === me;
      const sentBy = !iAmPerformer && by ? by : null;
      const { message, events } = await db.transaction(async (tx) => {
        // Checked again under the row's lock: a block that lands first refuses this message.
        const [open] = await tx
          .update(conversations)
          .set({ lastMessageAt: sql`now()` })
          .where(and(eq(conversations.id, id), isNull(conversations.blockedAt)))
          .returning({ id: conversations.id });
        if (!open) throw errors.forbidden(CONVERSATION_MSG.blocked);
        const [m] = await tx.insert(messages).values({ conversationId: id, senderId: me, text, idempotencyKey: key ?? null, sentBy }).returning();
        // My own message is read by me.
        await tx
          .update(conversations)
          .set(iAmPerformer ? { performerReadId: m!.id } : { studioReadId: m!.id })
          .where(eq(conversations.id, id));
        // The event reaches the performer too: never who of the studio sent it.
        const { mine: _mine, by: _by, ...shared } = presentMessage(m!, me);
        const stored = await recordEvents(tx, [me, other], { kind: 'message', data: { conversationId: id, message: shared } });
        return { message: m!, events: stored };
      }).catch(async (err: unknown) => {
        // The same key sent twice at once: the other call stored it first.
        const first = key && hasErrorCode(err, ['23505']) ? await sentWith(me, key, id) : undefined;
        if (first) return { message: first, events: [] };
        throw err;
      });
      await deliver(ctx, events, log);
      if (fromStudio && row.performerId) await copyToGuardian(row.performerId, me, message.text);
      return presentMessage(message, me);
    },

    async read(me: string, id: string): Promise<number> {
      await enforceLimit(ctx, `conversations-read:${me}`, { limit: CONVERSATION_LIMITS.readPerMinute, windowSec: 60 });
      const row = await own(me, id);
      const iAmPerformer = row.performerId === me;
      const column = iAmPerformer ? conversations.performerReadId : conversations.studioReadId;
      const newest = sql`coalesce((select max(m.id) from ${messages} m where m.conversation_id = ${id}), 0)`;
      // Moves only forward, and only when there is something newer: a read that changes
      // nothing stores no event (docs/security.md, "Event streams, conversations and contact messages").
      const [moved] = await db
        .update(conversations)
        .set(iAmPerformer ? { performerReadId: newest } : { studioReadId: newest })
        .where(and(eq(conversations.id, id), lt(column, newest)))
        .returning({ performerReadId: conversations.performerReadId, studioReadId: conversations.studioReadId });
      if (!moved) {
        const [current] = await db.select({ upTo: column }).from(conversations).where(eq(conversations.id, id));
        return current?.upTo ?? 0;
      }
      const upTo = iAmPerformer ? moved.performerReadId : moved.studioReadId;
      const other = iAmPerformer ? row.studioUserId : row.performerId;
      // Mine too: my other tabs and the nav bar's count follow.
      const stored = await recordEvents(db, other ? [me, other] : [me], { kind: 'read', data: { conversationId: id, readerId: me, upTo } });
      await deliver(ctx, stored, log);
      return upTo;
    },

    async block(me: string, id: string): Promise<void> {
      await own(me, id);
      await db
        .update(conversations)
        .set({ blockedAt: sql`now()`, blockedBy: me })
        .where(and(eq(conversations.id, id), isNull(conversations.blockedAt)));
    },
  };
}

