/**
 * The account's live events (docs/messages.md): `POST /api/events/ticket` and
 * `GET /api/events`, a Server-Sent Events stream opened with the token header or a
 * one-use ticket. A reconnecting client sends Last-Event-ID and first gets what it missed;
 * when the bus is back after it was lost, every open stream gets what it missed the same way.
 * An account keeps its newest 5 streams, and a client address at most 40 on an instance
 * (docs/security.md, third pass).
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
import { enforceLimit, scaledLimit } from '../../rate-limit/enforce-limit.js';
import { scheduleEventsSweep } from './events-sweep.js';
import { createStreamSlots } from './stream-slots.js';
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
  // Shared by every instance when REDIS_URL is set: a 6th stream of an account closes its
  // oldest wherever it is held. Streams per address are counted here, on this instance
  // (the proxy in front caps connections per address across instances: docs/security.md).
  const slots = createStreamSlots(ctx.config.env);
  slots.onPushedOut((ids) => ids.forEach((id) => registry.find(id)?.replace()));
  app.addHook('onClose', async () => slots.close());
  const perAddress = new Map<string, number>();
  const addressCap = scaledLimit(ctx, CONVERSATION_LIMITS.streamsPerAddress);

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
    const address = req.ip;
    const held = perAddress.get(address) ?? 0;
    if (held >= addressCap) throw errors.tooManyRequests(CONVERSATION_LIMITS.heartbeatMs / 1000);
    perAddress.set(address, held + 1);
    const lastId = Number(req.headers['last-event-id']);
    const out = new PassThrough();
    // The release waits for the count: a stream that ends while it is counted is not left counted.
    let slot: Promise<unknown> = Promise.resolve();
    const stream = openStream(out, session, () => {
      registry.remove(stream);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
      void slot.then(() => slots.release(session.userId, stream.id)).catch(() => {});
    });
    registry.add(stream);
    reply.raw.on('close', () => stream.end());
    // How long the browser waits before reconnecting. Written first: the stream may be
    // replaced (ended) by a newer one of its account while it is still being opened.
    out.write(`retry: 3000\n\n`);
    slot = slots
      .take(session.userId, stream.id, CONVERSATION_LIMITS.streamsPerAccount)
      .then((pushedOut) => pushedOut.forEach((id) => registry.find(id)?.replace()))
      // Without the shared count (Redis unreachable) the stream still opens; the per-address cap holds.
      .catch((err: unknown) => req.log.warn({ err }, 'events stream not counted against its account'));
    // Counted before it answers: streams opened one after another are counted in that order.
    await slot;
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no');
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
