/** GET /api/audition/getUserData and the profile updates (spec §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userProfile } from '../../../contract/profile.js';
import type { ModuleOptions } from '../../context.js';
import { createProfileService } from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const profiles = createProfileService(ctx);

  // Polled every 3 s by every screen that shows the user: a 304 costs one small read.
  app.get(
    '/api/audition/getUserData',
    { preHandler: auth.requireAuth, schema: { response: { 200: userProfile, 304: z.null() } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-cache');
      const known = req.headers['if-none-match'];
      if (known) {
        const etag = await profiles.etag(req.userId);
        if (known === etag) return reply.status(304).header('etag', etag).send(null);
      }
      const { profile, etag } = await profiles.get(req.userId);
      reply.header('etag', etag);
      return profile;
    },
  );
};
