import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signSandboxResponse, verifySandboxResponse } from '@ruedas/payment-sandbox';
import { adStatus, checkout, code, CONFIRM, createAd, DAY, messageKey, payAtSandbox, SECRET, billingWithSeller, type Harness, type Seller } from './harness';

let h: Harness;
let seller: Seller;

billingWithSeller((harness, user) => {
  h = harness;
  seller = user;
});

/** A gold ad with an open invoice; the decoded content of a response the sandbox would give for it. */
async function openInvoice() {
  const id = await createAd(h, seller, { level: 'GOLD' });
  const result = await checkout(h, seller, id);
  const paid = await payAtSandbox(h, result.redirectUrl, { cardNumber: '4000 0000 0000 0002' }); // declined: nothing paid, a real response to study
  const genuine = verifySandboxResponse(paid.response as string, SECRET);
  return { id, invoice: result.invoice, redirectUrl: result.redirectUrl as string, genuine };
}

const approvedLike = (genuine: ReturnType<typeof verifySandboxResponse>, overrides: Record<string, unknown> = {}) => ({
  checkoutId: genuine.checkoutId,
  invoiceId: genuine.invoiceId,
  transactionId: randomUUID(),
  outcome: 'APPROVED' as const,
  amount: genuine.amount,
  currency: genuine.currency,
  issuedAt: h.clock.now().toISOString(),
  ...overrides,
});

async function stillUnpaid(id: string, invoiceId: string) {
  const invoice = await h.b('query($id: ID!) { invoice(id: $id) { status paidAt } }', { id: invoiceId }, seller.token);
  expect(invoice.data?.invoice).toEqual({ status: 'NEW', paidAt: null });
  await new Promise((resolve) => setTimeout(resolve, 50));
  await adStatus(h, seller, id, 'PENDING_APPROVAL');
}

describe('a provider response is verified before anything is paid', () => {
  it('refuses a forged response (signed with another key)', async () => {
    const { id, invoice, genuine } = await openInvoice();
    const forged = signSandboxResponse(approvedLike(genuine), 'not-the-secret');
    const result = await h.b(CONFIRM, { response: forged });
    expect([code(result), messageKey(result)]).toEqual(['VALIDATION', 'paymentResponseInvalid']);
    expect(code(await h.b(CONFIRM, { response: 'garbage' }))).toBe('VALIDATION');
    expect(code(await h.b(CONFIRM, { response: '' }))).toBe('VALIDATION');
    await stillUnpaid(id, invoice.id);
  });

  it('refuses a tampered response (a declined one turned into approved, or its amount lowered)', async () => {
    const { id, invoice, redirectUrl } = await openInvoice();
    const declined = (await payAtSandbox(h, redirectUrl, { cardNumber: '4000 0000 0000 0002' })).response as string;
    const [body, mac] = declined.split('.') as [string, string];
    const content = JSON.parse(Buffer.from(body, 'base64url').toString());
    for (const change of [{ outcome: 'APPROVED' }, { outcome: 'APPROVED', amount: 1 }]) {
      const tampered = `${Buffer.from(JSON.stringify({ ...content, ...change })).toString('base64url')}.${mac}`;
      expect(messageKey(await h.b(CONFIRM, { response: tampered }))).toBe('paymentResponseInvalid');
    }
    // Even validly signed, a response whose amount or currency differs from the invoice's is refused.
    const genuine = verifySandboxResponse(declined, SECRET);
    expect(messageKey(await h.b(CONFIRM, { response: signSandboxResponse(approvedLike(genuine, { amount: 1 }), SECRET) }))).toBe('paymentResponseInvalid');
    expect(messageKey(await h.b(CONFIRM, { response: signSandboxResponse(approvedLike(genuine, { currency: 'USD' }), SECRET) }))).toBe(
      'paymentResponseInvalid',
    );
    await stillUnpaid(id, invoice.id);
  });

  it('refuses a replayed old response (older than an hour) that was never delivered', async () => {
    const { id, invoice, redirectUrl } = await openInvoice();
    const approved = (await payAtSandbox(h, redirectUrl)).response as string;
    h.clock.advance(61 * 60 * 1000);
    try {
      const result = await h.b(CONFIRM, { response: approved });
      expect(messageKey(result)).toBe('paymentResponseExpired');
      await stillUnpaid(id, invoice.id);
    } finally {
      h.clock.advance(-61 * 60 * 1000);
    }
  });

  it('a second delivery of the same response changes nothing and answers the same outcome', async () => {
    const { id, invoice, redirectUrl } = await openInvoice();
    const approved = (await payAtSandbox(h, redirectUrl)).response as string;
    const [first, second] = await Promise.all([h.b(CONFIRM, { response: approved }), h.b(CONFIRM, { response: approved })]);
    expect(first.data?.confirmPayment).toEqual(second.data?.confirmPayment);
    expect(first.data?.confirmPayment).toMatchObject({ outcome: 'APPROVED', isPayed: true, invoiceId: invoice.id });
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
    const paidAt = (await h.b('query($id: ID!) { invoice(id: $id) { paidAt } }', { id: invoice.id }, seller.token)).data?.invoice.paidAt;
    h.clock.advance(2 * DAY);
    try {
      // Even much later (past the age limit) the same delivery answers the same, and pays nothing twice.
      expect((await h.b(CONFIRM, { response: approved })).data?.confirmPayment).toEqual(first.data?.confirmPayment);
      expect((await h.b('query($id: ID!) { invoice(id: $id) { paidAt } }', { id: invoice.id }, seller.token)).data?.invoice.paidAt).toBe(paidAt);
    } finally {
      h.clock.advance(-2 * DAY);
    }
    const events = h.published.filter((event) => event.aggregateId === invoice.id && (event.payload as { change: string }).change === 'PAID');
    expect(new Set(events.map((event) => event.id)).size).toBe(1);
  });

  it('refuses a response reused for another invoice (another checkout, or a transaction already applied elsewhere)', async () => {
    const a = await openInvoice();
    const b = await openInvoice();
    // A's checkout presented as paying B's invoice.
    const crossed = signSandboxResponse(approvedLike(a.genuine, { invoiceId: b.invoice.id, amount: b.genuine.amount }), SECRET);
    expect(messageKey(await h.b(CONFIRM, { response: crossed }))).toBe('paymentResponseReused');
    // A transaction applied to A, presented again for B.
    const approvedA = (await payAtSandbox(h, a.redirectUrl)).response as string;
    await h.b(CONFIRM, { response: approvedA });
    const reused = signSandboxResponse({ ...approvedLike(b.genuine), transactionId: verifySandboxResponse(approvedA, SECRET).transactionId }, SECRET);
    expect(messageKey(await h.b(CONFIRM, { response: reused }))).toBe('paymentResponseReused');
    await stillUnpaid(b.id, b.invoice.id);
    await adStatus(h, seller, a.id, 'PUBLIC_ONLINE');
  });
});

describe('mobile transfer', () => {
  it('a reference waits for an admin, who alone confirms it; the ad then goes public', async () => {
    const admin = await h.user('ADMINISTRATOR');
    const other = await h.user();
    const { id, invoice } = await openInvoice();
    const SUBMIT =
      'mutation($id: ID!, $refnum: String!) { submitTransferReference(invoiceId: $id, refnum: $refnum) { status paymentMethod refnum redirectUrl } }';
    expect(messageKey(await h.b(SUBMIT, { id: invoice.id, refnum: '1' }, seller.token))).toBe('validationFailed');
    expect(code(await h.b(SUBMIT, { id: invoice.id, refnum: 'ABC12345' }, other.token))).toBe('NOT_FOUND');
    expect((await h.b(SUBMIT, { id: invoice.id, refnum: 'ABC12345' }, seller.token)).data?.submitTransferReference).toEqual({
      status: 'TRANSFER_PENDING',
      paymentMethod: 'MOBILE_TRANSFER',
      refnum: 'ABC12345',
      redirectUrl: null,
    });
    const pending = await h.b('{ pendingTransfers { id refnum } }', {}, admin.token);
    expect(pending.data?.pendingTransfers).toContainEqual({ id: invoice.id, refnum: 'ABC12345' });
    const CONFIRM_TRANSFER = 'mutation($id: ID!) { confirmTransfer(invoiceId: $id) { status paymentMethod paidAt } }';
    expect(code(await h.b(CONFIRM_TRANSFER, { id: invoice.id }, seller.token))).toBe('FORBIDDEN');
    expect(code(await h.b(CONFIRM_TRANSFER, { id: invoice.id }))).toBe('0003');
    await adStatus(h, seller, id, 'PENDING_APPROVAL');
    const confirmed = await h.b(CONFIRM_TRANSFER, { id: invoice.id }, admin.token);
    expect(confirmed.data?.confirmTransfer).toMatchObject({ status: 'PAID', paymentMethod: 'MOBILE_TRANSFER' });
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
  });

  it('an admin may reject a reference: the invoice is payable again', async () => {
    const admin = await h.user('ADMINISTRATOR');
    const { invoice } = await openInvoice();
    await h.b('mutation($id: ID!) { submitTransferReference(invoiceId: $id, refnum: "REF-0001") { status } }', { id: invoice.id }, seller.token);
    const rejected = await h.b('mutation($id: ID!) { rejectTransfer(invoiceId: $id) { status paymentMethod redirectUrl } }', { id: invoice.id }, admin.token);
    expect(rejected.data?.rejectTransfer).toMatchObject({ status: 'NEW', paymentMethod: null });
    expect(rejected.data?.rejectTransfer.redirectUrl).toMatch(/sandbox-pay/);
  });
});

describe('cancellation of a paid ad', () => {
  const CANCEL = 'mutation($id: ID!) { cancelOpportunityPayment(opportunityId: $id) { id status cancellable refund { id status amount requestedAt } } }';

  it('within 1 day of payment: the invoice is CANCELLED, a refund waits for an admin, the ad is EXPIRED', async () => {
    const admin = await h.user('ADMINISTRATOR');
    const { id, invoice, redirectUrl } = await openInvoice();
    await h.b(CONFIRM, { response: (await payAtSandbox(h, redirectUrl)).response });
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
    h.clock.advance(DAY - 60_000);
    try {
      const cancelled = await h.b(CANCEL, { id }, seller.token);
      expect(cancelled.data?.cancelOpportunityPayment).toMatchObject({
        id: invoice.id,
        status: 'CANCELLED',
        cancellable: false,
        refund: { id: invoice.id, status: 'PENDING', amount: 25_000 },
      });
    } finally {
      h.clock.advance(-(DAY - 60_000));
    }
    await adStatus(h, seller, id, 'EXPIRED');
    const refunds = await h.b('{ refunds(status: PENDING) { id amount invoice { opportunityId } } }', {}, admin.token);
    expect(refunds.data?.refunds).toContainEqual({ id: invoice.id, amount: 25_000, invoice: { opportunityId: id } });
    const done = await h.b('mutation($id: ID!) { markRefundDone(refundId: $id) { status doneAt } }', { id: invoice.id }, admin.token);
    expect(done.data?.markRefundDone.status).toBe('DONE');
    expect(messageKey(await h.b('mutation($id: ID!) { markRefundDone(refundId: $id) { status } }', { id: invoice.id }, admin.token))).toBe('refundAlreadyDone');
    expect(code(await h.b(CHECKOUT_AGAIN, { id }, seller.token))).toBe('CONFLICT');
  });

  it('refuses after 1 day, for an unpaid ad, and for somebody else', async () => {
    const other = await h.user();
    const { id, redirectUrl } = await openInvoice();
    expect(messageKey(await h.b(CANCEL, { id }, seller.token))).toBe('paymentNotCancellable');
    await h.b(CONFIRM, { response: (await payAtSandbox(h, redirectUrl)).response });
    expect(code(await h.b(CANCEL, { id }, other.token))).toBe('FORBIDDEN');
    h.clock.advance(DAY + 60_000);
    try {
      expect(messageKey(await h.b(CANCEL, { id }, seller.token))).toBe('paymentNotCancellable');
    } finally {
      h.clock.advance(-(DAY + 60_000));
    }
  });
});

const CHECKOUT_AGAIN = 'mutation($id: ID!) { checkoutOpportunity(opportunityId: $id) { isPayed } }';
