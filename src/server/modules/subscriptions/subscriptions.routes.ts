/**
 * POST /api/payments/orders, /api/payments/orders/{id}/capture, /api/payments/webhook, GET /api/payments/history
 * (docs/product.md §7) and the spec's reporting calls /api/audition/subscriptionData and
 * /api/admin/addPayment (docs/product.md §7), which only confirm a server-side capture.
 * Plans are for performers: a studio token answers 403 on each, checked before the body
 * (docs/marketplace.md "Role checks").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../contract/messages.js';
import {
  addPaymentBody,
  captureAnswer,
  confirmAnswer,
  createOrderAnswer,
  createOrderBody,
  orderIdParams,
  paymentHistoryAnswer,
  subscriptionDataBody,
} from '../../../contract/payments.js';
import type { ModuleOptions } from '../../context.js';
import { createSubscriptionsService } from './subscriptions.service.js';

/** A webhook event is small; PayPal's are a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export const subscriptionsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const subscriptions = createSubscriptionsService(ctx);

  app.post(
    '/api/payments/orders',
    { preValidation: auth.requirePerformer, schema: { body: createOrderBody, response: { 200: createOrderAnswer } } },
    async (req) => subscriptions.createOrder(req.userId, req.body.plan, req.log),
  );

  app.get(
    '/api/payments/history',
    { config: { studioRole: 'owner' }, preHandler: auth.requireAuth, schema: { response: { 200: paymentHistoryAnswer } } },
    async (req) => subscriptions.history(req.userId),
  );

  app.post(
    '/api/payments/orders/:id/capture',
    { preValidation: auth.requirePerformer, schema: { params: orderIdParams, response: { 200: captureAnswer } } },
    async (req) => subscriptions.capture(req.userId, req.params.id, req.log),
  );

  app.post(
    '/api/audition/subscriptionData',
    { preValidation: auth.requirePerformer, schema: { body: subscriptionDataBody, response: { 200: confirmAnswer } } },
    async (req) => {
      await subscriptions.confirmSubscription(req.userId, req.body);
      return { msg: MSG.paymentConfirmed };
    },
  );

  app.post(
    '/api/admin/addPayment',
    { preValidation: auth.requirePerformer, schema: { body: addPaymentBody, response: { 200: confirmAnswer } } },
    async (req) => {
      await subscriptions.confirmPayment(req.userId, req.body);
      return { msg: MSG.paymentConfirmed };
    },
  );

  // The webhook needs the body exactly as PayPal sent it, to have PayPal verify it.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    webhook.post('/api/payments/webhook', { schema: { response: { 200: confirmAnswer } } }, async (req) => {
      const header = (name: string) => {
        const value = req.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const outcome = await subscriptions.webhook(
        {
          authAlgo: header('paypal-auth-algo'),
          certUrl: header('paypal-cert-url'),
          transmissionId: header('paypal-transmission-id'),
          transmissionSig: header('paypal-transmission-sig'),
          transmissionTime: header('paypal-transmission-time'),
        },
        typeof req.body === 'string' ? req.body : '',
        req.log,
      );
      return { msg: outcome };
    });
  });
};
