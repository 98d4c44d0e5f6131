/**
 * POST /api/storage/{images|videos|audios} (docs/product.md §7), POST /api/upload/profilePic,
 * POST and DELETE /api/upload/media (docs/product.md §7), and GET /uploads/<key> for stored files.
 */
import fastifyMultipart from '@fastify/multipart';
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
import { MSG } from '../../../contract/messages.js';
import type { ModuleOptions } from '../../context.js';
import { errors } from '../../errors.js';
import { createMediaService } from './media.service.js';
import { registerStoredFiles } from './stored-files.js';

export const mediaRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const media = createMediaService(ctx, app.log);
  // Scoped to this plugin; every route sets its own file size limit.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 } });

  for (const kind of STORAGE_KINDS) {
    app.post(
      `/api/storage/${kind}`,
      {
        preHandler: auth.requireAuth,
        config: { uploadDeadline: true },
        schema: {
          querystring: z.object({ purpose: z.enum(['profile']).optional() }),
          response: { 200: storedFileAnswer },
        },
      },
      async (req) => {
        if (!req.isMultipart()) throw errors.badRequest(MSG.fileMissing, 'file_missing');
        const declared = Number(req.headers['content-length']) || undefined;
        const reservation = await media.reserve(req.userId, kind, declared);
        try {
          const part = await req.file({ limits: { fileSize: reservation.limit }, throwFileSizeLimit: false });
          if (!part || part.type !== 'file' || part.fieldname !== 'file') {
            part?.file.resume();
            throw errors.badRequest(MSG.fileMissing, 'file_missing');
          }
          return await media.store(req.userId, kind, part, reservation, { profilePicture: req.query.purpose === 'profile' });
        } finally {
          await media.release(reservation);
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
