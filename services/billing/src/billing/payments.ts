import { type PaymentMethod } from '@ruedas/domain';
import { DomainError, DuplicateKeyError, notFound, validationFailed, type PaymentChannel, type PaymentStatus } from '@ruedas/platform';
import { asAdministrator, type Caller } from '../rules';
import type { InvoiceDoc, Outcome } from '../store';
import type { AdCheckout } from './ad-checkout';
import { BillingPart, conflict, OPEN, type BillingDeps, type PaymentResult } from './context';
import type { Invoices } from './invoices';
import type { Plans } from './plans';

/** A provider response older than this is refused (a replay of an old response). */
export const RESPONSE_MAX_AGE_MS = 60 * 60 * 1000;
/** ...and one from further in the future than this (clock skew) too. */
const RESPONSE_MAX_SKEW_MS = 5 * 60 * 1000;
const FINAL: Outcome[] = ['APPROVED', 'DECLINED', 'CANCELLED'];
const invalidResponse = () => new DomainError('VALIDATION', 'paymentResponseInvalid');
const reusedResponse = () => new DomainError('VALIDATION', 'paymentResponseReused');
/** How billing records a provider's payment channel: SINPE Móvil is a mobile transfer (taken by the provider). */
const methodOf = (channel: PaymentChannel | null): PaymentMethod => (channel === 'SINPE_MOVIL' ? 'MOBILE_TRANSFER' : 'CARD');

/** Payments: the provider's word on a checkout (verified responses, its API's status) and mobile transfers an admin confirms. */
export class Payments extends BillingPart {
  constructor(
    deps: BillingDeps,
    private readonly invoicing: Invoices,
    private readonly planning: Plans,
    private readonly adCheckout: AdCheckout,
  ) {
    super(deps);
  }

  /** Marks an open invoice paid (once) and applies it: the ad's settlement, or the plan's balance. */
  private async markPaid(invoice: InvoiceDoc, method: PaymentMethod, transactionId: string | null, caller: Caller | null): Promise<InvoiceDoc> {
    let paid = invoice;
    if (invoice.status !== 'PAID') {
      const changes: Partial<InvoiceDoc> = {
        status: 'PAID',
        paymentMethod: method,
        transactionId,
        paidAt: this.now(),
        paymentProvider: transactionId ? this.deps.provider.kind : null,
        providerState: null,
      };
      const saved = await this.invoicing.saveInvoice(invoice, changes, 'PAID', caller, { status: { $in: OPEN } });
      paid = saved ?? ((await this.invoices.findById(invoice._id)) as InvoiceDoc);
      if (paid.status !== 'PAID') throw conflict('invoiceNotPayable');
    }
    if (paid.kind === 'PLAN') await this.planning.applyPlanInvoice(paid);
    else if (paid.opportunityId) {
      const ad = await this.deps.collections.ads.findById(paid.opportunityId);
      if (ad) await this.adCheckout.settle(ad, 'INVOICE', paid.amount, paid._id, paid.paidAt ?? this.now(), paid.quickApproval && paid.level === 'FREE');
    }
    return paid;
  }

  /**
   * Applies a provider response: verified (signature, age, invoice, checkout, amount, currency, not
   * used for another invoice) before anything is paid. The same response again answers the same.
   * Only a provider that hands the browser a signed response (the sandbox) has them; the others'
   * return is `refreshPayment`.
   */
  async confirm(response: unknown, caller: Caller | null): Promise<PaymentResult> {
    if (typeof response !== 'string' || response.length === 0 || response.length > 4096) throw invalidResponse();
    if (!this.deps.provider.verifyResponse) throw invalidResponse();
    const verified = await this.deps.provider.verifyResponse(response);
    const invoice = await this.invoices.findById(verified.invoiceId);
    if (!invoice) throw invalidResponse();
    const known = verified.transactionId ? await this.deps.collections.payments.findById(verified.transactionId) : null;
    if (known) {
      if (known.invoiceId !== invoice._id || known.checkoutId !== verified.checkoutId) throw reusedResponse();
      // A second delivery: the same answer; an approval interrupted before the invoice was written is finished.
      const finished =
        known.outcome === 'APPROVED' && OPEN.includes(invoice.status) ? await this.markPaid(invoice, methodOf(verified.channel), known._id, caller) : invoice;
      return { outcome: known.outcome, invoice: finished, isPayed: finished.status === 'PAID' };
    }
    if (invoice.checkoutId !== verified.checkoutId) throw reusedResponse();
    if (verified.amount !== invoice.amount || verified.currency !== invoice.currency) throw invalidResponse();
    const age = this.now().getTime() - verified.issuedAt.getTime();
    if (age > RESPONSE_MAX_AGE_MS) throw new DomainError('VALIDATION', 'paymentResponseExpired');
    if (age < -RESPONSE_MAX_SKEW_MS) throw invalidResponse();
    // Not final (a SINPE Móvil payment waiting for the provider): noted on the open invoice, nothing recorded.
    if (!FINAL.includes(verified.state)) return this.applyStatus(verified, caller);
    if (verified.state === 'APPROVED' && !OPEN.includes(invoice.status) && invoice.status !== 'PAID') throw conflict('invoiceNotPayable');
    if (!verified.transactionId) throw invalidResponse();
    try {
      await this.deps.collections.payments.insertOne({
        _id: verified.transactionId,
        invoiceId: invoice._id,
        checkoutId: verified.checkoutId,
        outcome: verified.state,
        amount: verified.amount,
        receivedAt: this.now(),
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) return this.confirm(response, caller); // a concurrent delivery won
      throw error;
    }
    if (verified.state !== 'APPROVED') {
      this.deps.logger.info({ invoiceId: invoice._id, outcome: verified.state }, 'payment not approved; the invoice stays payable');
      return this.applyStatus(verified, caller);
    }
    if (invoice.status === 'PAID') {
      this.deps.logger.warn(
        { invoiceId: invoice._id, transactionId: verified.transactionId },
        'a second approved payment of a paid invoice: it needs a refund at the provider',
      );
      return { outcome: 'APPROVED', invoice, isPayed: true };
    }
    const paid = await this.markPaid(invoice, methodOf(verified.channel), verified.transactionId, caller);
    return { outcome: 'APPROVED', invoice: paid, isPayed: true };
  }

  /**
   * Applies the provider's own word on a checkout (read from its API after a webhook, on the
   * visitor's return or by the reconciliation; or a verified response). Idempotent and monotonic:
   * an approval pays an open invoice once (the ledger keeps one invoice per transaction); anything
   * else only notes the provider's state on a still open invoice, so a late, replayed or reordered
   * answer can neither pay twice nor move a paid invoice back.
   */
  async applyStatus(status: PaymentStatus, caller: Caller | null): Promise<PaymentResult> {
    const invoice = await this.invoices.findById(status.invoiceId);
    if (!invoice) throw invalidResponse();
    if (!invoice.checkoutId || invoice.checkoutId !== status.checkoutId) throw reusedResponse();
    if (status.state === 'APPROVED') {
      if (!status.transactionId || status.amount !== invoice.amount || status.currency !== invoice.currency) {
        this.deps.logger.error({ invoiceId: invoice._id, status }, 'the provider approved a payment that does not match its invoice: nothing applied');
        throw invalidResponse();
      }
      const known = await this.deps.collections.payments.findById(status.transactionId);
      if (known && known.invoiceId !== invoice._id) throw reusedResponse();
      if (!known) {
        try {
          await this.deps.collections.payments.insertOne({
            _id: status.transactionId,
            invoiceId: invoice._id,
            checkoutId: status.checkoutId,
            outcome: 'APPROVED',
            amount: status.amount,
            receivedAt: this.now(),
          });
        } catch (error) {
          if (!(error instanceof DuplicateKeyError)) throw error;
        }
      }
      if (OPEN.includes(invoice.status)) {
        const paid = await this.markPaid(invoice, methodOf(status.channel), status.transactionId, caller);
        return { outcome: 'APPROVED', invoice: paid, isPayed: true };
      }
      if (invoice.status === 'PAID') {
        if (invoice.transactionId !== status.transactionId) {
          this.deps.logger.warn(
            { invoiceId: invoice._id, transactionId: status.transactionId },
            'a second approved payment of a paid invoice: it needs a refund at the provider',
          );
        }
        const finished = invoice.kind === 'PLAN' ? await this.markPaid(invoice, methodOf(status.channel), invoice.transactionId, caller) : invoice;
        return { outcome: 'APPROVED', invoice: finished, isPayed: true };
      }
      // A late approval of an invoice voided meanwhile (the ad changed while the buyer was paying):
      // nothing is paid; the money is owed back, so a refund waits for an admin's approval (once).
      if (invoice.status === 'VOID' && !invoice.refund) {
        const refund = {
          status: 'PENDING' as const,
          amount: status.amount,
          requestedAt: this.now(),
          doneAt: null,
          doneBy: null,
          providerRefundId: null,
          claimedAt: null,
        };
        const owed = await this.invoices.findOneAndUpdate(
          { _id: invoice._id, status: 'VOID', refund: null },
          { $set: { refund, transactionId: status.transactionId, paymentProvider: this.deps.provider.kind, paymentMethod: methodOf(status.channel) } },
        );
        if (owed)
          this.deps.logger.warn(
            { invoiceId: invoice._id, transactionId: status.transactionId },
            'a payment arrived for a void invoice: a refund waits for an admin',
          );
        return { outcome: 'APPROVED', invoice: owed ?? invoice, isPayed: false };
      }
      if (invoice.transactionId !== status.transactionId) {
        this.deps.logger.warn(
          { invoiceId: invoice._id, status: invoice.status, transactionId: status.transactionId },
          'an approval arrived for an invoice that cannot be paid any more: it needs a refund at the provider',
        );
      }
      return { outcome: 'APPROVED', invoice, isPayed: false };
    }
    const noted = status.state === 'PENDING' ? null : status.state;
    let current = invoice;
    if (invoice.status === 'NEW' && (invoice.providerState ?? null) !== noted) {
      current =
        (await this.invoices.findOneAndUpdate({ _id: invoice._id, status: 'NEW' }, { $set: { providerState: noted } })) ??
        ((await this.invoices.findById(invoice._id)) as InvoiceDoc);
    }
    return { outcome: status.state, invoice: current, isPayed: current.status === 'PAID' };
  }

  /** The state of an invoice's payment as billing knows it, without asking the provider. */
  knownOutcome(invoice: InvoiceDoc): PaymentResult {
    const outcome: Outcome =
      invoice.status === 'PAID'
        ? 'APPROVED'
        : invoice.status === 'TRANSFER_PENDING' || invoice.providerState === 'DEFERRED'
          ? 'DEFERRED'
          : invoice.status === 'NEW'
            ? (invoice.providerState ?? 'PENDING')
            : 'CANCELLED';
    return { outcome, invoice, isPayed: invoice.status === 'PAID' };
  }

  // ---------------------------------------------------------------- transfers

  async submitTransfer(invoiceId: string, refnum: unknown, caller: Caller | null): Promise<InvoiceDoc> {
    const invoice = await this.invoicing.own(invoiceId, caller);
    const reference = typeof refnum === 'string' ? refnum.trim() : '';
    if (!/^[A-Za-z0-9-]{4,32}$/.test(reference)) throw validationFailed({ refnum: 'invalidRefnum' });
    if (invoice.status !== 'NEW' && invoice.status !== 'TRANSFER_PENDING') throw conflict('invoiceNotPayable');
    const saved = await this.invoicing.saveInvoice(
      invoice,
      { status: 'TRANSFER_PENDING', paymentMethod: 'MOBILE_TRANSFER', refnum: reference },
      'TRANSFER_SUBMITTED',
      caller,
      { status: { $in: OPEN } },
    );
    if (!saved) throw conflict();
    return saved;
  }

  async confirmTransfer(invoiceId: string, caller: Caller | null): Promise<InvoiceDoc> {
    const admin = asAdministrator(caller);
    const invoice = await this.invoices.findById(String(invoiceId));
    if (!invoice) throw notFound();
    if (invoice.status === 'PAID' && invoice.paymentMethod === 'MOBILE_TRANSFER') return invoice;
    if (invoice.status !== 'TRANSFER_PENDING') throw conflict('transferNotPending');
    return this.markPaid(invoice, 'MOBILE_TRANSFER', null, admin);
  }

  async rejectTransfer(invoiceId: string, caller: Caller | null): Promise<InvoiceDoc> {
    const admin = asAdministrator(caller);
    const invoice = await this.invoices.findById(String(invoiceId));
    if (!invoice) throw notFound();
    if (invoice.status !== 'TRANSFER_PENDING') throw conflict('transferNotPending');
    const saved = await this.invoicing.saveInvoice(invoice, { status: 'NEW', paymentMethod: null }, 'TRANSFER_REJECTED', admin, { status: 'TRANSFER_PENDING' });
    if (!saved) throw conflict();
    return saved;
  }
}
