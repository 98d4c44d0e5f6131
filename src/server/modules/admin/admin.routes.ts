/**
 * The admin console's calls (docs/account.md): GET /api/admin/whoami, /api/admin/payments,
 * /api/admin/contact, POST /api/admin/contact/{id}/handled, GET /api/admin/stats.
 * Each answers 401 without a token and 403 to everyone but the admins. The spec's
 * POST /api/admin/addPayment lives with the subscriptions and keeps its meaning.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { msgAnswer } from '../../../contract/account.js';
import { adminContactAnswer, adminPaymentsAnswer, adminStatsAnswer, adminWhoamiAnswer, contactIdParams } from '../../../contract/admin.js';
import { MSG } from '../../../contract/messages.js';
import type { ModuleOptions } from '../../context.js';
import { createRequireAdmin } from './admin-access.js';
import { createAdminService } from './admin.service.js';

export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const requireAdmin = createRequireAdmin(ctx, auth);
  const admin = createAdminService(ctx);
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
};
