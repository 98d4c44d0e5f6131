/**
 * POST /api/storage/{images|videos|audios} (docs/product.md §7), POST /api/upload/profilePic,
 * POST and DELETE /api/upload/media (docs/product.md §7), and GET /uploads/<key> for stored files.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mediaAnswer,
  mediaBody,
  profilePicAnswer,
  profilePicBody,
  STORAGE_KINDS,
  storedFileAnswer,
} from '../../../contract/media.js';
import { fromUploadBody, ownMediaAnswer } from '../../../contract/uploads.js';
import type { ModuleOptions } from '../../context.js';
import { errors } from '../../errors.js';
import { isCutOff } from './file-intake.js';
import { createMediaService } from './media.service.js';
import { cutOffAnswer, filePart, registerUploads, requireMultipart } from './multipart-upload.js';
import { registerStoredFiles } from './stored-files.js';
import { openFinished, registerResumableUploads } from './resumable-uploads.js';

/** The client closed the connection: a cancelled upload (no one reads the answer). */
const clientGone = (req: FastifyRequest) => req.raw.socket?.destroyed === true;
const cancelled = () => errors.uploadCancelled();

export const mediaRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const media = createMediaService(ctx, app.log);
  // Scoped to this plugin; every route sets its own file size limit.
  await registerUploads(app);

  // The caller's own photos, videos and audios, each video with its conversion (docs/media.md).
  app.get('/api/audition/media', { config: { studioRole: 'viewer' }, preHandler: auth.requireAuth, schema: { response: { 200: ownMediaAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return media.ownMedia(req.userId);
  });

  for (const kind of STORAGE_KINDS) {
    app.post(
      `/api/storage/${kind}`,
      {
        preHandler: auth.requireAuth,
        config: { uploadDeadline: true, studioRole: 'casting' },
        schema: {
          querystring: z.object({ purpose: z.enum(['profile']).optional() }),
          response: { 200: storedFileAnswer },
        },
      },
      async (req) => {
        requireMultipart(req);
        const declared = Number(req.headers['content-length']) || undefined;
        const reservation = await media.reserve(req.userId, kind, declared);
        try {
          // A client that cancelled while the reservation waited for the user's lock is gone:
          // the parser listens for the request's close only from now on, so it would wait for
          // a body that never comes and hold the quota and a slot (docs/security.md).
          if (clientGone(req)) throw cancelled();
          const part = await filePart(req, reservation.limit);
          const stored = await media.store(req.userId, kind, part, reservation, { profilePicture: req.query.purpose === 'profile' });
          // Cancelled while the file was being stored: the client never learns its URL, so it
          // could never list it, and the file would only take quota.
          if (clientGone(req)) {
            await media.forgetIfUnused(req.userId, stored.url);
            throw cancelled();
          }
          return stored;
        } catch (error) {
          // The parser fails a cut-off body with the socket's ECONNRESET, which would read as
          // a database outage in the log: a cancelled upload is the client's choice, not a fault.
          if (clientGone(req)) throw cancelled();
          if (isCutOff(error)) throw cutOffAnswer();
          throw error;
        } finally {
          // Always runs, whichever way the upload ended (stored, refused, cut off, timed out):
          // a reservation left behind would hold quota and one of the account's two slots.
          await media.release(reservation);
        }
      },
    );
  }

  // Resumable uploads (docs/media.md): tus at /api/uploads, then used by id here.
  await registerResumableUploads(app, ctx, auth, (userId, row) => media.reserveResumable(userId, row));
  for (const kind of STORAGE_KINDS) {
    app.post(
      `/api/storage/${kind}/from-upload`,
      {
        preHandler: auth.requireAuth,
        config: { uploadDeadline: true, studioRole: 'casting' },
        schema: {
          querystring: z.object({ purpose: z.enum(['profile']).optional() }),
          body: fromUploadBody,
          response: { 200: storedFileAnswer },
        },
      },
      async (req) => {
        const upload = await openFinished(ctx, req.userId, kind, req.body.uploadId);
        // The upload's quota becomes the reservation's in one transaction; then it is checked and stored as a multipart file is.
        const reservation = await media.reserve(req.userId, kind, upload.row.length, { fromResumable: upload.row.id }).catch(async (error: unknown) => {
          upload.incoming.file.destroy();
          throw error;
        });
        try {
          return await media.store(req.userId, kind, upload.incoming, reservation, { profilePicture: req.query.purpose === 'profile' });
        } finally {
          await media.release(reservation);
          await upload.done();
        }
      },
    );
  }

  app.post(
    '/api/upload/profilePic',
    { preHandler: auth.requirePerformer, schema: { body: profilePicBody, response: { 200: profilePicAnswer } } },
    async (req) => media.setProfilePic(req.userId, req.body.profilePicUrl),
  );

  app.post(
    '/api/upload/media',
    { preHandler: auth.requirePerformer, schema: { body: mediaBody, response: { 200: mediaAnswer } } },
    async (req) => media.add(req.userId, req.body),
  );

  app.delete(
    '/api/upload/media',
    { preHandler: auth.requirePerformer, schema: { body: mediaBody, response: { 200: mediaAnswer } } },
    async (req) => media.remove(req.userId, req.body),
  );

  await registerStoredFiles(app, ctx.storage);
};
