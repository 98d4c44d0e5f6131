/**
 * The one auth hook every protected call uses: reads the token from x-auth-token,
 * checks signature, expiry and the user's token version, and sets request.userId.
 * Answers 401 `{ msg }` when the token is missing, malformed, expired or revoked.
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppContext, AuthHooks } from '../context.js';
import { batchedById, readByIdsSized } from '../db/batched-reads.js';
import { CHANNELS, createInvalidatedCache } from '../db/change-feed.js';
import { users } from '../db/schema/index.js';
import { studioCheckColumns, studioOfMember, tokenCheckColumns, type TokenCheckRow } from '../db/token-check.js';
import { errors } from '../errors.js';
import { isUuid } from '../lib/uuid.js';
import { readToken, verificationKey, type TokenClaims } from '../modules/auth/index.js';
import type { Role } from '../../contract/jobs-limits.js';
import { MARKET_MSG } from '../../contract/marketplace-messages.js';
import { type StudioRole } from '../../contract/team-messages.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook; '' when the call was made without a (valid) token. */
    userId: string;
    /** The id and expiry of the token the call was made with (for its logout); null without a user. */
    token: { jti: string; expiresAt: number; version: number } | null;
    /**
     * The user's profile version, read in the same query that checks the token, so
     * a polled read can answer 304 without a second query. Null without a user.
     */
    /** What the profile's ETag is made of (modules/profile/profile.presenter.ts). */
    profileVersion: { version: number; subscriptionEnd: Date | null; queuedPlanName: string } | null;
    /** The account's kind, read with the token check; null without a user. */
    role: Role | null;
    /**
     * The user's row when a route's own read stood in for the token check
     * (`requirePerformerReading`) and it ran; null when the check was cached.
     */
    userRow: unknown;
    /**
     * Who made the call: the account itself, or the member of a casting office acting for
     * its studio (then `userId` is the studio's, docs/team.md). '' without a user.
     */
    actorId: string;
    /** The caller's role in the studio it acts for; null for a performer or without a user. */
    studioRole: StudioRole | null;
  }
  interface FastifyInstance {
    /** Each API route with what a studio's caller needs there (docs/team.md); filled as routes are added. */
    routeAccess: RouteAccess[];
  }
  interface FastifyContextConfig {
    /**
     * What a route needs of a studio's caller (docs/team.md). A member's call to a route that
     * declares nothing is treated as needing the owner.
     */
    studioRole?: StudioRole;
  }
}

/** A route as the role test sees it: `studio` when a studio's caller can reach it with a token. */
export interface RouteAccess {
  method: string;
  url: string;
  studio: boolean;
  studioRole: StudioRole | undefined;
}

/**
 * Notes what a route needs of a studio's caller, and moves its token check (and with it the
 * role check) before the input's validation: a caller whose role may not make the call is
 * refused before anything about the input is said.
 */
export function studioAccessOf(route: RouteOptions, auth: AuthHooks): RouteAccess {
  const gates: unknown[] = [auth.requireStudio, auth.requireAuth];
  const list = (hooks: unknown) => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
  const pre = list(route.preHandler);
  const moved = pre.filter((fn) => gates.includes(fn));
  const studio = moved.length > 0 || list(route.preValidation).some((fn) => gates.includes(fn));
  if (moved.length > 0) {
    route.preHandler = pre.filter((fn) => !gates.includes(fn)) as RouteOptions['preHandler'];
    route.preValidation = [...moved, ...list(route.preValidation)] as RouteOptions['preValidation'];
  }
  const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
  return { method: methods, url: route.url, studio, studioRole: (route.config as { studioRole?: StudioRole } | undefined)?.studioRole };
}

const RANK: Record<StudioRole, number> = { viewer: 0, casting: 1, owner: 2 };

/** Refuses a member whose role is below what the route declares (owner when it declares nothing). */
export function checkStudioRole(request: FastifyRequest): void {
  const actual = request.studioRole;
  if (!actual || actual === 'owner') return;
  const needed = request.routeOptions.config.studioRole ?? 'owner';
  if (RANK[actual] < RANK[needed]) throw errors.roleForbidden();
}

export const AUTH_HEADER = 'x-auth-token';

export function createAuthHooks(ctx: AppContext): AuthHooks {
  // The checks of one turn share a statement (the first calls after a change to many users).
  // Prepared per batch size, so PostgreSQL keeps one plan rather than planning each (db/batched-reads.ts).
  // A member's row comes with its studio's check, joined in the same statement: a member's call
  // after a change costs one statement, as the owner's does, not its own and then its studio's
  // (docs/team.md, "The permission check").
  const tokenCheck = batchedById(
    readByIdsSized((whereIdIn, size) =>
      ctx.db
        .select({ id: users.id, ...tokenCheckColumns, studio: studioCheckColumns })
        .from(users)
        .leftJoin(studioOfMember, eq(studioOfMember.id, users.memberOf))
        .where(whereIdIn(users.id))
        .prepare(`auth_token_check_member_${size}`),
    ),
  );
  // Kept in memory while PostgreSQL's change feed is live: a poll costs no query.
  // Also holds the user's revoked token ids: a logout notifies the user channel (account.service.ts),
  // so every instance drops the entry at once, and a poll still costs no query.
  const checks = createInvalidatedCache<Omit<TokenCheckRow, 'revoked'> & { revoked: Set<string> }>(
    ctx.changes,
    CHANNELS.user,
  );

  // A verified signature stays verified: polls with the same token skip the HMAC until it expires.
  // Revocation is still checked on every call, through the token version and revoked ids above.
  // The least recently used token goes when full: an active user's poll keeps its entry.
  const verified = new LRUCache<string, TokenClaims>({ max: 50_000 });
  const key = verificationKey(ctx.config.jwtSecret);
  async function verifiedClaims(token: string) {
    const known = verified.get(token);
    if (known && known.expiresAt > Date.now()) return known;
    const claims = await readToken(await key, token);
    if (claims) {
      verified.set(token, claims);
    }
    return claims;
  }

  // Only the check's own columns are cached, whatever else a route's row holds.
  const cachedCheck = (found: TokenCheckRow | undefined) =>
    found && {
      tokenVersion: found.tokenVersion,
      version: found.version,
      subscriptionEnd: found.subscriptionEnd,
      queuedPlanName: found.queuedPlanName,
      role: found.role,
      memberOf: found.memberOf,
      studioRole: found.studioRole,
      revoked: new Set(found.revoked.split(' ').filter(Boolean)),
    };
  type CachedCheck = NonNullable<ReturnType<typeof cachedCheck>>;
  /** The user's check and, for a member read just now, its studio's from the same statement (kept too). */
  const readCheck = async (userId: string, also: (key: string, value: CachedCheck) => void): Promise<{ check: CachedCheck | undefined; studio?: CachedCheck }> => {
    const found = await tokenCheck(userId);
    const check = cachedCheck(found);
    if (!found?.memberOf || found.studio?.role == null) return { check };
    const studio = cachedCheck({ ...found.studio, role: found.studio.role });
    if (studio) also(found.memberOf, studio);
    return { check, studio };
  };
  const currentCheck = (userId: string) => checks.get(userId, async (also) => (await readCheck(userId, also)).check);

  /**
   * Sets userId and profileVersion when the token is valid and not revoked; tells whether it was.
   * `readRow`, when given, reads the user in place of the token check on a miss, with the
   * check's columns and whatever else the route needs, kept on the request as `userRow`.
   */
  async function authenticate(request: FastifyRequest, readRow?: (userId: string) => Promise<TokenCheckRow | undefined>): Promise<boolean> {
    const header = request.headers[AUTH_HEADER];
    if (typeof header !== 'string' || header.length === 0 || header.length > 2048) return false;
    const claims = await verifiedClaims(header);
    // Only a UUID reaches the batched read: any other text would fail every read in its statement.
    if (!claims || !isUuid(claims.userId)) return false;
    // A member's studio as read with the member just now, when it was not cached.
    let studioRead: CachedCheck | undefined;
    const row = readRow
      ? await checks.get(claims.userId, async () => {
          const found = await readRow(claims.userId);
          request.userRow = found ?? null;
          return cachedCheck(found);
        })
      : await checks.get(claims.userId, async (also) => {
          const read = await readCheck(claims.userId, also);
          studioRead = read.studio;
          return read.check;
        });
    if (!row || row.tokenVersion !== claims.version || row.revoked.has(claims.jti)) {
      request.userRow = null;
      return false;
    }
    request.token = { jti: claims.jti, expiresAt: claims.expiresAt, version: claims.version };
    request.actorId = claims.userId;
    if (row.memberOf) {
      // A member acts for its studio: the studio's id, plan and version stand for the call's.
      const studio = studioRead ?? (await currentCheck(row.memberOf));
      if (!studio) return false;
      request.userId = row.memberOf;
      request.profileVersion = { version: studio.version, subscriptionEnd: studio.subscriptionEnd, queuedPlanName: studio.queuedPlanName };
      request.role = 'studio';
      request.studioRole = row.studioRole === 'casting' ? 'casting' : 'viewer';
      return true;
    }
    request.userId = claims.userId;
    request.profileVersion = { version: row.version, subscriptionEnd: row.subscriptionEnd, queuedPlanName: row.queuedPlanName };
    request.role = row.role as Role;
    request.studioRole = row.role === 'studio' ? 'owner' : null;
    return true;
  }

  return {
    /**
     * Whether a session seen earlier is still good (not expired, not revoked, same token
     * version): a long-lived events stream asks again whenever the user changes.
     */
    async sessionLive(session: { userId: string; actorId?: string | null; jti: string; version: number; expiresAt: number }): Promise<boolean> {
      if (session.expiresAt <= Date.now()) return false;
      const actor = session.actorId ?? session.userId;
      const row = await currentCheck(actor);
      if (!row || row.tokenVersion !== session.version || row.revoked.has(session.jti)) return false;
      // A member's stream lives while it is still a member of that studio.
      return actor === session.userId || row.memberOf === session.userId;
    },
    /** preHandler for calls that need a logged-in user. */
    async requireAuth(request: FastifyRequest, _reply: FastifyReply) {
      if (!(await authenticate(request))) throw errors.unauthorized();
      checkStudioRole(request);
    },
    /** preHandler for the performer's calls: a studio token answers 403. */
    async requirePerformer(request: FastifyRequest, _reply: FastifyReply) {
      if (!(await authenticate(request))) throw errors.unauthorized();
      if (request.role !== 'performer') throw errors.forbidden(MARKET_MSG.performersOnly);
    },
    /**
     * requirePerformer for a read of the user's own row: when the token check is not
     * cached (the user changed, or this is their first call here), `readRow` reads the row
     * and the check in one statement instead of two (docs/performance.md).
     */
    requirePerformerReading(readRow: (userId: string) => Promise<TokenCheckRow | undefined>) {
      return async (request: FastifyRequest, _reply: FastifyReply) => {
        if (!(await authenticate(request, readRow))) throw errors.unauthorized();
        if (request.role !== 'performer') throw errors.forbidden(MARKET_MSG.performersOnly);
      };
    },
    /**
     * For calls open to everyone that add something for a logged-in user (the job page's
     * "where you stand", the portfolio a studio may see more of, the contact form noting who
     * wrote): a good token sets userId and role; a missing or bad one leaves the call
     * anonymous, never refused.
     */
    async optionalAuth(request: FastifyRequest, _reply: FastifyReply) {
      await authenticate(request);
    },
    /** preHandler for the studio's calls: a performer token answers 403. */
    async requireStudio(request: FastifyRequest, _reply: FastifyReply) {
      if (!(await authenticate(request))) throw errors.unauthorized();
      if (request.role !== 'studio') throw errors.forbidden(MARKET_MSG.studiosOnly);
      checkStudioRole(request);
    },
    /**
     * onSend: a user's own write is visible to their very next read on this instance,
     * even before the database's change notification arrives.
     */
    forgetAfterWrite(request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) {
      if (request.userId && request.method !== 'GET' && request.method !== 'HEAD') {
        checks.forget(request.userId);
        if (request.actorId && request.actorId !== request.userId) checks.forget(request.actorId);
      }
      done(null, payload);
    },
  };
}

