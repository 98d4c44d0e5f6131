/** POST /api/studio/web/signup, /api/studio/web/verify-otp, GET and POST /api/studio/me (docs/marketplace.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signupAnswer } from '../../../contract/auth.js';
import { studioMe, studioMeBody, studioSignupBody, studioVerifyAnswer, studioVerifyBody } from '../../../contract/jobs.js';
import { MSG } from '../../../contract/messages.js';
import type { ModuleOptions } from '../../context.js';
import { createStudioAccountsService } from './studio-accounts.service.js';

export const studioAccountsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const accounts = createStudioAccountsService(ctx);

  app.post('/api/studio/web/signup', { schema: { body: studioSignupBody, response: { 200: signupAnswer } } }, async (req) => {
    await accounts.signup(req.body, req.ip);
    return { msg: MSG.codeSent };
  });

  app.post('/api/studio/web/verify-otp', { schema: { body: studioVerifyBody, response: { 200: studioVerifyAnswer } } }, async (req) =>
    accounts.verify(req.body, req.ip),
  );

  app.get('/api/studio/me', { config: { studioRole: 'viewer' }, preValidation: auth.requireStudio, schema: { response: { 200: studioMe } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return accounts.me(req.userId);
  });

  app.post('/api/studio/me', { config: { studioRole: 'owner' }, preValidation: auth.requireStudio, schema: { body: studioMeBody, response: { 200: studioMe } } }, async (req) =>
    accounts.update(req.userId, req.body),
  );
};
