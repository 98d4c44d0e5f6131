/** GET /api/notifications, POST /api/notifications/read, GET/PUT /api/me/notification-settings (docs/applications.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationSettings, notificationSettingsBody, notificationsAnswer, readBody } from '../../../contract/applications.js';
import type { ModuleOptions } from '../../context.js';
import { createNotificationsService } from './notifications.service.js';

export const notificationsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const service = createNotificationsService(ctx);

  app.get('/api/notifications', { config: { studioRole: 'viewer' }, preValidation: auth.requireAuth, schema: { response: { 200: notificationsAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.list(req.userId);
  });

  app.post('/api/notifications/read', { config: { studioRole: 'viewer' }, preValidation: auth.requireAuth, schema: { body: readBody.optional(), response: { 200: notificationsAnswer } } }, async (req) =>
    service.markRead(req.userId, req.body?.ids),
  );

  app.get('/api/me/notification-settings', { config: { studioRole: 'owner' }, preValidation: auth.requireAuth, schema: { response: { 200: notificationSettings } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.settings(req.userId);
  });

  app.put(
    '/api/me/notification-settings',
    { config: { studioRole: 'owner' }, preValidation: auth.requireAuth, schema: { body: notificationSettingsBody, response: { 200: notificationSettings } } },
    async (req) => service.saveSettings(req.userId, req.body),
  );
};
