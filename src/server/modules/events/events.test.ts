import http from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTickets } from '../../db/schema/index.js';
import { CONVERSATION_MSG, type ConversationView, type MessageView } from '../../../contract/conversations.js';
import { buildPerformer, type Performer } from '../../../../test/factories.js';
import { buyPlan, callAs, openEvents } from '../../../../test/message-factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { publish } from './index.js';
import { STREAM_BUFFER_MAX } from './streams.js';

let t: TestApp;
let base = '';
let studio: StudioAccount;
let performer: Performer;
let convo: ConversationView;
const streams: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  t = await buildTestApp({}, { heartbeatMs: 300 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [studio, performer] = await Promise.all([buildStudioAccount(t, { fname: 'Live Studio' }), buildPerformer(t)]);
  await buyPlan(t, performer.token);
  convo = (await callAs(t, 'POST', '/api/conversations', performer.token, { with: studio._id })).json() as ConversationView;
});
afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await t.close();
});

const open = async (headers: Record<string, string>, query = '') => {
  const s = await openEvents(`${base}/api/events${query}`, headers);
  streams.push(s);
  return s;
};
const send = async (who: { token: string }, text: string) => (await callAs(t, 'POST', `/api/conversations/${convo._id}/messages`, who.token, { text })).json() as MessageView;
const ticketFor = async (token: string) => (await callAs(t, 'POST', '/api/events/ticket', token)).json() as { ticket: string };

describe('the events stream', () => {
  it('streams with the token header: text/event-stream, no proxy buffering, a message event the moment it is sent, heartbeats', async () => {
    const s = await open({ 'x-auth-token': studio.token });
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');
    expect(s.res.headers.get('cache-control')).toContain('no-cache');
    const sent = await send(performer, 'Are you casting dancers?');
    await s.until(() => s.events.some((e) => e.event === 'message'));
    const event = s.events.find((e) => e.event === 'message')!;
    expect(Number(event.id)).toBeGreaterThan(0);
    expect(event.data).toEqual({ conversationId: convo._id, message: { _id: sent._id, conversationId: convo._id, senderId: performer._id, text: 'Are you casting dancers?', createdAt: sent.createdAt } });
    await s.until(() => s.comments.includes('ping'), 3000);
  });

  it('the answer carries every security header an ordinary answer carries, and its frames byte for byte', async () => {
    const config = await fetch(`${base}/api/config`);
    await config.arrayBuffer();
    const own = new Set(['content-type', 'cache-control', 'content-length', 'date', 'x-request-id', 'connection', 'keep-alive', 'etag', 'vary']);
    const expected = [...config.headers].filter(([name]) => !own.has(name));
    expect(expected.map(([name]) => name)).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'x-frame-options', 'permissions-policy']));

    const stranger = await buildPerformer(t);
    const { res, body, close } = await new Promise<{ res: http.IncomingMessage; body: () => string; close(): void }>((resolve, reject) => {
      const req = http.get(`${base}/api/events`, { headers: { 'x-auth-token': stranger.token, 'x-request-id': 'ignored' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('error', () => {});
        resolve({ res, body: () => text, close: () => req.destroy() });
      });
      req.on('error', reject);
    });
    try {
      expect(res.statusCode).toBe(200);
      for (const [name, value] of expected) expect([name, res.headers[name]]).toEqual([name, value]);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache, no-transform');
      expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
      expect(res.headers['x-request-id']).not.toBe(config.headers.get('x-request-id'));
      expect(res.headers['transfer-encoding']).toBe('chunked');
      await publish(t.ctx, stranger._id, { kind: 'notification', data: { n: 1 } });
      const deadline = Date.now() + 5000;
      while (!body().includes('data:') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(body()).toMatch(/^retry: 3000\n\n(: ping\n\n)*id: \d+\nevent: notification\ndata: \{"n":1\}\n\n/);
    } finally {
      close();
    }
  });

  it('HEAD answers the same head and ends at once', async () => {
    const stranger = await buildPerformer(t);
    const res = await fetch(`${base}/api/events`, { method: 'HEAD', headers: { 'x-auth-token': stranger.token }, signal: AbortSignal.timeout(5000) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBeTruthy();
    expect(await res.text()).toBe('');
  });

  it('sends read marks to the other side', async () => {
    const s = await open({ 'x-auth-token': performer.token });
    const read = await callAs(t, 'POST', `/api/conversations/${convo._id}/read`, studio.token);
    const { upTo } = read.json() as { upTo: number };
    await s.until(() => s.events.some((e) => e.event === 'read'));
    expect(s.events.find((e) => e.event === 'read')!.data).toEqual({ conversationId: convo._id, readerId: studio._id, upTo });
  });

  it('never streams another account’s events', async () => {
    const stranger = await buildPerformer(t);
    const s = await open({ 'x-auth-token': stranger.token });
    await publish(t.ctx, stranger._id, { kind: 'notification', data: { n: 1 } });
    await send(performer, 'private words');
    await s.until(() => s.events.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.events.map((e) => e.event)).toEqual(['notification']);
  });

  it('refuses a stream without a token (401), with a bad one, or with a made-up ticket', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
    expect((await fetch(`${base}/api/events`, { headers: { 'x-auth-token': 'nope' } })).status).toBe(401);
    const res = await fetch(`${base}/api/events?ticket=${'a'.repeat(43)}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ msg: CONVERSATION_MSG.ticketInvalid });
    expect((await callAs(t, 'POST', '/api/events/ticket')).statusCode).toBe(401);
  });

  it('a ticket opens one stream, once', async () => {
    const { ticket } = await ticketFor(studio.token);
    expect(ticket.length).toBeGreaterThan(20);
    const s = await open({}, `?ticket=${ticket}`);
    expect(s.res.status).toBe(200);
    const again = await fetch(`${base}/api/events?ticket=${ticket}`);
    expect(again.status).toBe(401);
    await send(performer, 'through a ticket');
    await s.until(() => s.events.some((e) => (e.data as { message?: { text: string } }).message?.text === 'through a ticket'));
  });

  it('an EventSource reconnecting with its used ticket (and Last-Event-ID) is told that a ticket opens one stream and fetch streams reconnect', async () => {
    const { ticket } = await ticketFor(studio.token);
    const s = await open({}, `?ticket=${ticket}`);
    expect(s.res.status).toBe(200);
    const sent = await send(performer, 'before the EventSource drops');
    await s.until(() => s.events.some((e) => (e.data as { message?: { _id: number } }).message?._id === sent._id));
    await s.close();
    const again = await fetch(`${base}/api/events?ticket=${ticket}`, { headers: { 'last-event-id': s.events.at(-1)!.id } });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ msg: CONVERSATION_MSG.ticketReconnect });
  });

  it('a ticket older than 60 seconds is refused', async () => {
    const { ticket } = await ticketFor(studio.token);
    await t.ctx.db.update(eventTickets).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await fetch(`${base}/api/events?ticket=${ticket}`)).status).toBe(401);
  });

  it('a client that reconnects with Last-Event-ID gets what it missed, each event once, then the live ones', async () => {
    const first = await open({ 'x-auth-token': studio.token });
    const a = await send(performer, 'before the drop');
    await first.until(() => first.events.some((e) => (e.data as { message?: { _id: number } }).message?._id === a._id));
    const lastId = first.events.at(-1)!.id;
    await first.close();
    const missed = [await send(performer, 'missed one'), await send(performer, 'missed two')];
    const again = await open({ 'x-auth-token': studio.token, 'last-event-id': lastId });
    await again.until(() => again.events.length >= 2);
    const live = await send(performer, 'live again');
    await again.until(() => again.events.some((e) => (e.data as { message?: { _id: number } }).message?._id === live._id));
    const ids = again.events.map((e) => (e.data as { message: { _id: number } }).message._id);
    expect(ids).toEqual([missed[0]!._id, missed[1]!._id, live._id]);
    expect(new Set(again.events.map((e) => e.id)).size).toBe(again.events.length);
  });

  it('ends the stream when its token is logged out, and when the account logs out everywhere', async () => {
    const login = async () => (await callAs(t, 'POST', '/api/audition/login', undefined, { email: performer.email, password: performer.password })).json() as { token: string };
    const one = (await login()).token;
    const other = (await login()).token;
    const byHeader = await open({ 'x-auth-token': one });
    const { ticket } = await ticketFor(one);
    const byTicket = await open({}, `?ticket=${ticket}`);
    const unrelated = await open({ 'x-auth-token': other });
    expect((await callAs(t, 'POST', '/api/auth/logout', one)).statusCode).toBe(200);
    await byHeader.until(() => byHeader.ended, 5000);
    await byTicket.until(() => byTicket.ended, 5000);
    expect(unrelated.ended).toBe(false);
    expect((await callAs(t, 'POST', '/api/me/logout-all', other)).statusCode).toBe(200);
    await unrelated.until(() => unrelated.ended, 5000);
    expect((await fetch(`${base}/api/events`, { headers: { 'x-auth-token': one } })).status).toBe(401);
  });

  it('a client that never reads is dropped once its answer holds more than the bound; one that reads gets every event', async () => {
    const reader = await buildPerformer(t);
    const idle = await buildPerformer(t);
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
    socket.write(`GET /api/events HTTP/1.1\r\nHost: x\r\nX-Auth-Token: ${idle.token}\r\n\r\n`);
    let received = 0;
    await new Promise<void>((resolve) => socket.once('data', (chunk: Buffer) => ((received += chunk.length), resolve())));
    socket.pause();
    const reading = await open({ 'x-auth-token': reader.token });
    // Far more than the bound and what the sockets' buffers hold, in frames of 256 KB.
    const pad = 'x'.repeat(256 * 1024);
    const frames = Math.ceil((8 * STREAM_BUFFER_MAX) / pad.length);
    for (let i = 0; i < frames; i++) {
      const id = 1_000_000_000 + i;
      await t.ctx.events.send([idle, reader].map((who) => ({ id, userId: who._id, kind: 'notification', data: { pad } })));
      // One at a time, as events come: the reading client takes each before the next.
      await reading.until(() => reading.events.length > i);
    }

    let closed = false;
    const closing = new Promise<void>((resolve) =>
      socket.once('close', () => {
        closed = true;
        resolve();
      }),
    );
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.resume();
    // It reads again: a dropped stream has closed; one kept would have everything to give.
    await Promise.race([closing, new Promise((r) => setTimeout(r, 10_000))]);
    socket.destroy();
    expect(closed).toBe(true);
    expect(received).toBeLessThan(frames * pad.length);
    expect(reading.events).toHaveLength(frames);
    expect(reading.ended).toBe(false);
  });
});
