/**
 * Per-key rate limits on top of ctx.limiter (in process, or Redis when REDIS_URL is
 * set). Every limit answers 429 `{ msg }` with Retry-After (docs/security.md).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { errors } from '../errors.js';

export interface LimitRule {
  limit: number;
  windowSec: number;
}

/** Counts one hit and throws 429 with Retry-After when the limit is passed. */
export async function enforceLimit(ctx: AppContext, key: string, rule: LimitRule): Promise<void> {
  const limit = scaledLimit(ctx, rule.limit);
  const { ok, retryAfter } = await ctx.limiter.hit(key, limit, rule.windowSec);
  if (!ok) throw errors.tooManyRequests(retryAfter);
}

/**
 * An onRequest hook that limits a route per client address, so refused bodies
 * count too: `app.post(url, { onRequest: limitPerAddress(ctx, 'contact', rule) }, …)`.
 */
export function limitPerAddress(ctx: AppContext, name: string, rule: LimitRule) {
  return async (request: FastifyRequest) => enforceLimit(ctx, `${name}:ip:${request.ip}`, rule);
}

/** A rule's limit under RATE_LIMIT_SCALE (the end-to-end suite raises every limit). */
export const scaledLimit = (ctx: AppContext, limit: number) => Math.ceil(limit * ctx.config.env.RATE_LIMIT_SCALE);
