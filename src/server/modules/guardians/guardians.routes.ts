/**
 * GET/PUT /api/audition/age and its "send the link again"; the guardian's link at
 * /api/guardian/{token}, which needs no account (docs/guardians.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ageAnswer, ageBody, guardianAnswer, guardianTokenParams } from '../../../contract/guardians.js';
import type { ModuleOptions } from '../../context.js';
import { limitPerAddress } from '../../rate-limit/enforce-limit.js';
import { createGuardiansService, type EndApplications } from './guardians.service.js';

/** The area's options: the app's, and how the applications area ends what hangs on a withdrawn application. */
export type GuardiansOptions = ModuleOptions & { endApplications: EndApplications };

export const guardiansRoutes: FastifyPluginAsyncZod<GuardiansOptions> = async (app, { ctx, auth, endApplications }) => {
  const guardians = createGuardiansService(ctx, endApplications);

  app.get('/api/audition/age', { preHandler: auth.requirePerformer, schema: { response: { 200: ageAnswer } } }, async (req) => guardians.get(req.userId));

  app.put('/api/audition/age', { preHandler: auth.requirePerformer, schema: { body: ageBody, response: { 200: ageAnswer } } }, async (req) =>
    guardians.put(req.userId, req.body, new Date(), req.log),
  );

  app.post('/api/audition/age/guardian-link', { preHandler: auth.requirePerformer, schema: { response: { 200: ageAnswer } } }, async (req) =>
    guardians.resend(req.userId, new Date(), req.log),
  );

  // Guessing tokens is 256 bits of work; the limit only keeps the log quiet.
  const perAddress = limitPerAddress(ctx, 'guardian', { limit: 60, windowSec: 60 });
  app.get('/api/guardian/:token', { onRequest: perAddress, schema: { params: guardianTokenParams, response: { 200: guardianAnswer } } }, async (req) =>
    guardians.byToken(req.params.token, new Date()),
  );
  app.post('/api/guardian/:token/consent', { onRequest: perAddress, schema: { params: guardianTokenParams, response: { 200: guardianAnswer } } }, async (req) =>
    guardians.consent(req.params.token, new Date()),
  );
  app.post('/api/guardian/:token/withdraw', { onRequest: perAddress, schema: { params: guardianTokenParams, response: { 200: guardianAnswer } } }, async (req) =>
    guardians.withdraw(req.params.token, new Date(), req.log),
  );
};
