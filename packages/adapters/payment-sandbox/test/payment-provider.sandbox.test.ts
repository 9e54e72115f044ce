import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { createSandboxProvider, SANDBOX_SIGNATURE_HEADER } from '@ruedas/payment-sandbox';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createLogger, systemClock, type ProviderCheckout, type WebhookDelivery } from '@ruedas/platform';
import { runPaymentProviderContractTests } from '@ruedas/testing';

runPaymentProviderContractTests('payment-sandbox (embedded, pages through inject)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ruedas-sandbox-'));
  const logger = createLogger('sandbox-contract', 'silent');
  const store = await createEmbeddedStore({ dir, logger });
  const sent: WebhookDelivery[] = [];
  const provider = await createSandboxProvider({
    store,
    clock: systemClock,
    secret: 'a-sandbox-secret-of-at-least-32-characters',
    publicUrl: 'http://localhost:8080',
    deliverWebhook: async (delivery) => {
      sent.push(delivery);
    },
    logger,
  });
  const app = Fastify();
  await provider.routes?.(app);
  await app.ready();
  const post = async (checkout: ProviderCheckout, form: Record<string, string>) => {
    const path = new URL(checkout.redirectUrl).pathname;
    const answer = await app.inject({
      method: 'POST',
      url: `${path}?lang=es`,
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (answer.statusCode !== 303) throw new Error(`the sandbox page answered ${answer.statusCode}`);
  };
  const card = (number: string) => ({ action: 'pay', cardNumber: number, expiry: '12/39', cvc: '123', holder: 'Prueba Contrato' });
  return {
    provider,
    buyer: {
      payWithCard: (checkout, outcome) => post(checkout, card(outcome === 'approve' ? '4242424242424242' : '4000000000000002')),
      cancel: (checkout) => post(checkout, { action: 'cancel' }),
      startSinpe: (checkout) => post(checkout, { action: 'sinpe' }),
      completeSinpe: (checkout) => post(checkout, { action: 'sinpe-arrived' }),
    },
    webhooks: () => [...sent],
    forged: (checkout, invoiceId) => {
      const body = JSON.stringify({ id: 'forged-1', type: 'payment.approved', checkoutId: checkout.checkoutId, invoiceId });
      const real = sent[0];
      return [
        { headers: { 'content-type': 'application/json' }, body },
        { headers: { [SANDBOX_SIGNATURE_HEADER]: 'bm90LWEtc2lnbmF0dXJl' }, body },
        // A real signature over another body: the signature covers the body.
        ...(real ? [{ headers: real.headers, body: real.body.replace(/"id":"[^"]+"/, '"id":"tampered"') }] : []),
      ];
    },
    close: async () => {
      await app.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
