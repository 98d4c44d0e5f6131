/**
 * A fake of PayPal's REST API on loopback, following the documented request and answer
 * shapes of OAuth client credentials, Orders v2 (create, show, capture) and webhook
 * signature verification. It records every request and can be told to misbehave: answer
 * another amount, a PENDING or DECLINED capture, drop the connection, or refuse webhooks.
 * Used by the server tests and, started as a process, by the end-to-end suite.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, the form fields of the token call, or null. */
  body: unknown;
}

export interface FakeBehaviour {
  /** Value the capture reports instead of the order's own amount. */
  captureAmount?: string;
  captureCurrency?: string;
  /** Status of the capture inside a COMPLETED order. */
  captureStatus?: 'COMPLETED' | 'PENDING' | 'DECLINED';
  /** Answer the capture call with this PayPal error issue (422), e.g. INSTRUMENT_DECLINED. */
  captureIssue?: string;
  /** Destroy the socket instead of answering these calls. */
  dropConnection?: Array<'token' | 'create' | 'capture' | 'verify'>;
  /** Force the webhook verification answer, whatever the signature. */
  webhookVerification?: 'SUCCESS' | 'FAILURE';
  /** expires_in of issued tokens, in seconds. */
  tokenLifeSec?: number;
}

interface FakeOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  intent: string;
  purchaseUnit: { description?: string; custom_id?: string; amount: { currency_code: string; value: string } };
  capture?: Record<string, unknown>;
  createTime: string;
}

export interface PayPalFake {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  requests: RecordedRequest[];
  orders: Map<string, FakeOrder>;
  behaviour: FakeBehaviour;
  /** Requests whose path starts with the prefix, e.g. '/v2/checkout/orders'. */
  requestsTo(method: string, prefix: string): RecordedRequest[];
  /** The env an app needs to use this fake. */
  env(): Record<string, string>;
  /** A signed PAYMENT.CAPTURE.COMPLETED webhook call, as PayPal would send it, for a captured or approved order. */
  captureCompletedWebhook(orderId: string, overrides?: { amount?: string }): { headers: Record<string, string>; body: string };
  /** Invalidates every token issued so far, as PayPal does when credentials rotate. */
  revokeTokens(): void;
  reset(): void;
  close(): Promise<void>;
}

const alnum = (n: number) => randomBytes(n).toString('hex').toUpperCase().slice(0, n);
const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

export async function startPayPalFake(opts: { port?: number; host?: string } = {}): Promise<PayPalFake> {
  const clientId = `fake-client-${alnum(8)}`;
  const clientSecret = `fake-secret-${alnum(16)}`;
  const webhookId = `WH-${alnum(17)}`;
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const orders = new Map<string, FakeOrder>();
  const requests: RecordedRequest[] = [];
  /** PayPal-Request-Id idempotency: the first answer given to a request id is replayed. */
  const replays = new Map<string, { status: number; body: unknown }>();
  const fake: PayPalFake = {
    url: '',
    clientId,
    clientSecret,
    webhookId,
    requests,
    orders,
    behaviour: {},
    requestsTo: (method, prefix) => requests.filter((r) => r.method === method && r.path.startsWith(prefix)),
    env: () => ({
      PAYPAL_CLIENT_ID: clientId,
      PAYPAL_CLIENT_SECRET: clientSecret,
      PAYPAL_API_BASE: fake.url,
      PAYPAL_WEBHOOK_ID: webhookId,
    }),
    captureCompletedWebhook(orderId, overrides = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake: no order ${orderId}`);
      const captureId = (order.capture?.id as string | undefined) ?? alnum(17);
      const amount = { currency_code: order.purchaseUnit.amount.currency_code, value: overrides.amount ?? order.purchaseUnit.amount.value };
      const event = {
        id: `WH-${alnum(8)}-${alnum(17)}`,
        event_version: '1.0',
        create_time: now(),
        resource_type: 'capture',
        resource_version: '2.0',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        summary: `Payment completed for $ ${amount.value} ${amount.currency_code}`,
        resource: {
          id: captureId,
          amount,
          final_capture: true,
          seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
          seller_receivable_breakdown: { gross_amount: amount, net_amount: amount },
          custom_id: order.purchaseUnit.custom_id,
          status: 'COMPLETED',
          supplementary_data: { related_ids: { order_id: orderId } },
          create_time: now(),
          update_time: now(),
          links: [{ href: `${fake.url}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' }],
        },
        links: [{ href: `${fake.url}/v1/notifications/webhooks-events/x`, rel: 'self', method: 'GET' }],
      };
      const body = JSON.stringify(event);
      const transmissionId = randomBytes(16).toString('hex');
      const transmissionTime = now();
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${fake.url}/v1/notifications/certs/CERT-fake`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': transmissionTime,
          'paypal-transmission-sig': sign(transmissionId, transmissionTime, body),
        },
      };
    },
    revokeTokens: () => tokens.clear(),
    reset() {
      requests.length = 0;
      fake.behaviour = {};
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  /** Like PayPal: the signature covers transmission id, time, webhook id and a digest of the body. */
  function sign(transmissionId: string, time: string, body: string): string {
    const digest = createHash('sha256').update(body).digest('hex');
    return createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${webhookId}|${digest}`).digest('base64');
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': alnum(13).toLowerCase() });
    res.end(JSON.stringify(body));
  }

  const error = (name: string, issue: string, description: string) => ({
    name,
    message: description,
    debug_id: alnum(13).toLowerCase(),
    details: [{ issue, description }],
    links: [],
  });

  function orderView(order: FakeOrder) {
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      payment_source: { paypal: { email_address: 'buyer@example.com', account_id: 'QYR5Z8XDVJNXQ', account_status: 'VERIFIED', name: { given_name: 'John', surname: 'Doe' } } },
      purchase_units: [
        {
          reference_id: 'default',
          description: order.purchaseUnit.description,
          custom_id: order.purchaseUnit.custom_id,
          amount: order.purchaseUnit.amount,
          payee: { email_address: 'merchant@example.com', merchant_id: 'C7CYMKZDG8D6E' },
          ...(order.capture ? { payments: { captures: [order.capture] } } : {}),
        },
      ],
      payer: { name: { given_name: 'John', surname: 'Doe' }, email_address: 'buyer@example.com', payer_id: 'QYR5Z8XDVJNXQ' },
      create_time: order.createTime,
      links: [{ href: `${fake.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }],
    };
  }

  function authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && tokens.has(header.slice(7));
  }

  function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    let body: unknown = null;
    if (req.headers['content-type']?.includes('application/x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(raw));
    else if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 400, error('INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'));
      }
    }
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    const drop = (what: 'token' | 'create' | 'capture' | 'verify') => fake.behaviour.dropConnection?.includes(what);

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      if (drop('token')) return req.socket.destroy();
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      if ((body as { grant_type?: string } | null)?.grant_type !== 'client_credentials') {
        return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      }
      const token = `A21AA${alnum(40)}`;
      tokens.add(token);
      return send(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: fake.behaviour.tokenLifeSec ?? 32400,
        nonce: `${now()}${alnum(12)}`,
      });
    }

    if (!authorised(req)) {
      return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
    const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : undefined;
    const replayKey = requestId ? `${req.method} ${path} ${requestId}` : undefined;
    const answer = (status: number, answerBody: unknown) => {
      if (replayKey) replays.set(replayKey, { status, body: answerBody });
      return send(res, status, answerBody);
    };

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      if (drop('create')) return req.socket.destroy();
      if (replayKey && replays.has(replayKey)) {
        const earlier = replays.get(replayKey)!;
        return send(res, earlier.status, earlier.body);
      }
      const input = body as {
        intent?: string;
        purchase_units?: FakeOrder['purchaseUnit'][];
        payment_source?: unknown;
      } | null;
      if (input?.payment_source && !requestId) {
        return send(res, 400, error('INVALID_REQUEST', 'PAYPAL_REQUEST_ID_REQUIRED', 'A PayPal-Request-Id is required if you are trying to process payment for an Order.'));
      }
      const unit = input?.purchase_units?.[0];
      if (input?.intent !== 'CAPTURE' && input?.intent !== 'AUTHORIZE') {
        return answer(400, error('INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'intent is required.'));
      }
      if (!unit?.amount?.currency_code || typeof unit.amount.value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(unit.amount.value)) {
        return answer(422, error('UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE', 'The amount is not valid.'));
      }
      const order: FakeOrder = {
        id: alnum(17),
        status: 'PAYER_ACTION_REQUIRED',
        intent: input.intent,
        purchaseUnit: { description: unit.description, custom_id: unit.custom_id, amount: unit.amount },
        createTime: now(),
      };
      orders.set(order.id, order);
      return answer(200, {
        id: order.id,
        status: order.status,
        payment_source: { paypal: {} },
        links: [
          { href: `${fake.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
          { href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' },
        ],
      });
    }

    const show = /^\/v2\/checkout\/orders\/([A-Za-z0-9-]+)$/.exec(path);
    if (req.method === 'GET' && show) {
      const order = orders.get(show[1]!);
      if (!order) return send(res, 404, error('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.'));
      return send(res, 200, orderView(order));
    }

    const capture = /^\/v2\/checkout\/orders\/([A-Za-z0-9-]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      if (drop('capture')) return req.socket.destroy();
      if (replayKey && replays.has(replayKey)) {
        const earlier = replays.get(replayKey)!;
        return send(res, earlier.status, earlier.body);
      }
      const order = orders.get(capture[1]!);
      if (!order) return answer(404, error('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.'));
      if (order.status === 'COMPLETED') {
        return answer(422, error('UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.'));
      }
      const b = fake.behaviour;
      if (b.captureIssue) return answer(422, error('UNPROCESSABLE_ENTITY', b.captureIssue, 'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.'));
      const status = b.captureStatus ?? 'COMPLETED';
      const amount = { currency_code: b.captureCurrency ?? order.purchaseUnit.amount.currency_code, value: b.captureAmount ?? order.purchaseUnit.amount.value };
      order.status = 'COMPLETED';
      order.capture = {
        id: alnum(17),
        status,
        ...(status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
        amount,
        final_capture: true,
        seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
        custom_id: order.purchaseUnit.custom_id,
        create_time: now(),
        update_time: now(),
      };
      return answer(201, orderView(order));
    }

    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      if (drop('verify')) return req.socket.destroy();
      const v = body as Record<string, unknown> | null;
      const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'];
      if (!v || fields.some((f) => typeof v[f] !== 'string') || typeof v.webhook_event !== 'object') {
        return send(res, 400, error('VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', 'Invalid data provided'));
      }
      // The event as the caller sent it inside the verify body, compared byte for byte.
      const start = raw.indexOf('"webhook_event":');
      const event = start >= 0 ? raw.slice(start + '"webhook_event":'.length, raw.lastIndexOf('}')) : '';
      const good =
        v.webhook_id === webhookId &&
        v.transmission_sig === sign(v.transmission_id as string, v.transmission_time as string, event);
      const status = fake.behaviour.webhookVerification ?? (good ? 'SUCCESS' : 'FAILURE');
      return send(res, 200, { verification_status: status });
    }

    return send(res, 404, error('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `No fake for ${req.method} ${path}`));
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  fake.url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  return fake;
}
