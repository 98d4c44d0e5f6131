/**
 * GET /uploads/<key>: a stored file. Local files are sent by @fastify/static (byte ranges so
 * players can seek, ETags, HEAD); a bucket's file is a redirect to its address.
 *
 * Public like any image on a page: keys are unguessable, and only accepted types are ever
 * stored. Never a document: even if a browser opened one as a page, its policy runs nothing.
 */
import os from 'node:os';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { contentTypeOfKey } from '../../../contract/media.js';
import { isPrivateKey, UPLOADS_PREFIX, USER_MEDIA_CACHE, type Storage } from '../../adapters/storage/index.js';
import { errors } from '../../errors.js';

/** Replaces the page's policy on every stored file. */
export const STORED_FILE_POLICY = "default-src 'none'; sandbox";

export async function registerStoredFiles(app: FastifyInstance, storage: Storage): Promise<void> {
  await app.register(fastifyStatic, {
    // Each file is sent from the root its location names; this one is never read.
    root: os.tmpdir(),
    serve: false,
    cacheControl: false,
    dotfiles: 'deny',
    setHeaders(reply, file) {
      reply
        .header('content-type', contentTypeOfKey(file) ?? 'application/octet-stream')
        .header('cache-control', USER_MEDIA_CACHE)
        .header('content-security-policy', STORED_FILE_POLICY)
        .header('content-disposition', 'inline');
    },
  });

  app.get(`${UPLOADS_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    // Sides and tapes are served only by their own calls, after their checks (docs/self-tapes.md).
    if (isPrivateKey(key)) throw errors.notFound();
    const location = await storage.locate(key);
    if (!location) throw errors.notFound();
    if (location.kind === 'redirect') return reply.header('cache-control', location.cacheControl).redirect(location.url, 302);
    return reply.sendFile(location.path, location.root);
  });
}
