import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findPlan } from '../../../contract/plans.js';
import { startPayPalFake, type PayPalFake } from '../../../../test/fakes/paypal-fake.js';
import { createPayPalProvider } from './paypal.js';
import { PaymentError } from './provider.js';

let fake: PayPalFake;
beforeAll(async () => {
  fake = await startPayPalFake();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const gold = findPlan('Gold')!;
const provider = () =>
  createPayPalProvider({ clientId: fake.clientId, clientSecret: fake.clientSecret, apiBase: fake.url, webhookId: fake.webhookId });
const tokenRequests = () => fake.requestsTo('POST', '/v1/oauth2/token');

describe('PayPal provider: OAuth token', () => {
  it('asks for one token with the client credentials and keeps it for later calls', async () => {
    const paypal = provider();
    await paypal.createOrder(gold, 'u1', 'r1');
    await paypal.createOrder(gold, 'u1', 'r2');
    expect(tokenRequests()).toHaveLength(1);
    expect(tokenRequests()[0]?.body).toEqual({ grant_type: 'client_credentials' });
    expect(tokenRequests()[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`);
  });

  it('shares one token request between concurrent calls', async () => {
    const paypal = provider();
    await Promise.all([1, 2, 3, 4].map((n) => paypal.createOrder(gold, 'u1', `c${n}`)));
    expect(tokenRequests()).toHaveLength(1);
  });

  it('asks for a new token once the old one has expired', async () => {
    fake.behaviour.tokenLifeSec = 30; // shorter than the refresh margin: expired at once
    const paypal = provider();
    await paypal.createOrder(gold, 'u1', 'e1');
    await paypal.createOrder(gold, 'u1', 'e2');
    expect(tokenRequests()).toHaveLength(2);
  });

  it('gets a new token and retries once when PayPal revokes the cached one', async () => {
    const paypal = provider();
    await paypal.createOrder(gold, 'u1', 'v1');
    fake.revokeTokens();
    await expect(paypal.createOrder(gold, 'u1', 'v2')).resolves.toHaveProperty('id');
    expect(tokenRequests()).toHaveLength(2);
  });

  it('throws an unavailable PaymentError when the credentials are refused', async () => {
    const paypal = createPayPalProvider({ clientId: fake.clientId, clientSecret: 'wrong', apiBase: fake.url });
    await expect(paypal.createOrder(gold, 'u1', 'w1')).rejects.toMatchObject({ failure: 'unavailable' });
  });
});

describe('PayPal provider: create and capture', () => {
  it('sends the same PayPal-Request-Id on a retried create and gets the same order back', async () => {
    const paypal = provider();
    const a = await paypal.createOrder(gold, 'u1', 'same-request');
    const b = await paypal.createOrder(gold, 'u1', 'same-request');
    expect(b.id).toBe(a.id);
    expect(fake.orders.size).toBeGreaterThan(0);
  });

  it('answers the verified capture of a COMPLETED order with a COMPLETED capture', async () => {
    const paypal = provider();
    const { id } = await paypal.createOrder(gold, 'u1', 'k1');
    const captured = await paypal.captureOrder(id, `capture-${id}`);
    expect(captured).toEqual({ orderId: id, captureId: fake.orders.get(id)?.capture?.id, amount: '60.51', currency: 'USD' });
    // The same request id replays the answer instead of failing as already captured.
    await expect(paypal.captureOrder(id, `capture-${id}`)).resolves.toEqual(captured);
  });

  it.each([
    ['PENDING', 'pending'],
    ['DECLINED', 'declined'],
  ] as const)('throws a %s capture as %s', async (captureStatus, failure) => {
    const paypal = provider();
    const { id } = await paypal.createOrder(gold, 'u1', `s-${captureStatus}`);
    fake.behaviour.captureStatus = captureStatus;
    const err = await paypal.captureOrder(id, `capture-${id}`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentError);
    expect(err).toMatchObject({ failure });
  });

  it('throws not_found for an order PayPal does not know', async () => {
    await expect(provider().captureOrder('NOSUCHORDER12345', 'x')).rejects.toMatchObject({ failure: 'not_found' });
  });

  it('refuses every webhook when no webhook id is configured, without asking PayPal', async () => {
    const paypal = createPayPalProvider({ clientId: fake.clientId, clientSecret: fake.clientSecret, apiBase: fake.url });
    const t = { authAlgo: 'a', certUrl: 'b', transmissionId: 'c', transmissionSig: 'd', transmissionTime: 'e' };
    await expect(paypal.verifyWebhook(t, '{}')).resolves.toBe(false);
    expect(fake.requests).toHaveLength(0);
  });
});
