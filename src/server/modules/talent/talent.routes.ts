/**
 * The talent calls (docs/talent.md): the portfolio GET /api/talent/{id}; the studio's
 * GET /api/studio/talent, shortlists and reviews; the performer's recommended jobs.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  memberBody,
  portfolio,
  recommendationsAnswer,
  review,
  reviewBody,
  shortlist,
  shortlistBody,
  shortlistsAnswer,
  talentAnswer,
  talentQuery,
} from '../../../contract/talent.js';
import type { ModuleOptions } from '../../context.js';
import { limitPerAddress } from '../../rate-limit/enforce-limit.js';
import { LRUCache } from 'lru-cache';
import { renderInWorker } from '../resume/index.js';
import type { Role } from '../../../contract/jobs-limits.js';
import { foldName, RESUME_LIMITS } from '../../../contract/resume.js';
import { createPortfolioService } from './portfolio.service.js';
import { createRecommendations } from './recommendations.service.js';
import { createShortlistsService } from './shortlists.service.js';
import { createTalentSearch } from './talent-search.js';

const idParams = z.object({ id: z.string().max(100) });
const memberParams = z.object({ id: z.string().max(100), performerId: z.string().max(100) });

export const talentRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const portfolios = createPortfolioService(ctx);
  const search = createTalentSearch(ctx);
  const lists = createShortlistsService(ctx);
  const recommendations = createRecommendations(ctx);

  // The portfolio is for anyone; a valid token only widens what it may show (a studio, the performer).
  const viewerOf = (req: { userId: string; role: Role | null }) => (req.userId ? { userId: req.userId, role: req.role } : null);

  app.get('/api/talent/:id', { preValidation: auth.optionalAuth, schema: { params: idParams, response: { 200: portfolio } } }, async (req, reply) => {
    const viewer = viewerOf(req);
    // What it shows depends on who asks: never kept by a shared cache.
    reply.header('cache-control', 'private, no-cache');
    return portfolios.get(req.params.id, viewer);
  });

  // The comp card and résumé PDFs (docs/resume.md, "PDFs"): drawn in a pool worker on the
  // first request, then kept by the profile's version; limited per address.
  const origin = (ctx.config.env.PUBLIC_URL ?? `http://localhost:${ctx.config.env.PORT}`).replace(/\/+$/, '');
  const rendered = new LRUCache<string, Buffer>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (pdf) => Math.max(1, pdf.length) });
  // Requests for a PDF being drawn wait for that drawing rather than start their own.
  const drawing = new Map<string, Promise<Buffer>>();
  for (const name of ['comp-card', 'resume'] as const) {
    app.get(
      `/api/talent/:id/${name}.pdf`,
      {
        onRequest: limitPerAddress(ctx, 'talent-pdf', { limit: RESUME_LIMITS.pdfsPerMinute, windowSec: 60 }),
        preValidation: auth.optionalAuth,
        schema: { params: idParams, produces: ['application/pdf'] },
      },
      async (req, reply) => {
        const viewer = viewerOf(req);
        const subject = await portfolios.pdfVersion(req.params.id, viewer);
        // Two drawings per version: with chest, waist and hips, and without (docs/resume.md).
        const key = `${subject.id}:${subject.version}:${name}:${subject.measured ? 'measured' : 'plain'}`;
        let pdf = rendered.get(key);
        if (!pdf) {
          let once = drawing.get(key);
          if (!once) {
            once = portfolios
              .pdfSubject(req.params.id, viewer, (id) => `${origin}/talent/${id}`)
              .then((full) => renderInWorker(name, full))
              .then((drawn) => (rendered.set(key, drawn), drawn))
              .finally(() => drawing.delete(key));
            drawing.set(key, once);
          }
          pdf = await once;
        }
        const file = `${foldName(subject.fname).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'performer'}-${name}.pdf`;
        const unicode = `${subject.fname.replace(/[\\/:*?"<>|]/g, '')} ${name}.pdf`;
        return reply
          .header('cache-control', 'private, no-cache')
          .header('content-disposition', `inline; filename="${file}"; filename*=UTF-8''${encodeURIComponent(unicode)}`)
          .type('application/pdf')
          .send(pdf);
      },
    );
  }

  app.get(
    '/api/studio/talent',
    // compress: false: the cached body carries its own compressed bytes (docs/performance.md).
    { compress: false, preValidation: auth.requireStudio, config: { studioRole: 'casting' }, schema: { querystring: talentQuery, response: { 200: talentAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return search.send(req, reply, await search.pageBody(req.query));
    },
  );

  app.get('/api/studio/shortlists', { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { response: { 200: shortlistsAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return { shortlists: await lists.list(req.userId) };
  });

  app.post('/api/studio/shortlists', { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { body: shortlistBody, response: { 201: shortlist } } }, async (req, reply) =>
    reply.status(201).send(await lists.create(req.userId, req.body.name)),
  );

  app.patch(
    '/api/studio/shortlists/:id',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, body: shortlistBody, response: { 200: shortlist } } },
    async (req) => lists.rename(req.userId, req.params.id, req.body.name),
  );

  app.delete('/api/studio/shortlists/:id', { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, response: { 204: z.null() } } }, async (req, reply) => {
    await lists.remove(req.userId, req.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    '/api/studio/shortlists/:id/members',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, body: memberBody, response: { 201: shortlist } } },
    async (req, reply) => reply.status(201).send(await lists.addMember(req.userId, req.params.id, req.body.performerId)),
  );

  app.delete(
    '/api/studio/shortlists/:id/members/:performerId',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: memberParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await lists.removeMember(req.userId, req.params.id, req.params.performerId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/studio/talent/:id/review',
    { config: { studioRole: 'viewer' }, preValidation: auth.requireStudio, schema: { params: idParams, body: reviewBody, response: { 200: review } } },
    async (req) => lists.review(req.userId, req.params.id, req.body),
  );

  app.get('/api/audition/recommendedJobs', { preValidation: auth.requirePerformer, schema: { response: { 200: recommendationsAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return recommendations.forPerformer(req.userId);
  });
};
