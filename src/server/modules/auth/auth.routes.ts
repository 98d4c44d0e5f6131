/** POST /api/audition/web/signup, /api/audition/web/verify-otp, /api/audition/web/resend-otp, /api/audition/login (docs/product.md §7, docs/security.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginAnswer, loginBody, pendingSignupAnswer, signupAnswer, signupBody, verifyAnswer, verifyBody } from '../../../contract/auth.js';
import { MSG } from '../../../contract/messages.js';
import type { ModuleOptions } from '../../context.js';
import { createAuthService } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const auth = createAuthService(ctx);

  app.post('/api/audition/web/signup', { schema: { body: signupBody, response: { 200: signupAnswer } } }, async (req) => {
    await auth.signup(req.body, req.ip);
    return { msg: MSG.codeSent };
  });

  app.post('/api/audition/web/verify-otp', { schema: { body: verifyBody, response: { 200: verifyAnswer } } }, async (req) =>
    auth.verify(req.body, req.ip),
  );

  app.post('/api/audition/web/resend-otp', { schema: { body: loginBody, response: { 200: pendingSignupAnswer } } }, async (req) =>
    auth.resendCode(req.body, req.ip),
  );

  app.post('/api/audition/login', { schema: { body: loginBody, response: { 200: loginAnswer } } }, async (req) =>
    auth.login(req.body, req.ip),
  );
};
