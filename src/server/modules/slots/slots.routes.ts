/**
 * Audition times (docs/slots.md): the studio's slots and the performer's booking of one,
 * with its calendar file.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookedSlotAnswer, bookSlotBody, checkInBody, createdSlotsAnswer, createSlotsBody, lateAnswer, lateBody, mySlotsAnswer, roundQuery, studioSlotAnswer, studioSlotsAnswer } from '../../../contract/slots.js';
import { idempotencyHeaders } from '../../../contract/fields.js';
import type { ModuleOptions } from '../../context.js';
import { sendAfterCommit, sendOwed } from '../notifications/index.js';
import { ICS_NAME, ICS_TYPE } from './slot-ics.js';
import { actorOf } from '../team/index.js';
import { createSlotsService } from './slots.service.js';

const idParams = z.object({ id: z.string().max(100) });

export const slotsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const slots = createSlotsService(ctx);

  app.post(
    '/api/studio/jobs/:id/slots',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, body: createSlotsBody, response: { 201: createdSlotsAnswer } } },
    async (req, reply) => {
      const by = await actorOf(ctx, req.actorId);
      // Invited applications are told after the commit (docs/slots.md, "Rounds and callbacks").
      const { slots: made, ...after } = await slots.create(req.userId, req.params.id, req.body, by);
      await sendAfterCommit(ctx, after, req.log);
      return reply.status(201).send({ slots: made, by: by ?? null });
    },
  );

  app.get('/api/studio/jobs/:id/slots', { config: { studioRole: 'viewer' }, preValidation: auth.requireStudio, schema: { params: idParams, response: { 200: studioSlotsAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { slots: await slots.listForStudio(req.userId, req.params.id) };
  });

  app.delete('/api/studio/slots/:id', { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, response: { 204: z.null() } } }, async (req, reply) => {
    await sendAfterCommit(ctx, await slots.remove(req.userId, req.params.id, await actorOf(ctx, req.actorId)), req.log);
    return reply.status(204).send(null);
  });

  // The day (docs/slots.md, "The day"): the studio's check-in, the performer's "running late".
  app.post(
    '/api/studio/slots/:id/check-in',
    { config: { studioRole: 'casting' }, preValidation: auth.requireStudio, schema: { params: idParams, body: checkInBody, response: { 200: studioSlotAnswer } } },
    async (req) => {
      const { slot, ...after } = await slots.checkIn(req.userId, req.params.id, req.body.status, req.actorId);
      // The schedule event is stored with the check-in and the answer is the slot itself, so the
      // answer does not wait for the bus (up to 500 ms while Redis is away): delivery never
      // throws, and a stream that missed the event replays it (docs/faults.md, "Redis outage").
      void sendAfterCommit(ctx, after, req.log);
      return slot;
    },
  );
  app.post(
    '/api/audition/applications/:id/slot/late',
    { preValidation: auth.requirePerformer, schema: { params: idParams, querystring: roundQuery, body: lateBody, response: { 200: lateAnswer } } },
    async (req) => {
      const { late, ...after } = await slots.late(req.userId, req.params.id, req.body.minutes, new Date(), req.query.round);
      await sendAfterCommit(ctx, after, req.log);
      return { late };
    },
  );

  app.get('/api/audition/applications/:id/slots', { preValidation: auth.requirePerformer, schema: { params: idParams, response: { 200: mySlotsAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return slots.listForPerformer(req.userId, req.params.id);
  });

  app.put(
    '/api/audition/applications/:id/slot',
    { preValidation: auth.requirePerformer, schema: { params: idParams, headers: idempotencyHeaders, body: bookSlotBody, response: { 200: bookedSlotAnswer } } },
    async (req) => {
      const { booked, owedMails, events } = await slots.book(req.userId, req.params.id, req.body.slotId, new Date(), req.headers['idempotency-key']);
      // The studio's bell and schedule hear of it at once (docs/slots.md).
      await sendAfterCommit(ctx, { mails: [], events }, req.log);
      // The owed mail goes out after the answer; one not sent now is sent by the mail-retry job (docs/slots.md).
      void sendOwed(ctx, owedMails, req.log);
      return { booked };
    },
  );

  app.delete('/api/audition/applications/:id/slot', { preValidation: auth.requirePerformer, schema: { params: idParams, querystring: roundQuery, response: { 204: z.null() } } }, async (req, reply) => {
    await slots.cancel(req.userId, req.params.id, new Date(), req.query.round);
    return reply.status(204).send(null);
  });

  app.get('/api/audition/applications/:id/slot.ics', { preValidation: auth.requirePerformer, schema: { params: idParams, querystring: roundQuery } }, async (req, reply) => {
    const body = await slots.ics(req.userId, req.params.id, new Date(), req.query.round);
    return reply.header('content-type', ICS_TYPE).header('content-disposition', `attachment; filename="${ICS_NAME}"`).header('cache-control', 'private, no-store').send(body);
  });
};
