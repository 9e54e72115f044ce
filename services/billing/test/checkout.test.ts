import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  adStatus,
  checkout,
  CHECKOUT,
  code,
  CONFIRM,
  createAd,
  eventually,
  messageKey,
  payAtSandbox,
  billingWithSeller,
  type Harness,
  type Seller,
} from './harness';

let h: Harness;
let seller: Seller;

billingWithSeller((harness, user) => {
  h = harness;
  seller = user;
});

const E_INVOICE = {
  idType: 'NATIONAL_ID',
  identification: '112340567',
  fullname: 'Ana Mora Solís',
  address: 'San Pedro, 200 m norte',
  email: 'ana@example.com',
  phone: '8888 1234',
};

describe('checkout of an ad', () => {
  it('a free ad without quick approval costs nothing: no invoice, it waits for review', async () => {
    const id = await createAd(h, seller, { level: 'FREE' });
    const result = await checkout(h, seller, id);
    expect(result).toMatchObject({ opportunityId: id, isPayed: false, redirectUrl: null, invoice: null, total: 0, coveredByPlan: false });
    expect((await h.b('query($id: ID!) { opportunityInvoice(opportunityId: $id) { id } }', { id }, seller.token)).data?.opportunityInvoice).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await adStatus(h, seller, id, 'PENDING_APPROVAL');
  });

  it('a free ad with quick approval gets an invoice of the quick approval price and a redirect to the provider', async () => {
    const id = await createAd(h, seller, { level: 'FREE', autoApproval: true });
    const result = await checkout(h, seller, id);
    expect(result).toMatchObject({ isPayed: false, total: 3000, coveredByPlan: false });
    expect(result.invoice).toMatchObject({
      kind: 'OPPORTUNITY',
      opportunityId: id,
      level: 'FREE',
      quickApproval: true,
      amount: 3000,
      currency: 'CRC',
      status: 'NEW',
      electronicInvoice: null,
    });
    expect(result.redirectUrl).toMatch(/^https:\/\/ruedas\.test\/sandbox-pay\/[0-9a-f-]+\?lang=es$/);
  });

  it.each([
    ['GOLD', 25_000],
    ['SILVER', 15_000],
    ['BRONZE', 8000],
  ])('a %s ad costs its single price (quick approval included) and goes public at once when paid by card', async (level, price) => {
    const id = await createAd(h, seller, { level, autoApproval: false });
    const result = await checkout(h, seller, id, E_INVOICE);
    expect(result).toMatchObject({ isPayed: false, total: price });
    expect(result.invoice).toMatchObject({
      level,
      quickApproval: true,
      amount: price,
      electronicInvoice: { idType: 'NATIONAL_ID', identification: '112340567', fullname: 'Ana Mora Solís' },
    });
    const paid = await payAtSandbox(h, result.redirectUrl);
    expect(paid.location).toBe('/paymentResultView');
    const confirmed = await h.b(CONFIRM, { response: paid.response });
    expect(confirmed.data?.confirmPayment).toMatchObject({ outcome: 'APPROVED', isPayed: true, kind: 'OPPORTUNITY', opportunityId: id, amount: price });
    const ad = await adStatus(h, seller, id, 'PUBLIC_ONLINE');
    expect(ad.paymentPending).toBe(false);
    const again = await checkout(h, seller, id);
    expect(again).toMatchObject({
      isPayed: true,
      redirectUrl: null,
      invoice: { id: result.invoice.id, status: 'PAID', paymentMethod: 'CARD', cancellable: true },
    });
  });

  it('follows the price parameters', async () => {
    await h.setParameter('SINGLE_PRICE_SILVER', 17_500.5);
    await eventually(async () => (await h.b('{ prices { single { silverLevel } } }')).data?.prices.single.silverLevel === 17_500.5);
    const id = await createAd(h, seller, { level: 'SILVER' });
    expect((await checkout(h, seller, id)).total).toBe(17_500.5);
    await h.setParameter('SINGLE_PRICE_SILVER', 15_000);
    await eventually(async () => (await h.b('{ prices { single { silverLevel } } }')).data?.prices.single.silverLevel === 15_000);
  });

  it('answers the prices and plan limits to anybody', async () => {
    const prices = await h.b(
      '{ prices { single { goldLevel silverLevel bronzeLevel } inPlan { goldLevel silverLevel bronzeLevel } quickApproval currency } minPlanQuantity ' +
        'maxPlanQuantity }',
    );
    expect(prices.data).toEqual({
      prices: {
        single: { goldLevel: 25_000, silverLevel: 15_000, bronzeLevel: 8000 },
        inPlan: { goldLevel: 12_500, silverLevel: 7500, bronzeLevel: 4000 },
        quickApproval: 3000,
        currency: 'CRC',
      },
      minPlanQuantity: 10,
      maxPlanQuantity: 100,
    });
  });

  it('refuses invalid electronic-invoice data with the field keys', async () => {
    const id = await createAd(h, seller, { level: 'GOLD' });
    const result = await h.b(CHECKOUT, { id, invoice: { ...E_INVOICE, email: 'no', fullname: '' } }, seller.token);
    expect(code(result)).toBe('VALIDATION');
    const fields = result.errors?.[0]?.extensions?.fields as Record<string, { messageKey: string }>;
    expect(Object.keys(fields).sort()).toEqual(['invoice.email', 'invoice.fullname']);
  });

  it("refuses to check out somebody else's ad", async () => {
    const id = await createAd(h, seller, { level: 'GOLD' });
    const other = await h.user();
    expect(code(await h.b(CHECKOUT, { id }, other.token))).toBe('FORBIDDEN');
    expect(code(await h.b(CHECKOUT, { id: randomUUID() }, other.token))).toBe('NOT_FOUND');
  });
});

describe('idempotency', () => {
  it('a double submit of the wizard creates one ad and one invoice, and charges once', async () => {
    const requestId = randomUUID();
    const [a, b] = await Promise.all([createAd(h, seller, { level: 'GOLD' }, requestId), createAd(h, seller, { level: 'GOLD' }, requestId)]);
    expect(a).toBe(b);
    const [first, second] = await Promise.all([checkout(h, seller, a), checkout(h, seller, a)]);
    expect(second.invoice.id).toBe(first.invoice.id);
    expect(second.redirectUrl).toBe(first.redirectUrl);
    const third = await checkout(h, seller, a);
    expect(third.invoice.id).toBe(first.invoice.id);
    const paid = await payAtSandbox(h, first.redirectUrl);
    await h.b(CONFIRM, { response: paid.response });
    // Paying again at the same checkout only leads back with the same approved response.
    const again = await payAtSandbox(h, first.redirectUrl);
    expect(again.response).toBe(paid.response);
    expect((await h.b(CONFIRM, { response: again.response })).data?.confirmPayment).toMatchObject({ outcome: 'APPROVED', isPayed: true });
    const invoices = (await h.b('{ myInvoices { id opportunityId status } }', {}, seller.token)).data?.myInvoices.filter(
      (invoice: { opportunityId: string }) => invoice.opportunityId === a,
    );
    expect(invoices).toEqual([{ id: first.invoice.id, opportunityId: a, status: 'PAID' }]);
    await adStatus(h, seller, a, 'PUBLIC_ONLINE');
    // Charged once: one payment of the invoice was published, whatever the submits and deliveries.
    const payments = h.published.filter((event) => event.aggregateId === first.invoice.id && (event.payload as { change: string }).change === 'PAID');
    expect(new Set(payments.map((event) => event.id)).size).toBe(1);
    const history = (await h.l('query($id: ID!) { statusHistory(opportunityId: $id) { status } }', { id: a }, seller.token)).data?.statusHistory;
    expect(history).toEqual([{ status: 'PENDING_APPROVAL' }, { status: 'PUBLIC_ONLINE' }]);
  });

  it('a changed level voids the open invoice and opens one at the new price', async () => {
    const id = await createAd(h, seller, { level: 'GOLD' });
    const gold = await checkout(h, seller, id);
    await h.l(
      'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }',
      { id, input: { level: 'BRONZE' } },
      seller.token,
    );
    // Checked out at once with the level just saved: billing waits for listings' snapshot of the change.
    const answer = await h.b(CHECKOUT, { id, level: 'BRONZE', autoApproval: false }, seller.token);
    const bronze = answer.data?.checkoutOpportunity;
    expect(bronze?.invoice.id).not.toBe(gold.invoice.id);
    expect(bronze?.total).toBe(8000);
    // The old invoice's approval can no longer pay anything.
    const paid = await payAtSandbox(h, gold.redirectUrl);
    const refused = await h.b(CONFIRM, { response: paid.response });
    expect(messageKey(refused)).toBe('invoiceNotPayable');
  });
});

describe('declined and cancelled payments', () => {
  it('a declined card leaves the invoice payable; resuming the unpaid ad answers the same invoice; a later approval pays it', async () => {
    const id = await createAd(h, seller, { level: 'GOLD' });
    const first = await checkout(h, seller, id);
    const declined = await payAtSandbox(h, first.redirectUrl, { cardNumber: '4000 0000 0000 0002' });
    expect((await h.b(CONFIRM, { response: declined.response })).data?.confirmPayment).toMatchObject({ outcome: 'DECLINED', isPayed: false });
    const cancelled = await payAtSandbox(h, first.redirectUrl, { action: 'cancel' });
    expect((await h.b(CONFIRM, { response: cancelled.response })).data?.confirmPayment).toMatchObject({ outcome: 'CANCELLED', isPayed: false });
    const bank = await payAtSandbox(h, first.redirectUrl, { cardNumber: '4000000000000069' });
    expect((await h.b(CONFIRM, { response: bank.response })).data?.confirmPayment.outcome).toBe('CANCELLED');
    await adStatus(h, seller, id, 'PENDING_APPROVAL');
    const resumed = await h.b(`query($id: ID!) { opportunityInvoice(opportunityId: $id) { id status redirectUrl } }`, { id }, seller.token);
    expect(resumed.data?.opportunityInvoice).toEqual({ id: first.invoice.id, status: 'NEW', redirectUrl: first.redirectUrl });
    const paid = await payAtSandbox(h, first.redirectUrl);
    expect((await h.b(CONFIRM, { response: paid.response })).data?.confirmPayment.outcome).toBe('APPROVED');
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
  });

  it('the sandbox page refuses bad card data without charging, in the chosen language', async () => {
    const id = await createAd(h, seller, { level: 'BRONZE' });
    const { redirectUrl } = await checkout(h, seller, id);
    const bad = await payAtSandbox(h, redirectUrl, { cardNumber: '1234', expiry: '01/20', cvc: 'x', holder: '' });
    expect(bad.status).toBe(422);
    expect(bad.body).toContain('role="alert"');
    expect(bad.body).toContain('Use una de las tarjetas de prueba.');
    const english = await h.web.inject({ method: 'GET', url: `${new URL(redirectUrl).pathname}?lang=en` });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('4242 4242 4242 4242');
    expect(english.body).toContain('name="viewport"');
    expect(english.body).toMatch(/<label for="cardNumber">Card number<\/label>/);
  });
});
