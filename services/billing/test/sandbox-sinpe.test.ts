import { describe, expect, it } from 'vitest';
import { adStatus, checkout, CONFIRM, createAd, messageKey, payAtSandbox, billingWithSeller, type Harness, type Seller } from './harness';

/** The sandbox's simulated SINPE Móvil through billing: deferred (the invoice stays open), then paid. */
let h: Harness;
let seller: Seller;

billingWithSeller((harness, user) => {
  h = harness;
  seller = user;
});

const REFRESH = 'mutation R($id: ID!) { refreshPayment(invoiceId: $id) { outcome isPayed paymentMethod } }';

describe('SINPE Móvil on the sandbox', () => {
  it('answers DEFERRED and keeps the invoice open until the transfer arrives; then the ad is paid by mobile transfer', async () => {
    const id = await createAd(h, seller, { level: 'SILVER' });
    const opened = await checkout(h, seller, id);
    const deferred = await payAtSandbox(h, opened.redirectUrl, { action: 'sinpe' });
    expect((await h.b(CONFIRM, { response: deferred.response })).data?.confirmPayment).toMatchObject({ outcome: 'DEFERRED', isPayed: false });
    expect((await h.b(REFRESH, { id: opened.invoice.id }, seller.token)).data?.refreshPayment).toMatchObject({ outcome: 'DEFERRED', isPayed: false });
    // While deferred, the ad's level cannot change the invoice under the transfer.
    await h.l(
      'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }',
      { id, input: { level: 'GOLD' } },
      seller.token,
    );
    expect(
      messageKey(await h.b('mutation($id: ID!) { checkoutOpportunity(opportunityId: $id, level: GOLD, autoApproval: false) { total } }', { id }, seller.token)),
    ).toBe('paymentDeferred');
    await h.l(
      'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }',
      { id, input: { level: 'SILVER' } },
      seller.token,
    );
    const arrived = await payAtSandbox(h, opened.redirectUrl, { action: 'sinpe-arrived' });
    expect((await h.b(CONFIRM, { response: arrived.response })).data?.confirmPayment).toMatchObject({ outcome: 'APPROVED', isPayed: true });
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
    expect((await h.b(REFRESH, { id: opened.invoice.id }, seller.token)).data?.refreshPayment).toMatchObject({
      outcome: 'APPROVED',
      paymentMethod: 'MOBILE_TRANSFER',
    });
  });
});
