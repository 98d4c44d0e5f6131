/** POST /api/contact (docs/product.md §7): open to everyone, limited per address (§9); linked to the account of a valid token. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_LIMITS, contactAnswer, contactBody } from '../../../contract/contact.js';
import { MSG } from '../../../contract/messages.js';
import type { ModuleOptions } from '../../context.js';
import { limitPerAddress } from '../../rate-limit/enforce-limit.js';
import { createContactService } from './contact.service.js';

export const contactRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const contact = createContactService(ctx);

  app.post(
    '/api/contact',
    {
      onRequest: limitPerAddress(ctx, 'contact', { limit: CONTACT_LIMITS.perMinute, windowSec: 60 }),
      bodyLimit: 64 * 1024,
      // A message belongs to an account only when sent while logged in (docs/security.md, "Event streams, conversations and contact messages").
      preHandler: auth.optionalAuth,
      schema: { body: contactBody, response: { 200: contactAnswer } },
    },
    async (req) => {
      await contact.send(req.body, req.userId || null, req.log);
      return { msg: MSG.contactSent };
    },
  );
};
