/**
 * Serves the built web app from dist/web: hashed assets cached for a year, and every other
 * GET answered with index.html (the single-page app routes it), with status 404 when the
 * address is not one of its pages (web-routes.ts). The page carries the answer's
 * CSP nonce in `<meta name="csp-nonce">`, which the checkout hands to PayPal's SDK.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors.js';
import type { Db } from '../db/client.js';
import { cspNonce } from './security-headers.js';
import { createPageCheck, createPagePreview, type PagePreview } from './web-routes.js';

/** Crawlers may read the public pages; the API and uploaded files are nobody's search result. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /api/\nDisallow: /uploads/\n';

export function registerRobots(app: FastifyInstance): void {
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT),
  );
}

export async function registerWebApp(app: FastifyInstance, webDist: string, db: Db): Promise<void> {
  const pageExists = createPageCheck(db);
  const pagePreview = createPagePreview(db);
  const indexHtml = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(reply, file) {
      // Hashed assets never change; anything else must be revalidated.
      reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Every other GET is answered with the single-page app: 200 for its pages, 404 (and its
  // "not found" screen) for any other address or a record that does not exist.
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) {
      throw errors.notFound();
    }
    const page = indexHtml.replace('<head>', `<head>\n    <meta name="csp-nonce" content="${cspNonce(reply)}" />`);
    // The nonce changes with every answer: never stored.
    // If the database cannot say, the page is still served, but as "try again later" (503),
    // so a crawler neither drops nor keeps it on the strength of an outage.
    const status = await pageExists(request.url).then(
      (exists) => (exists ? 200 : 404),
      (err: unknown) => {
        request.log.warn({ err }, 'page existence check failed');
        return 503;
      },
    );
    // A page others share (a portfolio) carries its own title and Open Graph tags, for link
    // previews made by crawlers that run no script.
    const preview = status === 200 ? await pagePreview(request.url).catch(() => null) : null;
    let html = preview ? withPreview(page, preview, `${request.protocol}://${request.host}`) : page;
    // A review room and a guardian's consent page are for the people their link was sent to
    // only (docs/self-tapes.md, docs/guardians.md); no referrer carries the token elsewhere.
    if (/^\/(review|guardian)\//i.test(request.url)) {
      html = html.replace('<head>', '<head>\n    <meta name="robots" content="noindex, nofollow" />');
      reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
    }
    return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The page with the preview's title, description and Open Graph tags. */
export function withPreview(page: string, preview: PagePreview, origin: string): string {
  const title = escapeHtml(`${preview.title} · Audition`);
  const description = escapeHtml(preview.description);
  const image = preview.image && (/^https?:\/\//i.test(preview.image) ? preview.image : `${origin}${preview.image.startsWith('/') ? '' : '/'}${preview.image}`);
  const tags = [
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
  ].join('\n    ');
  return page
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>\n    ${tags}`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${description}" />`);
}
