import { createOnvoProvider, ONVO_WEBHOOK_SECRET_HEADER } from '@ruedas/payment-onvo';
import { startFakeOnvo } from '@ruedas/payment-onvo/fake';
import type { ProviderCheckout, WebhookDelivery } from '@ruedas/platform';
import { runPaymentProviderContractTests } from '@ruedas/testing';

const sessionOf = (checkout: ProviderCheckout) => checkout.checkoutId;

runPaymentProviderContractTests("payment-onvo on the fake of ONVO's API (in process)", async () => {
  const fake = await startFakeOnvo();
  const provider = createOnvoProvider({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.url,
    publicUrl: 'http://localhost:8080',
    retryDelayMs: 10,
  });
  const toDelivery = (delivery: { headers: Record<string, string>; body: string }): WebhookDelivery => ({ headers: delivery.headers, body: delivery.body });
  return {
    provider,
    buyer: {
      payWithCard: (checkout, outcome) => fake.payWithCard(sessionOf(checkout), outcome === 'approve' ? '4242424242424242' : '4000000000000002'),
      // ONVO's cancel link only sends the browser to cancelUrl: the session stays open, unpaid.
      cancel: async () => {},
      startSinpe: (checkout) => fake.paySinpe(sessionOf(checkout)),
      completeSinpe: (checkout) => fake.receiveSinpe(sessionOf(checkout)),
    },
    webhooks: () => fake.deliveries.map(toDelivery),
    forged: (checkout, invoiceId) => {
      const body = JSON.stringify({ type: 'checkout-session.succeeded', data: { id: checkout.checkoutId, metadata: { invoiceId } } });
      return [
        { headers: { 'content-type': 'application/json' }, body },
        { headers: { [ONVO_WEBHOOK_SECRET_HEADER]: 'webhook_secret_guessed' }, body },
        { headers: { [ONVO_WEBHOOK_SECRET_HEADER]: `${fake.webhookSecret}x` }, body },
      ];
    },
    close: () => fake.close(),
  };
});

const ONVO = { name: 'ONVO Pay test mode', variable: 'ONVO_TEST_SECRET_KEY' };
if (process.env.ONVO_TEST_SECRET_KEY) {
  // ONVO's real test mode: its hosted page needs a person, so only the parts without a buyer run.
  runPaymentProviderContractTests("payment-onvo against ONVO's test mode (ONVO_TEST_SECRET_KEY)", async () => {
    const webhookSecret = process.env.ONVO_TEST_WEBHOOK_SECRET ?? 'webhook_secret_not_the_real_one';
    const provider = createOnvoProvider({
      secretKey: process.env.ONVO_TEST_SECRET_KEY as string,
      webhookSecret,
      apiUrl: process.env.ONVO_API_URL,
      publicUrl: 'https://ruedas.example',
    });
    return {
      provider,
      webhooks: () => [],
      forged: (checkout, invoiceId) => [
        { headers: {}, body: JSON.stringify({ type: 'checkout-session.succeeded', data: { id: checkout.checkoutId, metadata: { invoiceId } } }) },
        { headers: { [ONVO_WEBHOOK_SECRET_HEADER]: 'webhook_secret_guessed' }, body: '{}' },
      ],
      close: async () => {},
    };
  });
} else {
  console.warn(`NOT EXERCISED: the ONVO Pay adapter against ONVO's real test mode (set ${ONVO.variable}, and ONVO_TEST_WEBHOOK_SECRET for its webhooks)`);
}
