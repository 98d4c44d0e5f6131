/** The admin calls: 401 without a token, 403 for everyone but ADMIN_EMAILS, and what they answer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, performerInput, type Performer } from '../../../../test/factories.js';

const adminInput = performerInput();
let t: TestApp;
let admin: Performer;
let ann: Performer;
beforeAll(async () => {
  // Listed with other letter case and spaces: the list is read trimmed and lower-cased.
  t = await buildTestApp({ ADMIN_EMAILS: ` someone@else.example , ${adminInput.email.toUpperCase()} ` });
  admin = await buildPerformer(t, adminInput);
  ann = await buildPerformer(t);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, who?: Performer, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? { 'x-auth-token': who.token } : {}, payload: payload as object, remoteAddress: newAddress() });

const ADMIN_CALLS: Array<['GET' | 'POST', string]> = [
  ['GET', '/api/admin/payments'],
  ['GET', '/api/admin/contact'],
  ['POST', '/api/admin/contact/00000000-0000-4000-8000-000000000000/handled'],
  ['GET', '/api/admin/stats'],
];

describe('admin access', () => {
  it.each(ADMIN_CALLS)('%s %s answers 401 without a token and 403 { msg } to a performer', async (method, url) => {
    const anonymous = await call(method, url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ msg: MSG.unauthorized });
    const performer = await call(method, url, ann);
    expect(performer.statusCode).toBe(403);
    expect(performer.json()).toMatchObject({ msg: MSG.adminOnly });
  });

  it('nobody is an admin when ADMIN_EMAILS is empty', async () => {
    const other = await buildTestApp();
    try {
      const p = await buildPerformer(other);
      const res = await other.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { 'x-auth-token': p.token } });
      expect(res.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('the spec’s addPayment keeps its meaning: any logged-in payer confirms their own capture', async () => {
    const res = await call('POST', '/api/admin/addPayment', ann, {});
    expect(res.statusCode).not.toBe(403);
  });
});

describe('the admin console calls', () => {
  it('lists payments newest first with totals by plan and month; a deleted payer shows without a name', async () => {
    // Silver, then Gold: each starts at once (a cheaper one after a dearer would wait, docs/product.md §11.10).
    for (const [who, plan] of [[ann, 'Gold'], [admin, 'Silver'], [admin, 'Gold']] as const) {
      const order = (await call('POST', '/api/payments/orders', who, { plan })).json() as { id: string };
      expect((await call('POST', `/api/payments/orders/${order.id}/capture`, who)).statusCode).toBe(200);
    }
    const res = await call('GET', '/api/admin/payments', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { payments: Array<{ email: string | null; name: string }>; totals: Array<{ month: string; plan: string; count: number; amount: string }> };
    expect(body.payments).toHaveLength(3);
    expect(body.payments[0]).toMatchObject({ email: admin.email });
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);
    const month = new Date().toISOString().slice(0, 7);
    const gold = body.totals.find((x) => x.plan === 'Gold' && x.month === month);
    const silver = body.totals.find((x) => x.plan === 'Silver' && x.month === month);
    expect(gold?.count).toBe(2);
    expect(silver?.count).toBe(1);
    expect(Number(gold?.amount)).toBeGreaterThan(Number(silver?.amount));

    const gone = await buildPerformer(t);
    const order = (await call('POST', '/api/payments/orders', gone, { plan: 'Silver' })).json() as { id: string };
    expect((await call('POST', `/api/payments/orders/${order.id}/capture`, gone)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { 'x-auth-token': gone.token }, payload: { password: gone.password } })).statusCode).toBe(200);
    const after = (await call('GET', '/api/admin/payments', admin)).json() as { payments: Array<{ userId: string | null; name: string; email: string | null }> };
    expect(after.payments).toHaveLength(4);
    expect(after.payments[0]).toMatchObject({ userId: null, name: '', email: null });
  });

  it('lists contact messages, unhandled first, and marks one handled (twice is fine; unknown is 404)', async () => {
    for (const message of ['first message', 'second message']) {
      expect((await call('POST', '/api/contact', undefined, { email: 'visitor@example.com', number: '123456', message })).statusCode).toBe(200);
    }
    const list = (await call('GET', '/api/admin/contact', admin)).json() as { messages: Array<{ id: string; message: string; handledAt: string | null }> };
    const second = list.messages.find((m) => m.message === 'second message')!;
    expect(second.handledAt).toBeNull();
    const before = (await call('GET', '/api/admin/stats', admin)).json() as { unhandledContact: number };
    const res = await call('POST', `/api/admin/contact/${second.id}/handled`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.contactHandled });
    expect((await call('POST', `/api/admin/contact/${second.id}/handled`, admin)).statusCode).toBe(200);
    const after = (await call('GET', '/api/admin/contact', admin)).json() as typeof list;
    expect(after.messages.at(-1)).toMatchObject({ id: second.id, handledAt: expect.any(String) });
    const stats = (await call('GET', '/api/admin/stats', admin)).json() as { unhandledContact: number };
    expect(stats.unhandledContact).toBe(before.unhandledContact - 1);

    const unknown = await call('POST', '/api/admin/contact/00000000-0000-4000-8000-000000000000/handled', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ msg: MSG.contactNotFound });
    const malformed = await call('POST', '/api/admin/contact/not-a-uuid/handled', admin);
    expect(malformed.statusCode).toBe(400);
  });

  it('counts accounts by kind', async () => {
    const res = await call('GET', '/api/admin/stats', admin);
    expect(res.statusCode).toBe(200);
    const stats = res.json() as { accounts: Record<string, number>; payments: number };
    expect(stats.accounts.performer).toBeGreaterThanOrEqual(2);
    expect(stats.payments).toBeGreaterThanOrEqual(3);
  });
});
