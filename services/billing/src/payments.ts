import { DuplicateKeyError, isDomainError, type Clock, type Logger, type PaymentProvider, type WebhookDelivery } from '@ruedas/platform';
import type { Billing, PaymentResult } from './billing';
import type { Caller } from './rules';
import type { BillingCollections, InvoiceDoc } from './store';

/** Where payment providers POST their webhooks (ONVO's dashboard: `<RUEDAS_PUBLIC_URL>/payments/webhook`). */
export { PAYMENT_WEBHOOK_PATH } from './paths';
/** The reconciliation asks about open invoices of the last this many days (older ones were abandoned). */
const RECONCILE_HORIZON_MS = 3 * 24 * 60 * 60 * 1000;
const RECONCILE_BATCH = 100;

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Keeps billing's invoices in step with the payment provider, whichever way its word arrives:
 * - a webhook: verified by the adapter, deduplicated by its event id, then the provider's API is
 *   asked for the checkout's state (the webhook's content is only a hint);
 * - the visitor's return to the result page (`refresh`), before or after the webhook;
 * - the reconciliation job, for open invoices older than PAYMENT_RECONCILE_MINUTES (a lost webhook).
 * All three end in `Billing.applyStatus`, idempotent and monotonic.
 */
export class PaymentSync {
  constructor(
    private readonly billing: Billing,
    private readonly collections: BillingCollections,
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async webhook(delivery: WebhookDelivery): Promise<WebhookOutcome> {
    const event = await this.provider.parseWebhook(delivery);
    if (!event) return 'ignored';
    const key = `${this.provider.kind}:${event.eventId}`;
    if (await this.collections.webhookEvents.findById(key)) return 'duplicate';
    const invoice = event.checkoutId
      ? await this.collections.invoices.findOne({ checkoutId: event.checkoutId })
      : event.invoiceId
        ? await this.collections.invoices.findById(event.invoiceId)
        : null;
    if (!invoice?.checkoutId) {
      this.logger.info({ eventId: event.eventId, type: event.type }, 'a payment webhook about no invoice of ours: acknowledged, nothing applied');
      return 'ignored';
    }
    const status = await this.provider.retrieve(invoice.checkoutId);
    await this.billing.paying.applyStatus(status, null);
    try {
      await this.collections.webhookEvents.insertOne({
        _id: key,
        provider: this.provider.kind,
        type: event.type,
        invoiceId: invoice._id,
        receivedAt: this.clock.now(),
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    return 'applied';
  }

  /**
   * The result page's answer when the visitor comes back from the provider: its owner (or an admin)
   * only. An open invoice is asked of the provider; when it cannot be reached, billing's own state
   * answers (the webhook or the reconciliation will follow).
   */
  async refresh(invoiceId: unknown, caller: Caller | null): Promise<PaymentResult> {
    const invoice: InvoiceDoc = await this.billing.invoicing.invoice(String(invoiceId ?? ''), caller);
    if (invoice.status !== 'NEW' || !invoice.checkoutId) return this.billing.paying.knownOutcome(invoice);
    let status;
    try {
      status = await this.provider.retrieve(invoice.checkoutId);
    } catch (error) {
      // The provider down or refusing: billing's own state answers; the buyer is not shown its fault.
      if (!isDomainError(error)) throw error;
      this.logger.warn({ err: error, invoiceId: invoice._id }, 'the payment provider could not be asked on the return; answering what billing knows');
      return this.billing.paying.knownOutcome(invoice);
    }
    return this.billing.paying.applyStatus(status, caller);
  }

  /** Asks the provider about open invoices left pending for PAYMENT_RECONCILE_MINUTES; answers how many it asked about. */
  async reconcile(): Promise<number> {
    const now = this.clock.now().getTime();
    const after = Math.max(1, this.billing.parameter('PAYMENT_RECONCILE_MINUTES')) * 60_000;
    const cutoff = new Date(now - after);
    const due = await this.collections.invoices.find(
      {
        status: 'NEW',
        checkoutId: { $ne: null },
        createdAt: { $lte: cutoff, $gte: new Date(now - RECONCILE_HORIZON_MS) },
        $or: [{ reconciledAt: null }, { reconciledAt: { $lte: cutoff } }],
      },
      { sort: { createdAt: 1 }, limit: RECONCILE_BATCH, projection: { outbox: 0 } },
    );
    let asked = 0;
    for (const invoice of due) {
      try {
        const status = await this.provider.retrieve(invoice.checkoutId as string);
        await this.billing.paying.applyStatus(status, null);
        asked += 1;
      } catch (error) {
        this.logger.warn({ err: error, invoiceId: invoice._id }, 'reconciliation could not settle an invoice; trying again at a later pass');
      }
      await this.collections.invoices.updateOne({ _id: invoice._id }, { $set: { reconciledAt: this.clock.now() } });
    }
    if (asked) this.logger.info({ asked }, 'open payments checked with the provider');
    return asked;
  }
}
