import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ConfigError,
  DomainError,
  fromMinorUnits,
  toMinorUnits,
  type CheckoutRequest,
  type Logger,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentState,
  type PaymentStatus,
  type ProviderCheckout,
  type RefundRequest,
  type RefundResult,
  type WebhookDelivery,
} from '@ruedas/platform';

/** ONVO's public API (docs.onvopay.com: one host for test and live mode; the key decides). */
export const ONVO_DEFAULT_API_URL = 'https://api.onvopay.com';
/** The header ONVO puts each webhook's secret in (docs.onvopay.com/en/webhooks, "Security"). */
export const ONVO_WEBHOOK_SECRET_HEADER = 'x-webhook-secret';
/** The webhook types billing acts on; every other type is acknowledged and ignored. */
export const ONVO_PAYMENT_EVENTS = ['payment-intent.succeeded', 'payment-intent.failed', 'payment-intent.deferred', 'checkout-session.succeeded'] as const;

export interface OnvoOptions {
  /** ONVO_SECRET_KEY: `onvo_live_secret_key_…` (or `onvo_test_secret_key_…` in test mode). */
  secretKey: string;
  /** ONVO_WEBHOOK_SECRET: the secret the ONVO dashboard shows next to the webhook (`webhook_secret_…`). */
  webhookSecret: string;
  /** ONVO_API_URL: default ONVO's public API. */
  apiUrl?: string;
  /** Public base URL of the marketplace (RUEDAS_PUBLIC_URL): the return addresses. */
  publicUrl: string;
  /** Per attempt (ONVO_TIMEOUT_MS, default 10 s). */
  timeoutMs?: number;
  /** Further attempts after a network failure, a timeout, a 429 or a 5xx (ONVO_RETRIES, default 2). */
  retries?: number;
  /** First back-off; doubles per attempt (default 250 ms). */
  retryDelayMs?: number;
  logger?: Logger;
  fetch?: typeof fetch;
}

/** A checkout session as ONVO answers it (the fields this adapter reads). */
interface OnvoCheckoutSession {
  id: string;
  url?: string;
  status?: string;
  paymentIntentId?: string | null;
  metadata?: Record<string, unknown> | null;
  lineItems?: { unitAmount?: number; quantity?: number; currency?: string }[];
  amountTotal?: number;
  currency?: string;
}

/** A payment intent as ONVO answers it (the fields this adapter reads). */
interface OnvoPaymentIntent {
  id: string;
  amount: number;
  currency: string;
  status: string;
  lastPaymentError?: { message?: string; code?: string } | null;
  paymentMethod?: { type?: string } | null;
  paymentMethodType?: string | null;
}

const unavailable = () => new DomainError('UNAVAILABLE', 'paymentProviderUnavailable');
const refused = () => new DomainError('CONFLICT', 'paymentProviderRefused');
const invalidWebhook = () => new DomainError('FORBIDDEN', 'paymentWebhookInvalid');

class OnvoHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`ONVO answered ${status}`);
  }
}

/** Settings check: a production adapter refuses to start without its settings, naming them. */
export function checkOnvoOptions(options: Partial<OnvoOptions>): asserts options is OnvoOptions {
  const missing = (name: string) =>
    new ConfigError(name, 'is required for the ONVO Pay payment provider (set RUEDAS_PAYMENT_PROVIDER=sandbox only for development and demos)');
  if (!options.secretKey?.trim()) throw missing('ONVO_SECRET_KEY');
  if (!/^onvo_(live|test)_secret_key_/.test(options.secretKey.trim()))
    throw new ConfigError('ONVO_SECRET_KEY', 'must be an ONVO secret key (onvo_live_secret_key_… or onvo_test_secret_key_…)');
  if (!options.webhookSecret?.trim()) throw missing('ONVO_WEBHOOK_SECRET');
  if (!options.publicUrl?.trim()) throw missing('RUEDAS_PUBLIC_URL');
  if (options.apiUrl !== undefined) {
    try {
      const url = new URL(options.apiUrl);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('protocol');
    } catch {
      throw new ConfigError('ONVO_API_URL', 'must be an http(s) address');
    }
  }
}

const header = (headers: WebhookDelivery['headers'], name: string): string => {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

const sameSecret = (given: string, expected: string): boolean => {
  // Hash both first: equal lengths for timingSafeEqual whatever was sent.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return given.length > 0 && timingSafeEqual(a, b);
};

/**
 * Where an intent stands, in the port's words. ONVO's states (docs.onvopay.com/en/payments/payment-intents):
 * requires_payment_method (initial; also after a declined attempt: then `lastPaymentError` is set),
 * requires_action (3DS), processing (a SINPE Móvil transfer is awaited), succeeded, canceled.
 */
export function intentState(intent: Pick<OnvoPaymentIntent, 'status' | 'lastPaymentError'>): PaymentState {
  switch (intent.status) {
    case 'succeeded':
      return 'APPROVED';
    case 'processing':
      return 'DEFERRED';
    case 'canceled':
    case 'cancelled':
      return 'CANCELLED';
    case 'requires_payment_method':
      return intent.lastPaymentError ? 'DECLINED' : 'PENDING';
    default:
      return 'PENDING';
  }
}

/**
 * The ONVO Pay adapter of the payment port. A checkout is an ONVO Checkout one-time link (hosted page
 * with the card and SINPE Móvil options ONVO offers the merchant), in the invoice's currency and in
 * minor units, with the invoice id in its metadata and as the Idempotency-Key. The browser comes back
 * to `<returnPath>?invoice=<id>`; nothing it carries is trusted: billing asks `retrieve`, which reads
 * the session and its payment intent from ONVO's API. Webhooks are verified by their secret header
 * and only say which checkout to ask about. Every call has a timeout and retries (with back-off) on
 * network failures, timeouts, 429 and 5xx; POSTs carry an Idempotency-Key so a retry cannot pay or
 * refund twice.
 */
export function createOnvoProvider(options: OnvoOptions): PaymentProvider {
  checkOnvoOptions(options);
  const apiUrl = (options.apiUrl ?? ONVO_DEFAULT_API_URL).replace(/\/+$/, '');
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const doFetch = options.fetch ?? fetch;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      if (attempt > 0) await sleep(retryDelayMs * 2 ** (attempt - 1));
      try {
        const response = await doFetch(`${apiUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${options.secretKey}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        if (response.ok) return (text ? JSON.parse(text) : {}) as T;
        const error = new OnvoHttpError(response.status, text.slice(0, 500));
        if (response.status === 429 || response.status >= 500) {
          lastError = error;
          continue;
        }
        throw error;
      } catch (error) {
        if (error instanceof OnvoHttpError) throw error;
        lastError = error; // network failure, timeout, unreadable answer: try again
      }
    }
    options.logger?.warn({ err: lastError, method, path }, 'ONVO did not answer after retries');
    throw unavailable();
  }

  /** Calls that answer the port's errors: a 4xx is a refusal, everything else unavailability. */
  async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    try {
      return await call<T>(method, path, body, idempotencyKey);
    } catch (error) {
      if (error instanceof OnvoHttpError) {
        options.logger?.warn({ status: error.status, body: error.body, method, path }, 'ONVO refused a request');
        if (error.status === 404) throw new DomainError('NOT_FOUND', 'notFound');
        throw refused();
      }
      throw error;
    }
  }

  const sessionAmount = (session: OnvoCheckoutSession): { amount: number; currency: string } => {
    if (typeof session.amountTotal === 'number')
      return { amount: fromMinorUnits(session.amountTotal), currency: String(session.currency ?? session.lineItems?.[0]?.currency ?? '') };
    const items = session.lineItems ?? [];
    const minor = items.reduce((sum, item) => sum + (item.unitAmount ?? 0) * (item.quantity ?? 1), 0);
    return { amount: fromMinorUnits(minor), currency: String(items[0]?.currency ?? session.currency ?? '') };
  };

  return {
    kind: 'onvo',
    async createCheckout(request: CheckoutRequest): Promise<ProviderCheckout> {
      const back = (cancelled: boolean) =>
        `${publicUrl}${request.returnPath}?invoice=${encodeURIComponent(request.invoiceId)}${cancelled ? '&cancelled=1' : ''}`;
      const session = await api<OnvoCheckoutSession>(
        'POST',
        '/v1/checkout/sessions/one-time-link',
        {
          lineItems: [{ quantity: 1, unitAmount: toMinorUnits(request.amount), currency: request.currency, description: request.description.slice(0, 200) }],
          redirectUrl: back(false),
          cancelUrl: back(true),
          metadata: { invoiceId: request.invoiceId, kind: request.kind },
        },
        `checkout-${request.invoiceId}`,
      );
      if (!session?.id || !session.url) throw unavailable();
      return { checkoutId: session.id, redirectUrl: session.url };
    },

    async retrieve(checkoutId: string): Promise<PaymentStatus> {
      const session = await api<OnvoCheckoutSession>('GET', `/v1/checkout/sessions/${encodeURIComponent(checkoutId)}`);
      const invoiceId = String(session.metadata?.invoiceId ?? '');
      const { amount, currency } = sessionAmount(session);
      const base = { checkoutId: session.id ?? checkoutId, invoiceId, amount, currency, issuedAt: new Date() };
      if (!session.paymentIntentId) {
        const state: PaymentState = /expired|canceled|cancelled/i.test(String(session.status ?? '')) ? 'CANCELLED' : 'PENDING';
        return { ...base, state, transactionId: null, channel: null };
      }
      const intent = await api<OnvoPaymentIntent>('GET', `/v1/payment-intents/${encodeURIComponent(session.paymentIntentId)}`);
      const state = intentState(intent);
      const method = intent.paymentMethod?.type ?? intent.paymentMethodType ?? null;
      const channel = method === 'mobile_number' || state === 'DEFERRED' ? 'SINPE_MOVIL' : method ? 'CARD' : null;
      return { ...base, amount: fromMinorUnits(intent.amount), currency: String(intent.currency), state, transactionId: intent.id, channel };
    },

    async parseWebhook(delivery: WebhookDelivery): Promise<PaymentEvent | null> {
      if (!sameSecret(header(delivery.headers, ONVO_WEBHOOK_SECRET_HEADER), options.webhookSecret)) throw invalidWebhook();
      let parsed: { id?: unknown; type?: unknown; data?: { id?: unknown; metadata?: Record<string, unknown> | null; paymentIntentId?: unknown } };
      try {
        parsed = JSON.parse(delivery.body) as typeof parsed;
      } catch {
        throw new DomainError('VALIDATION', 'paymentWebhookInvalid');
      }
      if (typeof parsed?.type !== 'string' || typeof parsed.data !== 'object' || parsed.data === null || typeof parsed.data.id !== 'string') {
        throw new DomainError('VALIDATION', 'paymentWebhookInvalid');
      }
      if (!(ONVO_PAYMENT_EVENTS as readonly string[]).includes(parsed.type)) return null;
      // ONVO's payload is { type, data } (no event id documented): a delivery and its retries carry the
      // same body, so its digest is the event's id; a top-level id is preferred when ONVO sends one.
      const eventId = typeof parsed.id === 'string' && parsed.id ? parsed.id : createHash('sha256').update(delivery.body).digest('hex');
      const invoiceId = typeof parsed.data.metadata?.invoiceId === 'string' ? parsed.data.metadata.invoiceId : null;
      const checkoutId = parsed.type.startsWith('checkout-session.') ? parsed.data.id : null;
      return { eventId, type: parsed.type, checkoutId, invoiceId };
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const refund = await api<{ id?: string; status?: string }>(
        'POST',
        '/v1/refunds',
        { paymentIntentId: request.transactionId, amount: toMinorUnits(request.amount) },
        `refund-${request.invoiceId}`,
      );
      if (!refund?.id) throw unavailable();
      const state =
        refund.status && /fail|cancel/i.test(refund.status) ? null : refund.status && /pending|processing/i.test(refund.status) ? 'PENDING' : 'DONE';
      if (!state) throw refused();
      return { refundId: refund.id, state };
    },
  };
}
