import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../../contract/contact.js';
import { MSG } from '../../../contract/messages.js';
import { contactMessages } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress } from '../../../../test/factories.js';

const CONTACT_TO = 'team@audition.test';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ CONTACT_TO });
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const message = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return { email: `visitor-${n}@example.com`, number: '9876543210', message: `Hello, I would like to audition. (${n})`, ...overrides };
};
const send = (payload: unknown, remoteAddress = newAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });
const stored = (email: string) => t.ctx.db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe('POST /api/contact', () => {
  it('stores the message and mails it to CONTACT_TO, replies going to the visitor', async () => {
    const body = message({ message: 'Do you cast child artists?\nMy daughter is 9. <b>Thanks</b>' });
    const since = t.sink.messages.length;
    const res = await send(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.contactSent });

    const rows = await stored(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: body.email, number: body.number, message: body.message });

    const mail = await t.sink.waitFor(CONTACT_TO, { since });
    expect(mail.subject).toContain(body.email);
    expect(mail.text).toContain('Do you cast child artists?\nMy daughter is 9.');
    expect(mail.text).toContain(body.number);
    expect(mail.html).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Thanks</b>');
  });

  it('trims the fields and lowercases the e-mail before storing', async () => {
    const res = await send({ email: '  Visitor.Trim@Example.COM ', number: ' 9820012345 ', message: '  Hi there  ' });
    expect(res.statusCode).toBe(200);
    const [row] = await stored('visitor.trim@example.com');
    expect(row).toMatchObject({ number: '9820012345', message: 'Hi there' });
  });

  it('still answers 200 and keeps the message when the mail cannot be sent', async () => {
    const realSend = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const body = message();
      const res = await send(body);
      expect(res.statusCode).toBe(200);
      expect(await stored(body.email)).toHaveLength(1);
    } finally {
      t.ctx.mailer.send = realSend;
    }
  });

  it.each([
    ['no e-mail', message({ email: undefined }), MSG.fillAllFields],
    ['no number', message({ number: undefined }), MSG.fillAllFields],
    ['no message', message({ message: undefined }), MSG.fillAllFields],
    ['an empty e-mail', message({ email: '' }), MSG.fillAllFields],
    ['a blank message', message({ message: '   ' }), MSG.fillAllFields],
    ['an empty number', message({ number: '' }), MSG.fillAllFields],
    ['a number with letters', message({ number: '98765abc' }), MSG.invalidPhone],
    ['a number as a JSON number', message({ number: 9876543210 }), MSG.fillAllFields],
    ['an invalid e-mail', message({ email: 'not-an-email' }), MSG.invalidEmail],
    ['a message too long', message({ message: 'x'.repeat(CONTACT_LIMITS.messageMax + 1) }), MSG.tooLong('Message', CONTACT_LIMITS.messageMax)],
    ['an array', [message()], MSG.fillAllFields],
  ])('refuses %s with 400 { msg } and stores nothing', async (_name, body, msg) => {
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
    const email = (body as { email?: unknown }).email;
    if (typeof email === 'string' && email) expect(await stored(email)).toHaveLength(0);
  });

  it('refuses a body that is not JSON with 400 { msg }', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
      remoteAddress: newAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(MSG.invalidBody);
  });

  it('refuses a content type it does not read with 415 { msg }, and plain text with 400 { msg }', async () => {
    const post = (type: string) =>
      t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': type }, payload: 'hello', remoteAddress: newAddress() });
    const xml = await post('application/xml');
    expect(xml.statusCode).toBe(415);
    expect(typeof xml.json().msg).toBe('string');
    const text = await post('text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json().msg).toBe(MSG.fillAllFields);
  });

  it('refuses a body over 64 KiB with 413 { msg }', async () => {
    const res = await send(message({ message: 'x'.repeat(70 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe(MSG.bodyTooLarge);
  });

  it(`answers 429 { msg } with Retry-After after ${CONTACT_LIMITS.perMinute} messages a minute from one address, bad ones included`, async () => {
    const address = newAddress();
    for (let i = 0; i < CONTACT_LIMITS.perMinute - 1; i += 1) expect((await send(message(), address)).statusCode).toBe(200);
    expect((await send(message({ email: '' }), address)).statusCode).toBe(400);
    const refused = message();
    const res = await send(refused, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toBe(MSG.tooManyRequests);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(refused.email)).toHaveLength(0);
    // Another address is not affected.
    expect((await send(message())).statusCode).toBe(200);
  });
});

describe('contact messages and accounts', () => {
  const asUser = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

  it('an anonymous message typed with an account’s e-mail is not that account’s: not in its export, not deleted with it', async () => {
    const victim = await buildPerformer(t);
    // Someone else, not logged in, writes as the victim's e-mail and leaves their phone.
    const forged = { email: victim.email, number: '5550001111', message: 'Call me, I am the stranger' };
    expect((await send(forged)).statusCode).toBe(200);
    // The victim, logged in, writes from the same e-mail.
    const own = { email: victim.email, number: '5552223333', message: 'My own question' };
    expect((await asUser('POST', '/api/contact', victim.token, own)).statusCode).toBe(200);

    const exported = await asUser('GET', '/api/me/export', victim.token);
    expect(exported.statusCode).toBe(200);
    expect((exported.json() as { contactMessages: unknown[] }).contactMessages).toEqual([expect.objectContaining({ message: own.message, number: own.number })]);
    expect(exported.body).not.toContain(forged.number);
    expect(exported.body).not.toContain(forged.message);

    expect((await asUser('DELETE', '/api/me', victim.token, { password: victim.password })).statusCode).toBe(200);
    // The victim's own message went with the account; the stranger's stays for the team to answer.
    expect((await stored(victim.email)).map((r) => r.message)).toEqual([forged.message]);
  });

  it('a bad or revoked token does not refuse the message: it is stored, linked to nobody', async () => {
    const body = message();
    const res = await asUser('POST', '/api/contact', 'not-a-token', body);
    expect(res.statusCode).toBe(200);
    expect((await stored(body.email)).map((r) => r.userId)).toEqual([null]);
  });
});

describe('POST /api/contact without CONTACT_TO', () => {
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await buildTestApp();
  });
  afterAll(async () => {
    await quiet.close();
  });

  it('stores the message and mails nothing', async () => {
    const body = message();
    const res = await quiet.app.inject({ method: 'POST', url: '/api/contact', payload: body, remoteAddress: newAddress() });
    expect(res.statusCode).toBe(200);
    const rows = await quiet.ctx.db.select().from(contactMessages).where(eq(contactMessages.email, body.email));
    expect(rows).toHaveLength(1);
    // Give a stray mail time to arrive before saying none came.
    await new Promise((r) => setTimeout(r, 200));
    expect(quiet.sink.messages).toHaveLength(0);
  });
});
