import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Schema } from 'mongoose';
import { z } from 'zod';
import { SANDBOX_PATH } from './path';
import { escapeHtml, formatMoney, type Locale } from '@ruedas/domain';
import {
  DomainError,
  localeFrom,
  type CheckoutRequest,
  type Clock,
  type Collection,
  type DocumentStore,
  type Logger,
  type PaymentChannel,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentState,
  type PaymentStatus,
  type ProviderCheckout,
  type RefundRequest,
  type RefundResult,
  type StoredDocument,
  type WebhookDelivery,
} from '@ruedas/platform';

type Outcome = 'APPROVED' | 'DECLINED' | 'CANCELLED';
type InvoiceKind = CheckoutRequest['kind'];

/**
 * The embedded payment provider: a hosted checkout page served by the service that uses it at
 * `/sandbox-pay/{checkoutId}`, standing in for a card provider. It signs its responses and its
 * webhooks with HMAC-SHA256 and a secret from the settings (generated into the data folder in
 * development). Never in production: it takes test cards and charges nothing.
 *
 * Test cards (any future expiry MM/YY, any 3-digit CVC, any name):
 * - 4242 4242 4242 4242 and 5555 5555 5555 4444: approved;
 * - 4000 0000 0000 0002: declined;
 * - 4000 0000 0000 0069: cancelled at the bank (as the Cancel button does).
 */
export { SANDBOX_PATH };
export const TEST_CARDS: Readonly<Record<string, Outcome>> = {
  '4242424242424242': 'APPROVED',
  '5555555555554444': 'APPROVED',
  '4000000000000002': 'DECLINED',
  '4000000000000069': 'CANCELLED',
};
const SIGNATURE_CONTEXT = 'ruedas-sandbox-v1.';
const WEBHOOK_CONTEXT = 'ruedas-sandbox-webhook-v1.';
/** Header of the sandbox's webhook signature: base64url(HMAC-SHA256(secret, context + body)). */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const responseSchema = z.object({
  checkoutId: z.string().min(1),
  invoiceId: z.string().min(1),
  transactionId: z.string().min(1),
  outcome: z.enum(['APPROVED', 'DECLINED', 'CANCELLED', 'DEFERRED']),
  amount: z.number().nonnegative(),
  currency: z.string(),
  issuedAt: z.iso.datetime(),
});
type ResponsePayload = z.infer<typeof responseSchema>;

/** Signs a response payload as the sandbox does: `base64url(JSON).base64url(HMAC)`. */
export function signSandboxResponse(payload: ResponsePayload, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', secret).update(SIGNATURE_CONTEXT + body).digest('base64url');
  return `${body}.${mac}`;
}

const invalid = () => new DomainError('VALIDATION', 'paymentResponseInvalid');

/** A response's content, verified. */
export interface SandboxResponse {
  checkoutId: string;
  invoiceId: string;
  transactionId: string;
  outcome: Outcome | 'DEFERRED';
  amount: number;
  currency: string;
  issuedAt: Date;
}

/** Checks the signature in constant time, then the shape; throws `paymentResponseInvalid`. */
export function verifySandboxResponse(response: string, secret: string): SandboxResponse {
  const [body, mac, ...rest] = String(response).trim().split('.');
  if (!body || !mac || rest.length > 0) throw invalid();
  const expected = createHmac('sha256', secret).update(SIGNATURE_CONTEXT + body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let parsed: ResponsePayload;
  try {
    parsed = responseSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    throw invalid();
  }
  return { ...parsed, issuedAt: new Date(parsed.issuedAt) };
}

interface SandboxCheckoutDoc extends StoredDocument {
  invoiceId: string;
  kind: InvoiceKind;
  amount: number;
  currency: string;
  description: string;
  returnPath: string;
  locale: Locale;
  createdAt: Date;
  /** The approved response once paid: the page then only offers the way back. */
  approvedResponse: string | null;
  state: PaymentState;
  transactionId: string | null;
  channel: PaymentChannel | null;
  refundId: string | null;
  updatedAt: Date;
}

const checkoutSchema = new Schema(
  {
    _id: String,
    invoiceId: { type: String, required: true },
    kind: { type: String, required: true },
    amount: { type: Number, required: true },
    currency: { type: String, required: true },
    description: { type: String, default: '' },
    returnPath: { type: String, required: true },
    locale: { type: String, default: 'es' },
    createdAt: { type: Date, required: true },
    approvedResponse: { type: String, default: null },
    state: { type: String, default: 'PENDING' },
    transactionId: { type: String, default: null },
    channel: { type: String, default: null },
    refundId: { type: String, default: null },
    updatedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

const TEXT = {
  es: {
    title: 'Pago seguro (entorno de pruebas)',
    sandbox: 'Entorno de pruebas: no se cobra dinero real.',
    amount: 'Monto a pagar',
    card: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    cvc: 'Código de seguridad (CVC)',
    holder: 'Nombre en la tarjeta',
    pay: 'Pagar',
    cancel: 'Cancelar el pago',
    cards: 'Tarjetas de prueba',
    approve: 'aprobada',
    decline: 'rechazada',
    cancelled: 'cancelada por el banco',
    errors: 'Revise los datos de la tarjeta:',
    badCard: 'Use una de las tarjetas de prueba.',
    badExpiry: 'Ingrese un vencimiento futuro con formato MM/AA.',
    badCvc: 'Ingrese 3 o 4 dígitos.',
    badHolder: 'Ingrese el nombre como aparece en la tarjeta.',
    paid: 'Este pago ya fue aprobado.',
    back: 'Volver al sitio',
    unknown: 'Este pago no existe o ya no está disponible.',
    other: 'English',
    sinpe: 'Usar SINPE Móvil (simulado)',
    sinpeWaiting: 'Esperando la transferencia SINPE Móvil',
    sinpeHelp: 'En producción, el comprador transfiere el monto exacto por SINPE Móvil y el proveedor confirma el pago cuando la recibe.',
    sinpeArrive: 'Simular que llegó la transferencia',
    declineAfter: 'Simular que la transferencia no llegó',
  },
  en: {
    title: 'Secure payment (sandbox)',
    sandbox: 'Sandbox: no real money is charged.',
    amount: 'Amount to pay',
    card: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code (CVC)',
    holder: 'Name on the card',
    pay: 'Pay',
    cancel: 'Cancel the payment',
    cards: 'Test cards',
    approve: 'approved',
    decline: 'declined',
    cancelled: 'cancelled by the bank',
    errors: 'Check the card details:',
    badCard: 'Use one of the test cards.',
    badExpiry: 'Enter a future expiry as MM/YY.',
    badCvc: 'Enter 3 or 4 digits.',
    badHolder: 'Enter the name as it appears on the card.',
    paid: 'This payment was already approved.',
    back: 'Back to the site',
    unknown: 'This payment does not exist or is no longer available.',
    other: 'Español',
    sinpe: 'Use SINPE Móvil (simulated)',
    sinpeWaiting: 'Waiting for the SINPE Móvil transfer',
    sinpeHelp: 'In production, the buyer transfers the exact amount through SINPE Móvil and the provider confirms the payment once it arrives.',
    sinpeArrive: 'Simulate the transfer arriving',
    declineAfter: 'Simulate the transfer not arriving',
  },
} as const;

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1b1e;background:#f1f3f5}
main{max-width:28rem;margin:0 auto;padding:1rem}h1{font-size:1.35rem;margin:.5rem 0}.card{background:#fff;border-radius:8px;padding:1rem;box-shadow:0 1px 3px #0002}
.note{background:#fff3bf;padding:.5rem .75rem;border-radius:6px}.amount{font-size:1.5rem;font-weight:700}
label{display:block;font-weight:600;margin-top:.75rem}input{width:100%;font-size:1rem;padding:.6rem;border:1px solid #868e96;border-radius:6px}
input[aria-invalid=true]{border-color:#c92a2a}.error{color:#c92a2a;margin:.25rem 0 0}.row{display:flex;gap:.75rem}.row>div{flex:1;min-width:0}
button{width:100%;font-size:1rem;padding:.75rem;margin-top:1rem;border-radius:6px;border:0;cursor:pointer;min-height:44px}
.pay{background:#1c7ed6;color:#fff}.cancel{background:#e9ecef;color:#1a1b1e}button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f59f00;outline-offset:2px}
.alert{border:2px solid #c92a2a;border-radius:6px;padding:.5rem .75rem;margin-top:.75rem}code{font-size:.95rem}ul{padding-left:1.25rem}`;

type FieldErrors = Partial<Record<'cardNumber' | 'expiry' | 'cvc' | 'holder', string>>;

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function formPage(checkout: SandboxCheckoutDoc, locale: Locale, errors: FieldErrors = {}, values: Record<string, string> = {}): string {
  const t = TEXT[locale];
  const other: Locale = locale === 'es' ? 'en' : 'es';
  const action = `${SANDBOX_PATH}/${encodeURIComponent(checkout._id)}?lang=${locale}`;
  const field = (name: keyof FieldErrors, label: string, attributes: string) => {
    const error = errors[name];
    return `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" ${attributes} value="${escapeHtml(values[name] ?? '')}"${
      error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
    }>${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}`;
  };
  const summary = Object.keys(errors).length
    ? `<div class="alert" role="alert"><strong>${escapeHtml(t.errors)}</strong><ul>${Object.values(errors).map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul></div>`
    : '';
  return page(
    locale,
    t.title,
    `<p><a href="${SANDBOX_PATH}/${encodeURIComponent(checkout._id)}?lang=${other}" lang="${other}">${t.other}</a></p>
<h1>${escapeHtml(t.title)}</h1><p class="note">${escapeHtml(t.sandbox)}</p>
<div class="card"><p>${escapeHtml(checkout.description)}</p><p>${escapeHtml(t.amount)}: <span class="amount">${escapeHtml(formatMoney(checkout.amount, 'CRC', locale))}</span></p>
${summary}<form method="post" action="${action}" novalidate>
${field('cardNumber', t.card, 'inputmode="numeric" autocomplete="cc-number" required')}
<div class="row"><div>${field('expiry', t.expiry, 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" required')}</div>
<div>${field('cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" required')}</div></div>
${field('holder', t.holder, 'autocomplete="cc-name" required')}
<button class="pay" type="submit" name="action" value="pay">${escapeHtml(t.pay)} ${escapeHtml(formatMoney(checkout.amount, 'CRC', locale))}</button>
<button class="cancel" type="submit" name="action" value="sinpe" formnovalidate>${escapeHtml(t.sinpe)}</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(t.cancel)}</button>
</form></div>
<h2>${escapeHtml(t.cards)}</h2><ul><li><code>4242 4242 4242 4242</code>: ${t.approve}</li><li><code>5555 5555 5555 4444</code>: ${t.approve}</li>
<li><code>4000 0000 0000 0002</code>: ${t.decline}</li><li><code>4000 0000 0000 0069</code>: ${t.cancelled}</li></ul>`,
  );
}

/** Checks the card form; answers the outcome of a test card, or the field errors. */
export function judgeCard(form: Record<string, string>, locale: Locale, now: Date): { outcome: Outcome } | { errors: FieldErrors } {
  const t = TEXT[locale];
  const errors: FieldErrors = {};
  const number = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  const outcome = TEST_CARDS[number];
  if (!outcome) errors.cardNumber = t.badCard;
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec((form.expiry ?? '').trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  const endOfMonth = Date.UTC(year, month, 1);
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now.getTime()) errors.expiry = t.badExpiry;
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) errors.cvc = t.badCvc;
  if ((form.holder ?? '').trim().length < 2) errors.holder = t.badHolder;
  return Object.keys(errors).length || !outcome ? { errors } : { outcome };
}

function sinpePage(checkout: SandboxCheckoutDoc, locale: Locale): string {
  const t = TEXT[locale];
  const action = `${SANDBOX_PATH}/${encodeURIComponent(checkout._id)}?lang=${locale}`;
  return page(
    locale,
    t.title,
    `<h1>${escapeHtml(t.sinpeWaiting)}</h1><p class="note">${escapeHtml(t.sandbox)}</p>
<div class="card"><p>${escapeHtml(checkout.description)}</p><p>${escapeHtml(t.amount)}: <span class="amount">${escapeHtml(formatMoney(checkout.amount, 'CRC', locale))}</span></p>
<p>${escapeHtml(t.sinpeHelp)}</p><form method="post" action="${action}">
<button class="pay" type="submit" name="action" value="sinpe-arrived">${escapeHtml(t.sinpeArrive)}</button>
<button class="cancel" type="submit" name="action" value="sinpe-failed">${escapeHtml(t.declineAfter)}</button></form></div>`,
  );
}

export interface SandboxOptions {
  store: DocumentStore;
  clock: Clock;
  /** HMAC secret of the responses and webhooks. */
  secret: string;
  /** Public base URL of the marketplace: the checkout page's address. */
  publicUrl: string;
  /** Hands a webhook to its receiver (billing, in the same process); a failure is logged, never shown to the buyer. */
  deliverWebhook?: (delivery: WebhookDelivery) => Promise<void>;
  logger?: Logger;
}

const webhookSchema = z.object({ id: z.string().min(1), type: z.string().min(1), checkoutId: z.string().min(1), invoiceId: z.string().min(1) });

/** Signs a webhook body as the sandbox does. */
export function signSandboxWebhook(body: string, secret: string): string {
  return createHmac('sha256', secret).update(WEBHOOK_CONTEXT + body).digest('base64url');
}

const headerValue = (headers: WebhookDelivery['headers'], name: string): string => {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

/** The sandbox provider: checkouts in its own collection, the hosted page, signed responses and webhooks. */
export async function createSandboxProvider(options: SandboxOptions): Promise<PaymentProvider> {
  const checkouts: Collection<SandboxCheckoutDoc> = await options.store.collection<SandboxCheckoutDoc>('billing_sandbox_checkouts', checkoutSchema);
  const base = options.publicUrl.replace(/\/+$/, '');

  const sign = (checkout: SandboxCheckoutDoc, outcome: Outcome | 'DEFERRED', transactionId: string): string =>
    signSandboxResponse(
      {
        checkoutId: checkout._id,
        invoiceId: checkout.invoiceId,
        transactionId,
        outcome,
        amount: checkout.amount,
        currency: checkout.currency,
        issuedAt: options.clock.now().toISOString(),
      },
      options.secret,
    );
  const statusOf = (checkout: SandboxCheckoutDoc): PaymentStatus => ({
    checkoutId: checkout._id,
    invoiceId: checkout.invoiceId,
    state: checkout.state ?? (checkout.approvedResponse ? 'APPROVED' : 'PENDING'),
    transactionId: checkout.transactionId ?? null,
    channel: checkout.channel ?? null,
    amount: checkout.amount,
    currency: checkout.currency,
    issuedAt: options.clock.now(),
  });
  const notify = async (checkout: SandboxCheckoutDoc, state: PaymentState): Promise<void> => {
    if (!options.deliverWebhook) return;
    const body = JSON.stringify({ id: randomUUID(), type: `payment.${state.toLowerCase()}`, checkoutId: checkout._id, invoiceId: checkout.invoiceId });
    try {
      await options.deliverWebhook({ headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, options.secret) }, body });
    } catch (error) {
      options.logger?.warn({ err: error, checkoutId: checkout._id }, 'sandbox webhook not delivered; reconciliation will catch up');
    }
  };
  /** Moves a checkout to a new state (an APPROVED one never moves again) and notifies; answers the stored document. */
  const move = async (checkout: SandboxCheckoutDoc, state: PaymentState, channel: PaymentChannel, transactionId: string, response?: string): Promise<SandboxCheckoutDoc> => {
    const updated = await checkouts.findOneAndUpdate(
      { _id: checkout._id, state: { $ne: 'APPROVED' } },
      { $set: { state, channel, transactionId, updatedAt: options.clock.now(), ...(state === 'APPROVED' && response ? { approvedResponse: response } : {}) } },
    );
    if (updated) await notify(updated, state);
    return updated ?? ((await checkouts.findById(checkout._id)) as SandboxCheckoutDoc);
  };
  const back = (reply: FastifyReply, checkout: SandboxCheckoutDoc, response: string) =>
    reply.code(303).header('location', `${checkout.returnPath}?response=${encodeURIComponent(response)}`).header('cache-control', 'no-store').send();
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('x-frame-options', 'DENY').send(body);
  const localeOf = (query: unknown, acceptLanguage: string | undefined): Locale => {
    const lang = (query as { lang?: string } | undefined)?.lang;
    return lang === 'en' || lang === 'es' ? lang : localeFrom(acceptLanguage);
  };

  return {
    kind: 'sandbox',
    async createCheckout(request: CheckoutRequest): Promise<ProviderCheckout> {
      const id = randomUUID();
      await checkouts.insertOne({
        _id: id,
        invoiceId: request.invoiceId,
        kind: request.kind,
        amount: request.amount,
        currency: request.currency,
        description: request.description,
        returnPath: request.returnPath,
        locale: request.locale,
        createdAt: options.clock.now(),
        approvedResponse: null,
        state: 'PENDING',
        transactionId: null,
        channel: null,
        refundId: null,
        updatedAt: options.clock.now(),
      });
      return { checkoutId: id, redirectUrl: `${base}${SANDBOX_PATH}/${id}?lang=${request.locale}` };
    },
    async retrieve(checkoutId: string): Promise<PaymentStatus> {
      const checkout = await checkouts.findById(String(checkoutId));
      if (!checkout) throw new DomainError('NOT_FOUND', 'notFound');
      return statusOf(checkout);
    },
    async parseWebhook(delivery: WebhookDelivery): Promise<PaymentEvent | null> {
      const given = Buffer.from(headerValue(delivery.headers, SANDBOX_SIGNATURE_HEADER), 'base64url');
      const expected = createHmac('sha256', options.secret).update(WEBHOOK_CONTEXT + delivery.body).digest();
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new DomainError('FORBIDDEN', 'paymentWebhookInvalid');
      let parsed: z.infer<typeof webhookSchema>;
      try {
        parsed = webhookSchema.parse(JSON.parse(delivery.body));
      } catch {
        throw new DomainError('VALIDATION', 'paymentWebhookInvalid');
      }
      return { eventId: parsed.id, type: parsed.type, checkoutId: parsed.checkoutId, invoiceId: parsed.invoiceId };
    },
    async refund(request: RefundRequest): Promise<RefundResult> {
      const checkout = await checkouts.findOne({ invoiceId: request.invoiceId, transactionId: request.transactionId });
      if (!checkout || checkout.state !== 'APPROVED' || request.amount > checkout.amount) throw new DomainError('CONFLICT', 'paymentProviderRefused');
      if (checkout.refundId) return { refundId: checkout.refundId, state: 'DONE' };
      await checkouts.updateOne({ _id: checkout._id, refundId: null }, { $set: { refundId: `rf_${randomUUID()}` } });
      const stored = (await checkouts.findById(checkout._id)) as SandboxCheckoutDoc;
      return { refundId: stored.refundId as string, state: 'DONE' };
    },
    async verifyResponse(response: string): Promise<PaymentStatus> {
      const verified = verifySandboxResponse(response, options.secret);
      // The response does not name the channel; the checkout it belongs to does.
      const stored = await checkouts.findById(verified.checkoutId);
      const channel: PaymentChannel = stored?.channel ?? (verified.outcome === 'DEFERRED' ? 'SINPE_MOVIL' : 'CARD');
      return { ...verified, state: verified.outcome, channel };
    },
    async routes(app: FastifyInstance) {
      await app.register(async (scope) => {
        // Form posts are parsed in this scope only.
        scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        });
        scope.get(`${SANDBOX_PATH}/:checkoutId`, async (request, reply) => {
          const locale = localeOf(request.query, request.headers['accept-language']);
          const checkout = await checkouts.findById((request.params as { checkoutId: string }).checkoutId);
          if (!checkout) return html(reply, 404, page(locale, TEXT[locale].title, `<h1>${TEXT[locale].unknown}</h1>`));
          if (checkout.approvedResponse) {
            const href = `${checkout.returnPath}?response=${encodeURIComponent(checkout.approvedResponse)}`;
            return html(reply, 200, page(locale, TEXT[locale].title, `<h1>${TEXT[locale].paid}</h1><p><a href="${escapeHtml(href)}">${TEXT[locale].back}</a></p>`));
          }
          if (checkout.state === 'DEFERRED') return html(reply, 200, sinpePage(checkout, locale));
          return html(reply, 200, formPage(checkout, locale));
        });
        scope.post(`${SANDBOX_PATH}/:checkoutId`, async (request, reply) => {
          const locale = localeOf(request.query, request.headers['accept-language']);
          const checkout = await checkouts.findById((request.params as { checkoutId: string }).checkoutId);
          if (!checkout) return html(reply, 404, page(locale, TEXT[locale].title, `<h1>${TEXT[locale].unknown}</h1>`));
          if (checkout.approvedResponse) return back(reply, checkout, checkout.approvedResponse);
          const form = (request.body ?? {}) as Record<string, string>;
          if (form.action === 'cancel') {
            const moved = await move(checkout, 'CANCELLED', 'CARD', randomUUID());
            return back(reply, moved, sign(moved, 'CANCELLED', moved.transactionId as string));
          }
          if (form.action === 'sinpe') {
            const moved = await move(checkout, 'DEFERRED', 'SINPE_MOVIL', randomUUID());
            return back(reply, moved, sign(moved, 'DEFERRED', moved.transactionId as string));
          }
          if (form.action === 'sinpe-arrived' && checkout.state === 'DEFERRED') {
            const response = sign(checkout, 'APPROVED', checkout.transactionId as string);
            const moved = await move(checkout, 'APPROVED', 'SINPE_MOVIL', checkout.transactionId as string, response);
            return back(reply, moved, moved.approvedResponse ?? response);
          }
          if (form.action === 'sinpe-failed' && checkout.state === 'DEFERRED') {
            const moved = await move(checkout, 'DECLINED', 'SINPE_MOVIL', randomUUID());
            return back(reply, moved, sign(moved, 'DECLINED', moved.transactionId as string));
          }
          const judged = judgeCard(form, locale, options.clock.now());
          if ('errors' in judged) {
            const { cvc: _cvc, ...kept } = form;
            return html(reply, 422, formPage(checkout, locale, judged.errors, kept));
          }
          const transactionId = randomUUID();
          const response = sign(checkout, judged.outcome, transactionId);
          const moved = await move(checkout, judged.outcome, 'CARD', transactionId, response);
          if (judged.outcome === 'APPROVED') return back(reply, moved, moved.approvedResponse ?? response);
          return back(reply, moved, sign(moved, judged.outcome, moved.transactionId as string));
        });
      });
    },
  };
}
