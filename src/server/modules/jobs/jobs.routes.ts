/**
 * The studio's job calls (GET/POST /api/studio/jobs, PATCH/DELETE /api/studio/jobs/{id},
 * POST …/close, POST …/roles/{roleId}/cast), the job board (GET /api/jobs, /api/jobs/{id}) and reports
 * (POST /api/jobs/{id}/report), as docs/marketplace.md describes them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boardAnswer, boardQuery, JOB_LIMITS, jobPage, jobCreateBody, jobPatchBody, jobPost, msgAnswer, ownJobsAnswer, reportBody } from '../../../contract/jobs.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { closeJobBody, reopenJobBody, studioJob } from '../../../contract/decisions.js';
import type { ModuleOptions } from '../../context.js';
import { enforceLimit, limitPerAddress } from '../../rate-limit/enforce-limit.js';
import { createJobBoardService } from './job-board.service.js';
import { createStudioJobsService } from './studio-jobs.service.js';

const idParams = z.object({ id: z.string().max(100) });

export const jobsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const own = createStudioJobsService(ctx);
  const board = createJobBoardService(ctx);

  app.get('/api/studio/jobs', { config: { studioRole: 'viewer' }, preValidation: auth.requireStudio, schema: { response: { 200: ownJobsAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return { jobs: await own.list(req.userId) };
  });

  // Posts are rated per studio account (docs/security.md, "Floods from a studio: moves, reports, job posts, shortlists"); the open-jobs cap is the service's.
  app.post(
    '/api/studio/jobs',
    {
      config: { studioRole: 'casting' }, preValidation: auth.requireStudio,
      preHandler: async (req) => enforceLimit(ctx, `jobs:post:${req.userId}`, { limit: JOB_LIMITS.postsPerHour, windowSec: 3600 }),
      schema: { body: jobCreateBody, response: { 201: jobPost } },
    },
    async (req, reply) => reply.status(201).send(await own.create(req.userId, req.body)),
  );

  app.patch(
    '/api/studio/jobs/:id',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, body: jobPatchBody, response: { 200: jobPost } } },
    async (req) => own.update(req.userId, req.params.id, req.body),
  );

  // The studio's own job as in its list, with the live counts the close confirmation names (docs/applications.md, "Closing and reopening").
  app.get('/api/studio/jobs/:id', { config: { studioRole: 'viewer' }, preValidation: auth.requireStudio, schema: { params: idParams, response: { 200: studioJob } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return own.one(req.userId, req.params.id);
  });

  // The body is optional: a close without one gives its applications the reason role_closed.
  app.post(
    '/api/studio/jobs/:id/close',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, body: closeJobBody.nullish(), response: { 200: jobPost } } },
    async (req) => own.close(req.userId, req.params.id, req.log, req.body ?? {}),
  );

  app.post(
    '/api/studio/jobs/:id/reopen',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, body: reopenJobBody.nullish(), response: { 200: jobPost } } },
    async (req) => own.reopen(req.userId, req.params.id, req.body ?? {}),
  );

  app.delete('/api/studio/jobs/:id', { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, response: { 204: z.null() } } }, async (req, reply) => {
    await own.remove(req.userId, req.params.id);
    return reply.status(204).send(null);
  });

  // compress: false: the cached bodies carry their own compressed bytes (docs/performance.md).
  app.get('/api/jobs', { compress: false, schema: { querystring: boardQuery, response: { 200: boardAnswer } } }, async (req, reply) =>
    board.send(req, reply, await board.pageBody(req.query)),
  );

  // With a performer's token the answer adds where they stand (docs/marketplace.md, "Where
  // you stand"): theirs alone, never cached or shared. Anyone else gets the cached job.
  app.get('/api/jobs/:id', { compress: false, preValidation: auth.optionalAuth, schema: { params: idParams, response: { 200: jobPage } } }, async (req, reply) => {
    if (req.userId && req.role === 'performer') {
      reply.header('cache-control', 'private, no-store');
      return board.forPerformer(req.params.id, req.userId);
    }
    return board.send(req, reply, await board.jobBody(req.params.id));
  });

  app.post(
    '/api/studio/jobs/:id/roles/:roleId/cast',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: z.object({ id: z.string().max(100), roleId: z.string().max(100) }), response: { 200: jobPost } } },
    async (req) => own.cast(req.userId, req.params.id, req.params.roleId),
  );

  app.post(
    '/api/jobs/:id/report',
    {
      config: { studioRole: 'casting' }, // Rated per address before the token is read, and per account (docs/security.md, "Floods from a studio: moves, reports, job posts, shortlists").
      onRequest: limitPerAddress(ctx, 'report', { limit: JOB_LIMITS.reportsPerAddressPerHour, windowSec: 3600 }),
      preValidation: auth.requireAuth,
      preHandler: async (req) => enforceLimit(ctx, `report:user:${req.userId}`, { limit: JOB_LIMITS.reportsPerAccountPerHour, windowSec: 3600 }),
      schema: { params: idParams, body: reportBody, response: { 200: msgAnswer } },
    },
    async (req) => {
      await board.report(req.userId, req.params.id, req.body.reason);
      return { msg: MARKET_MSG.reportThanks };
    },
  );
};
