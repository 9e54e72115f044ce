import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createLogger, systemClock, type WebhookDelivery } from '@ruedas/platform';
import { paymentProviderFactory } from '../src/adapters';
import { readSettings } from '../src';

/**
 * Issue 28 item 6: the sandbox the all-in-one process builds (infra's adapter table) was given no
 * webhook receiver, so a card-paid invoice waited for the browser to come back. It now sends its
 * signed webhook to billing's receiver at once.
 */
const logger = createLogger('test', 'silent');
const dir = mkdtempSync(join(tmpdir(), 'ruedas-sandbox-webhook-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the adapter table's sandbox", () => {
  it('sends the webhook of a card payment to the receiver billing gives it', async () => {
    const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
    const received: WebhookDelivery[] = [];
    const factory = paymentProviderFactory(readSettings({ RUEDAS_DATA_DIR: dir, RUEDAS_DEMO_DATA: 'off' }));
    const provider = await factory({
      store,
      clock: systemClock,
      logger,
      publicUrl: 'http://localhost:8080',
      deliverWebhook: async (delivery) => void received.push(delivery),
    });
    const app = Fastify();
    await provider.routes?.(app);
    const checkout = await provider.createCheckout({
      invoiceId: 'invoice-1',
      kind: 'OPPORTUNITY',
      amount: 5000,
      currency: 'CRC',
      description: 'Anuncio oro',
      returnPath: '/paymentResultView',
      locale: 'es',
    });
    const paid = await app.inject({
      method: 'POST',
      url: `${new URL(checkout.redirectUrl).pathname}?lang=es`,
      payload: new URLSearchParams({ action: 'pay', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', holder: 'Prueba' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    expect(received).toHaveLength(1);
    expect(await provider.parseWebhook(received[0]!)).toMatchObject({ checkoutId: checkout.checkoutId });
    await app.close();
    await store.close();
  });
});
