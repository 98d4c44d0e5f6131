/**
 * The admin console's calls (docs/account.md, docs/marketplace.md): GET /api/admin/whoami,
 * /api/admin/payments, /api/admin/contact, POST /api/admin/contact/{id}/handled,
 * GET /api/admin/stats; verify or unverify a studio, restore a job that reports hid.
 * Each answers 401 without a token and 403 to everyone but the admins. The spec's
 * POST /api/admin/addPayment lives with the subscriptions and keeps its meaning.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobPost, verifiedAnswer } from '../../../contract/jobs.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { msgAnswer } from '../../../contract/account.js';
import { adminContactAnswer, adminPaymentsAnswer, adminStatsAnswer, adminWhoamiAnswer, contactIdParams } from '../../../contract/admin.js';
import { MSG } from '../../../contract/messages.js';
import type { ModuleOptions } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import { jobs, studios } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { presentJobPost } from '../jobs/index.js';
import { isUuid } from '../studios/index.js';
import { createRequireAdmin } from './admin-access.js';
import { createAdminService } from './admin.service.js';

const idParams = z.object({ id: z.string().max(100) });

export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const requireAdmin = createRequireAdmin(ctx, auth);
  const admin = createAdminService(ctx);
  const { db } = ctx;
  // Admin answers are about other people: never cached anywhere.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/admin/whoami', { preHandler: requireAdmin, schema: { response: { 200: adminWhoamiAnswer } } }, async (req) =>
    admin.whoami(req.userId),
  );
  app.get('/api/admin/payments', { preHandler: requireAdmin, schema: { response: { 200: adminPaymentsAnswer } } }, async () => admin.payments());
  app.get('/api/admin/contact', { preHandler: requireAdmin, schema: { response: { 200: adminContactAnswer } } }, async () => admin.contact());
  app.post(
    '/api/admin/contact/:id/handled',
    { preHandler: requireAdmin, schema: { params: contactIdParams, response: { 200: msgAnswer } } },
    async (req) => {
      await admin.markHandled(req.params.id);
      return { msg: MSG.contactHandled };
    },
  );
  app.get('/api/admin/stats', { preHandler: requireAdmin, schema: { response: { 200: adminStatsAnswer } } }, async () => admin.stats());

  async function setVerified(id: string, verified: boolean) {
    if (!isUuid(id)) throw errors.notFound(MARKET_MSG.noStudioPage);
    const [row] = await db.update(studios).set({ verified }).where(eq(studios.id, id)).returning({ id: studios.id, verified: studios.verified });
    if (!row) throw errors.notFound(MARKET_MSG.noStudioPage);
    ctx.changes.announce(CHANNELS.counter, 'studios');
    return { _id: row.id, verified: row.verified };
  }

  app.post('/api/admin/studios/:id/verify', { preHandler: requireAdmin, schema: { params: idParams, response: { 200: verifiedAnswer } } }, async (req) =>
    setVerified(req.params.id, true),
  );

  app.post('/api/admin/studios/:id/unverify', { preHandler: requireAdmin, schema: { params: idParams, response: { 200: verifiedAnswer } } }, async (req) =>
    setVerified(req.params.id, false),
  );

  app.post('/api/admin/jobs/:id/restore', { preHandler: requireAdmin, schema: { params: idParams, response: { 200: jobPost } } }, async (req) => {
    if (!isUuid(req.params.id)) throw errors.notFound(MARKET_MSG.jobNotFound);
    const [row] = await db.update(jobs).set({ hidden: false }).where(eq(jobs.id, req.params.id)).returning();
    if (!row) throw errors.notFound(MARKET_MSG.jobNotFound);
    return presentJobPost(row);
  });
};
