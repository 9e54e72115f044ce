import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDomainError, type CheckoutRequest, type PaymentProvider, type ProviderCheckout, type WebhookDelivery } from '@ruedas/platform';

/**
 * What every payment provider adapter is held to. The harness gives the provider and, where the
 * hosted page can be driven without a person (the sandbox, the fake of ONVO's API), a buyer; against
 * a real provider's test mode only the parts without a buyer run.
 */
export interface PaymentBuyer {
  payWithCard(checkout: ProviderCheckout, outcome: 'approve' | 'decline'): Promise<void>;
  /** Leaves the hosted page with its cancel action. */
  cancel(checkout: ProviderCheckout): Promise<void>;
  /** Chooses SINPE Móvil: the payment waits for the transfer. */
  startSinpe(checkout: ProviderCheckout): Promise<void>;
  /** The SINPE Móvil transfer arrives. */
  completeSinpe(checkout: ProviderCheckout): Promise<void>;
}

export interface PaymentProviderHarness {
  provider: PaymentProvider;
  buyer?: PaymentBuyer;
  /** The webhooks the provider sent (or would have sent) so far, oldest first. */
  webhooks(): WebhookDelivery[];
  /** A webhook as the provider sends it, but with a wrong or missing secret or signature. */
  forged(checkout: ProviderCheckout, invoiceId: string): WebhookDelivery[];
  close(): Promise<void>;
}

const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  invoiceId: `contract-${randomUUID()}`,
  kind: 'OPPORTUNITY',
  amount: 25_000,
  currency: 'CRC',
  description: 'Ruedas: GOLD (contract)',
  returnPath: '/paymentResultView',
  locale: 'es',
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return error.messageKey;
    throw error;
  }
  throw new Error('expected a refusal');
}

export function runPaymentProviderContractTests(name: string, makeHarness: () => Promise<PaymentProviderHarness>): void {
  describe(`PaymentProvider contract: ${name}`, () => {
    let harness: PaymentProviderHarness;
    let provider: PaymentProvider;

    beforeAll(async () => {
      harness = await makeHarness();
      provider = harness.provider;
    });
    afterAll(async () => {
      await harness?.close();
    });

    const newWebhooks = (before: number) => harness.webhooks().slice(before);
    const concerns = async (deliveries: WebhookDelivery[], checkout: ProviderCheckout, invoiceId: string) => {
      const events = (await Promise.all(deliveries.map((delivery) => provider.parseWebhook(delivery)))).filter((event) => event !== null);
      return events.filter((event) => event.checkoutId === checkout.checkoutId || event.invoiceId === invoiceId);
    };

    it('opens a checkout with an address to send the browser to; nothing is paid yet', async () => {
      const asked = request();
      const checkout = await provider.createCheckout(asked);
      expect(checkout.checkoutId).toBeTruthy();
      expect(() => new URL(checkout.redirectUrl)).not.toThrow();
      const status = await provider.retrieve(checkout.checkoutId);
      expect(status).toMatchObject({ checkoutId: checkout.checkoutId, invoiceId: asked.invoiceId, state: 'PENDING', amount: 25_000, currency: 'CRC' });
    });

    it('refuses forged webhooks (no secret, a wrong one, a tampered signature) without reading them', async () => {
      const asked = request();
      const checkout = await provider.createCheckout(asked);
      for (const delivery of harness.forged(checkout, asked.invoiceId)) {
        expect(await refusal(provider.parseWebhook(delivery))).toBe('paymentWebhookInvalid');
      }
    });

    it('refuses to refund a payment that does not exist', async () => {
      const key = await refusal(
        provider.refund({ invoiceId: `contract-${randomUUID()}`, transactionId: `none-${randomUUID()}`, amount: 100, currency: 'CRC' }),
      );
      expect(['paymentProviderRefused', 'notFound']).toContain(key);
    });

    describe('with a buyer on the hosted page', () => {
      const buyer = () => harness.buyer as PaymentBuyer;
      const skip = () => !harness.buyer;

      it('a card payment: approved, told by a webhook that verifies, the same event id on a replay', async (context) => {
        if (skip()) return context.skip();
        const asked = request();
        const checkout = await provider.createCheckout(asked);
        const before = harness.webhooks().length;
        await buyer().payWithCard(checkout, 'approve');
        const status = await provider.retrieve(checkout.checkoutId);
        expect(status).toMatchObject({ state: 'APPROVED', invoiceId: asked.invoiceId, amount: 25_000, currency: 'CRC', channel: 'CARD' });
        expect(status.transactionId).toBeTruthy();
        const sent = newWebhooks(before);
        const events = await concerns(sent, checkout, asked.invoiceId);
        expect(events.length).toBeGreaterThan(0);
        const replayed = await provider.parseWebhook(sent[sent.length - 1] as WebhookDelivery);
        const first = await provider.parseWebhook(sent[sent.length - 1] as WebhookDelivery);
        expect(replayed?.eventId).toBe(first?.eventId);
      });

      it('a declined card leaves nothing paid, and the buyer may pay on the same checkout after', async (context) => {
        if (skip()) return context.skip();
        const asked = request();
        const checkout = await provider.createCheckout(asked);
        await buyer().payWithCard(checkout, 'decline');
        const declined = await provider.retrieve(checkout.checkoutId);
        expect(declined.state).toBe('DECLINED');
        await buyer().payWithCard(checkout, 'approve');
        expect((await provider.retrieve(checkout.checkoutId)).state).toBe('APPROVED');
      });

      it('a cancelled checkout is not paid and cannot be refunded', async (context) => {
        if (skip()) return context.skip();
        const asked = request();
        const checkout = await provider.createCheckout(asked);
        await buyer().cancel(checkout);
        const status = await provider.retrieve(checkout.checkoutId);
        expect(['CANCELLED', 'PENDING']).toContain(status.state);
        const key = await refusal(
          provider.refund({ invoiceId: asked.invoiceId, transactionId: status.transactionId ?? `none-${randomUUID()}`, amount: 25_000, currency: 'CRC' }),
        );
        expect(['paymentProviderRefused', 'notFound']).toContain(key);
      });

      it('SINPE Móvil: deferred until the transfer arrives, then approved', async (context) => {
        if (skip()) return context.skip();
        const asked = request();
        const checkout = await provider.createCheckout(asked);
        const before = harness.webhooks().length;
        await buyer().startSinpe(checkout);
        expect(await provider.retrieve(checkout.checkoutId)).toMatchObject({ state: 'DEFERRED', channel: 'SINPE_MOVIL' });
        expect((await concerns(newWebhooks(before), checkout, asked.invoiceId)).length).toBeGreaterThan(0);
        await buyer().completeSinpe(checkout);
        const status = await provider.retrieve(checkout.checkoutId);
        expect(status).toMatchObject({ state: 'APPROVED', channel: 'SINPE_MOVIL' });
        expect(status.transactionId).toBeTruthy();
      });

      it('a lost webhook changes nothing the provider knows: retrieve still answers the approval (reconciliation)', async (context) => {
        if (skip()) return context.skip();
        const asked = request();
        const checkout = await provider.createCheckout(asked);
        await buyer().payWithCard(checkout, 'approve');
        // Whatever was (not) delivered, the provider's own word is the approval.
        expect((await provider.retrieve(checkout.checkoutId)).state).toBe('APPROVED');
      });

      it('refunds an approved payment once: a retry answers the same refund; more than paid is refused', async (context) => {
        if (skip()) return context.skip();
        const asked = request({ amount: 12_500.5 });
        const checkout = await provider.createCheckout(asked);
        await buyer().payWithCard(checkout, 'approve');
        const { transactionId } = await provider.retrieve(checkout.checkoutId);
        const refund = { invoiceId: asked.invoiceId, transactionId: transactionId as string, amount: 12_500.5, currency: 'CRC' as const };
        const first = await provider.refund(refund);
        expect(first.refundId).toBeTruthy();
        expect(['DONE', 'PENDING']).toContain(first.state);
        const again = await provider.refund(refund);
        expect(again.refundId).toBe(first.refundId);
        const other = request();
        const second = await provider.createCheckout(other);
        await buyer().payWithCard(second, 'approve');
        const paid = await provider.retrieve(second.checkoutId);
        expect(
          await refusal(provider.refund({ invoiceId: other.invoiceId, transactionId: paid.transactionId as string, amount: 30_000, currency: 'CRC' })),
        ).toBe('paymentProviderRefused');
      });
    });
  });
}
