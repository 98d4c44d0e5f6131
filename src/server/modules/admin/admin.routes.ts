/**
 * The admin console's calls (docs/account.md, docs/marketplace.md): GET /api/admin/whoami,
 * /api/admin/payments, /api/admin/contact, POST /api/admin/contact/{id}/handled,
 * GET /api/admin/stats; GET /api/admin/studios, verify or unverify a studio;
 * GET /api/admin/reports, hide or restore a job. Each answers 401 without a token, 403 to
 * everyone but the admins, 400 for a malformed id and 404 for an unknown one. The spec's
 * POST /api/admin/addPayment lives with the subscriptions and keeps its meaning.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifiedAnswer } from '../../../contract/jobs.js';
import { msgAnswer } from '../../../contract/account.js';
import {
  adminContactAnswer,
  adminJobHiddenAnswer,
  adminJobIdParams,
  adminPaymentsAnswer,
  adminReportsAnswer,
  adminStatsAnswer,
  adminStudioIdParams,
  adminStudiosAnswer,
  adminStudiosQuery,
  adminWhoamiAnswer,
  contactIdParams,
} from '../../../contract/admin.js';
import { MSG } from '../../../contract/messages.js';
import type { ModuleOptions } from '../../context.js';
import { createRequireAdmin } from './admin-access.js';
import { createAdminMarketplaceService } from './admin-marketplace.service.js';
import { createAdminService } from './admin.service.js';

export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const requireAdmin = createRequireAdmin(ctx, auth);
  const admin = createAdminService(ctx);
  const market = createAdminMarketplaceService(ctx);
  // The admin check runs before validation, so a non-admin learns nothing from a malformed call.
  // Admin answers are about other people: never cached anywhere.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/admin/whoami', { preValidation: requireAdmin, schema: { response: { 200: adminWhoamiAnswer } } }, async (req) =>
    admin.whoami(req.userId),
  );
  app.get('/api/admin/payments', { preValidation: requireAdmin, schema: { response: { 200: adminPaymentsAnswer } } }, async () => admin.payments());
  app.get('/api/admin/contact', { preValidation: requireAdmin, schema: { response: { 200: adminContactAnswer } } }, async () => admin.contact());
  app.post(
    '/api/admin/contact/:id/handled',
    { preValidation: requireAdmin, schema: { params: contactIdParams, response: { 200: msgAnswer } } },
    async (req) => {
      await admin.markHandled(req.params.id);
      return { msg: MSG.contactHandled };
    },
  );
  app.get('/api/admin/stats', { preValidation: requireAdmin, schema: { response: { 200: adminStatsAnswer } } }, async () => admin.stats());

  app.get(
    '/api/admin/studios',
    { preValidation: requireAdmin, schema: { querystring: adminStudiosQuery, response: { 200: adminStudiosAnswer } } },
    async (req) => market.studios(req.query),
  );
  app.post(
    '/api/admin/studios/:id/verify',
    { preValidation: requireAdmin, schema: { params: adminStudioIdParams, response: { 200: verifiedAnswer } } },
    async (req) => market.setVerified(req.params.id, true),
  );
  app.post(
    '/api/admin/studios/:id/unverify',
    { preValidation: requireAdmin, schema: { params: adminStudioIdParams, response: { 200: verifiedAnswer } } },
    async (req) => market.setVerified(req.params.id, false),
  );
  app.get('/api/admin/reports', { preValidation: requireAdmin, schema: { response: { 200: adminReportsAnswer } } }, async () => market.reports());
  app.post(
    '/api/admin/jobs/:id/hide',
    { preValidation: requireAdmin, schema: { params: adminJobIdParams, response: { 200: adminJobHiddenAnswer } } },
    async (req) => market.setHidden(req.params.id, true),
  );
  app.post(
    '/api/admin/jobs/:id/restore',
    { preValidation: requireAdmin, schema: { params: adminJobIdParams, response: { 200: adminJobHiddenAnswer } } },
    async (req) => market.setHidden(req.params.id, false),
  );
};
