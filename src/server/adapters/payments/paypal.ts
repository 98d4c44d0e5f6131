/**
 * PayPal Orders v2 over REST (docs/product.md §11.2). One OAuth token is kept until
 * shortly before it expires; orders are created with intent CAPTURE for one plan,
 * captured with a PayPal-Request-Id so a retry replays instead of charging twice, and
 * a capture counts only when the order AND its first capture are COMPLETED.
 */
import { z } from 'zod';
import { PAYMENT_CURRENCY, type Plan } from '../../../contract/plans.js';
import { PaymentError, type CapturedOrder, type PaymentsProvider, type WebhookTransmission } from './provider.js';

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  /** e.g. https://api-m.sandbox.paypal.com, without a trailing slash. */
  apiBase: string;
  /** The id PayPal gave the webhook subscription; without it no webhook is accepted. */
  webhookId?: string;
  timeoutMs?: number;
}

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().nonnegative() });
const createdAnswer = z.object({ id: z.string().min(1).max(64) });
const captureShape = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: z.object({ currency_code: z.string(), value: z.string() }),
});
const orderAnswer = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(z.object({ payments: z.object({ captures: z.array(captureShape).optional() }).optional() }))
    .optional(),
});
const errorAnswer = z.object({
  name: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional() })).optional(),
});
const verifyAnswer = z.object({ verification_status: z.string() });

/** Refresh this long before PayPal's expiry, so a token never expires in flight. */
const TOKEN_MARGIN_MS = 60_000;

export function createPayPalProvider(settings: PayPalSettings): PaymentsProvider {
  const base = settings.apiBase.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 20_000;
  let token: { value: string; expiresAt: number } | null = null;
  let tokenInFlight: Promise<string> | null = null;

  /** One HTTP exchange; network failures, timeouts and non-JSON answers become 'unavailable'. */
  async function send(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    const what = `PayPal ${init.method} ${path}`;
    try {
      const res = await fetch(base + path, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : {} };
    } catch (cause) {
      throw new PaymentError('unavailable', `${what} failed: ${(cause as Error).message}`, { cause });
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const { status, body } = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const parsed = tokenAnswer.safeParse(body);
    if (status !== 200 || !parsed.success) {
      throw new PaymentError('unavailable', `PayPal token request answered ${status}`);
    }
    const life = parsed.data.expires_in * 1000;
    token = { value: parsed.data.access_token, expiresAt: Date.now() + Math.max(0, life - TOKEN_MARGIN_MS) };
    return token.value;
  }

  function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    // Concurrent calls share one token request.
    tokenInFlight ??= fetchToken().finally(() => {
      tokenInFlight = null;
    });
    return tokenInFlight;
  }

  /** An authorised JSON call; a 401 (token revoked early) gets one retry with a new token. */
  async function call(method: 'GET' | 'POST', path: string, opts: { body?: string; requestId?: string } = {}) {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = await accessToken();
      const answer = await send(path, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.requestId ? { 'paypal-request-id': opts.requestId } : {}),
        },
        body: opts.body,
      });
      if (answer.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      return answer;
    }
  }

  function failure(what: string, status: number, body: unknown): PaymentError {
    const err = errorAnswer.safeParse(body);
    const issue = err.success ? (err.data.details?.[0]?.issue ?? err.data.name ?? '') : '';
    const text = `${what} answered ${status} ${issue}`.trim();
    if (status === 404) return new PaymentError('not_found', text);
    if (status === 429 || status >= 500) return new PaymentError('unavailable', text);
    if (issue === 'INSTRUMENT_DECLINED' || issue === 'TRANSACTION_REFUSED') return new PaymentError('declined', text);
    return new PaymentError('refused', text);
  }

  /** The verified capture of an order answer, or the typed reason it does not count. */
  function verified(orderId: string, body: unknown): CapturedOrder {
    const parsed = orderAnswer.safeParse(body);
    if (!parsed.success || parsed.data.id !== orderId) {
      throw new PaymentError('unavailable', `PayPal answered an unreadable order for ${orderId}`);
    }
    const order = parsed.data;
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (capture?.status === 'PENDING') throw new PaymentError('pending', `capture ${capture.id} of ${orderId} is PENDING`);
    if (capture && (capture.status === 'DECLINED' || capture.status === 'FAILED')) {
      throw new PaymentError('declined', `capture ${capture.id} of ${orderId} is ${capture.status}`);
    }
    if (order.status !== 'COMPLETED' || !capture || capture.status !== 'COMPLETED') {
      throw new PaymentError('refused', `order ${orderId} is ${order.status}, capture ${capture?.status ?? 'missing'}`);
    }
    return { orderId, captureId: capture.id, amount: capture.amount.value, currency: capture.amount.currency_code };
  }

  return {
    mode: 'paypal',
    clientId: settings.clientId,

    async createOrder(plan: Plan, userId: string, requestId: string) {
      const body = JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [
          {
            description: plan.name,
            custom_id: userId,
            amount: { currency_code: PAYMENT_CURRENCY, value: plan.priceUsd },
          },
        ],
        payment_source: {
          paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW', brand_name: 'Audition' } },
        },
      });
      const { status, body: answer } = await call('POST', '/v2/checkout/orders', { body, requestId });
      if (status !== 200 && status !== 201) throw failure('PayPal create order', status, answer);
      const parsed = createdAnswer.safeParse(answer);
      if (!parsed.success) throw new PaymentError('unavailable', 'PayPal create order answered without an id');
      return { id: parsed.data.id };
    },

    async captureOrder(orderId: string, requestId: string) {
      const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
      const { status, body } = await call('POST', `${path}/capture`, { body: '{}', requestId });
      if (status === 200 || status === 201) return verified(orderId, body);
      const issue = errorAnswer.safeParse(body).data?.details?.[0]?.issue;
      if (status === 422 && issue === 'ORDER_ALREADY_CAPTURED') {
        // Captured earlier (e.g. the answer was lost): read the order and verify that capture.
        const again = await call('GET', path);
        if (again.status !== 200) throw failure('PayPal show order', again.status, again.body);
        return verified(orderId, again.body);
      }
      throw failure('PayPal capture', status, body);
    },

    async verifyWebhook(t: WebhookTransmission, rawBody: string) {
      if (!settings.webhookId) return false;
      // The event goes back byte for byte: re-serialising it can change it and fail the check.
      const head = JSON.stringify({
        auth_algo: t.authAlgo,
        cert_url: t.certUrl,
        transmission_id: t.transmissionId,
        transmission_sig: t.transmissionSig,
        transmission_time: t.transmissionTime,
        webhook_id: settings.webhookId,
      });
      const body = `${head.slice(0, -1)},"webhook_event":${rawBody}}`;
      const { status, body: answer } = await call('POST', '/v1/notifications/verify-webhook-signature', { body });
      if (status !== 200) throw failure('PayPal verify webhook', status, answer);
      return verifyAnswer.safeParse(answer).data?.verification_status === 'SUCCESS';
    },
  };
}
