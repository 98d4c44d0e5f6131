/**
 * GET /metrics: this instance's figures in the Prometheus text format (docs/operations.md).
 * Off unless METRICS_TOKEN is set; then only `Authorization: Bearer <token>` reads them, since
 * route names, counts and memory tell an outsider more than they should.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../contract/messages.js';
import type { ModuleOptions } from '../../context.js';
import { errors } from '../../errors.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

export const metricsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, metrics }) => {
  const token = ctx.config.env.METRICS_TOKEN;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw errors.notFound();
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Digests of equal length, so the comparison takes the same time whatever was sent.
    if (!timingSafeEqual(digest(given), digest(token))) {
      reply.header('www-authenticate', 'Bearer');
      throw errors.unauthorized(MSG.metricsToken);
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};
