/**
 * GET /api/audition/getAllStudio, /api/studio/{id}, /api/studio/alljobs/{studioId}
 * and /api/showAllStudioList (docs/product.md §7).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  jobsAnswer,
  NEXT_CURSOR_HEADER,
  studio,
  studioList,
  studioFindAnswer,
  studioFindQuery,
  studioPageQuery,
  studioSearchQuery,
} from '../../../contract/studios.js';
import type { ModuleOptions } from '../../context.js';
import { studioPageEtag } from './studios.presenter.js';
import { createStudiosService } from './studios.service.js';

const idParams = z.object({ id: z.string() });
const studioIdParams = z.object({ studioId: z.string() });

export const studiosRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const studios = createStudiosService(ctx);

  // Polled every 3 s by the list screen: a 304 costs one primary-key read.
  app.get(
    '/api/audition/getAllStudio',
    { schema: { querystring: studioPageQuery, response: { 200: studioList, 304: z.null() } } },
    async (req, reply) => {
      const { limit, cursor } = req.query;
      const etag = studioPageEtag(await studios.version(), limit, cursor);
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (matchesEtag(req.headers['if-none-match'], etag)) return reply.status(304).send(null);
      const page = await studios.page(limit, cursor);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.studios;
    },
  );

  app.get('/api/studio/:id', { schema: { params: idParams, response: { 200: studio } } }, async (req) =>
    studios.get(req.params.id),
  );

  app.get(
    '/api/studio/alljobs/:studioId',
    // compress: false: the cached body carries its own compressed bytes (docs/performance.md).
    { compress: false, schema: { params: studioIdParams, response: { 200: jobsAnswer } } },
    async (req, reply) => studios.send(req, reply, await studios.jobsBody(req.params.studioId)),
  );

  // Open to every visitor (docs/product.md §7): a token sent along is neither needed nor checked.
  app.get(
    '/api/showAllStudioList',
    // compress: false: the cached body carries its own compressed bytes (docs/performance.md).
    { compress: false, schema: { querystring: studioSearchQuery, response: { 200: studioList } } },
    async (req, reply) => studios.send(req, reply, await studios.searchBody(req.query.search)),
  );

  // /studio's search box, location filter and numbered pages (docs/screens.md); open to everyone.
  app.get('/api/studios/find', { schema: { querystring: studioFindQuery, response: { 200: studioFindAnswer } } }, async (req) =>
    studios.find(req.query),
  );
};

/** If-None-Match may list several tags, or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag;
  });
}
