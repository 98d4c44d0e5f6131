/** GET /sitemap.xml: the open job pages and the studio pages, so search engines can list them. */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context.js';
import { jobs, studios } from '../../db/schema/index.js';
import { studioNotDeleted } from '../studios/index.js';

/** The sitemap protocol's limit of addresses in one file. */
const MAX_URLS = 50_000;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export const sitemapRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const openJobs = await ctx.db
      .select({ id: jobs.id, at: jobs.createdAt })
      .from(jobs)
      .where(and(eq(jobs.status, 'open'), eq(jobs.hidden, false)))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(MAX_URLS / 2);
    const pages = await ctx.db.select({ id: studios.id }).from(studios).where(studioNotDeleted).orderBy(desc(studios.createdAt), desc(studios.id)).limit(MAX_URLS - openJobs.length - 1);
    const origin = `${req.protocol}://${req.host}`;
    const url = (path: string, lastmod?: Date) =>
      `<url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url('/jobs'),
      ...openJobs.map((j) => url(`/jobs/${j.id}`, j.at)),
      ...pages.map((s) => url(`/studio-detail/${s.id}`)),
      '</urlset>',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
  });
};
