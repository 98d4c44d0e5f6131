/**
 * The account's live events (docs/messages.md): `POST /api/events/ticket` and
 * `GET /api/events`, a Server-Sent Events stream opened with the token header or a
 * one-use ticket. A reconnecting client sends Last-Event-ID and first gets what it missed;
 * when the bus is back after it was lost, every open stream gets what it missed the same way.
 * An account keeps its newest 5 streams, and a client address at most 40 on an instance
 * (docs/security.md, "Event streams, conversations and contact messages").
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { CONVERSATION_LIMITS, CONVERSATION_MSG, eventsQuery, ticketAnswer } from '../../../contract/conversations.js';
import type { ModuleOptions } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import { userEvents } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { enforceLimit, scaledLimit } from '../../rate-limit/enforce-limit.js';
import { createStreamSlots } from './stream-slots.js';
import { EventStream, StreamRegistry, type Session } from './streams.js';
import { issueTicket, takeTicket } from './tickets.js';

/** At most this many missed events are replayed; a client that missed more refetches. */
const REPLAY_MAX = 500;
/** How many streams read their catch-up at once after the bus is back. */
const CATCH_UP_AT_ONCE = 8;

export interface EventsRouteOptions extends ModuleOptions {
  /** Tests shorten the heartbeat. */
  heartbeatMs?: number;
}

export const eventsRoutes: FastifyPluginAsyncZod<EventsRouteOptions> = async (app, { ctx, auth, metrics, heartbeatMs = CONVERSATION_LIMITS.heartbeatMs }) => {
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
   * Streams still being opened: where their catch-up would start is not known until their
   * first read, so a loss of the bus meanwhile is theirs to handle (below).
   */
  const opening = new Set<EventStream>();
  /**
   * While the bus is lost: each open stream with the id its catch-up starts after, the last
   * one it wrote when the bus was lost. Not a later one: this instance's events still reach
   * its streams meanwhile, with ids above those the other instances store then
   * (docs/faults.md, "Live events across a reconnect"). Null while the bus is up.
   */
  let lostAt: Map<EventStream, number> | null = null;
  /** How many times the bus came back: a stream opened across a return catches up itself. */
  let resumes = 0;
  ctx.events.onLost(() => {
    lostAt ??= new Map(registry.all().flatMap((stream) => (opening.has(stream) ? [] : [[stream, stream.lastId] as const])));
  });

  /**
   * The bus was lost and is back: events sent meanwhile never reached this instance, so
   * each of these streams replays its stored events after its id, as a reconnecting
   * client's Last-Event-ID would; an event it already wrote is not written again. Live
   * events wait behind each replay.
   */
  const catchUp = async (from: [EventStream, number][]) => {
    from.forEach(([stream]) => stream.hold());
    const replayOne = async ([stream, after]: [EventStream, number]) => {
      try {
        stream.replay(await eventsAfter(stream.session.userId, after));
      } catch (err) {
        // The client reconnects with Last-Event-ID and catches up then.
        app.log.warn({ err }, 'events stream not caught up after the bus came back; ended');
        stream.end();
      }
    };
    for (let i = 0; i < from.length; i += CATCH_UP_AT_ONCE) await Promise.all(from.slice(i, i + CATCH_UP_AT_ONCE).map(replayOne));
  };
  ctx.events.onResume(() => {
    const from = [...(lostAt ?? [])];
    lostAt = null;
    resumes += 1;
    void catchUp(from);
  });

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

  app.post('/api/events/ticket', { config: { studioRole: 'viewer' }, preValidation: auth.requireAuth, schema: { response: { 200: ticketAnswer } } }, async (req) => {
    await enforceLimit(ctx, `events-ticket:${req.userId}`, { limit: 60, windowSec: 60 });
    return { ticket: await issueTicket(ctx.db, sessionOf(req)) };
  });

  /** A stream ended: it leaves the registry, its address's count and its account's (one function for every stream). */
  const ended = (stream: EventStream) => {
    registry.remove(stream);
    metrics.streamsOpen.set(registry.size);
    opening.delete(stream);
    lostAt?.delete(stream);
    const left = (perAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) perAddress.set(stream.address, left);
    else perAddress.delete(stream.address);
    // The release waits for the count: a stream that ends while it is counted is not left counted.
    void stream.counted.then(() => slots.release(personOf(stream.session), stream.id)).catch(() => {});
  };

  // Streams are counted per person, not per account: every member of a studio's casting office
  // keeps its own newest streams, all receiving the studio's events (docs/team.md).
  const personOf = (session: { userId: string; actorId?: string | null }) => session.actorId || session.userId;

  app.get('/api/events', { schema: { querystring: eventsQuery } }, async (req, reply) => {
    const session = await openSession(req, req.query.ticket, reply);
    const address = req.ip;
    const held = perAddress.get(address) ?? 0;
    if (held >= addressCap) throw errors.tooManyRequests(CONVERSATION_LIMITS.heartbeatMs / 1000);
    perAddress.set(address, held + 1);
    const lastId = Number(req.headers['last-event-id']);
    const stream = new EventStream(session, address, ended);
    const resumesBefore = resumes;
    opening.add(stream);
    registry.add(stream);
    metrics.streamsOpen.set(registry.size);
    endOnClose(reply.raw, stream);
    stream.counted = slots
      .take(personOf(session), stream.id, CONVERSATION_LIMITS.streamsPerAccount)
      .then((pushedOut) => pushedOut.forEach((id) => registry.find(id)?.replace()))
      // Without the shared count (Redis unreachable) the stream still opens; the per-address cap holds.
      .catch((err: unknown) => req.log.warn({ err }, 'events stream not counted against its account'));
    // Counted before it answers: streams opened one after another are counted in that order.
    await stream.counted;
    /** The id this stream's stored events were read up to: a catch-up starts after it. */
    let readTo: number;
    if (Number.isSafeInteger(lastId) && lastId > 0) {
      const missed = await eventsAfter(session.userId, lastId);
      readTo = missed.at(-1)?.id ?? lastId;
      stream.replay(missed, lastId);
    } else {
      // Where a catch-up after a lost bus starts for a stream that has written nothing yet.
      const [latest] = await ctx.db
        .select({ id: userEvents.id })
        .from(userEvents)
        .where(eq(userEvents.userId, session.userId))
        .orderBy(desc(userEvents.id))
        .limit(1);
      readTo = latest?.id ?? 0;
      stream.replay([], readTo);
    }
    if (opening.delete(stream)) {
      // The bus is lost, or was lost and came back while the stream was opened: events sent
      // then may not have been heard, and may have been stored after the read.
      if (lostAt) lostAt.set(stream, readTo);
      else if (resumes !== resumesBefore) void catchUp([[stream, readTo]]);
    }
    answerWithStream(req, reply, stream);
  });

  async function openSession(req: FastifyRequest, ticket: string | undefined, reply: FastifyReply): Promise<Session> {
    if (ticket !== undefined) {
      const session = await takeTicket(ctx.db, ticket);
      if (!session || !(await auth.sessionLive(session))) {
        // Only fetch streams reconnect (docs/messages.md): an EventSource's reconnect, which sends Last-Event-ID, is told so.
        throw errors.unauthorized(req.headers['last-event-id'] === undefined ? CONVERSATION_MSG.ticketInvalid : CONVERSATION_MSG.ticketReconnect);
      }
      return session;
    }
    await auth.requireAuth(req, reply);
    return sessionOf(req);
  }
};

function sessionOf(req: FastifyRequest): Session {
  const token = req.token!;
  return { userId: req.userId, actorId: req.actorId, jti: token.jti, version: token.version, expiresAt: token.expiresAt };
}

/** The stream ends with its connection; made here, so the listener holds the stream and nothing of the request. */
function endOnClose(res: ServerResponse, stream: EventStream): void {
  res.on('close', () => stream.end());
}

/** The headers every stream answer carries besides those of any answer (docs/messages.md). */
const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/**
 * Writes the stream's head and hands it the answer, bypassing Fastify's send (a stream
 * payload costs a PassThrough and a pipe per stream). The reply is hijacked, so its onSend
 * hooks do not run: the head carries the headers the hooks before it set (security
 * headers, docs/architecture.md "Security headers") and the request id the app's onSend
 * adds (app.ts); compression leaves event streams alone either way.
 */
function answerWithStream(req: FastifyRequest, reply: FastifyReply, stream: EventStream): void {
  reply.hijack();
  const res = reply.raw;
  reply.headers(STREAM_HEADERS).header('x-request-id', req.id);
  res.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
  stream.attach(res);
  // A HEAD request gets the head alone (Node writes no body for it), then the answer ends, as Fastify's own HEAD route ends it.
  if (req.method === 'HEAD') stream.end();
  forgetSentHead(res);
}

/**
 * Node keeps the head it sent on the answer, as the string it was joined from piece by
 * piece (about 95 pieces, 3 KB for a stream's head with its security headers), and after
 * sending it only asks whether there is one (`headersSent`). A stream holds its answer for
 * hours, so once the head is out that string is swapped for a short one
 * (docs/performance.md, "20 000 event streams on one instance").
 */
function forgetSentHead(res: ServerResponse): void {
  const sent = res as ServerResponse & { _header?: unknown; _headerSent?: unknown };
  if (sent._headerSent === true && typeof sent._header === 'string' && sent._header.length > 0) sent._header = 'sent';
}
