import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnvoProvider, ONVO_WEBHOOK_SECRET_HEADER } from '@ruedas/payment-onvo';
import { startFakeOnvo, type FakeOnvo } from '@ruedas/payment-onvo/fake';
import type { EmbeddedDocumentStore } from '@ruedas/store-embedded';
import {
  adStatus,
  BUY_PLAN,
  checkout,
  code,
  createAd,
  DAY,
  eventually,
  messageKey,
  PLAN_STATUS,
  startBilling,
  type Harness,
  type Json,
  type Seller,
} from './harness';

/**
 * Billing with the ONVO Pay adapter against the in-process fake of ONVO's API: the fake's hosted page
 * pays, its webhooks arrive over HTTP at billing's /payments/webhook, and every way ONVO's word
 * arrives (webhook, the visitor's return, the reconciliation) applies it once.
 */
let h: Harness;
let fake: FakeOnvo;
let seller: Seller;
let admin: Seller;
let webhookUrl: string;

const REFRESH = 'mutation R($id: ID!) { refreshPayment(invoiceId: $id) { outcome invoiceId kind opportunityId amount currency paymentMethod isPayed } }';
const INVOICE = 'query I($id: ID!) { invoice(id: $id) { status paymentMethod paidAt refund { status } } }';
const MARK_REFUND = 'mutation M($id: ID!) { markRefundDone(refundId: $id) { status } }';

beforeAll(async () => {
  fake = await startFakeOnvo();
  h = await startBilling({
    provider: async () =>
      createOnvoProvider({
        secretKey: fake.secretKey,
        webhookSecret: fake.webhookSecret,
        apiUrl: fake.url,
        publicUrl: 'https://ruedas.test',
        retryDelayMs: 5,
        timeoutMs: 2_000,
      }),
    schedulerIntervalMs: 200,
  });
  await h.web.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(h.web.server.address() as AddressInfo).port}/payments/webhook`;
  fake.setWebhookUrl(webhookUrl);
  seller = await h.user();
  admin = await h.user('ADMINISTRATOR');
});
afterAll(async () => {
  await h.stop();
  await fake.close();
});

/** A gold ad with its open invoice at ONVO. */
async function goldAd() {
  const id = await createAd(h, seller, { level: 'GOLD' });
  const result = await checkout(h, seller, id);
  const sessionId = new URL(result.redirectUrl as string).pathname.split('/').pop() as string;
  return { id, invoiceId: result.invoice.id as string, sessionId, redirectUrl: result.redirectUrl as string };
}

const paidEvents = (invoiceId: string) => h.published.filter((event) => event.aggregateId === invoiceId && (event.payload as Json).change === 'PAID');
const post = (body: string, secret: string | null = fake.webhookSecret) =>
  fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(secret === null ? {} : { [ONVO_WEBHOOK_SECRET_HEADER]: secret }) },
    body,
  });

describe('cards through ONVO Pay', () => {
  it('opens an ONVO checkout in the invoice currency and minor units, returning to the result page with the invoice', async () => {
    const { invoiceId, sessionId, redirectUrl } = await goldAd();
    expect(redirectUrl.startsWith(`${fake.url}/pay/`)).toBe(true);
    const session = fake.sessions.get(sessionId);
    expect(session?.lineItems[0]).toMatchObject({ unitAmount: 2_500_000, currency: 'CRC' });
    expect(session?.redirectUrl).toBe(`https://ruedas.test/paymentResultView?invoice=${invoiceId}`);
  });

  it('paid on the hosted page: the webhook pays the invoice once and the ad goes public; the return answers APPROVED', async () => {
    const { id, invoiceId, sessionId } = await goldAd();
    expect((await h.b(REFRESH, { id: invoiceId }, seller.token)).data?.refreshPayment).toMatchObject({ outcome: 'PENDING', isPayed: false });
    await fake.payWithCard(sessionId, '4242 4242 4242 4242');
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
    expect((await h.b(REFRESH, { id: invoiceId }, seller.token)).data?.refreshPayment).toMatchObject({
      outcome: 'APPROVED',
      isPayed: true,
      paymentMethod: 'CARD',
      amount: 25_000,
      currency: 'CRC',
    });
    await eventually(() => paidEvents(invoiceId).length === 1);
    // ONVO retries its webhooks: every replay is acknowledged and changes nothing.
    for (const delivery of fake.deliveries.filter((d) => d.body.includes(sessionId) || d.body.includes(invoiceId))) {
      const replay = await post(delivery.body);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toMatchObject({ outcome: 'duplicate' });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(paidEvents(invoiceId)).toHaveLength(1);
  });

  it('a retry 31 days later, once its record is gone (decision 0224), is applied again and changes nothing', async () => {
    const { id, invoiceId, sessionId } = await goldAd();
    await fake.payWithCard(sessionId, '4242 4242 4242 4242');
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
    await eventually(() => paidEvents(invoiceId).length === 1);
    const deliveries = fake.deliveries.filter((d) => d.body.includes(sessionId) || d.body.includes(invoiceId));
    const store = h.store as EmbeddedDocumentStore;
    h.clock.advance(29 * DAY);
    await store.expire(h.clock.now());
    for (const delivery of deliveries) expect(await (await post(delivery.body)).json()).toMatchObject({ outcome: 'duplicate' });
    h.clock.advance(2 * DAY);
    await store.expire(h.clock.now());
    for (const delivery of deliveries) expect(await (await post(delivery.body)).json()).toMatchObject({ outcome: 'applied' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(paidEvents(invoiceId)).toHaveLength(1);
  });

  it('the visitor returns before the webhook: the return asks ONVO and pays; the late webhook changes nothing', async () => {
    const { id, invoiceId, sessionId } = await goldAd();
    fake.dropWebhooks = true;
    try {
      await fake.payWithCard(sessionId, '5555555555554444');
    } finally {
      fake.dropWebhooks = false;
    }
    expect((await h.b(REFRESH, { id: invoiceId }, seller.token)).data?.refreshPayment).toMatchObject({ outcome: 'APPROVED', isPayed: true });
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
    const late = fake.deliveries.filter((d) => !d.delivered && (d.body.includes(sessionId) || d.body.includes(invoiceId)));
    expect(late.length).toBeGreaterThan(0);
    for (const delivery of late) expect((await post(delivery.body)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(paidEvents(invoiceId)).toHaveLength(1);
  });

  it('a declined card leaves the invoice payable; a failure reported after the success moves nothing back', async () => {
    const { id, invoiceId, sessionId } = await goldAd();
    await fake.payWithCard(sessionId, '4000 0000 0000 0002');
    expect((await h.b(REFRESH, { id: invoiceId }, seller.token)).data?.refreshPayment).toMatchObject({ outcome: 'DECLINED', isPayed: false });
    const failed = fake.deliveries.filter((d) => d.type === 'payment-intent.failed' && d.body.includes(invoiceId)).at(-1);
    await fake.payWithCard(sessionId, '4242424242424242');
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
    // The older failure arrives again, after the success (reordered): the provider's word is read again; still paid.
    const reordered = await post(failed?.body.replace('}', ',"id":"evt-reordered"}') ?? '{}');
    expect(reordered.status).toBe(200);
    expect((await h.b(INVOICE, { id: invoiceId }, seller.token)).data?.invoice.status).toBe('PAID');
    expect(paidEvents(invoiceId)).toHaveLength(1);
  });

  it('refuses forged webhooks with a translated answer and changes nothing', async () => {
    const { id, invoiceId, sessionId } = await goldAd();
    const body = JSON.stringify({ type: 'checkout-session.succeeded', data: { id: sessionId, status: 'COMPLETED', metadata: { invoiceId } } });
    for (const secret of [null, 'webhook_secret_guessed', '']) {
      const answer = await post(body, secret);
      expect(answer.status).toBe(403);
      // The harness's translator answers the message key; the launcher's answers the catalogue's text.
      expect(await answer.json()).toEqual({ code: 'FORBIDDEN', message: 'paymentWebhookInvalid' });
    }
    // Even with the right secret, a webhook only tells billing whom to ask: ONVO says nothing was paid.
    expect((await post(body)).status).toBe(200);
    expect((await post('not json')).status).toBe(400);
    expect((await h.b(INVOICE, { id: invoiceId }, seller.token)).data?.invoice).toMatchObject({ status: 'NEW', paidAt: null });
    await adStatus(h, seller, id, 'PENDING_APPROVAL');
  });

  it('a burst of parallel webhook deliveries and returns pays once', async () => {
    const { id, invoiceId, sessionId } = await goldAd();
    fake.dropWebhooks = true;
    try {
      await fake.payWithCard(sessionId, '4242424242424242');
    } finally {
      fake.dropWebhooks = false;
    }
    const deliveries = fake.deliveries.filter((d) => d.body.includes(sessionId) || d.body.includes(invoiceId));
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => post((deliveries[i % deliveries.length] as { body: string }).body)),
      ...Array.from({ length: 8 }, () => h.b(REFRESH, { id: invoiceId }, seller.token)),
    ]);
    for (const answer of answers) {
      if (answer instanceof Response) expect(answer.status).toBe(200);
      else expect(answer.data?.refreshPayment).toMatchObject({ outcome: 'APPROVED', isPayed: true });
    }
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(paidEvents(invoiceId)).toHaveLength(1);
  });

  it('ONVO unreachable at checkout: a translated "unavailable", nothing charged; checking out again opens the same invoice', async () => {
    const id = await createAd(h, seller, { level: 'SILVER' });
    fake.failNext(10, 503);
    const failed = await h.b('mutation($id: ID!) { checkoutOpportunity(opportunityId: $id) { redirectUrl invoice { id } } }', { id }, seller.token);
    fake.failNext(0);
    expect(code(failed)).toBe('UNAVAILABLE');
    expect(messageKey(failed)).toBe('paymentProviderUnavailable');
    const again = await checkout(h, seller, id);
    expect(again.invoice.id).toBe(`${id}.1`);
    expect(again.redirectUrl).toContain(`${fake.url}/pay/`);
  });

  it('only the owner (or an admin) asks where an invoice stands', async () => {
    const { invoiceId } = await goldAd();
    const other = await h.user();
    expect(code(await h.b(REFRESH, { id: invoiceId }, other.token))).toBe('NOT_FOUND');
    expect(code(await h.b(REFRESH, { id: invoiceId }))).toBe('0003');
    expect((await h.b(REFRESH, { id: invoiceId }, admin.token)).data?.refreshPayment.outcome).toBe('PENDING');
  });
});

describe('SINPE Móvil through ONVO Pay', () => {
  it('deferred while the transfer is awaited (DEFERRED on return), paid when it arrives', async () => {
    const { id, invoiceId, sessionId } = await goldAd();
    await fake.paySinpe(sessionId);
    await eventually(async () => (await h.b(REFRESH, { id: invoiceId }, seller.token)).data?.refreshPayment.outcome === 'DEFERRED');
    expect((await h.b(INVOICE, { id: invoiceId }, seller.token)).data?.invoice.status).toBe('NEW');
    await fake.receiveSinpe(sessionId);
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
    expect((await h.b(REFRESH, { id: invoiceId }, seller.token)).data?.refreshPayment).toMatchObject({ outcome: 'APPROVED', paymentMethod: 'MOBILE_TRANSFER' });
  });
});

describe('reconciliation', () => {
  it('a lost webhook is healed once the payment is older than PAYMENT_RECONCILE_MINUTES', async () => {
    await h.setParameter('PAYMENT_RECONCILE_MINUTES', 10);
    const { id, invoiceId, sessionId } = await goldAd();
    fake.dropWebhooks = true;
    try {
      await fake.payWithCard(sessionId, '4242424242424242');
      await new Promise((resolve) => setTimeout(resolve, 500)); // a few scheduler passes: too young to ask about
      expect((await h.b(INVOICE, { id: invoiceId }, seller.token)).data?.invoice.status).toBe('NEW');
      h.clock.advance(11 * 60 * 1000);
      await adStatus(h, seller, id, 'PUBLIC_ONLINE');
      expect((await h.b(INVOICE, { id: invoiceId }, seller.token)).data?.invoice.status).toBe('PAID');
    } finally {
      fake.dropWebhooks = false;
      h.clock.advance(-11 * 60 * 1000);
    }
  });
});

describe('plans through ONVO Pay', () => {
  it('a plan paid on the hosted page is credited once, whatever the webhooks and returns', async () => {
    const buyer = await h.user();
    const bought = await h.b(BUY_PLAN, { plan: { planLevel: 'GOLD', totalOpportunities: 10 } }, buyer.token);
    const invoiceId = bought.data?.buyPlan.invoice.id as string;
    const sessionId = new URL(bought.data?.buyPlan.redirectUrl as string).pathname.split('/').pop() as string;
    expect(fake.sessions.get(sessionId)?.redirectUrl).toBe(`https://ruedas.test/buyPlanResult?invoice=${invoiceId}`);
    await fake.payWithCard(sessionId, '4242424242424242');
    await Promise.all(Array.from({ length: 5 }, () => h.b(REFRESH, { id: invoiceId }, buyer.token)));
    await eventually(
      async () => (await h.b(PLAN_STATUS, {}, buyer.token)).data?.myPlanStatus.find((p: Json) => p.planLevel === 'GOLD')?.availableOpportunities === 10,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await h.b(PLAN_STATUS, {}, buyer.token)).data?.myPlanStatus.find((p: Json) => p.planLevel === 'GOLD')?.availableOpportunities).toBe(10);
  });
});

describe('refunds through ONVO Pay', () => {
  it("a cancelled paid ad is refunded through ONVO on an admin's approval, once, even when two admins approve at once", async () => {
    const { id, invoiceId, sessionId } = await goldAd();
    await fake.payWithCard(sessionId, '4242424242424242');
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
    const cancelled = await h.b('mutation($id: ID!) { cancelOpportunityPayment(opportunityId: $id) { status } }', { id }, seller.token);
    expect(cancelled.data?.cancelOpportunityPayment.status).toBe('CANCELLED');
    const intentId = fake.sessions.get(sessionId)?.paymentIntentId as string;
    // ONVO unreachable: nothing changes, the admin is told.
    fake.failNext(10, 503);
    const refused = await h.b(MARK_REFUND, { id: invoiceId }, admin.token);
    fake.failNext(0);
    expect(messageKey(refused)).toBe('paymentProviderUnavailable');
    expect((await h.b(INVOICE, { id: invoiceId }, seller.token)).data?.invoice.refund.status).toBe('PENDING');
    const otherAdmin = await h.user('ADMINISTRATOR');
    const [a, b] = await Promise.all([h.b(MARK_REFUND, { id: invoiceId }, admin.token), h.b(MARK_REFUND, { id: invoiceId }, otherAdmin.token)]);
    const done = [a, b].filter((answer) => answer.data?.markRefundDone?.status === 'DONE');
    expect(done).toHaveLength(1);
    expect(['refundInProgress', 'refundAlreadyDone']).toContain(messageKey([a, b].find((answer) => answer.errors) as { errors?: Json[] }));
    expect(fake.refunds.filter((refund) => refund.paymentIntentId === intentId)).toEqual([expect.objectContaining({ amount: 2_500_000 })]);
    expect(messageKey(await h.b(MARK_REFUND, { id: invoiceId }, admin.token))).toBe('refundAlreadyDone');
  });
});

describe('a deferred SINPE Móvil payment holds its invoice', () => {
  it('a level change that would void the invoice is refused while the transfer is awaited', async () => {
    const { id, invoiceId, sessionId } = await goldAd();
    await fake.paySinpe(sessionId);
    await eventually(async () => (await h.b(REFRESH, { id: invoiceId }, seller.token)).data?.refreshPayment.outcome === 'DEFERRED');
    await h.l(
      'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }',
      { id, input: { level: 'BRONZE' } },
      seller.token,
    );
    const refused = await h.b(
      'mutation($id: ID!) { checkoutOpportunity(opportunityId: $id, level: BRONZE, autoApproval: false) { total } }',
      { id },
      seller.token,
    );
    expect(messageKey(refused)).toBe('paymentDeferred');
    expect((await h.b(INVOICE, { id: invoiceId }, seller.token)).data?.invoice.status).toBe('NEW');
    await fake.receiveSinpe(sessionId);
    await eventually(async () => (await h.b(INVOICE, { id: invoiceId }, seller.token)).data?.invoice.status === 'PAID');
  });
});

describe('a payment that arrives for a voided invoice', () => {
  it('pays nothing, and leaves a refund for an admin, who refunds it through ONVO', async () => {
    const { id, invoiceId, sessionId } = await goldAd();
    // The seller changes the ad while the buyer's page is still open: the invoice is voided...
    await h.l(
      'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }',
      { id, input: { level: 'SILVER' } },
      seller.token,
    );
    await h.b('mutation($id: ID!) { checkoutOpportunity(opportunityId: $id, level: SILVER, autoApproval: false) { total } }', { id }, seller.token);
    expect((await h.b(INVOICE, { id: invoiceId }, seller.token)).data?.invoice.status).toBe('VOID');
    // ... and then the old page is paid.
    await fake.payWithCard(sessionId, '4242424242424242');
    await eventually(async () => (await h.b(INVOICE, { id: invoiceId }, seller.token)).data?.invoice.refund?.status === 'PENDING');
    expect((await h.b(INVOICE, { id: invoiceId }, seller.token)).data?.invoice).toMatchObject({ status: 'VOID', paidAt: null });
    await adStatus(h, seller, id, 'PENDING_APPROVAL');
    const refunds = await h.b('{ refunds(status: PENDING) { id amount } }', {}, admin.token);
    expect(refunds.data?.refunds).toContainEqual({ id: invoiceId, amount: 25_000 });
    expect((await h.b(MARK_REFUND, { id: invoiceId }, admin.token)).data?.markRefundDone.status).toBe('DONE');
    const intentId = fake.sessions.get(sessionId)?.paymentIntentId as string;
    expect(fake.refunds.filter((refund) => refund.paymentIntentId === intentId)).toHaveLength(1);
  });
});

describe('the return while ONVO is down', () => {
  it('answers what billing knows (PENDING), then the truth once ONVO answers again', async () => {
    const { invoiceId, sessionId } = await goldAd();
    fake.dropWebhooks = true;
    try {
      await fake.payWithCard(sessionId, '4242424242424242');
      fake.failNext(20, 503);
      const down = await h.b(REFRESH, { id: invoiceId }, seller.token);
      fake.failNext(0);
      expect(down.data?.refreshPayment).toMatchObject({ outcome: 'PENDING', isPayed: false });
      expect((await h.b(REFRESH, { id: invoiceId }, seller.token)).data?.refreshPayment).toMatchObject({ outcome: 'APPROVED', isPayed: true });
    } finally {
      fake.dropWebhooks = false;
    }
  });
});
