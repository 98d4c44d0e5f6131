import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { payments } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';

/** Without PAYPAL_* settings the offline demo provider takes the payments. */
let t: TestApp;
let ann: Performer;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await buildPerformer(t);
});
afterAll(() => t.close());

const post = (url: string, who: Performer | undefined, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: who ? { 'x-auth-token': who.token } : {},
    payload: payload as object,
    remoteAddress: newAddress(),
  });

describe('payments with the offline demo provider', () => {
  it('reports demo mode and no PayPal client id in /api/config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ paymentsMode: 'demo', paypalClientId: '' });
  });

  it('buys Platinum through the same create and capture calls, recorded like a real payment', async () => {
    const created = await post('/api/payments/orders', ann, { plan: 'platinum' });
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as { id: string };
    expect(id).toMatch(/^DEMO-/);
    const captured = await post(`/api/payments/orders/${id}/capture`, ann);
    expect(captured.statusCode).toBe(200);
    expect(captured.json()).toMatchObject({ orderId: id, subscriptionName: 'Platinum', subscriptionPrice: 96.82, daysLeft: 30 });
    expect((await post(`/api/payments/orders/${id}/capture`, ann)).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(payments).where(eq(payments.userId, ann._id));
    expect(rows).toEqual([expect.objectContaining({ orderId: id, amount: '96.82', from: 'Audition', type: 'subscription', status: 'Received' })]);
    const data = await post('/api/audition/subscriptionData', ann, { subscriptionName: 'Platinum', subscriptionPrice: 96.82, orderId: id });
    expect(data.statusCode).toBe(200);
    const user = await t.app.inject({ method: 'GET', url: '/api/audition/getUserData', headers: { 'x-auth-token': ann.token } });
    expect(user.json()).toMatchObject({ subscriptionName: 'Platinum', subscriptionPrice: 96.82, daysLeft: 30 });
  });

  it('refuses a made-up demo order id that the server never created', async () => {
    const forged = `DEMO-1-${'a'.repeat(32)}`;
    const res = await post(`/api/payments/orders/${forged}/capture`, ann);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ msg: MSG.orderNotFound });
  });

  it('refuses webhooks: the demo has none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://example.com/cert',
        'paypal-transmission-id': 'x',
        'paypal-transmission-sig': 'y',
        'paypal-transmission-time': '2025-01-01T00:00:00Z',
      },
      payload: JSON.stringify({ event_type: 'PAYMENT.CAPTURE.COMPLETED' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.webhookRejected });
  });
});
