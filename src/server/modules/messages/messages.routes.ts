/**
 * The conversation calls (docs/messages.md): GET/POST /api/conversations,
 * GET/POST /api/conversations/{id}/messages, POST …/read and POST …/block.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONVERSATION_MSG,
  conversationsAnswer,
  conversationView,
  messagesAnswer,
  messagesQuery,
  messageView,
  msgOnly,
  reachAnswer,
  sendMessageBody,
  startConversationBody,
} from '../../../contract/conversations.js';
import { idempotencyHeaders } from '../../../contract/fields.js';
import type { ModuleOptions } from '../../context.js';
import { createMessagesService } from './messages.service.js';
import { actorOf } from '../team/index.js';

// An empty id (`/reach/`) names nobody: refused, as the router would refuse the address without it.
const idParams = z.object({ id: z.string().min(1).max(100) });

export const messagesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const service = createMessagesService(ctx, app.log);
  const noStore = { 'cache-control': 'private, no-store' };

  app.get('/api/conversations', { config: { studioRole: 'casting' }, preValidation: auth.requireAuth, schema: { response: { 200: conversationsAnswer } } }, async (req, reply) => {
    reply.headers(noStore);
    return service.list(req.userId);
  });

  app.post(
    '/api/conversations',
    { config: { studioRole: 'casting' }, preValidation: auth.requireAuth, schema: { body: startConversationBody, response: { 200: conversationView, 201: conversationView } } },
    async (req, reply) => {
      const { created, conversation } = await service.start({ id: req.userId, role: req.role! }, req.body);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  // For the "Message" buttons: hidden where nobody would answer (a demo studio without an account).
  app.get(
    '/api/conversations/reach/:id',
    { config: { studioRole: 'casting' }, preValidation: auth.requireAuth, schema: { params: idParams, response: { 200: reachAnswer } } },
    async (req, reply) => {
      reply.headers(noStore);
      return service.reach({ id: req.userId, role: req.role! }, req.params.id);
    },
  );

  app.get(
    '/api/conversations/:id/messages',
    { config: { studioRole: 'casting' }, preValidation: auth.requireAuth, schema: { params: idParams, querystring: messagesQuery, response: { 200: messagesAnswer } } },
    async (req, reply) => {
      reply.headers(noStore);
      return service.page(req.userId, req.params.id, req.query.before);
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    { config: { studioRole: 'casting' }, preValidation: auth.requireAuth, schema: { params: idParams, headers: idempotencyHeaders, body: sendMessageBody, response: { 201: messageView } } },
    async (req, reply) => reply.status(201).send(await service.send(req.userId, req.params.id, req.body.text, req.headers['idempotency-key'], await actorOf(ctx, req.actorId))),
  );

  app.post(
    '/api/conversations/:id/read',
    { config: { studioRole: 'casting' }, preValidation: auth.requireAuth, schema: { params: idParams, response: { 200: z.object({ msg: z.string(), upTo: z.number() }) } } },
    async (req) => ({ msg: CONVERSATION_MSG.readDone, upTo: await service.read(req.userId, req.params.id) }),
  );

  app.post('/api/conversations/:id/block', { config: { studioRole: 'casting' }, preValidation: auth.requireAuth, schema: { params: idParams, response: { 200: msgOnly } } }, async (req) => {
    await service.block(req.userId, req.params.id);
    return { msg: CONVERSATION_MSG.blockDone };
  });
};
