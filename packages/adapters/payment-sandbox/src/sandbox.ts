import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Locale } from '@ruedas/domain';
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
  type WebhookDelivery,
} from '@ruedas/platform';

import { checkoutSchema, type SandboxCheckoutDoc } from './checkouts';
import { escapeHtml, formPage, judgeCard, page, sinpePage, TEXT } from './pages';
import {
  headerValue,
  SANDBOX_PATH,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxResponse,
  signSandboxWebhook,
  verifySandboxResponse,
  webhookSchema,
  WEBHOOK_CONTEXT,
  type Outcome,
} from './protocol';

export { judgeCard } from './pages';
export {
  SANDBOX_PATH,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxResponse,
  signSandboxWebhook,
  TEST_CARDS,
  verifySandboxResponse,
  type SandboxResponse,
} from './protocol';

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
      await options.deliverWebhook({
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, options.secret) },
        body,
      });
    } catch (error) {
      options.logger?.warn({ err: error, checkoutId: checkout._id }, 'sandbox webhook not delivered; reconciliation will catch up');
    }
  };
  /** Moves a checkout to a new state (an APPROVED one never moves again) and notifies; answers the stored document. */
  const move = async (
    checkout: SandboxCheckoutDoc,
    state: PaymentState,
    channel: PaymentChannel,
    transactionId: string,
    response?: string,
  ): Promise<SandboxCheckoutDoc> => {
    const updated = await checkouts.findOneAndUpdate(
      { _id: checkout._id, state: { $ne: 'APPROVED' } },
      { $set: { state, channel, transactionId, updatedAt: options.clock.now(), ...(state === 'APPROVED' && response ? { approvedResponse: response } : {}) } },
    );
    if (updated) await notify(updated, state);
    return updated ?? ((await checkouts.findById(checkout._id)) as SandboxCheckoutDoc);
  };
  const back = (reply: FastifyReply, checkout: SandboxCheckoutDoc, response: string) =>
    reply
      .code(303)
      .header('location', `${checkout.returnPath}?response=${encodeURIComponent(response)}`)
      .header('cache-control', 'no-store')
      .send();
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
      const expected = createHmac('sha256', options.secret)
        .update(WEBHOOK_CONTEXT + delivery.body)
        .digest();
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
            return html(
              reply,
              200,
              page(locale, TEXT[locale].title, `<h1>${TEXT[locale].paid}</h1><p><a href="${escapeHtml(href)}">${TEXT[locale].back}</a></p>`),
            );
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
