/**
 * Per-key rate limits on top of ctx.limiter (in process, or Redis when REDIS_URL is
 * set). Every limit answers 429 `{ msg }` with Retry-After (docs/security.md).
 */
import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from './rate-limiter.js';
import { errors } from '../errors.js';

/**
 * What a limit needs of the app's context: the limiter and the scale. Named here rather than
 * taking AppContext, so rate limiting does not depend on the context that is built from it.
 */
export interface LimitContext {
  limiter: RateLimiter;
  config: { env: { RATE_LIMIT_SCALE: number } };
}

export interface LimitRule {
  limit: number;
  windowSec: number;
}

/** Counts one hit and throws 429 with Retry-After when the limit is passed. */
export async function enforceLimit(ctx: LimitContext, key: string, rule: LimitRule): Promise<void> {
  const limit = scaledLimit(ctx, rule.limit);
  const { ok, retryAfter } = await ctx.limiter.hit(key, limit, rule.windowSec);
  if (!ok) throw errors.tooManyRequests(retryAfter);
}

/**
 * An onRequest hook that limits a route per client address, so refused bodies
 * count too: `app.post(url, { onRequest: limitPerAddress(ctx, 'contact', rule) }, …)`.
 */
export function limitPerAddress(ctx: LimitContext, name: string, rule: LimitRule) {
  return async (request: FastifyRequest) => enforceLimit(ctx, `${name}:ip:${request.ip}`, rule);
}

/** A rule's limit under RATE_LIMIT_SCALE (the end-to-end suite raises every limit). */
export const scaledLimit = (ctx: LimitContext, limit: number) => Math.ceil(limit * ctx.config.env.RATE_LIMIT_SCALE);
