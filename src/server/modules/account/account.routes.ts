/**
 * The account calls (docs/account.md): POST /api/auth/forgot-password,
 * /api/auth/reset-password, /api/auth/reset-password/check, /api/auth/logout; POST /api/me/password, /api/me/logout-all;
 * GET and PUT /api/me/time-zone; GET /api/me/export; DELETE /api/me.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordAnswer,
  changePasswordBody,
  deleteAccountBody,
  forgotPasswordBody,
  msgAnswer,
  resetLinkCheckBody,
  resetPasswordBody,
  timeZoneAnswer,
  timeZoneBody,
} from '../../../contract/account.js';
import { MSG } from '../../../contract/messages.js';
import type { ModuleOptions } from '../../context.js';
import { createAccountService } from './account.service.js';
import { createPasswordResetService } from './password-reset.service.js';
import { createTimeZoneService } from './time-zone.service.js';
import { memberExport } from '../team/index.js';

export const accountRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const resets = createPasswordResetService(ctx);
  const account = createAccountService(ctx);
  const zones = createTimeZoneService(ctx);

  app.post('/api/auth/forgot-password', { schema: { body: forgotPasswordBody, response: { 200: msgAnswer } } }, async (req) => {
    await resets.forgot(req.body.email, req.ip, req.log);
    return { msg: MSG.forgotPasswordSent };
  });

  app.post('/api/auth/reset-password', { schema: { body: resetPasswordBody, response: { 200: msgAnswer } } }, async (req) => {
    // Naming the account lets the auth hook drop its remembered token version on this
    // instance at once; other instances hear of the change from the database.
    req.userId = await resets.reset(req.body.token, req.body.password, req.ip);
    return { msg: MSG.passwordReset };
  });

  // POST, not GET: the token travels in the body, never in a URL that could be logged.
  app.post('/api/auth/reset-password/check', { schema: { body: resetLinkCheckBody, response: { 200: msgAnswer } } }, async (req) => {
    await resets.check(req.body.token, req.ip);
    return { msg: MSG.resetLinkLive };
  });

  app.post(
    '/api/me/password',
    // A member of a casting office changes its own password, never the studio's (docs/team.md).
    { preHandler: auth.requireAuth, config: { studioRole: 'viewer' }, schema: { body: changePasswordBody, response: { 200: changePasswordAnswer } } },
    async (req) => ({ msg: MSG.passwordChanged, token: await account.changePassword(req.actorId, req.body.current, req.body.password) }),
  );

  app.post('/api/auth/logout', { preHandler: auth.requireAuth, config: { studioRole: 'viewer' }, schema: { response: { 200: msgAnswer } } }, async (req) => {
    if (req.token) await account.logout(req.actorId, req.token);
    return { msg: MSG.loggedOut };
  });

  app.post('/api/me/logout-all', { preHandler: auth.requireAuth, config: { studioRole: 'viewer' }, schema: { response: { 200: msgAnswer } } }, async (req) => {
    await account.logoutEverywhere(req.actorId);
    return { msg: MSG.loggedOutEverywhere };
  });

  // Each person's own zone, a member's too: the mails and messages it reads are written in it.
  app.get('/api/me/time-zone', { preHandler: auth.requireAuth, config: { studioRole: 'viewer' }, schema: { response: { 200: timeZoneAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return zones.read(req.actorId);
  });

  app.put(
    '/api/me/time-zone',
    { preHandler: auth.requireAuth, config: { studioRole: 'viewer' }, schema: { body: timeZoneBody, response: { 200: timeZoneAnswer } } },
    async (req) => zones.save(req.actorId, req.body.timeZone),
  );

  // A member exports what it wrote for the studio; the owner, the account (docs/team.md).
  app.get('/api/me/export', { config: { studioRole: 'viewer' }, preHandler: auth.requireAuth }, async (req, reply) => {
    const file = req.actorId && req.actorId !== req.userId ? await memberExport(ctx.db, req.actorId) : await account.export(req.userId);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="audition-account-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(file, null, 2));
  });

  app.delete(
    '/api/me',
    { config: { studioRole: 'owner' }, preHandler: auth.requireAuth, schema: { body: deleteAccountBody, response: { 200: msgAnswer } } },
    async (req) => {
      await account.delete(req.userId, req.body.password, req.log);
      return { msg: MSG.accountDeleted };
    },
  );
};
