/** GET /healthz (the process answers) and GET /readyz (its stores answer). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context.js';

export const healthRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get('/healthz', async () => ({ status: 'ok' }));

  /** How long one answer of /readyz is reused: probes from every balancer cost one round of checks a second. */
  const READY_CACHE_MS = 1000;
  let last: { at: number; failing: Promise<string[]>; redisUp: Promise<boolean> } | undefined;

  async function check(): Promise<string[]> {
    const checks: Record<string, () => Promise<unknown>> = {
      database: () => ctx.database.ping(),
      // A lookup of a key that never exists: it answers false when the store is reachable, throws when not.
      // A local disk below its free-space floor fails too: its writes would answer 507 (docs/faults.md, "A full disk").
      storage: async () => {
        await ctx.storage.exists('images/readyz-probe.png');
        const free = await ctx.storage.freeBytes?.();
        if (free !== undefined && free < ctx.config.env.STORAGE_MIN_FREE_MB * 1024 * 1024) throw new Error('storage below its free-space floor');
      },
    };
    const failing: string[] = [];
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref());
        await Promise.race([check(), timeout]).catch(() => failing.push(name));
      }),
    );
    return failing.sort();
  }

  app.get('/readyz', async (_req, reply) => {
    // Callers within the same second share one round of checks, even while it is running.
    // Redis is asked too (at most 500 ms): a stalled Redis keeps its connections open, so only a command tells.
    if (!last || Date.now() - last.at >= READY_CACHE_MS) last = { at: Date.now(), failing: check(), redisUp: ctx.limiter.reachable() };
    const [failing, redisUp] = await Promise.all([last.failing, last.redisUp]);
    // Seconds a balancer's probe waits before asking again: the database's own 503s say the same.
    if (failing.length) return reply.status(503).header('retry-after', '5').send({ msg: `Not ready: ${failing.join(', ')} failing`, failing });
    // Without Redis the instance still answers: limits and streams are counted in process and live
    // events reach this instance's streams (docs/faults.md), so it stays in the balancer, and says so.
    const degraded = [...(!redisUp || ctx.limiter.sharedStoreDown ? ['rateLimits'] : []), ...(redisUp && ctx.events.ready ? [] : ['liveEvents'])];
    return degraded.length ? { status: 'ready', degraded } : { status: 'ready' };
  });
};
