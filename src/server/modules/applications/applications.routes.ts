/**
 * Applications (docs/applications.md): applying (POST /api/jobs/{id}/apply), the
 * performer's list and withdraw, and the studio's applicants, opening, status and review.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationsQuery,
  applyBody,
  bulkStatusAnswer,
  bulkStatusBody,
  bulkUndoBody,
  myApplication,
  myApplicationsAnswer,
  reviewBody,
  statusBody,
  studioApplication,
  studioApplicationsAnswer,
  undoneApplicationsAnswer,
} from '../../../contract/applications.js';
import { APPLICATION_LIMITS } from '../../../contract/applications-limits.js';
import type { ModuleOptions } from '../../context.js';
import { actorOf } from '../team/index.js';
import { enforceLimit, scaledLimit } from '../../rate-limit/enforce-limit.js';
import { errors } from '../../errors.js';
import { createApplyService } from './apply.service.js';
import { createPerformerApplicationsService } from './performer-applications.service.js';
import { createStudioApplicationsService } from './studio-applications.service.js';
import { forCaller } from './applications.presenter.js';
import { sendAfterCommit } from '../notifications/index.js';

const idParams = z.object({ id: z.string().max(100) });

export const applicationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const applying = createApplyService(ctx);
  const mine = createPerformerApplicationsService(ctx);
  const studio = createStudioApplicationsService(ctx);

  /** Counts n moves; when they do not all fit in the minute, none is counted and 429 is answered. */
  async function enforceMoves(key: string, n: number) {
    const limit = scaledLimit(ctx, APPLICATION_LIMITS.movesPerStudioPerMinute);
    for (let taken = 1; taken <= n; taken++) {
      const { ok, retryAfter } = await ctx.limiter.hit(key, limit, 60);
      if (!ok) {
        for (let i = 0; i < taken; i++) await ctx.limiter.release(key);
        throw errors.tooManyRequests(retryAfter);
      }
    }
  }

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
    async (req) => {
      const { app: withdrawn, after } = await mine.withdraw(req.userId, req.params.id);
      await sendAfterCommit(ctx, after, req.log);
      return withdrawn;
    },
  );

  app.get(
    '/api/studio/jobs/:id/applications',
    { config: { studioRole: 'viewer' }, preValidation: auth.requireStudio, schema: { params: idParams, querystring: applicationsQuery, response: { 200: studioApplicationsAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const page = await studio.page(req.userId, req.params.id, req.query);
      return { ...page, applications: page.applications.map((a) => forCaller(a, req.actorId)) };
    },
  );

  app.get('/api/studio/applications/:id', { config: { studioRole: 'viewer' }, preValidation: auth.requireStudio, schema: { params: idParams, response: { 200: studioApplication } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return forCaller(await studio.open(req.userId, req.params.id, req.log), req.actorId);
  });

  app.post(
    '/api/studio/applications/:id/status',
    {
      config: { studioRole: 'casting' }, preValidation: auth.requireStudio,
      // At most 60 moves a minute per studio account (docs/applications.md, "No floods").
      preHandler: async (req) => enforceLimit(ctx, `moves:studio:${req.userId}`, { limit: APPLICATION_LIMITS.movesPerStudioPerMinute, windowSec: 60 }),
      schema: { params: idParams, body: statusBody, response: { 200: studioApplication } },
    },
    async (req) => forCaller(await studio.setStatus(req.userId, req.params.id, req.body, req.log, await actorOf(ctx, req.actorId)), req.actorId),
  );

  // Undo of a booking or decline within 30 s (docs/applications.md, "Decisions").
  app.post('/api/studio/applications/:id/undo', { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, response: { 200: studioApplication } } }, async (req) =>
    forCaller(await studio.undo(req.userId, req.params.id, await actorOf(ctx, req.actorId)), req.actorId),
  );

  app.post(
    '/api/studio/jobs/:id/applications/status',
    {
      config: { studioRole: 'casting' }, preValidation: auth.requireStudio,
      schema: { params: idParams, body: bulkStatusBody, response: { 200: bulkStatusAnswer } },
    },
    async (req) => {
      // Each application counts as one move toward the 60 a minute, all or none (docs/applications.md, "Bulk moves").
      await enforceMoves(`moves:studio:${req.userId}`, new Set(req.body.applicationIds).size);
      const moved = await studio.setStatusOf(req.userId, req.params.id, req.body.applicationIds, req.body, req.log, await actorOf(ctx, req.actorId));
      return { ...moved, applications: moved.applications.map((a) => forCaller(a, req.actorId)) };
    },
  );

  app.post(
    '/api/studio/jobs/:id/applications/undo',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, body: bulkUndoBody, response: { 200: undoneApplicationsAnswer } } },
    async (req) => ({ applications: (await studio.undoOf(req.userId, req.params.id, req.body.applicationIds, await actorOf(ctx, req.actorId))).map((a) => forCaller(a, req.actorId)) }),
  );

  app.put(
    '/api/studio/applications/:id/review',
    { config: { studioRole: 'viewer' }, preValidation: auth.requireStudio, schema: { params: idParams, body: reviewBody, response: { 200: studioApplication } } },
    async (req) => forCaller(await studio.review(req.userId, req.params.id, req.body, (await actorOf(ctx, req.actorId)) ?? { _id: req.actorId, name: '' }), req.actorId),
  );
};
