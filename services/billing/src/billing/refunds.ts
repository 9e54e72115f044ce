import { CANCELLATION_WINDOW_HOURS } from '@ruedas/domain';
import { forbidden, notFound } from '@ruedas/platform';
import { addHours, asAdministrator, asSeller, isAdministrator, type Caller } from '../rules';
import type { InvoiceDoc } from '../store';
import { BillingPart, conflict, RETRIES, type BillingDeps } from './context';
import type { Invoices, PageArgs } from './invoices';

/** An admin's hold on a refund being asked of the provider; a hold older than this (a crash) may be taken over. */
const REFUND_CLAIM_MS = 5 * 60 * 1000;

/** The cancellation of a paid ad within its window, and the refunds an admin approves (through the provider when it took the money). */
export class Refunds extends BillingPart {
  constructor(
    deps: BillingDeps,
    private readonly invoicing: Invoices,
  ) {
    super(deps);
  }

  cancellable(invoice: InvoiceDoc): boolean {
    return (
      invoice.kind === 'OPPORTUNITY' &&
      invoice.status === 'PAID' &&
      invoice.paidAt !== null &&
      this.now() <= addHours(invoice.paidAt, CANCELLATION_WINDOW_HOURS)
    );
  }

  async cancel(opportunityId: string, caller: Caller | null): Promise<InvoiceDoc> {
    const me = asSeller(caller);
    const invoice = await this.invoicing.latestInvoice(String(opportunityId));
    if (!invoice || (invoice.userId !== me.userId && !isAdministrator(me))) {
      const ad = await this.deps.collections.ads.findById(String(opportunityId));
      if (ad && ad.sellerId !== me.userId && !isAdministrator(me)) throw forbidden();
      throw conflict('paymentNotCancellable');
    }
    if (invoice.status === 'CANCELLED') return invoice;
    if (!this.cancellable(invoice)) throw conflict('paymentNotCancellable');
    const now = this.now();
    const saved = await this.invoicing.saveInvoice(
      invoice,
      { status: 'CANCELLED', refund: { status: 'PENDING', amount: invoice.amount, requestedAt: now, doneAt: null, doneBy: null } },
      'CANCELLED',
      me,
      { status: 'PAID' },
    );
    if (!saved) throw conflict();
    await this.deps.collections.settlements.updateOne({ _id: String(opportunityId) }, { $set: { cancelled: true } });
    return saved;
  }

  async refunds(status: unknown, caller: Caller | null): Promise<InvoiceDoc[]> {
    asAdministrator(caller);
    return this.invoices.find(refundFilter(status), { sort: { 'refund.requestedAt': 1, _id: 1 }, projection: { outbox: 0 } });
  }

  /** *Admin.* One page of the refunds (oldest request first), of one status or both. */
  async refundPage(status: unknown, caller: Caller | null, asked: PageArgs) {
    asAdministrator(caller);
    return this.invoicing.page(refundFilter(status), { 'refund.requestedAt': 1, _id: 1 }, asked);
  }

  /**
   * An admin approves a refund. A payment the provider took (card or SINPE Móvil through it) is
   * refunded through its API first (once: one admin at a time holds the refund, and the provider
   * gets the invoice as its idempotency reference); a manual transfer is only marked done. When the
   * provider refuses or cannot be reached, nothing changes and the admin is told.
   */
  async markRefundDone(refundId: string, caller: Caller | null): Promise<InvoiceDoc> {
    const admin = asAdministrator(caller);
    let invoice = await this.invoices.findById(String(refundId));
    if (!invoice?.refund) throw notFound();
    if (invoice.refund.status === 'DONE') throw conflict('refundAlreadyDone');
    let providerRefundId = invoice.refund.providerRefundId ?? null;
    if (invoice.paymentProvider && invoice.paymentProvider === this.deps.provider.kind && invoice.transactionId && !providerRefundId) {
      const now = this.now();
      const claimed = await this.invoices.findOneAndUpdate(
        {
          _id: invoice._id,
          'refund.status': 'PENDING',
          $or: [{ 'refund.claimedAt': null }, { 'refund.claimedAt': { $lte: new Date(now.getTime() - REFUND_CLAIM_MS) } }],
        },
        { $set: { 'refund.claimedAt': now } },
      );
      if (!claimed?.refund) {
        const again = await this.invoices.findById(invoice._id);
        throw conflict(again?.refund?.status === 'DONE' ? 'refundAlreadyDone' : 'refundInProgress');
      }
      try {
        const refund = await this.deps.provider.refund({
          invoiceId: invoice._id,
          transactionId: invoice.transactionId,
          amount: claimed.refund.amount,
          currency: invoice.currency,
        });
        providerRefundId = refund.refundId;
      } catch (error) {
        await this.invoices.updateOne({ _id: invoice._id, 'refund.status': 'PENDING' }, { $set: { 'refund.claimedAt': null } });
        throw error;
      }
      invoice = claimed;
    }
    for (let attempt = 0; attempt < RETRIES && invoice?.refund; attempt += 1) {
      if (invoice.refund.status === 'DONE') throw conflict('refundAlreadyDone');
      const refund = { ...invoice.refund, status: 'DONE' as const, doneAt: this.now(), doneBy: admin.userId, providerRefundId, claimedAt: null };
      const saved = await this.invoicing.saveInvoice(invoice, { refund }, 'REFUNDED', admin, { 'refund.status': 'PENDING' });
      if (saved) return saved;
      invoice = await this.invoices.findById(invoice._id);
    }
    throw conflict('refundAlreadyDone');
  }
}

/** The refunds of one status, or of both (`$in`, so the refunds index serves every list, decision 0155). */
function refundFilter(status: unknown): Record<string, unknown> {
  return status === 'PENDING' || status === 'DONE' ? { 'refund.status': status } : { 'refund.status': { $in: ['PENDING', 'DONE'] } };
}
