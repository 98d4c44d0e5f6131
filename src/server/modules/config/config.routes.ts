/** GET /api/config: what the browser needs to start (docs/product.md §7). Nothing secret goes here. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigAnswer, type AppConfig } from '../../../contract/config.js';
import type { ModuleOptions } from '../../context.js';

export const configRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const { env } = ctx.config;
  const answer: AppConfig = {
    paymentsMode: ctx.payments.mode,
    paypalClientId: ctx.payments.clientId,
    // react-paypal-js appends the query itself: the base address carries none.
    paypalSdkUrl: env.PAYPAL_SDK_URL.split('?')[0] ?? env.PAYPAL_SDK_URL,
    playStoreUrl: env.PLAY_STORE_URL,
    undoSeconds: env.DECISION_UNDO_SECONDS,
  };

  app.get('/api/config', { schema: { response: { 200: appConfigAnswer } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return answer;
  });
};
