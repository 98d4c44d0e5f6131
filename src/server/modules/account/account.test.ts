/** The settings calls: change password, log out everywhere, export. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { makeImage, multipart } from '../../../../test/media-files.js';
import { contactMessages } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
const login = (p: Performer, password = p.password) => call('POST', '/api/audition/login', undefined, { email: p.email, password });
const getUserData = (token: string) => call('GET', '/api/audition/getUserData', token);

describe('POST /api/me/password', () => {
  it('needs the current password, ends every other session and gives the caller a fresh token', async () => {
    const p = await buildPerformer(t);
    const other = (await login(p)).json() as { token: string };
    expect((await getUserData(other.token)).statusCode).toBe(200);
    const res = await call('POST', '/api/me/password', p.token, { current: p.password, password: 'my brand new password' });
    expect(res.statusCode).toBe(200);
    const { token, msg } = res.json() as { token: string; msg: string };
    expect(msg).toBe(MSG.passwordChanged);
    expect((await getUserData(token)).statusCode).toBe(200);
    expect((await getUserData(p.token)).statusCode).toBe(401);
    expect((await getUserData(other.token)).statusCode).toBe(401);
    expect((await login(p)).statusCode).toBe(400);
    expect((await login(p, 'my brand new password')).statusCode).toBe(200);
  });

  it('refuses the same password again at the new password (issue 49, item 19), and the old token still works', async () => {
    const p = await buildPerformer(t);
    const res = await call('POST', '/api/me/password', p.token, { current: p.password, password: p.password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.samePassword, field: 'password' });
    expect((await getUserData(p.token)).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const p = await buildPerformer(t);
    const res = await call('POST', '/api/me/password', p.token, { current: 'not my password', password: 'my brand new password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.currentPasswordWrong });
    expect((await getUserData(p.token)).statusCode).toBe(200);
    expect((await login(p)).statusCode).toBe(200);
  });

  it('stops guessing the current password after 10 wrong tries an hour (429)', async () => {
    const p = await buildPerformer(t);
    for (let i = 0; i < 10; i++) {
      expect((await call('POST', '/api/me/password', p.token, { current: `wrong guess ${i}`, password: 'my brand new password' })).statusCode).toBe(400);
    }
    const res = await call('POST', '/api/me/password', p.token, { current: p.password, password: 'my brand new password' });
    expect(res.statusCode).toBe(429);
  });

  it.each([
    ['a short new password', { current: 'correct horse battery', password: 'short' }, MSG.passwordTooShort],
    ['no current password', { password: 'my brand new password' }, MSG.fillAllFields],
  ])('refuses %s with 400', async (_case, body, msg) => {
    const p = await buildPerformer(t);
    const res = await call('POST', '/api/me/password', p.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg });
  });

  it('answers 401 without a token', async () => {
    expect((await call('POST', '/api/me/password', undefined, { current: 'x', password: 'my brand new password' })).statusCode).toBe(401);
  });
});

describe('POST /api/me/logout-all', () => {
  it('ends every session, this one too; logging in again works', async () => {
    const p = await buildPerformer(t);
    const other = (await login(p)).json() as { token: string };
    expect((await getUserData(other.token)).statusCode).toBe(200);
    const res = await call('POST', '/api/me/logout-all', p.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.loggedOutEverywhere });
    expect((await getUserData(p.token)).statusCode).toBe(401);
    expect((await getUserData(other.token)).statusCode).toBe(401);
    const fresh = (await login(p)).json() as { token: string };
    expect((await getUserData(fresh.token)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await call('POST', '/api/me/logout-all')).statusCode).toBe(401);
  });
});

describe('GET /api/me/export', () => {
  it('is one JSON attachment with the profile, appearance, media, payments, subscription and contact messages; no secrets, nobody else', async () => {
    const ann = await buildPerformer(t);
    const bob = await buildPerformer(t);
    // Ann: appearance, a photo, a payment, a contact message.
    const appearance = await t.app.inject({
      method: 'POST',
      url: '/api/audition/updateAppearance',
      headers: { 'x-auth-token': ann.token },
      payload: { height: '170', hairColor: 'Brown', eyeColor: 'Green' },
    });
    expect(appearance.statusCode).toBe(200);
    const { payload, headers } = multipart({ filename: 'me.png', contentType: 'image/png', body: await makeImage('png') });
    const stored = await t.app.inject({ method: 'POST', url: '/api/storage/images', payload, headers: { ...headers, 'x-auth-token': ann.token } });
    expect(stored.statusCode).toBe(200);
    const { url } = stored.json() as { url: string };
    expect((await call('POST', '/api/upload/media', ann.token, { mediaType: 'photos', media: url })).statusCode).toBe(200);
    const order = (await call('POST', '/api/payments/orders', ann.token, { plan: 'Gold' })).json() as { id: string };
    expect((await call('POST', `/api/payments/orders/${order.id}/capture`, ann.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/contact', ann.token, { email: ann.email, number: '123456', message: 'Hello from Ann' })).statusCode).toBe(200);
    // Bob: his own private things, which must not appear in Ann's file.
    expect((await call('POST', '/api/contact', bob.token, { email: bob.email, number: '999999', message: 'Bob private note' })).statusCode).toBe(200);
    const bobOrder = (await call('POST', '/api/payments/orders', bob.token, { plan: 'Silver' })).json() as { id: string };
    expect((await call('POST', `/api/payments/orders/${bobOrder.id}/capture`, bob.token)).statusCode).toBe(200);

    const res = await call('GET', '/api/me/export', ann.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audition-account-\d{4}-\d{2}-\d{2}\.json"$/);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the file is read field by field below
    const file = res.json() as Record<string, any>;
    expect(file.accountId).toBe(ann._id);
    expect(file.profile).toMatchObject({ id: ann._id, email: ann.email, fname: ann.fname, height: '170', hairColor: 'Brown', eyeColor: 'Green' });
    expect(file.media.lists).toEqual([expect.objectContaining({ mediaType: 'photos', url })]);
    expect(file.media.files).toEqual([expect.objectContaining({ url, contentType: 'image/png' })]);
    expect(file.subscription).toMatchObject({ name: 'Gold' });
    expect(file.payments.records).toEqual([expect.objectContaining({ orderId: order.id, name: ann.fname })]);
    expect(file.payments.orders).toEqual([expect.objectContaining({ id: order.id, plan: 'Gold', status: 'COMPLETED' })]);
    expect(file.contactMessages).toEqual([expect.objectContaining({ message: 'Hello from Ann', number: '123456' })]);
    const text = res.body;
    for (const secret of ['argon2', 'passwordHash', 'tokenVersion', bob.email, bob._id, bob.fname, 'Bob private note', bobOrder.id]) {
      expect(text).not.toContain(secret);
    }
  });

  it('lists rows written in the same instant in one order, by id, every time', async () => {
    const ann = await buildPerformer(t);
    const at = new Date('2026-01-02T03:04:05.000Z');
    const sent = await t.ctx.db
      .insert(contactMessages)
      .values(['first', 'second', 'third', 'fourth'].map((message) => ({ email: ann.email, number: '123456', message, createdAt: at, userId: ann._id })))
      .returning({ id: contactMessages.id, message: contactMessages.message });
    const byId = sent.sort((a, b) => (a.id < b.id ? -1 : 1)).map((m) => m.message);
    for (let i = 0; i < 2; i++) {
      const file = (await call('GET', '/api/me/export', ann.token)).json() as { contactMessages: { message: string }[] };
      expect(file.contactMessages.map((m) => m.message)).toEqual(byId);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/me/export')).statusCode).toBe(401);
  });
});
