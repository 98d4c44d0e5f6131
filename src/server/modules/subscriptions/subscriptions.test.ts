import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DECISION_LIMITS } from '../../../contract/decisions-messages.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { MSG } from '../../../contract/messages.js';
import { PLANS, SUBSCRIPTION_DAYS } from '../../../contract/plans.js';
import { paymentOrders, payments, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { startPayPalFake, type PayPalFake } from '../../../../test/fakes/paypal-fake.js';
import { buildStudioAccount } from '../../../../test/studio-factories.js';

let t: TestApp;
let fake: PayPalFake;
let alice: Performer;
let bob: Performer;

beforeAll(async () => {
  fake = await startPayPalFake();
  t = await buildTestApp(fake.env());
  [alice, bob] = [await buildPerformer(t), await buildPerformer(t)];
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST', url: string, who?: Performer, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? { 'x-auth-token': who.token } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as Json } : {}),
    remoteAddress: newAddress(),
  });

const createOrder = (who: Performer, plan: unknown = 'Gold') => call('POST', '/api/payments/orders', who, { plan });
const capture = (who: Performer, id: string) => call('POST', `/api/payments/orders/${id}/capture`, who);

async function newOrder(who: Performer, plan = 'Gold'): Promise<string> {
  const res = await createOrder(who, plan);
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: string }).id;
}

/** A fresh performer, so each recording test starts without a subscription. */
const freshPerformer = () => buildPerformer(t);

async function subscriptionOf(userId: string) {
  const [row] = await t.ctx.db
    .select({
      name: users.subscriptionName,
      price: users.subscriptionPrice,
      start: users.subscriptionStart,
      end: users.subscriptionEnd,
      version: users.version,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}
const paymentsOf = (userId: string) => t.ctx.db.select().from(payments).where(eq(payments.userId, userId));
const orderRow = async (id: string) => (await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0];

/** Asserts a failed capture left the user, the order and the payments as they were. */
async function expectNothingRecorded(who: Performer, orderId: string) {
  expect(await subscriptionOf(who._id)).toMatchObject({ name: '', price: 0, start: null, end: null });
  expect(await paymentsOf(who._id)).toHaveLength(0);
  expect(await orderRow(orderId)).toMatchObject({ status: 'CREATED', captureId: null });
}

describe('POST /api/payments/orders', () => {
  it('makes a new order for each call, even when the client repeats its x-request-id', async () => {
    const headers = { 'x-request-id': 'same-id-twice' };
    const first = await call('POST', '/api/payments/orders', alice, { plan: 'Gold' }, headers);
    const second = await call('POST', '/api/payments/orders', bob, { plan: 'Gold' }, headers);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((first.json() as { id: string }).id).not.toBe((second.json() as { id: string }).id);
  });

  it('creates a PayPal order for the plan: intent CAPTURE, one unit named after the plan, its USD price, no shipping', async () => {
    const res = await createOrder(alice, 'gOLD');
    expect(res.statusCode).toBe(200);
    const { id } = res.json() as { id: string };
    const [sent] = fake.requestsTo('POST', '/v2/checkout/orders');
    expect(sent?.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [{ description: 'Gold', custom_id: alice._id, amount: { currency_code: 'USD', value: '60.51' } }],
      payment_source: {
        paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW', brand_name: 'Audition' } },
      },
    });
    expect(sent?.headers['paypal-request-id']).toMatch(/\S{8,}/);
    expect(sent?.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(fake.orders.get(id)?.purchaseUnit.amount).toEqual({ currency_code: 'USD', value: '60.51' });
    expect(await orderRow(id)).toMatchObject({ userId: alice._id, plan: 'Gold', amount: '60.51', currency: 'USD', status: 'CREATED', provider: 'paypal' });
  });

  it.each(PLANS.map((p) => [p.name, p.priceUsd]))('charges %s at %s USD', async (plan, value) => {
    await newOrder(alice, plan.toLowerCase());
    const [sent] = fake.requestsTo('POST', '/v2/checkout/orders');
    expect((sent?.body as { purchase_units: Array<{ amount: unknown; description: string }> }).purchase_units[0]).toMatchObject({
      description: plan,
      amount: { currency_code: 'USD', value },
    });
  });

  it('takes the amount from the plan table, never from the browser', async () => {
    const res = await call('POST', '/api/payments/orders', alice, { plan: 'Platinum', amount: '0.01', value: '0.01' });
    expect(res.statusCode).toBe(200);
    const [sent] = fake.requestsTo('POST', '/v2/checkout/orders');
    expect(JSON.stringify(sent?.body)).toContain('"value":"96.82"');
    expect(JSON.stringify(sent?.body)).not.toContain('0.01');
  });

  it('asks PayPal for an OAuth token once and reuses it', async () => {
    await newOrder(alice);
    await newOrder(alice);
    await newOrder(alice);
    expect(fake.requestsTo('POST', '/v1/oauth2/token').length).toBeLessThanOrEqual(1);
    const tokens = new Set(fake.requestsTo('POST', '/v2/checkout/orders').map((r) => r.headers.authorization));
    expect(tokens.size).toBe(1);
  });

  it.each([
    ['an unknown plan', { plan: 'Diamond' }],
    ['a missing plan', {}],
    ['a plan that is not text', { plan: 3 }],
    ['an empty plan', { plan: '' }],
    ['an array body', [1]],
  ])('refuses %s with 400 and asks PayPal nothing', async (_case, body) => {
    const before = await t.ctx.db.$count(paymentOrders);
    const res = await call('POST', '/api/payments/orders', alice, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.unknownPlan });
    expect(fake.requestsTo('POST', '/v2/checkout/orders')).toHaveLength(0);
    expect(await t.ctx.db.$count(paymentOrders)).toBe(before);
  });

  it('refuses a caller without a token with 401', async () => {
    const res = await call('POST', '/api/payments/orders', undefined, { plan: 'Gold' });
    expect(res.statusCode).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 502 with a clear message when PayPal cannot be reached, and stores no order', async () => {
    const before = await t.ctx.db.$count(paymentOrders);
    fake.behaviour.dropConnection = ['create'];
    const res = await createOrder(alice);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ msg: MSG.paymentProviderDown });
    expect(await t.ctx.db.$count(paymentOrders)).toBe(before);
  });
});

describe('POST /api/payments/orders/{id}/capture', () => {
  it('captures and records the subscription and the payment record; getUserData shows the plan with 30 days left', async () => {
    const carol = await freshPerformer();
    const before = await call('GET', '/api/audition/getUserData', carol);
    const id = await newOrder(carol, 'Gold');
    const res = await capture(carol, id);
    expect(res.statusCode).toBe(200);

    const captures = fake.requestsTo('POST', `/v2/checkout/orders/${id}/capture`);
    expect(captures).toHaveLength(1);
    expect(captures[0]?.headers['paypal-request-id']).toBe(`capture-${id}`);
    const captureId = fake.orders.get(id)?.capture?.id as string;
    expect(res.json()).toMatchObject({ orderId: id, captureId, subscriptionName: 'Gold', subscriptionPrice: 60.51, daysLeft: SUBSCRIPTION_DAYS });

    const sub = await subscriptionOf(carol._id);
    expect(sub).toMatchObject({ name: 'Gold', price: 60.51 });
    expect(sub.end!.getTime() - sub.start!.getTime()).toBe(SUBSCRIPTION_DAYS * 24 * 3600 * 1000);
    expect(await paymentsOf(carol._id)).toEqual([
      expect.objectContaining({
        orderId: id,
        captureId,
        from: 'Audition',
        name: carol.fname,
        type: 'subscription',
        paymentDate: new Date().toLocaleDateString('en-US'),
        amount: '60.51',
        status: 'Received',
      }),
    ]);
    expect(await orderRow(id)).toMatchObject({ status: 'COMPLETED', captureId });

    const after = await call('GET', '/api/audition/getUserData', carol, undefined, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ subscriptionName: 'Gold', subscriptionPrice: 60.51, daysLeft: 30 });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it.each([
    ['a different amount', { captureAmount: '0.01' }],
    ['a different currency', { captureCurrency: 'EUR' }],
  ])('records nothing and answers 502 when PayPal reports %s', async (_case, behaviour) => {
    const dave = await freshPerformer();
    const id = await newOrder(dave);
    Object.assign(fake.behaviour, behaviour);
    const res = await capture(dave, id);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ msg: MSG.paymentMismatch });
    await expectNothingRecorded(dave, id);
  });

  it.each([
    ['PENDING', { captureStatus: 'PENDING' as const }, MSG.paymentPending],
    ['DECLINED', { captureStatus: 'DECLINED' as const }, MSG.paymentDeclined],
    ['INSTRUMENT_DECLINED', { captureIssue: 'INSTRUMENT_DECLINED' }, MSG.paymentDeclined],
    ['ORDER_NOT_APPROVED', { captureIssue: 'ORDER_NOT_APPROVED' }, MSG.paymentNotCompleted],
  ])('records nothing and answers 402 when the capture is %s', async (_case, behaviour, msg) => {
    const erin = await freshPerformer();
    const id = await newOrder(erin);
    Object.assign(fake.behaviour, behaviour);
    const res = await capture(erin, id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ msg });
    await expectNothingRecorded(erin, id);
  });

  it('records nothing on a network failure, and a retry after it captures once', async () => {
    const frank = await freshPerformer();
    const id = await newOrder(frank);
    fake.behaviour.dropConnection = ['capture'];
    const res = await capture(frank, id);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ msg: MSG.paymentProviderDown });
    await expectNothingRecorded(frank, id);

    fake.behaviour.dropConnection = [];
    const retry = await capture(frank, id);
    expect(retry.statusCode).toBe(200);
    expect(await paymentsOf(frank._id)).toHaveLength(1);
  });

  it('verifies an order PayPal says was already captured by reading it, and records it once', async () => {
    const gina = await freshPerformer();
    const id = await newOrder(gina);
    // Captured at PayPal under another request id (e.g. an answer lost long ago).
    fake.orders.get(id)!.status = 'COMPLETED';
    fake.orders.get(id)!.capture = { id: 'CAPTUREDEARLIER1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '60.51' } };
    const res = await capture(gina, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ captureId: 'CAPTUREDEARLIER1' });
    expect(fake.requestsTo('GET', `/v2/checkout/orders/${id}`)).toHaveLength(1);
    expect(await paymentsOf(gina._id)).toHaveLength(1);
  });

  it('records a repeated capture once and answers it the same', async () => {
    const hal = await freshPerformer();
    const id = await newOrder(hal, 'Silver');
    const first = await capture(hal, id);
    const second = await capture(hal, id);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(fake.requestsTo('POST', `/v2/checkout/orders/${id}/capture`)).toHaveLength(1);
    expect(await paymentsOf(hal._id)).toHaveLength(1);
  });

  it('records concurrent captures of one order once', async () => {
    const ivy = await freshPerformer();
    const id = await newOrder(ivy, 'Platinum');
    const versionBefore = (await subscriptionOf(ivy._id)).version;
    const answers = await Promise.all(Array.from({ length: 6 }, () => capture(ivy, id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => (a.json() as { captureId: string }).captureId)).size).toBe(1);
    expect(await paymentsOf(ivy._id)).toHaveLength(1);
    expect((await subscriptionOf(ivy._id)).version).toBe(versionBefore + 1);
  });

  it("refuses another user's order with 404, without asking PayPal or recording anything", async () => {
    const jack = await freshPerformer();
    const id = await newOrder(jack);
    const res = await capture(bob, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ msg: MSG.orderNotFound });
    expect(fake.requestsTo('POST', `/v2/checkout/orders/${id}/capture`)).toHaveLength(0);
    await expectNothingRecorded(jack, id);
    expect(await paymentsOf(bob._id)).toHaveLength(0);
  });

  it('answers 404 for an unknown order, 400 for a malformed id, 401 without a token', async () => {
    expect((await capture(alice, 'NOSUCHORDER12345')).statusCode).toBe(404);
    const malformed = await capture(alice, 'a%27%3B%20drop');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ msg: MSG.orderNotFound });
    expect((await capture(alice, 'x'.repeat(65))).statusCode).toBe(400);
    const id = await newOrder(alice);
    expect((await call('POST', `/api/payments/orders/${id}/capture`)).statusCode).toBe(401);
    expect(fake.requestsTo('POST', '/v2/checkout/orders/')).toHaveLength(0);
  });
});

describe('POST /api/audition/subscriptionData and POST /api/admin/addPayment', () => {
  let kim: Performer;
  let captured: string;
  let uncaptured: string;
  beforeAll(async () => {
    kim = await freshPerformer();
    uncaptured = await newOrder(kim, 'Platinum');
    captured = await newOrder(kim, 'Gold');
    expect((await capture(kim, captured)).statusCode).toBe(200);
  });

  const subscriptionData = (who: Performer, body: unknown) => call('POST', '/api/audition/subscriptionData', who, body);
  const addPayment = (who: Performer, body: unknown) => call('POST', '/api/admin/addPayment', who, body);
  const paymentBody = (over: Json = {}) => ({
    from: 'Audition',
    name: kim.fname,
    type: 'subscription',
    paymentDate: new Date().toLocaleDateString(),
    amount: 60.51,
    status: 'Received',
    ...over,
  });

  it('confirms the order this user captured, for its plan and amount, and writes nothing more', async () => {
    const before = await subscriptionOf(kim._id);
    const sub = await subscriptionData(kim, { subscriptionName: 'Gold', subscriptionPrice: 60.51, orderId: captured });
    expect(sub.statusCode).toBe(200);
    expect(sub.json()).toEqual({ msg: MSG.paymentConfirmed });
    const pay = await addPayment(kim, paymentBody({ orderId: captured }));
    expect(pay.statusCode).toBe(200);
    expect(await paymentsOf(kim._id)).toHaveLength(1);
    expect(await subscriptionOf(kim._id)).toEqual(before);
  });

  it.each([
    ['no order id (the old browser flow)', () => ({ subscriptionName: 'Platinum', subscriptionPrice: 96.82 })],
    ['an order created but not captured', () => ({ subscriptionName: 'Platinum', subscriptionPrice: 96.82, orderId: uncaptured })],
    ['the captured order under another plan', () => ({ subscriptionName: 'Platinum', subscriptionPrice: 96.82, orderId: captured })],
    ['the captured order at another price', () => ({ subscriptionName: 'Gold', subscriptionPrice: 1, orderId: captured })],
    ['an unknown order', () => ({ subscriptionName: 'Gold', subscriptionPrice: 60.51, orderId: 'NOSUCHORDER12345' })],
  ])('subscriptionData answers 402 { msg } for %s and changes nothing', async (_case, body) => {
    const before = await subscriptionOf(kim._id);
    const res = await subscriptionData(kim, body());
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ msg: MSG.paymentNotCaptured });
    expect(await subscriptionOf(kim._id)).toEqual(before);
  });

  it('answers 402 to another user reporting an order someone else captured, and grants nothing', async () => {
    const res = await subscriptionData(bob, { subscriptionName: 'Gold', subscriptionPrice: 60.51, orderId: captured });
    expect(res.statusCode).toBe(402);
    const pay = await addPayment(bob, paymentBody({ orderId: captured, name: bob.fname }));
    expect(pay.statusCode).toBe(402);
    expect(await subscriptionOf(bob._id)).toMatchObject({ name: '', price: 0 });
    expect(await paymentsOf(bob._id)).toHaveLength(0);
  });

  it.each([
    ['no order id', () => paymentBody()],
    ['an order not captured', () => paymentBody({ orderId: uncaptured, amount: 96.82 })],
    ['another amount', () => paymentBody({ orderId: captured, amount: '0.01' })],
  ])('addPayment answers 402 { msg } for %s and writes no payment', async (_case, body) => {
    const res = await addPayment(kim, body());
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ msg: MSG.paymentNotCaptured });
    expect(await paymentsOf(kim._id)).toHaveLength(1);
  });

  it('refuses malformed bodies with 400, other content types with 415, and no token with 401', async () => {
    expect((await subscriptionData(kim, { subscriptionName: 'Gold', subscriptionPrice: { a: 1 }, orderId: captured })).statusCode).toBe(400);
    expect((await addPayment(kim, paymentBody({ orderId: 42 }))).statusCode).toBe(400);
    const form = await call('POST', '/api/audition/subscriptionData', kim, 'subscriptionName=Gold', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toHaveProperty('msg');
    expect((await call('POST', '/api/admin/addPayment', undefined, paymentBody({ orderId: captured }))).statusCode).toBe(401);
  });
});

describe('POST /api/payments/webhook', () => {
  const webhook = (call: { headers: Record<string, string>; body: string }) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: call.headers, payload: call.body, remoteAddress: newAddress() });

  it('records a completed capture the browser never reported, once, after PayPal verified the signature', async () => {
    const lou = await freshPerformer();
    const id = await newOrder(lou, 'Silver');
    const event = fake.captureCompletedWebhook(id);
    const first = await webhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ msg: 'recorded' });

    const [verify] = fake.requestsTo('POST', '/v1/notifications/verify-webhook-signature');
    expect(verify?.body).toMatchObject({
      auth_algo: 'SHA256withRSA',
      transmission_id: event.headers['paypal-transmission-id'],
      transmission_sig: event.headers['paypal-transmission-sig'],
      transmission_time: event.headers['paypal-transmission-time'],
      cert_url: event.headers['paypal-cert-url'],
      webhook_id: fake.webhookId,
      webhook_event: JSON.parse(event.body),
    });
    expect(await subscriptionOf(lou._id)).toMatchObject({ name: 'Silver', price: 36.31 });
    const captureId = (JSON.parse(event.body) as { resource: { id: string } }).resource.id;
    expect(await paymentsOf(lou._id)).toEqual([expect.objectContaining({ orderId: id, captureId, amount: '36.31', status: 'Received' })]);

    const again = await webhook(event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ msg: 'already-recorded' });
    expect(await paymentsOf(lou._id)).toHaveLength(1);

    // The browser's late capture finds it done and changes nothing.
    const late = await capture(lou, id);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ captureId, subscriptionName: 'Silver' });
    expect(fake.requestsTo('POST', `/v2/checkout/orders/${id}/capture`)).toHaveLength(0);
    expect(await paymentsOf(lou._id)).toHaveLength(1);
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const max = await freshPerformer();
    const id = await newOrder(max);
    const event = fake.captureCompletedWebhook(id);
    const forged = await webhook({ ...event, headers: { ...event.headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ msg: MSG.webhookRejected });
    // A genuine signature over another body does not pass either.
    const tampered = await webhook({ ...event, body: event.body.replace('"60.51"', '"0.01"') });
    expect(tampered.statusCode).toBe(400);
    fake.behaviour.webhookVerification = 'FAILURE';
    expect((await webhook(event)).statusCode).toBe(400);
    await expectNothingRecorded(max, id);
  });

  it('refuses a call without the PayPal headers or with a body that is not JSON, without asking PayPal', async () => {
    const max = await freshPerformer();
    const id = await newOrder(max);
    const event = fake.captureCompletedWebhook(id);
    const bare = await webhook({ headers: { 'content-type': 'application/json' }, body: event.body });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ msg: MSG.webhookRejected });
    const broken = await webhook({ ...event, body: '{"event_type":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ msg: MSG.invalidBody });
    expect(fake.requestsTo('POST', '/v1/notifications/verify-webhook-signature')).toHaveLength(0);
    await expectNothingRecorded(max, id);
  });

  it('acknowledges but ignores a verified capture whose amount is not the plan’s', async () => {
    const ned = await freshPerformer();
    const id = await newOrder(ned);
    const res = await webhook(fake.captureCompletedWebhook(id, { amount: '1.00' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: 'ignored' });
    await expectNothingRecorded(ned, id);
  });

  it('answers 502 when PayPal cannot verify, so PayPal sends it again', async () => {
    const ola = await freshPerformer();
    const id = await newOrder(ola);
    fake.behaviour.dropConnection = ['verify'];
    const res = await webhook(fake.captureCompletedWebhook(id));
    expect(res.statusCode).toBe(502);
    await expectNothingRecorded(ola, id);
  });
});

describe('GET /api/config', () => {
  it('tells the browser to use PayPal with the client id and the SDK address, and nothing secret', async () => {
    const res = await call('GET', '/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      paymentsMode: 'paypal',
      paypalClientId: fake.clientId,
      paypalSdkUrl: 'https://www.paypal.com/sdk/js',
      playStoreUrl: expect.stringMatching(/^https:\/\//),
      undoSeconds: DECISION_LIMITS.undoSeconds,
    });
    expect(res.body).not.toContain(fake.clientSecret);
  });
});

describe('role checks', () => {
  it('a studio token on every subscription and payment call answers 403 { msg } and records nothing', async () => {
    const studio = await buildStudioAccount(t);
    const order = await newOrder(alice);
    const CALLS: Array<[string, Json]> = [
      ['/api/payments/orders', { plan: 'Gold' }],
      [`/api/payments/orders/${order}/capture`, {}],
      ['/api/audition/subscriptionData', { subscriptionName: 'Gold' }],
      ['/api/admin/addPayment', {}],
      // The role is checked before the body: a wrong body still answers 403.
      ['/api/payments/orders', { plan: 'Diamond' }],
    ];
    for (const [url, payload] of CALLS) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'x-auth-token': studio.token }, payload, remoteAddress: newAddress() });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ msg: MARKET_MSG.performersOnly });
    }
    expect(await t.ctx.db.$count(paymentOrders, eq(paymentOrders.userId, studio._id))).toBe(0);
    expect(await t.ctx.db.$count(payments, eq(payments.userId, studio._id))).toBe(0);
    // The performer's order is still theirs to capture.
    expect((await capture(alice, order)).statusCode).toBe(200);
  });
});
