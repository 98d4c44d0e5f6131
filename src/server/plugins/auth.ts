/**
 * The one auth hook every protected call uses: reads the token from x-auth-token,
 * checks signature, expiry and the user's token version, and sets request.userId.
 * Answers 401 `{ msg }` when the token is missing, malformed, expired or revoked.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { users } from '../db/schema/index.js';
import { errors } from '../errors.js';
import { readToken } from '../modules/auth/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook; '' when the call was made without a (valid) token. */
    userId: string;
  }
}

export const AUTH_HEADER = 'x-auth-token';

export function createAuthHooks(ctx: AppContext) {
  const tokenVersion = ctx.db
    .select({ v: users.tokenVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_token_version');

  async function userFrom(request: FastifyRequest): Promise<string | null> {
    const header = request.headers[AUTH_HEADER];
    if (typeof header !== 'string' || header.length === 0 || header.length > 2048) return null;
    const claims = await readToken(ctx.config.jwtSecret, header);
    if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.userId)) return null;
    const [row] = await tokenVersion.execute({ id: claims.userId });
    return row && row.v === claims.version ? claims.userId : null;
  }

  return {
    /** preHandler for calls that need a logged-in user. */
    async requireAuth(request: FastifyRequest, _reply: FastifyReply) {
      const userId = await userFrom(request);
      if (!userId) throw errors.unauthorized();
      request.userId = userId;
    },
    /** preHandler for calls that work for everyone but know the user when a token is sent. */
    async optionalAuth(request: FastifyRequest, _reply: FastifyReply) {
      request.userId = (await userFrom(request)) ?? '';
    },
  };
}

export type AuthHooks = ReturnType<typeof createAuthHooks>;
