/**
 * Uploads that do not end well still end (docs/faults.md, "Uploads"): a form cut off before
 * its closing boundary is answered at once with 400 and an upload that goes quiet with 408,
 * and either way its quota reservation and its upload slot are given back. PGlite, or
 * PostgreSQL with TEST_DB=postgres.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { uploadReservations, uploads } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { fixture, multipart } from '../../../../test/media-files.js';

/** An upload that sends nothing for this long is answered 408 (shortened from 30 s). */
const IDLE_MS = 600;

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await buildTestApp({}, { deadlines: { headersMs: 5000, bodyMs: 30_000, uploadBodyMs: 60_000, idleMs: 30_000, uploadIdleMs: IDLE_MS } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

const reservationsOf = (who: Performer) => t.ctx.db.$count(uploadReservations, eq(uploadReservations.userId, who._id));
const uploadsOf = (who: Performer) => t.ctx.db.$count(uploads, eq(uploads.userId, who._id));

const send = (who: Performer, payload: Buffer, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/storage/audios', payload, headers: { ...headers, 'x-auth-token': who.token }, remoteAddress: newAddress() });

/** A form whose body stops inside the file part: the closing boundary never comes. */
function cutOffForm(body: Buffer, keep: number) {
  const { payload, headers } = multipart({ filename: 'cut.wav', body });
  const end = payload.indexOf(body) + keep;
  return { payload: payload.subarray(0, end), headers };
}

/** Sends the form's headers and first bytes over real HTTP, then nothing more; answers what came back. */
function goQuiet(who: Performer): Promise<{ status: number; body: string }> {
  const boundary = `----audition${randomBytes(8).toString('hex')}`;
  const open = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quiet.wav"\r\n\r\n`);
  const request = http.request(new URL('/api/storage/audios', origin), {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(1024 * 1024), 'x-auth-token': who.token },
  });
  request.write(Buffer.concat([open, fixture('tone.wav').subarray(0, 4096)]));
  return new Promise((resolve) => {
    request.once('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.once('error', () => resolve({ status: 0, body: '' }));
  });
}

describe('POST /api/storage/{kind} cut off', () => {
  it('answers a form without its closing boundary with 400 { msg } at once, keeps nothing and frees its slot', async () => {
    const p = await buildPerformer(t);
    const tone = fixture('tone.wav');
    for (const keep of [tone.length, 4096, 100]) {
      const { payload, headers } = cutOffForm(tone, keep);
      const res = await send(p, payload, headers);
      expect(res.statusCode, `${keep} bytes of the file`).toBe(400);
      expect(res.json()).toMatchObject({ msg: MSG.invalidForm });
    }
    expect(await reservationsOf(p)).toBe(0);
    expect(await uploadsOf(p)).toBe(0);
    // Three cut-off forms did not take the account's two upload slots.
    const { payload, headers } = multipart({ filename: 'whole.wav', body: tone });
    expect((await send(p, payload, headers)).statusCode).toBe(200);
  });

  it('ends an upload that sends nothing for the idle time with 408 { msg } and gives its reservation back', async () => {
    const p = await buildPerformer(t);
    const [first, second] = await Promise.all([goQuiet(p), goQuiet(p)]);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toMatchObject({ msg: MSG.requestTimeout });
    }
    await expect.poll(() => reservationsOf(p), { timeout: 5000 }).toBe(0);
    const { payload, headers } = multipart({ filename: 'after.wav', body: fixture('tone.wav') });
    expect((await send(p, payload, headers)).statusCode).toBe(200);
    expect(await uploadsOf(p)).toBe(1);
  });
});
