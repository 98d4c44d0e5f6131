/**
 * The one auth hook every protected call uses: reads the token from x-auth-token,
 * checks signature, expiry and the user's token version, and sets request.userId.
 * Answers 401 `{ msg }` when the token is missing, malformed, expired or revoked.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../context.js';
import { CHANNELS, createInvalidatedCache } from '../db/change-feed.js';
import { users } from '../db/schema/index.js';
import { errors } from '../errors.js';
import { readToken, type TokenClaims } from '../modules/auth/index.js';
import type { Role } from '../../contract/jobs-limits.js';
import { MARKET_MSG } from '../../contract/marketplace-messages.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook; '' when the call was made without a (valid) token. */
    userId: string;
    /** The id and expiry of the token the call was made with (for its logout); null without a user. */
    token: { jti: string; expiresAt: number } | null;
    /**
     * The user's profile version, read in the same query that checks the token, so
     * a polled read can answer 304 without a second query. Null without a user.
     */
    profileVersion: { version: number; subscriptionEnd: Date | null } | null;
    /** The account's kind, read with the token check; null without a user. */
    role: Role | null;
  }
}

export const AUTH_HEADER = 'x-auth-token';

export function createAuthHooks(ctx: AppContext) {
  const tokenCheck = ctx.db
    .select({
      tokenVersion: users.tokenVersion,
      version: users.version,
      subscriptionEnd: users.subscriptionEnd,
      role: users.role,
      // The user's tokens ended by their own logout, read in the same query (docs/security.md, "Logout").
      // A space-separated list (ids never hold one) reads the same from PostgreSQL and PGlite.
      revoked: sql<string>`coalesce((select string_agg(r.jti, ' ') from revoked_tokens r where r.user_id = ${users.id} and r.expires_at > now()), '')`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_token_check');
  // Kept in memory while PostgreSQL's change feed is live: a poll costs no query.
  // Also holds the user's revoked token ids: a logout notifies the user channel (account.service.ts),
  // so every instance drops the entry at once, and a poll still costs no query.
  const checks = createInvalidatedCache<{ tokenVersion: number; version: number; subscriptionEnd: Date | null; role: string; revoked: Set<string> }>(
    ctx.changes,
    CHANNELS.user,
  );

  // A verified signature stays verified: polls with the same token skip the HMAC until it expires.
  // Revocation is still checked on every call, through the token version and revoked ids above.
  // The least recently used token goes when full: an active user's poll keeps its entry.
  const verified = new LRUCache<string, TokenClaims>({ max: 50_000 });
  async function verifiedClaims(token: string) {
    const known = verified.get(token);
    if (known && known.expiresAt > Date.now()) return known;
    const claims = await readToken(ctx.config.jwtSecret, token);
    if (claims) {
      verified.set(token, claims);
    }
    return claims;
  }

  /** Sets userId and profileVersion when the token is valid and not revoked; tells whether it was. */
  async function authenticate(request: FastifyRequest): Promise<boolean> {
    const header = request.headers[AUTH_HEADER];
    if (typeof header !== 'string' || header.length === 0 || header.length > 2048) return false;
    const claims = await verifiedClaims(header);
    if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.userId)) return false;
    const row = await checks.get(claims.userId, async () => {
      const found = (await tokenCheck.execute({ id: claims.userId }))[0];
      return found && { ...found, revoked: new Set(found.revoked.split(' ').filter(Boolean)) };
    });
    if (!row || row.tokenVersion !== claims.version || row.revoked.has(claims.jti)) return false;
    request.userId = claims.userId;
    request.token = { jti: claims.jti, expiresAt: claims.expiresAt };
    request.profileVersion = { version: row.version, subscriptionEnd: row.subscriptionEnd };
    request.role = row.role as Role;
    return true;
  }

  return {
    /** preHandler for calls that need a logged-in user. */
    async requireAuth(request: FastifyRequest, _reply: FastifyReply) {
      if (!(await authenticate(request))) throw errors.unauthorized();
    },
    /** preHandler for the performer's calls: a studio token answers 403. */
    async requirePerformer(request: FastifyRequest, _reply: FastifyReply) {
      if (!(await authenticate(request))) throw errors.unauthorized();
      if (request.role !== 'performer') throw errors.forbidden(MARKET_MSG.performersOnly);
    },
    /** preHandler for the studio's calls: a performer token answers 403. */
    async requireStudio(request: FastifyRequest, _reply: FastifyReply) {
      if (!(await authenticate(request))) throw errors.unauthorized();
      if (request.role !== 'studio') throw errors.forbidden(MARKET_MSG.studiosOnly);
    },
    /**
     * onSend: a user's own write is visible to their very next read on this instance,
     * even before the database's change notification arrives.
     */
    async forgetAfterWrite(request: FastifyRequest) {
      if (request.userId && request.method !== 'GET' && request.method !== 'HEAD') checks.forget(request.userId);
    },
  };
}

export type AuthHooks = ReturnType<typeof createAuthHooks>;
