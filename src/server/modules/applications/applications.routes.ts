/**
 * Applications (docs/applications.md): applying (POST /api/jobs/{id}/apply), the
 * performer's list and withdraw, and the studio's applicants, opening, status and review.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationsQuery,
  applyBody,
  myApplication,
  myApplicationsAnswer,
  reviewBody,
  statusBody,
  studioApplication,
  studioApplicationsAnswer,
} from '../../../contract/applications.js';
import { APPLICATION_LIMITS } from '../../../contract/applications-limits.js';
import type { ModuleOptions } from '../../context.js';
import { enforceLimit } from '../../rate-limit/enforce-limit.js';
import { scheduleApplicantDigest } from './applicant-notice.js';
import { createApplyService } from './apply.service.js';
import { createPerformerApplicationsService } from './performer-applications.service.js';
import { createStudioApplicationsService } from './studio-applications.service.js';

const idParams = z.object({ id: z.string().max(100) });

export const applicationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const applying = createApplyService(ctx);
  const mine = createPerformerApplicationsService(ctx);
  const studio = createStudioApplicationsService(ctx);

  app.post(
    '/api/jobs/:id/apply',
    { preValidation: auth.requirePerformer, schema: { params: idParams, body: applyBody, response: { 201: myApplication } } },
    async (req, reply) => reply.status(201).send(await applying.apply(req.userId, req.params.id, req.body, req.log)),
  );

  app.get('/api/audition/applications', { preValidation: auth.requirePerformer, schema: { response: { 200: myApplicationsAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return mine.list(req.userId);
  });

  app.post(
    '/api/audition/applications/:id/withdraw',
    { preValidation: auth.requirePerformer, schema: { params: idParams, response: { 200: myApplication } } },
    async (req) => mine.withdraw(req.userId, req.params.id),
  );

  app.get(
    '/api/studio/jobs/:id/applications',
    { preValidation: auth.requireStudio, schema: { params: idParams, querystring: applicationsQuery, response: { 200: studioApplicationsAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return studio.page(req.userId, req.params.id, req.query);
    },
  );

  app.get('/api/studio/applications/:id', { preValidation: auth.requireStudio, schema: { params: idParams, response: { 200: studioApplication } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return studio.open(req.userId, req.params.id, req.log);
  });

  app.post(
    '/api/studio/applications/:id/status',
    {
      preValidation: auth.requireStudio,
      // At most 60 moves a minute per studio account (docs/applications.md, "No floods").
      preHandler: async (req) => enforceLimit(ctx, `moves:studio:${req.userId}`, { limit: APPLICATION_LIMITS.movesPerStudioPerMinute, windowSec: 60 }),
      schema: { params: idParams, body: statusBody, response: { 200: studioApplication } },
    },
    async (req) => studio.setStatus(req.userId, req.params.id, req.body.status, req.log),
  );

  app.put(
    '/api/studio/applications/:id/review',
    { preValidation: auth.requireStudio, schema: { params: idParams, body: reviewBody, response: { 200: studioApplication } } },
    async (req) => studio.review(req.userId, req.params.id, req.body),
  );

  // The studio's hourly e-mail of new applicants; tests run it themselves, with a clock they choose.
  if (ctx.config.env.NODE_ENV !== 'test') {
    const stop = scheduleApplicantDigest(ctx, app.log);
    app.addHook('onClose', async () => stop());
  }
};
