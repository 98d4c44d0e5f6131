/**
 * Slow senders cannot hold connections: a body sent a byte at a time is cut off with 408
 * at the route's deadline, while an upload route allows its longer one. The deadlines are
 * shortened here so the test runs quickly; PGlite, or PostgreSQL with TEST_DB=postgres.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../contract/messages.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { buildPerformer, type Performer } from '../../test/factories.js';
import { fixture, multipart } from '../../test/media-files.js';

let t: TestApp;
let port: number;
let performer: Performer;
beforeAll(async () => {
  t = await buildTestApp({}, { deadlines: { headersMs: 2000, bodyMs: 400, uploadBodyMs: 30_000, idleMs: 10_000, uploadIdleMs: 10_000 } });
  performer = await buildPerformer(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/**
 * Sends `head` at once, then `body` one piece per `everyMs`, and answers what the server
 * wrote back and how many pieces it had taken when the connection closed.
 */
function trickle(head: string, body: Buffer, pieces: number, everyMs: number): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const size = Math.ceil(body.length / pieces);
    socket.write(head);
    const timer = setInterval(() => {
      if (socket.destroyed || sent >= pieces) return;
      socket.write(body.subarray(sent * size, (sent + 1) * size));
      sent += 1;
    }, everyMs);
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, sent });
    });
  });
}

describe('request deadlines', () => {
  it('cuts off a login body sent a byte at a time with 408 { msg }, long before it ends', async () => {
    const body = Buffer.from(JSON.stringify({ email: performer.email, password: performer.password }));
    const head = `POST /api/audition/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, sent } = await trickle(head, body, body.length, 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ msg: MSG.requestTimeout });
    expect(sent).toBeLessThan(body.length);
  });

  it('cuts off a chunked body with no length the same way', async () => {
    const json = JSON.stringify({ email: performer.email, password: performer.password });
    const body = Buffer.from(`${[...json].map((c) => `1\r\n${c}\r\n`).join('')}0\r\n\r\n`);
    const head = `POST /api/audition/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const { answer, sent } = await trickle(head, body, json.length, 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(json.length);
  });

  it('lets an upload take longer than an ordinary call', async () => {
    const { payload, headers } = multipart({ filename: 'tone.mp3', body: fixture('tone.mp3') });
    const head =
      `POST /api/storage/audios HTTP/1.1\r\nHost: x\r\nContent-Type: ${headers['content-type']}\r\n` +
      `x-auth-token: ${performer.token}\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`;
    // Ten pieces, a fifth of the ordinary deadline apart: twice that deadline in all.
    const { answer, sent } = await trickle(head, payload, 10, 80);
    expect(sent).toBe(10);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});
