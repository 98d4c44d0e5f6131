/**
 * Admin calls of the casting side: verify or unverify a studio, restore a job that
 * reports hid. Admins are the accounts named in ADMIN_EMAILS, of either kind.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobPost, verifiedAnswer } from '../../../contract/jobs.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import type { ModuleOptions } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import { jobs, studios, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { presentJobPost } from '../jobs/jobs.presenter.js';
import { isUuid } from '../studios/studio-search.js';

const idParams = z.object({ id: z.string().max(100) });

export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const { db } = ctx;
  const admins = new Set(
    ctx.config.env.ADMIN_EMAILS.split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

  async function requireAdmin(req: FastifyRequest) {
    await auth.requireAuth(req, undefined as never);
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, req.userId));
    if (!row || !admins.has(row.email.toLowerCase())) throw errors.forbidden(MARKET_MSG.adminsOnly);
  }

  async function setVerified(id: string, verified: boolean) {
    if (!isUuid(id)) throw errors.notFound(MARKET_MSG.noStudioPage);
    const [row] = await db.update(studios).set({ verified }).where(eq(studios.id, id)).returning({ id: studios.id, verified: studios.verified });
    if (!row) throw errors.notFound(MARKET_MSG.noStudioPage);
    ctx.changes.announce(CHANNELS.counter, 'studios');
    return { _id: row.id, verified: row.verified };
  }

  app.post('/api/admin/studios/:id/verify', { preValidation: requireAdmin, schema: { params: idParams, response: { 200: verifiedAnswer } } }, async (req) =>
    setVerified(req.params.id, true),
  );

  app.post('/api/admin/studios/:id/unverify', { preValidation: requireAdmin, schema: { params: idParams, response: { 200: verifiedAnswer } } }, async (req) =>
    setVerified(req.params.id, false),
  );

  app.post('/api/admin/jobs/:id/restore', { preValidation: requireAdmin, schema: { params: idParams, response: { 200: jobPost } } }, async (req) => {
    if (!isUuid(req.params.id)) throw errors.notFound(MARKET_MSG.jobNotFound);
    const [row] = await db.update(jobs).set({ hidden: false }).where(eq(jobs.id, req.params.id)).returning();
    if (!row) throw errors.notFound(MARKET_MSG.jobNotFound);
    return presentJobPost(row);
  });
};
