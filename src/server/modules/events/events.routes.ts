/**
 * The account's live events (docs/messages.md): `POST /api/events/ticket` and
 * `GET /api/events`, a Server-Sent Events stream opened with the token header or a
 * one-use ticket. A reconnecting client sends Last-Event-ID and first gets what it missed;
 * when the bus is back after it was lost, every open stream gets what it missed the same way.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { CONVERSATION_LIMITS, CONVERSATION_MSG, eventsQuery, ticketAnswer } from '../../../contract/conversations.js';
import type { ModuleOptions } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import { userEvents } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { enforceLimit } from '../../rate-limit/enforce-limit.js';
import { scheduleEventsSweep } from './events-sweep.js';
import { openStream, StreamRegistry, type ReplayingStream, type Session } from './streams.js';
import { issueTicket, takeTicket } from './tickets.js';

/** At most this many missed events are replayed; a client that missed more refetches. */
const REPLAY_MAX = 500;
/** How many streams read their catch-up at once after the bus is back. */
const CATCH_UP_AT_ONCE = 8;

export interface EventsRouteOptions extends ModuleOptions {
  /** Tests shorten the heartbeat. */
  heartbeatMs?: number;
}

export const eventsRoutes: FastifyPluginAsyncZod<EventsRouteOptions> = async (app, { ctx, auth, heartbeatMs = CONVERSATION_LIMITS.heartbeatMs }) => {
  const registry = new StreamRegistry();
  ctx.events.listen((event) => registry.deliver(event));

  const eventsAfter = (userId: string, afterId: number) =>
    ctx.db
      .select({ id: userEvents.id, userId: userEvents.userId, kind: userEvents.kind, data: userEvents.data })
      .from(userEvents)
      .where(and(eq(userEvents.userId, userId), gt(userEvents.id, afterId)))
      .orderBy(asc(userEvents.id))
      .limit(REPLAY_MAX);

  /**
   * The bus was lost and is back (docs/faults.md): events sent meanwhile never reached this
   * instance, so every open stream replays its stored events after the last one it wrote,
   * as a reconnecting client's Last-Event-ID would. Live events wait behind each replay.
   */
  const catchUp = async () => {
    const streams = registry.all().map((stream) => ({ stream, after: stream.lastId }));
    streams.forEach(({ stream }) => stream.hold());
    const replayOne = async ({ stream, after }: { stream: ReplayingStream; after: number }) => {
      try {
        stream.replay(await eventsAfter(stream.session.userId, after));
      } catch (err) {
        // The client reconnects with Last-Event-ID and catches up then.
        app.log.warn({ err }, 'events stream not caught up after the bus came back; ended');
        stream.end();
      }
    };
    for (let i = 0; i < streams.length; i += CATCH_UP_AT_ONCE) await Promise.all(streams.slice(i, i + CATCH_UP_AT_ONCE).map(replayOne));
  };
  ctx.events.onResume(() => void catchUp());

  /** Ends the streams of sessions that are no longer good (logout, log out everywhere, expiry). */
  const recheck = async (userId: string) => {
    for (const stream of registry.of(userId)) {
      const live = await auth.sessionLive(stream.session).catch(() => true);
      if (!live) stream.end();
    }
  };
  // A logout or a password change notifies the user's channel on every instance.
  ctx.changes.subscribe(CHANNELS.user, (userId) => void recheck(userId));

  const heartbeat = setInterval(() => {
    const users = new Set<string>();
    for (const stream of registry.all()) {
      stream.ping();
      users.add(stream.session.userId);
    }
    // Expiry, and revocations whose notification was lost while the feed was down.
    for (const userId of users) void recheck(userId);
  }, heartbeatMs);
  heartbeat.unref();
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    registry.all().forEach((s) => s.end());
  });

  if (ctx.config.env.NODE_ENV !== 'test') {
    const stop = scheduleEventsSweep(ctx.db, app.log);
    app.addHook('onClose', async () => stop());
  }

  app.post('/api/events/ticket', { preValidation: auth.requireAuth, schema: { response: { 200: ticketAnswer } } }, async (req) => {
    await enforceLimit(ctx, `events-ticket:${req.userId}`, { limit: 60, windowSec: 60 });
    return { ticket: await issueTicket(ctx.db, sessionOf(req)) };
  });

  app.get('/api/events', { schema: { querystring: eventsQuery } }, async (req, reply) => {
    const session = await openSession(req, req.query.ticket, reply);
    const lastId = Number(req.headers['last-event-id']);
    const out = new PassThrough();
    const stream = openStream(out, session, () => registry.remove(stream));
    registry.add(stream);
    reply.raw.on('close', () => stream.end());
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no');
    // How long the browser waits before reconnecting.
    out.write(`retry: 3000\n\n`);
    if (Number.isSafeInteger(lastId) && lastId > 0) stream.replay(await eventsAfter(session.userId, lastId), lastId);
    else {
      // Where a catch-up after a lost bus starts for a stream that has written nothing yet.
      const [latest] = await ctx.db
        .select({ id: userEvents.id })
        .from(userEvents)
        .where(eq(userEvents.userId, session.userId))
        .orderBy(desc(userEvents.id))
        .limit(1);
      stream.replay([], latest?.id ?? 0);
    }
    return reply.send(out);
  });

  async function openSession(req: FastifyRequest, ticket: string | undefined, reply: FastifyReply): Promise<Session> {
    if (ticket !== undefined) {
      const session = await takeTicket(ctx.db, ticket);
      if (!session || !(await auth.sessionLive(session))) throw errors.unauthorized(CONVERSATION_MSG.ticketInvalid);
      return session;
    }
    await auth.requireAuth(req, reply);
    return sessionOf(req);
  }
};

function sessionOf(req: FastifyRequest): Session {
  const token = req.token!;
  return { userId: req.userId, jti: token.jti, version: token.version, expiresAt: token.expiresAt };
}
