import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnvoProvider, ONVO_WEBHOOK_SECRET_HEADER } from '@ruedas/payment-onvo';
import { startFakeOnvo, type FakeOnvo } from '@ruedas/payment-onvo/fake';
import { ConfigError, isDomainError, type CheckoutRequest } from '@ruedas/platform';

/** The ONVO adapter's own promises beyond the port's contract: settings, units, timeouts, retries, idempotency. */
describe('payment-onvo adapter', () => {
  let fake: FakeOnvo;
  const order = (invoiceId: string): CheckoutRequest => ({
    invoiceId,
    kind: 'PLAN',
    amount: 125_000.5,
    currency: 'CRC',
    description: 'Ruedas: plan GOLD × 10',
    returnPath: '/buyPlanResult',
    locale: 'en',
  });
  const provider = (overrides: Record<string, unknown> = {}) =>
    createOnvoProvider({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
      publicUrl: 'https://ruedas.example/',
      retryDelayMs: 5,
      timeoutMs: 500,
      ...overrides,
    });
  const messageKey = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return null;
    } catch (error) {
      return isDomainError(error) ? error.messageKey : String(error);
    }
  };

  beforeAll(async () => {
    fake = await startFakeOnvo();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('refuses to start without its settings, naming each variable', () => {
    const named = (options: Record<string, unknown>) => {
      try {
        createOnvoProvider(options as never);
        return null;
      } catch (error) {
        return error instanceof ConfigError ? error.variable : String(error);
      }
    };
    expect(named({ webhookSecret: 'w', publicUrl: 'https://x' })).toBe('ONVO_SECRET_KEY');
    expect(named({ secretKey: 'sk_live_stripe_looking', webhookSecret: 'w', publicUrl: 'https://x' })).toBe('ONVO_SECRET_KEY');
    expect(named({ secretKey: 'onvo_live_secret_key_x', publicUrl: 'https://x' })).toBe('ONVO_WEBHOOK_SECRET');
    expect(named({ secretKey: 'onvo_live_secret_key_x', webhookSecret: 'w', publicUrl: 'https://x', apiUrl: 'not a url' })).toBe('ONVO_API_URL');
  });

  it('opens a one-time link in minor units, the invoice as metadata and idempotency key, returning to the result page', async () => {
    const checkout = await provider().createCheckout(order('inv-units'));
    const session = fake.sessions.get(checkout.checkoutId);
    expect(session?.lineItems).toEqual([{ quantity: 1, unitAmount: 12_500_050, currency: 'CRC', description: 'Ruedas: plan GOLD × 10' }]);
    expect(session?.metadata).toMatchObject({ invoiceId: 'inv-units' });
    expect(session?.redirectUrl).toBe('https://ruedas.example/buyPlanResult?invoice=inv-units');
    expect(session?.cancelUrl).toBe('https://ruedas.example/buyPlanResult?invoice=inv-units&cancelled=1');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', idempotencyKey: 'checkout-inv-units' });
    // The same invoice again (a retry after a lost answer) is the same session.
    expect((await provider().createCheckout(order('inv-units'))).checkoutId).toBe(checkout.checkoutId);
  });

  it('retries a 5xx or 429 and succeeds; gives up after its retries with a translated "unavailable"', async () => {
    fake.failNext(2, 503);
    const checkout = await provider({ retries: 2 }).createCheckout(order('inv-retry'));
    expect(checkout.checkoutId).toBeTruthy();
    fake.failNext(1, 429);
    expect((await provider().retrieve(checkout.checkoutId)).state).toBe('PENDING');
    fake.failNext(3, 502);
    expect(await messageKey(provider({ retries: 2 }).retrieve(checkout.checkoutId))).toBe('paymentProviderUnavailable');
    fake.failNext(0);
  });

  it('times out a call that hangs and tries again', async () => {
    const checkout = await provider().createCheckout(order('inv-timeout'));
    fake.delayNext(1, 1_500);
    const started = Date.now();
    expect((await provider({ timeoutMs: 300, retries: 1 }).retrieve(checkout.checkoutId)).state).toBe('PENDING');
    expect(Date.now() - started).toBeLessThan(1_400);
    fake.delayNext(5, 1_000);
    expect(await messageKey(provider({ timeoutMs: 200, retries: 1 }).retrieve(checkout.checkoutId))).toBe('paymentProviderUnavailable');
    fake.delayNext(0, 0);
  });

  it('does not retry a refusal (4xx): a wrong key is "refused", an unknown session "not found"', async () => {
    const before = fake.requests.length;
    expect(await messageKey(provider({ secretKey: 'onvo_test_secret_key_wrong' }).createCheckout(order('inv-key')))).toBe('paymentProviderRefused');
    expect(fake.requests.length - before).toBe(1);
    expect(await messageKey(provider().retrieve('cs_unknown'))).toBe('notFound');
  });

  it('a webhook is verified by its secret header; unknown event types are acknowledged and ignored', async () => {
    const onvo = provider();
    const body = JSON.stringify({ type: 'subscription.renewal.succeeded', data: { id: 'sub_1' } });
    expect(await onvo.parseWebhook({ headers: { [ONVO_WEBHOOK_SECRET_HEADER]: fake.webhookSecret }, body })).toBeNull();
    expect(await messageKey(onvo.parseWebhook({ headers: { [ONVO_WEBHOOK_SECRET_HEADER]: fake.webhookSecret }, body: 'not json' }))).toBe(
      'paymentWebhookInvalid',
    );
    expect(
      await messageKey(
        onvo.parseWebhook({ headers: { [ONVO_WEBHOOK_SECRET_HEADER]: fake.webhookSecret }, body: JSON.stringify({ type: 'payment-intent.succeeded' }) }),
      ),
    ).toBe('paymentWebhookInvalid');
  });

  it('a refund retried after a lost answer is the same refund (Idempotency-Key per invoice)', async () => {
    const onvo = provider();
    const checkout = await onvo.createCheckout(order('inv-refund'));
    await fake.payWithCard(checkout.checkoutId, '5555 5555 5555 4444');
    const { transactionId } = await onvo.retrieve(checkout.checkoutId);
    const asked = { invoiceId: 'inv-refund', transactionId: transactionId as string, amount: 125_000.5, currency: 'CRC' as const };
    const [a, b] = await Promise.all([onvo.refund(asked), onvo.refund(asked)]);
    expect(a.refundId).toBe(b.refundId);
    expect(fake.refunds.filter((refund) => refund.paymentIntentId === transactionId)).toHaveLength(1);
  });
});
