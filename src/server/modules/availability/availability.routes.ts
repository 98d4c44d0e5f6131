/** GET/PUT /api/audition/availability (docs/talent.md, "Availability"; OFFICE.md §4): the performer's own list, notes included. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityAnswer, availabilityBody } from '../../../contract/availability.js';
import type { ModuleOptions } from '../../context.js';
import { createAvailabilityService } from './availability.service.js';

export const availabilityRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const availability = createAvailabilityService(ctx);

  app.get('/api/audition/availability', { preHandler: auth.requirePerformer, schema: { response: { 200: availabilityAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return availability.read(req.userId);
  });

  app.put(
    '/api/audition/availability',
    { preHandler: auth.requirePerformer, schema: { body: availabilityBody, response: { 200: availabilityAnswer } } },
    async (req) => availability.replace(req.userId, req.body.unavailable),
  );
};
