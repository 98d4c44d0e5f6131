/** The limits of DESIGN §3 on the three auth calls. */
import { errors } from '../../errors.js';
import type { AppContext } from '../../context.js';

const HOUR = 3600;
const MINUTE = 60;

export const AUTH_LIMITS = {
  loginPerAddress: { limit: 10, windowSec: MINUTE },
  wrongPasswordsPerEmail: { limit: 30, windowSec: HOUR },
  signupPerAddress: { limit: 10, windowSec: HOUR },
  verifyPerAddress: { limit: 30, windowSec: 10 * MINUTE },
} as const;

/** Counts one hit and throws 429 with Retry-After when the limit is passed. */
export async function enforceLimit(
  ctx: AppContext,
  key: string,
  rule: { limit: number; windowSec: number },
): Promise<void> {
  const limit = Math.ceil(rule.limit * ctx.config.env.RATE_LIMIT_SCALE);
  const { ok, retryAfter } = await ctx.limiter.hit(key, limit, rule.windowSec);
  if (!ok) throw errors.tooManyRequests(retryAfter);
}
