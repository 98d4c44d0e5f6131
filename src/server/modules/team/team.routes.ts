/**
 * The casting office (docs/team.md): GET, POST /api/studio/members, PATCH and DELETE
 * /api/studio/members/{id}, POST /api/studio/members/{id}/resend, GET /api/studio/team/me,
 * GET and POST /api/studio/join/{token}.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { msgAnswer } from '../../../contract/account.js';
import { inviteBody, joinBody, joinInfo, joinParams, memberAnswer, memberIdParams, memberRoleBody, membersAnswer, teamMe } from '../../../contract/team.js';
import { TEAM_MSG } from '../../../contract/team-messages.js';
import type { ModuleOptions } from '../../context.js';
import { enforceLimit } from '../../rate-limit/enforce-limit.js';
import { createTeamService } from './team.service.js';

export const teamRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const team = createTeamService(ctx);
  const owner = { studioRole: 'owner' as const };

  app.get('/api/studio/members', { preValidation: auth.requireStudio, config: owner, schema: { response: { 200: membersAnswer } } }, async (req) =>
    team.list(req.userId),
  );

  app.post(
    '/api/studio/members',
    { preValidation: auth.requireStudio, config: owner, schema: { body: inviteBody, response: { 201: memberAnswer } } },
    async (req, reply) => reply.status(201).send(await team.invite(req.userId, req.body.email, req.body.role, req.log)),
  );

  app.patch(
    '/api/studio/members/:id',
    { preValidation: auth.requireStudio, config: owner, schema: { params: memberIdParams, body: memberRoleBody, response: { 200: memberAnswer } } },
    async (req) => team.setRole(req.userId, req.params.id, req.body.role),
  );

  app.delete(
    '/api/studio/members/:id',
    { preValidation: auth.requireStudio, config: owner, schema: { params: memberIdParams, response: { 200: msgAnswer } } },
    async (req) => {
      await team.remove(req.userId, req.params.id);
      return { msg: TEAM_MSG.removed };
    },
  );

  app.post(
    '/api/studio/members/:id/resend',
    { preValidation: auth.requireStudio, config: owner, schema: { params: memberIdParams, response: { 200: msgAnswer } } },
    async (req) => {
      await team.resend(req.userId, req.params.id, req.log);
      return { msg: TEAM_MSG.sentAgain };
    },
  );

  app.get('/api/studio/team/me', { preValidation: auth.requireStudio, config: { studioRole: 'viewer' }, schema: { response: { 200: teamMe } } }, async (req) =>
    team.me(req.userId, req.actorId, req.studioRole ?? 'owner'),
  );

  app.get('/api/studio/join/:token', { schema: { params: joinParams, response: { 200: joinInfo } } }, async (req, reply) => {
    await enforceLimit(ctx, `join:ip:${req.ip}`, { limit: 30, windowSec: 60 });
    reply.header('cache-control', 'no-store');
    return team.joinInfo(req.params.token);
  });

  app.post('/api/studio/join/:token', { schema: { params: joinParams, body: joinBody, response: { 201: msgAnswer } } }, async (req, reply) => {
    await enforceLimit(ctx, `join:ip:${req.ip}`, { limit: 30, windowSec: 60 });
    await team.join(req.params.token, req.body.name, req.body.password);
    return reply.status(201).send({ msg: TEAM_MSG.joined });
  });
};
