import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostedCheckout } from './fake-page';
import type { FakeDelivery, FakeIntent, FakeOnvo, FakeOnvoOptions, FakeSession } from './fake-types';

/** The header of each webhook's secret (as in ./onvo; repeated so the fake imports nothing of the workspace). */
const ONVO_WEBHOOK_SECRET_HEADER = 'x-webhook-secret';

export type { FakeDelivery, FakeIntent, FakeOnvo, FakeOnvoOptions, FakeSession } from './fake-types';

const APPROVE = new Set(['4242424242424242', '5555555555554444', '378282246310005']);
const DECLINE = new Set(['4000000000000002']);

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

function readBody(request: IncomingMessage, limit = 64 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) reject(new Error('too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeOnvo(options: FakeOnvoOptions = {}): Promise<FakeOnvo> {
  const secretKey = options.secretKey ?? 'onvo_test_secret_key_fake';
  const webhookSecret = options.webhookSecret ?? 'webhook_secret_fake';
  let webhookUrl = options.webhookUrl;
  const sessions = new Map<string, FakeSession>();
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeOnvo['refunds'] = [];
  const deliveries: FakeDelivery[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: FakeOnvo['requests'] = [];
  let failures: { count: number; status: number } = { count: 0, status: 503 };
  let delays: { count: number; ms: number } = { count: 0, ms: 0 };
  let base = '';

  const state = { dropWebhooks: false };

  async function send(type: string, data: unknown): Promise<void> {
    const body = JSON.stringify({ type, data });
    const headers = { 'content-type': 'application/json', [ONVO_WEBHOOK_SECRET_HEADER]: webhookSecret };
    const delivery: FakeDelivery = { type, body, headers, delivered: false, status: null };
    deliveries.push(delivery);
    if (state.dropWebhooks || !webhookUrl) return;
    try {
      const response = await fetch(webhookUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
      delivery.status = response.status;
      delivery.delivered = response.ok;
      await response.text();
    } catch {
      delivery.status = null;
    }
  }

  const now = () => new Date().toISOString();
  const intentOf = (session: FakeSession): FakeIntent => {
    const existing = session.paymentIntentId ? intents.get(session.paymentIntentId) : undefined;
    if (existing) return existing;
    const intent: FakeIntent = {
      id: id('pi'),
      amount: session.amountTotal,
      currency: session.currency,
      status: 'requires_payment_method',
      description: session.lineItems[0]?.description ?? '',
      // Assumption (the docs are silent): the intent of a checkout session carries its metadata.
      metadata: { ...session.metadata },
      lastPaymentError: null,
      paymentMethod: null,
      refunded: 0,
      createdAt: now(),
      updatedAt: now(),
    };
    intents.set(intent.id, intent);
    session.paymentIntentId = intent.id;
    return intent;
  };

  async function succeed(session: FakeSession, intent: FakeIntent): Promise<void> {
    intent.status = 'succeeded';
    intent.lastPaymentError = null;
    intent.updatedAt = now();
    session.status = 'COMPLETED';
    await send('payment-intent.succeeded', intent);
    await send('checkout-session.succeeded', session);
  }

  async function payWithCard(sessionId: string, cardNumber: string): Promise<'approved' | 'declined' | 'invalid' | 'closed'> {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'OPEN') return 'closed';
    const number = cardNumber.replace(/[\s-]/g, '');
    if (!APPROVE.has(number) && !DECLINE.has(number)) return 'invalid';
    const intent = intentOf(session);
    if (intent.status === 'succeeded' || intent.status === 'processing') return 'closed';
    intent.paymentMethod = { type: 'card' };
    if (DECLINE.has(number)) {
      intent.status = 'requires_payment_method';
      intent.lastPaymentError = { message: 'Your card was declined.', code: 'card_declined' };
      intent.updatedAt = now();
      await send('payment-intent.failed', { ...intent, error: intent.lastPaymentError });
      return 'declined';
    }
    await succeed(session, intent);
    return 'approved';
  }

  async function paySinpe(sessionId: string): Promise<void> {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'OPEN') return;
    const intent = intentOf(session);
    if (intent.status === 'succeeded' || intent.status === 'processing') return;
    intent.paymentMethod = { type: 'mobile_number' };
    intent.status = 'processing';
    intent.lastPaymentError = null;
    intent.updatedAt = now();
    await send('payment-intent.deferred', intent);
  }

  async function receiveSinpe(sessionId: string, ok = true): Promise<void> {
    const session = sessions.get(sessionId);
    const intent = session?.paymentIntentId ? intents.get(session.paymentIntentId) : undefined;
    if (!session || !intent || intent.status !== 'processing') return;
    if (ok) return succeed(session, intent);
    intent.status = 'requires_payment_method';
    intent.lastPaymentError = { message: 'The SINPE Móvil transfer was not received.', code: 'transfer_not_received' };
    intent.updatedAt = now();
    await send('payment-intent.failed', { ...intent, error: intent.lastPaymentError });
  }

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, message: string) =>
    json(response, status, { statusCode: status, message: [message], error: status === 401 ? 'Unauthorized' : 'Bad Request' });

  async function api(request: IncomingMessage, response: ServerResponse, path: string, body: string): Promise<void> {
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: request.method ?? '', path, idempotencyKey });
    if (delays.count > 0) {
      delays.count -= 1;
      await new Promise((resolve) => setTimeout(resolve, delays.ms));
    }
    if (failures.count > 0) {
      failures.count -= 1;
      return error(response, failures.status, 'Simulated failure');
    }
    if (request.headers.authorization !== `Bearer ${secretKey}`) return error(response, 401, 'Invalid API key');
    const memo = idempotencyKey && request.method === 'POST' ? idempotent.get(`${path} ${idempotencyKey}`) : undefined;
    if (memo) return json(response, memo.status, memo.body);
    const remember = (status: number, answer: unknown) => {
      if (idempotencyKey && request.method === 'POST' && status < 500) idempotent.set(`${path} ${idempotencyKey}`, { status, body: answer });
      json(response, status, answer);
    };
    let input: Record<string, unknown> = {};
    if (request.method === 'POST') {
      try {
        input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      } catch {
        return error(response, 400, 'Invalid JSON');
      }
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions/one-time-link') {
      const items = Array.isArray(input.lineItems) ? (input.lineItems as Record<string, unknown>[]) : [];
      const valid =
        items.length > 0 &&
        items.every(
          (item) =>
            Number.isInteger(item.unitAmount) &&
            (item.unitAmount as number) > 0 &&
            (item.currency === 'CRC' || item.currency === 'USD') &&
            Number.isInteger(item.quantity ?? 1),
        );
      if (!valid || typeof input.redirectUrl !== 'string' || typeof input.cancelUrl !== 'string')
        return error(response, 400, 'lineItems, redirectUrl and cancelUrl are required');
      const currency = items[0]?.currency as string;
      if (items.some((item) => item.currency !== currency)) return error(response, 400, 'lineItems must share one currency');
      const sessionId = id('cs');
      const lineItems = items.map((item) => ({
        quantity: (item.quantity as number) ?? 1,
        unitAmount: item.unitAmount as number,
        currency,
        description: String(item.description ?? ''),
      }));
      const session: FakeSession = {
        id: sessionId,
        url: `${base}/pay/${sessionId}`,
        status: 'OPEN',
        lineItems,
        amountTotal: lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0),
        currency,
        redirectUrl: input.redirectUrl,
        cancelUrl: input.cancelUrl,
        metadata: (input.metadata as Record<string, unknown>) ?? {},
        paymentIntentId: null,
        createdAt: now(),
      };
      sessions.set(sessionId, session);
      return remember(201, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1] as string));
      return session ? json(response, 200, session) : error(response, 404, 'Checkout session not found');
    }
    const intentMatch = /^\/v1\/payment-intents\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && intentMatch) {
      const intent = intents.get(decodeURIComponent(intentMatch[1] as string));
      return intent ? json(response, 200, intent) : error(response, 404, 'Payment intent not found');
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(input.paymentIntentId ?? ''));
      if (!intent) return remember(404, { statusCode: 404, message: ['Payment intent not found'] });
      const amount = input.amount === undefined ? intent.amount - intent.refunded : input.amount;
      if (intent.status !== 'succeeded' || !Number.isInteger(amount) || (amount as number) <= 0 || (amount as number) > intent.amount - intent.refunded) {
        return remember(400, { statusCode: 400, message: ['The payment intent cannot be refunded for that amount'] });
      }
      intent.refunded += amount as number;
      const refund = { id: id('rf'), paymentIntentId: intent.id, amount: amount as number, status: 'succeeded', createdAt: now() };
      refunds.push(refund);
      return remember(201, refund);
    }
    return error(response, 404, `Cannot ${request.method} ${path}`);
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      try {
        const url = new URL(request.url ?? '/', 'http://fake');
        const body = request.method === 'POST' ? await readBody(request) : '';
        if (url.pathname.startsWith('/v1/')) return await api(request, response, url.pathname, body);
        if (url.pathname.startsWith('/pay/'))
          return await hostedCheckout({ sessions, intents, payWithCard, paySinpe, receiveSinpe }, request, response, url, body);
        return error(response, 404, 'Not found');
      } catch (caught) {
        if (!response.headersSent) error(response, 500, caught instanceof Error ? caught.message : 'error');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    intents,
    refunds,
    deliveries,
    requests,
    get dropWebhooks() {
      return state.dropWebhooks;
    },
    set dropWebhooks(value: boolean) {
      state.dropWebhooks = value;
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async payWithCard(sessionId, cardNumber) {
      await payWithCard(sessionId, cardNumber);
    },
    paySinpe,
    receiveSinpe,
    failNext(count, status = 503) {
      failures = { count, status };
    },
    delayNext(count, ms) {
      delays = { count, ms };
    },
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
