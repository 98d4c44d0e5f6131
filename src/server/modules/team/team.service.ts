/**
 * The casting office (docs/team.md): the owner invites members by e-mail, an invitee joins
 * through a one-use link and gets a login of its own that acts for the studio, and the owner
 * changes roles and removes members. A removed member's row goes, so its sessions end on every
 * instance (the users trigger tells each one's auth hook).
 */
import { hash } from '@node-rs/argon2';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { TEAM_LIMITS, TEAM_MSG, type MemberRole, type StudioRole } from '../../../contract/team-messages.js';
import type { AppContext } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import { studioInvitations, studios, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { invitationMail } from './team-mail.js';
import { hashLinkToken, newLinkToken } from '../../lib/link-token.js';


export interface Member {
  _id: string;
  email: string;
  name: string;
  role: StudioRole;
  joinedAt: string | null;
}

export function createTeamService(ctx: AppContext) {
  const { db } = ctx;
  const origin = (ctx.config.env.PUBLIC_URL ?? `http://localhost:${ctx.config.env.PORT}`).replace(/\/+$/, '');

  async function studioName(studioId: string): Promise<string> {
    const [row] = await db.select({ fname: studios.fname }).from(studios).where(eq(studios.ownerId, studioId));
    if (row) return row.fname;
    const [user] = await db.select({ fname: users.fname }).from(users).where(eq(users.id, studioId));
    return user?.fname ?? '';
  }

  /** A fresh link for an invitation: 256 random bits, only its hash kept. */
  function newToken() {
    const token = newLinkToken();
    return { token, tokenHash: hashLinkToken(token), expiresAt: new Date(Date.now() + TEAM_LIMITS.invitationDays * 86_400_000) };
  }

  function mail(email: string, studio: string, role: MemberRole, token: string, log: FastifyBaseLogger) {
    const link = `${origin}/join/${encodeURIComponent(token)}`;
    ctx.mailer.send(invitationMail(email, studio, role, link)).catch((err: unknown) => log.error({ err }, 'invitation mail not sent'));
  }

  async function pendingOf(studioId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select()
      .from(studioInvitations)
      .where(and(eq(studioInvitations.id, id), eq(studioInvitations.studioId, studioId), isNull(studioInvitations.usedAt)));
    return row;
  }

  async function memberOf(studioId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.memberOf, studioId)));
    return row;
  }

  /** The invitation a link stands for, or why not: 404 unknown, 410 used or expired. */
  async function liveInvitation(token: string) {
    const [row] = await db.select().from(studioInvitations).where(eq(studioInvitations.tokenHash, hashLinkToken(token)));
    if (!row) throw errors.notFound(TEAM_MSG.invitationGone);
    if (row.usedAt || row.expiresAt.getTime() <= Date.now()) throw errors.invitationGone();
    return row;
  }

  /** Tells every instance's event streams of the studio to check their sessions again. */
  async function notifyStudio(studioId: string) {
    await db.execute(sql`select pg_notify(${CHANNELS.user}, ${studioId})`);
    ctx.changes.announce(CHANNELS.user, studioId);
  }

  return {
    async list(studioId: string): Promise<Member[]> {
      const [owner] = await db
        .select({ id: users.id, email: users.email, fname: users.fname, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, studioId));
      const members = await db
        .select({ id: users.id, email: users.email, fname: users.fname, role: users.studioRole, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.memberOf, studioId))
        .orderBy(asc(users.createdAt), asc(users.id));
      const pending = await db
        .select()
        .from(studioInvitations)
        .where(and(eq(studioInvitations.studioId, studioId), isNull(studioInvitations.usedAt)))
        .orderBy(asc(studioInvitations.createdAt), asc(studioInvitations.id));
      return [
        ...(owner ? [{ _id: owner.id, email: owner.email, name: owner.fname, role: 'owner' as const, joinedAt: owner.createdAt.toISOString() }] : []),
        ...members.map((m) => ({ _id: m.id, email: m.email, name: m.fname, role: (m.role ?? 'viewer') as StudioRole, joinedAt: m.createdAt.toISOString() })),
        ...pending.map((p) => ({ _id: p.id, email: p.email, name: '', role: p.role as StudioRole, joinedAt: null })),
      ];
    },

    async invite(studioId: string, email: string, role: MemberRole, log: FastifyBaseLogger): Promise<Member> {
      const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (account) throw errors.conflict(TEAM_MSG.emailHasAccount);
      const fresh = newToken();
      const row = await db.transaction(async (tx) => {
        // Invitations of one studio one at a time, so two at once cannot pass the limit together.
        await tx.execute(sql`select id from users where id = ${studioId} for update`);
        const [membersRow] = await tx.select({ n: count() }).from(users).where(eq(users.memberOf, studioId));
        const [invitedRow] = await tx
          .select({ n: count() })
          .from(studioInvitations)
          .where(and(eq(studioInvitations.studioId, studioId), isNull(studioInvitations.usedAt)));
        if ((membersRow?.n ?? 0) + (invitedRow?.n ?? 0) >= TEAM_LIMITS.maxMembers) throw errors.teamFull();
        const [same] = await tx
          .select({ id: studioInvitations.id })
          .from(studioInvitations)
          .where(and(eq(studioInvitations.studioId, studioId), eq(studioInvitations.email, email), isNull(studioInvitations.usedAt)));
        if (same) throw errors.conflict(TEAM_MSG.alreadyInvited);
        const [inserted] = await tx
          .insert(studioInvitations)
          .values({ studioId, email, role, tokenHash: fresh.tokenHash, expiresAt: fresh.expiresAt })
          .returning();
        if (!inserted) throw errors.conflict(TEAM_MSG.alreadyInvited);
        return inserted;
      });
      mail(email, await studioName(studioId), role, fresh.token, log);
      return { _id: row.id, email: row.email, name: '', role, joinedAt: null };
    },

    /** "Send again": a new link (the old one dies) and seven more days. */
    async resend(studioId: string, id: string, log: FastifyBaseLogger): Promise<void> {
      const pending = await pendingOf(studioId, id);
      if (!pending) throw errors.notFound(TEAM_MSG.memberNotFound);
      const fresh = newToken();
      await db
        .update(studioInvitations)
        .set({ tokenHash: fresh.tokenHash, expiresAt: fresh.expiresAt, createdAt: new Date() })
        .where(eq(studioInvitations.id, pending.id));
      mail(pending.email, await studioName(studioId), pending.role as MemberRole, fresh.token, log);
    },

    async setRole(studioId: string, id: string, role: MemberRole): Promise<Member> {
      if (id === studioId) throw errors.badRequest(TEAM_MSG.ownerStays);
      const member = await memberOf(studioId, id);
      if (member) {
        // The users trigger tells every instance, so the new role holds on the member's next call.
        await db.update(users).set({ studioRole: role }).where(eq(users.id, member.id));
      } else {
        const pending = await pendingOf(studioId, id);
        if (!pending) throw errors.notFound(TEAM_MSG.memberNotFound);
        await db.update(studioInvitations).set({ role }).where(eq(studioInvitations.id, pending.id));
      }
      const found = (await this.list(studioId)).find((m) => m._id === id);
      if (!found) throw errors.notFound(TEAM_MSG.memberNotFound);
      return found;
    },

    async remove(studioId: string, id: string): Promise<void> {
      if (id === studioId) throw errors.badRequest(TEAM_MSG.ownerStays);
      const member = await memberOf(studioId, id);
      if (member) {
        // The row's delete notifies every instance (migration 0005): the member's next call is 401.
        await db.delete(users).where(eq(users.id, member.id));
        ctx.changes.announce(CHANNELS.user, member.id);
        await notifyStudio(studioId);
        return;
      }
      const pending = await pendingOf(studioId, id);
      if (!pending) throw errors.notFound(TEAM_MSG.memberNotFound);
      await db.delete(studioInvitations).where(eq(studioInvitations.id, pending.id));
    },

    async joinInfo(token: string) {
      const row = await liveInvitation(token);
      return { studio: { fname: await studioName(row.studioId) }, email: row.email, role: row.role as MemberRole };
    },

    async join(token: string, name: string, password: string): Promise<void> {
      await liveInvitation(token);
      const passwordHash = await hash(password);
      await db.transaction(async (tx) => {
        // Claimed in one statement: of two joins racing with one link, one wins.
        const [claimed] = await tx
          .update(studioInvitations)
          .set({ usedAt: new Date() })
          .where(
            and(eq(studioInvitations.tokenHash, hashLinkToken(token)), isNull(studioInvitations.usedAt), gt(studioInvitations.expiresAt, sql`now()`)),
          )
          .returning();
        if (!claimed) throw errors.invitationGone();
        const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, claimed.email));
        if (account) throw errors.conflict(TEAM_MSG.emailHasAccount);
        await tx.insert(users).values({
          email: claimed.email,
          fname: name,
          passwordHash,
          role: 'member',
          memberOf: claimed.studioId,
          studioRole: claimed.role,
        });
      });
    },

    /** Who the caller is in the studio it acts for. */
    async me(studioId: string, actorId: string, role: StudioRole) {
      const [actor] = await db.select({ fname: users.fname }).from(users).where(eq(users.id, actorId));
      return {
        member: { _id: actorId, name: actor?.fname ?? '', role },
        studio: { _id: studioId, fname: await studioName(studioId) },
      };
    },
  };
}
