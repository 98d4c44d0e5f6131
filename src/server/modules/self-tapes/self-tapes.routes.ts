/**
 * Self-tape calls (docs/self-tapes.md): sides, requests, the performer's answer and tape,
 * watching, retakes, and the tape file behind its signed URL. Thin: the rules are in
 * self-tapes.service.ts.
 */
import fastifyStatic from '@fastify/static';
import os from 'node:os';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentTypeOfKey } from '../../../contract/media-options.js';
import {
  declineBody,
  feedbackAnswer,
  feedbackBody,
  linkFeedbackAnswer,
  reviewAnswer,
  reviewLinkBody,
  reviewLinkCreated,
  reviewLinkItem,
  reviewLinksAnswer,
  retakeBody,
  sidesAnswer,
  TAPE_LIMITS,
  tapeAnswer,
  tapeRequest,
  tapeRequestBody,
  tapeRequestsAnswer,
} from '../../../contract/self-tapes.js';
import type { ModuleOptions } from '../../context.js';
import type { Storage } from '../../adapters/storage/index.js';
import { errors } from '../../errors.js';
import { parseOrThrow } from '../../validation.js';
import { CONVERTED_FILES, convertedKey, cutOffAware, filePart, openFinished, registerUploads } from '../media/index.js';

const convertedFile = z.enum(CONVERTED_FILES);
import { fromUploadBody } from '../../../contract/uploads.js';
import { sendAfterCommit } from '../notifications/index.js';
import { actorOf } from '../team/index.js';
import { limitPerAddress } from '../../rate-limit/enforce-limit.js';
import { createReviewLinksService } from './review-links.service.js';
import { createSelfTapesService } from './self-tapes.service.js';
import { createSidesService } from './sides.service.js';

const idParams = z.object({ id: z.string() });
/** Stored files run nothing, even opened as a page (as /uploads does). */
const FILE_POLICY = "default-src 'none'; sandbox";

/** Sends a private stored file: from disk with byte ranges, or a short-lived signed bucket address. */
export async function sendPrivateFile(storage: Storage, key: string, reply: FastifyReply) {
  const location = await storage.locate(key);
  if (!location) throw errors.notFound();
  reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
  if (location.kind === 'redirect') return reply.redirect(location.url, 302);
  return reply.sendFile(location.path, location.root);
}

export const selfTapesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const tapes = createSelfTapesService(ctx);
  const sides = createSidesService(ctx);
  await registerUploads(app);
  await app.register(fastifyStatic, {
    root: os.tmpdir(),
    serve: false,
    cacheControl: false,
    dotfiles: 'deny',
    setHeaders(res, file) {
      res.header('content-type', contentTypeOfKey(file) ?? 'application/octet-stream');
      res.header('content-security-policy', FILE_POLICY);
      res.header('content-disposition', 'inline');
    },
  });

  app.post(
    '/api/studio/files',
    { preHandler: auth.requireStudio, config: { studioRole: 'casting', uploadDeadline: true }, schema: { response: { 201: sidesAnswer } } },
    async (req, reply) => {
      const part = await filePart(req, TAPE_LIMITS.sidesMaxBytes);
      const answer = await cutOffAware(() => sides.uploadSides(req.userId, part));
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/api/studio/tape-requests',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { body: tapeRequestBody, response: { 201: tapeRequestsAnswer } } },
    async (req, reply) => {
      const { tapeRequests, after } = await tapes.request(req.userId, req.body, await actorOf(ctx, req.actorId));
      await sendAfterCommit(ctx, after, req.log);
      return reply.code(201).send({ tapeRequests });
    },
  );

  app.get(
    '/api/studio/jobs/:id/tape-requests',
    { config: { studioRole: 'viewer' }, preValidation: auth.requireStudio, schema: { params: idParams, response: { 200: tapeRequestsAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return tapes.studioList(req.userId, req.params.id);
    },
  );

  app.post(
    '/api/studio/tapes/:id/watched',
    { config: { studioRole: 'viewer' }, preValidation: auth.requireStudio, schema: { params: idParams, response: { 200: tapeAnswer } } },
    async (req) => tapes.watched(req.userId, req.params.id),
  );

  app.post(
    '/api/studio/tape-requests/:id/retake',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, body: retakeBody, response: { 200: tapeRequest } } },
    async (req) => {
      const { answer, after } = await tapes.retake(req.userId, req.params.id, req.body, await actorOf(ctx, req.actorId));
      await sendAfterCommit(ctx, after, req.log);
      return answer;
    },
  );

  app.get('/api/audition/tape-requests', { preValidation: auth.requirePerformer, schema: { response: { 200: tapeRequestsAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return tapes.listMine(req.userId);
  });

  app.post(
    '/api/audition/tape-requests/:id/accept',
    { preValidation: auth.requirePerformer, schema: { params: idParams, response: { 200: tapeRequest } } },
    async (req) => tapes.accept(req.userId, req.params.id),
  );

  app.post(
    '/api/audition/tape-requests/:id/decline',
    { preValidation: auth.requirePerformer, schema: { params: idParams, body: declineBody.optional(), response: { 200: tapeRequest } } },
    async (req) => tapes.decline(req.userId, req.params.id, req.body?.reason),
  );

  app.get('/api/audition/tape-requests/:id/sides', { preValidation: auth.requirePerformer, schema: { params: idParams } }, async (req, reply) => {
    const pdf = await sides.sides(req.userId, req.params.id);
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', FILE_POLICY)
      .header('content-disposition', 'inline; filename="sides.pdf"')
      .send(pdf);
  });

  app.post(
    '/api/audition/tape-requests/:id/tape',
    { preHandler: auth.requirePerformer, config: { uploadDeadline: true }, schema: { params: idParams, response: { 200: tapeRequest } } },
    async (req) => {
      // A finished resumable upload, used by id (docs/media.md); else the multipart form.
      if (!req.isMultipart()) {
        const { uploadId } = parseOrThrow(fromUploadBody, req.body);
        const upload = await openFinished(ctx, req.userId, 'tape', uploadId);
        try {
          return await tapes.uploadTape(req.userId, req.params.id, upload.incoming);
        } finally {
          await upload.done();
        }
      }
      const part = await filePart(req, TAPE_LIMITS.tapeMaxBytes);
      return cutOffAware(() => tapes.uploadTape(req.userId, req.params.id, part));
    },
  );

  // The tape behind the signed URL a signed-in answer carries: a video element cannot send
  // the auth header, so the URL itself is the permission, for a few hours.
  app.get(
    '/api/tapes/:id',
    { schema: { hide: true, params: idParams, querystring: z.object({ expires: z.string().optional(), sig: z.string().optional(), file: convertedFile.optional() }) } },
    async (req, reply) => {
      if (!tapes.tapeUrls.valid(req.params.id, req.query.expires, req.query.sig)) throw errors.notFound();
      const original = await tapes.tapeKey(req.params.id);
      // `file`: the converted MP4 or its poster (docs/media.md, "Conversion"); the signature is the tape's.
      const key = original && req.query.file ? await convertedKey(ctx.db, original, req.query.file) : original;
      if (!key) throw errors.notFound();
      return sendPrivateFile(ctx.storage, key, reply);
    },
  );

  const review = createReviewLinksService(ctx);
  app.post(
    '/api/studio/review-links',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { body: reviewLinkBody, response: { 201: reviewLinkCreated } } },
    async (req, reply) => reply.code(201).send(await review.create(req.userId, req.body, await actorOf(ctx, req.actorId))),
  );
  app.get('/api/studio/review-links', { config: { studioRole: 'viewer' }, preValidation: auth.requireStudio, schema: { response: { 200: reviewLinksAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return review.list(req.userId);
  });
  app.delete(
    '/api/studio/review-links/:id',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, response: { 200: reviewLinkItem } } },
    async (req) => review.revoke(req.userId, req.params.id),
  );
  app.get(
    '/api/studio/review-links/:id/feedback',
    { config: { studioRole: 'viewer' }, preValidation: auth.requireStudio, schema: { params: idParams, response: { 200: linkFeedbackAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return review.feedbackOf(req.userId, req.params.id);
    },
  );

  // The review room: no account, the token is the permission; never indexed, never cached by
  // a shared cache, never logged (logging.ts keeps the token out of the request line).
  const noIndex = (reply: FastifyReply) => reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
  const tokenParams = z.object({ token: z.string() });
  app.get('/api/review/:token', { schema: { params: tokenParams, response: { 200: reviewAnswer } } }, async (req, reply) => {
    noIndex(reply).header('cache-control', 'private, no-store');
    return review.open(req.params.token);
  });
  // Feedback from a viewer without an account (docs/self-tapes.md, "Feedback"): counted per
  // client address before the body is read, so refused calls count too.
  app.post(
    '/api/review/:token/feedback',
    {
      onRequest: limitPerAddress(ctx, 'review-feedback', { limit: TAPE_LIMITS.feedbackPerMinute, windowSec: 60 }),
      schema: { params: tokenParams, body: feedbackBody, response: { 200: feedbackAnswer } },
    },
    async (req, reply) => {
      noIndex(reply).header('cache-control', 'private, no-store');
      return review.giveFeedback(req.params.token, req.body);
    },
  );
  app.get(
    '/api/review/:token/tapes/:applicationId',
    { schema: { hide: true, params: tokenParams.extend({ applicationId: z.string() }), querystring: z.object({ file: convertedFile.optional() }) } },
    async (req, reply) => sendPrivateFile(ctx.storage, await review.fileKey(req.params.token, req.params.applicationId, null, req.query.file), noIndex(reply)),
  );
  app.get(
    '/api/review/:token/media/:applicationId/:index',
    { schema: { hide: true, params: tokenParams.extend({ applicationId: z.string(), index: z.coerce.number().int().min(0).max(100) }), querystring: z.object({ file: convertedFile.optional() }) } },
    async (req, reply) => sendPrivateFile(ctx.storage, await review.fileKey(req.params.token, req.params.applicationId, req.params.index, req.query.file), noIndex(reply)),
  );
};
