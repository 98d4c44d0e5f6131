/**
 * The casting office in an account's export and deletion (docs/team.md, "Export and
 * deletion"): the owner's export lists its members; deleting the studio removes its
 * members' logins and tells each by e-mail; a member's own export holds what it wrote.
 * Shaped as an AccountSection (account/account-sections.ts), which this area does not import.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { applicationReviews, applications, auditionSlots, messages, reviewLinks, studioInvitations, tapeRequests, users } from '../../db/schema/index.js';
import { studioClosedMail } from './team-mail.js';

const byIs = (column: unknown, id: string) => sql`(${column} ->> '_id') = ${id}::text`;

export const teamSection = {
  name: 'team',
  async export(db: Db, account: { id: string }) {
    const members = await db
      .select({ email: users.email, name: users.fname, role: users.studioRole, joinedAt: users.createdAt })
      .from(users)
      .where(eq(users.memberOf, account.id))
      .orderBy(asc(users.createdAt));
    const invitations = await db
      .select({ email: studioInvitations.email, role: studioInvitations.role, createdAt: studioInvitations.createdAt, usedAt: studioInvitations.usedAt })
      .from(studioInvitations)
      .where(eq(studioInvitations.studioId, account.id))
      .orderBy(asc(studioInvitations.createdAt));
    return { members, invitations };
  },
  async erase(tx: Tx, account: { id: string }) {
    // The members' rows would go with the owner's (ON DELETE CASCADE); taken here first to tell each.
    const gone = await tx.delete(users).where(eq(users.memberOf, account.id)).returning({ email: users.email, name: users.fname });
    if (gone.length === 0) return [] as string[];
    const [owner] = await tx.select({ fname: users.fname }).from(users).where(eq(users.id, account.id));
    return { keys: [], after: { mails: gone.map((m) => studioClosedMail(m.email, m.name, owner?.fname ?? '')), events: [] } };
  },
};

/**
 * A member's own export (GET /api/me/export with a member's token): its login, and what it
 * wrote or did for the studio — ratings and notes, messages, and the actions that name it.
 */
export async function memberExport(db: Db, memberId: string): Promise<Record<string, unknown>> {
  const [me] = await db
    .select({ id: users.id, email: users.email, name: users.fname, role: users.studioRole, studioId: users.memberOf, joinedAt: users.createdAt })
    .from(users)
    .where(eq(users.id, memberId));
  const [studio] = me?.studioId ? await db.select({ fname: users.fname }).from(users).where(eq(users.id, me.studioId)) : [];
  const reviews = await db
    .select({ applicationId: applicationReviews.applicationId, rating: applicationReviews.rating, note: applicationReviews.note, at: applicationReviews.at })
    .from(applicationReviews)
    .where(eq(applicationReviews.byId, memberId))
    .orderBy(asc(applicationReviews.at));
  const sent = await db
    .select({ conversationId: messages.conversationId, text: messages.text, createdAt: messages.createdAt })
    .from(messages)
    .where(byIs(messages.sentBy, memberId))
    .orderBy(asc(messages.id));
  // Every history entry naming the member: moves, decisions, undos, notes, requests, links, slots.
  const named = await db
    .select({ id: applications.id, history: applications.history })
    .from(applications)
    .where(sql`${applications.history} @> jsonb_build_array(jsonb_build_object('by', jsonb_build_object('_id', ${memberId}::text)))`);
  const actions = named
    .flatMap((a) => a.history.filter((h) => h.by?._id === memberId).map((h) => ({ applicationId: a.id, status: h.status, action: h.action ?? 'move', at: h.at })))
    .sort((x, y) => x.at.localeCompare(y.at));
  const tapeRequestsMade = await db
    .select({ id: tapeRequests.id, applicationId: tapeRequests.applicationId, instructions: tapeRequests.instructions, retakeNote: tapeRequests.retakeNote, createdAt: tapeRequests.createdAt })
    .from(tapeRequests)
    .where(sql`${byIs(tapeRequests.requestedBy, memberId)} or ${byIs(tapeRequests.retakeBy, memberId)}`);
  const links = await db
    .select({ id: reviewLinks.id, jobId: reviewLinks.jobId, label: reviewLinks.label, createdAt: reviewLinks.createdAt })
    .from(reviewLinks)
    .where(and(byIs(reviewLinks.createdBy, memberId)));
  const slots = await db
    .select({ id: auditionSlots.id, jobId: auditionSlots.jobId, startsAt: auditionSlots.startsAt })
    .from(auditionSlots)
    .where(byIs(auditionSlots.changedBy, memberId));
  return {
    exportedAt: new Date().toISOString(),
    accountId: memberId,
    member: me ? { email: me.email, name: me.name, role: me.role, joinedAt: me.joinedAt, studio: { fname: studio?.fname ?? '' } } : null,
    reviews,
    messages: sent,
    actions,
    tapeRequests: tapeRequestsMade,
    reviewLinks: links,
    slots,
  };
}
