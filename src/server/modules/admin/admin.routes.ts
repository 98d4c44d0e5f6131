/** GET /api/admin/whoami: the first use of ADMIN_EMAILS, and the door later admin calls go through. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminWhoamiAnswer } from '../../../contract/admin.js';
import type { ModuleOptions } from '../../context.js';
import { createAdminService } from './admin.service.js';

export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const admin = createAdminService(ctx);

  app.get(
    '/api/admin/whoami',
    { preHandler: auth.requireAuth, schema: { response: { 200: adminWhoamiAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return admin.whoami(req.userId);
    },
  );
};
