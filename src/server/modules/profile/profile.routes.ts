/** GET /api/audition/getUserData, POST updateBasicInfo (form or { visibility }) and updateAppearance (docs/product.md §7). */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appearanceForm, basicInfoForm, userProfile, visibilityBody } from '../../../contract/profile.js';
import type { ModuleOptions } from '../../context.js';
import { formFields, parseOrThrow } from '../../validation.js';
import { profileEtag } from './profile.presenter.js';
import { createProfileService } from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const profiles = createProfileService(ctx);
  // The profile forms are multipart text fields only (docs/product.md §7): files go through /api/storage.
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 20, fieldSize: 64 * 1024, parts: 20 },
  });

  // Polled every 3 s by every screen that shows the user.
  app.get(
    '/api/audition/getUserData',
    // compress: false: the cached body carries its own compressed bytes (docs/performance.md).
    // When the token check is not cached, it and the profile read are one statement.
    { preHandler: auth.requirePerformerReading(profiles.readChecked), compress: false, schema: { response: { 200: userProfile, 304: z.null() } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-cache');
      // The auth hook read the profile's version with the token: a 304 costs no further query.
      const known = req.headers['if-none-match'];
      const current = req.profileVersion;
      if (known && current) {
        const etag = profileEtag(req.userId, current);
        if (known === etag) return reply.status(304).header('etag', etag).send(null);
      }
      // The same version read costs no query either when its body was cached (by a save or an earlier read).
      const { etag, body } = await profiles.body(req.userId, current, req.userRow as Parameters<typeof profiles.body>[2]);
      reply.header('etag', etag);
      return profiles.send(req, reply, body);
    },
  );

  // One path, two forms: JSON { visibility } flips the switch; the edit form saves basic info.
  app.post(
    '/api/audition/updateBasicInfo',
    { preHandler: auth.requirePerformer, schema: { response: { 200: userProfile } } },
    async (req) => {
      const body = formFields(req.body);
      if (!req.isMultipart() && 'visibility' in body) {
        return profiles.updateVisibility(req.userId, parseOrThrow(visibilityBody, body).visibility);
      }
      return profiles.updateBasicInfo(req.userId, parseOrThrow(basicInfoForm, body));
    },
  );

  app.post(
    '/api/audition/updateAppearance',
    { preHandler: auth.requirePerformer, schema: { response: { 200: userProfile } } },
    async (req) => profiles.updateAppearance(req.userId, parseOrThrow(appearanceForm, formFields(req.body))),
  );
};
