/** The shapes of the fake ONVO Pay: its options, sessions, intents, webhooks and handle. */

/**
 * An in-process fake of ONVO Pay's API and hosted checkout, built from ONVO's documented endpoints
 * and payloads (see the README for the pages and the assumptions), so the ONVO adapter runs in every
 * test run the way the MinIO adapter runs against s3rver:
 *
 * - `POST /v1/checkout/sessions/one-time-link`, `GET /v1/checkout/sessions/:id`,
 *   `GET /v1/payment-intents/:id`, `POST /v1/refunds` with `Authorization: Bearer <secret key>`;
 *   POSTs honour `Idempotency-Key` (the same key answers the first answer);
 * - the hosted page `GET /pay/:sessionId` with a card form (ONVO's test cards: 4242 4242 4242 4242 and
 *   5555 5555 5555 4444 approve, 4000 0000 0000 0002 is declined) and a SINPE Móvil option (the intent
 *   goes to `processing`, `payment-intent.deferred` is sent; the transfer "arrives" with
 *   `receiveSinpe` or the page's test button);
 * - webhooks `{ type, data }` POSTed as JSON with `X-Webhook-Secret` to `webhookUrl`;
 * - faults for tests: `failNext(n, status)`, `delayNext(n, ms)`, `dropWebhooks`.
 */
export interface FakeOnvoOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where webhooks go (may be set later with `setWebhookUrl`). */
  webhookUrl?: string;
  port?: number;
  host?: string;
}

export interface FakeSession {
  id: string;
  url: string;
  status: 'OPEN' | 'COMPLETED' | 'EXPIRED';
  lineItems: { quantity: number; unitAmount: number; currency: string; description: string }[];
  amountTotal: number;
  currency: string;
  redirectUrl: string;
  cancelUrl: string;
  metadata: Record<string, unknown>;
  paymentIntentId: string | null;
  createdAt: string;
}

export interface FakeIntent {
  id: string;
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  description: string;
  metadata: Record<string, unknown>;
  lastPaymentError: { message: string; code: string } | null;
  paymentMethod: { type: 'card' | 'mobile_number' } | null;
  refunded: number;
  createdAt: string;
  updatedAt: string;
}

export interface FakeDelivery {
  type: string;
  body: string;
  headers: Record<string, string>;
  delivered: boolean;
  status: number | null;
}

export interface FakeOnvo {
  /** Base URL of the API (ONVO_API_URL) and of the hosted pages. */
  readonly url: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly sessions: Map<string, FakeSession>;
  readonly intents: Map<string, FakeIntent>;
  readonly refunds: { id: string; paymentIntentId: string; amount: number }[];
  /** Every webhook the fake sent or dropped, in order. */
  readonly deliveries: FakeDelivery[];
  /** While true, webhooks are recorded but never sent (a lost webhook). */
  dropWebhooks: boolean;
  setWebhookUrl(url: string | undefined): void;
  /** Acts as the buyer on the hosted page (what the page's forms do). */
  payWithCard(sessionId: string, cardNumber: string): Promise<void>;
  paySinpe(sessionId: string): Promise<void>;
  /** The SINPE Móvil transfer of a deferred payment arrives (or never does: `ok = false`). */
  receiveSinpe(sessionId: string, ok?: boolean): Promise<void>;
  /** The next `count` API requests answer `status` (503 by default). */
  failNext(count: number, status?: number): void;
  /** The next `count` API requests wait `ms` before answering. */
  delayNext(count: number, ms: number): void;
  /** API requests received (method and path), for assertions on retries. */
  readonly requests: { method: string; path: string; idempotencyKey: string | null }[];
  close(): Promise<void>;
}
