import { auditDiff, LEVEL_LABELS, localize, translate, type Locale, type StaffAction } from '@ruedas/domain';
import { billingStaffAction, createEvent, invoiceChanged, staffActionEvent, type InvoiceSnapshot } from '@ruedas/events';
import type { Page } from '@ruedas/domain';
import { notFound, pageAnswer, pageRequest, toOutbox, type OutboxEntry } from '@ruedas/platform';
import { asAdministrator, asSeller, isAdministrator, type Caller } from '../rules';
import type { InvoiceDoc } from '../store';
import { actorOf, BillingPart, conflict, type InvoiceChange } from './context';

/** An administrator's change of an invoice that is a staff action (audit trail), by the change it makes. */
const STAFF_INVOICE_ACTIONS: Partial<Record<InvoiceChange, StaffAction>> = {
  PAID: 'TRANSFER_CONFIRMED',
  TRANSFER_REJECTED: 'TRANSFER_REJECTED',
  CANCELLED: 'PAYMENT_CANCELLED',
  REFUNDED: 'REFUND_DONE',
};
/** What the audit trail records of an invoice: its state, never the electronic-invoice data. */
const AUDITED_INVOICE_FIELDS = ['status', 'paymentMethod', 'refnum', 'amount', 'refundStatus'] as const;
const auditedInvoice = (invoice: InvoiceDoc) => ({ ...invoice, refundStatus: invoice.refund?.status ?? null });
const RESULT_PATH = { OPPORTUNITY: '/paymentResultView', PLAN: '/buyPlanResult' } as const;

/**
 * Invoices: their numbers, their versioned writes with the event (and the audit entry) in the same
 * write, the provider's checkout of one, and the reads of the seller's and the admin's lists.
 */
export class Invoices extends BillingPart {
  user(id: string) {
    return this.deps.collections.users.findById(id);
  }

  private async snapshot(invoice: InvoiceDoc): Promise<InvoiceSnapshot> {
    const user = await this.user(invoice.userId);
    return {
      id: invoice._id,
      codigoint: invoice.codigoint,
      kind: invoice.kind,
      userId: invoice.userId,
      opportunityId: invoice.opportunityId,
      level: invoice.level,
      quickApproval: invoice.quickApproval,
      planQuantity: invoice.planQuantity,
      amount: invoice.amount,
      currency: 'CRC',
      status: invoice.status,
      paymentMethod: invoice.paymentMethod,
      createdAt: invoice.createdAt.toISOString(),
      paidAt: invoice.paidAt?.toISOString() ?? null,
      testUser: user?.role === 'TESTUSER',
    };
  }

  private async invoiceEntry(invoice: InvoiceDoc, change: InvoiceChange, caller: Caller | null): Promise<OutboxEntry> {
    return toOutbox(
      invoiceChanged.topic,
      createEvent(invoiceChanged, {
        aggregateId: invoice._id,
        aggregateVersion: invoice.version,
        actor: actorOf(caller),
        occurredAt: this.now(),
        payload: { invoice: await this.snapshot(invoice), change },
      }),
    );
  }

  /**
   * Writes a change of an invoice and its snapshot in one single-document update guarded by the
   * version it was read at (and optional extra conditions); null when another writer got there first.
   */
  async saveInvoice(
    before: InvoiceDoc,
    changes: Partial<InvoiceDoc>,
    change: InvoiceChange,
    caller: Caller | null,
    condition: Record<string, unknown> = {},
  ): Promise<InvoiceDoc | null> {
    const after: InvoiceDoc = { ...before, ...changes, version: before.version + 1 };
    const entries = [await this.invoiceEntry(after, change, caller)];
    // Confirming or rejecting a transfer, cancelling someone's payment, a refund: audited in the same write.
    const staffAction = STAFF_INVOICE_ACTIONS[change];
    if (
      staffAction &&
      caller &&
      isAdministrator(caller) &&
      (change !== 'PAID' || after.paymentMethod === 'MOBILE_TRANSFER') &&
      (change !== 'CANCELLED' || before.userId !== caller.userId)
    ) {
      const target = { type: 'INVOICE' as const, id: before._id, label: before.codigoint };
      const diff = auditDiff(auditedInvoice(before), auditedInvoice(after), AUDITED_INVOICE_FIELDS);
      entries.push(
        toOutbox(
          billingStaffAction.topic,
          staffActionEvent(billingStaffAction, { actor: { id: caller.userId, role: 'ADMINISTRATOR' }, action: staffAction, target, ...diff, at: this.now() }),
        ),
      );
    }
    const saved = await this.invoices.findOneAndUpdate(
      { _id: before._id, version: before.version, ...condition },
      { $set: { ...changes, version: after.version }, $push: { outbox: { $each: entries } } },
    );
    if (saved) this.deps.outbox.notify();
    return saved;
  }

  private async nextNumber(): Promise<string> {
    const counter = await this.deps.collections.counters.findOneAndUpdate({ _id: 'invoice' }, { $inc: { value: 1 } }, { upsert: true });
    return String(counter?.value ?? 0).padStart(6, '0');
  }

  async insertInvoice(
    draft: Omit<
      InvoiceDoc,
      | 'codigoint'
      | 'version'
      | 'outbox'
      | 'checkoutId'
      | 'redirectUrl'
      | 'transactionId'
      | 'paidAt'
      | 'planApplied'
      | 'refund'
      | 'status'
      | 'paymentMethod'
      | 'refnum'
      | 'currency'
    >,
    caller: Caller,
  ): Promise<InvoiceDoc> {
    const invoice: InvoiceDoc = {
      ...draft,
      codigoint: await this.nextNumber(),
      currency: 'CRC',
      status: 'NEW',
      paymentMethod: null,
      refnum: null,
      checkoutId: null,
      redirectUrl: null,
      transactionId: null,
      paidAt: null,
      planApplied: false,
      refund: null,
      version: 1,
    };
    const saved = await this.invoices.insertOne({ ...invoice, outbox: [await this.invoiceEntry(invoice, 'CREATED', caller)] });
    this.deps.outbox.notify();
    return saved;
  }

  /**
   * Voids an open invoice the ad no longer matches; refused while a SINPE Móvil payment of it waits
   * for the provider's approval (the money may still arrive: decision 0039).
   */
  async voidOpen(current: InvoiceDoc, caller: Caller): Promise<InvoiceDoc | null> {
    if (current.providerState === 'DEFERRED') throw conflict('paymentDeferred');
    return this.saveInvoice(current, { status: 'VOID' }, 'VOIDED', caller, { status: 'NEW', providerState: { $ne: 'DEFERRED' } });
  }

  /** Opens the provider's checkout of an invoice once; later calls answer the same one. */
  async withCheckout(invoice: InvoiceDoc, locale: Locale): Promise<InvoiceDoc> {
    if (invoice.checkoutId) return invoice;
    // In the buyer's language, with the level's name, never its code (issue 13: no "BRONZE" on a Spanish page).
    const params = { level: localize(LEVEL_LABELS[invoice.level], locale), quantity: invoice.planQuantity, invoice: invoice.codigoint };
    const description = translate(
      invoice.kind === 'PLAN' ? 'checkoutDescriptionPlan' : invoice.level === 'FREE' ? 'checkoutDescriptionQuickApproval' : 'checkoutDescriptionAd',
      locale,
      params,
    );
    const checkout = await this.deps.provider.createCheckout({
      invoiceId: invoice._id,
      kind: invoice.kind,
      amount: invoice.amount,
      currency: invoice.currency,
      description,
      returnPath: RESULT_PATH[invoice.kind],
      locale,
    });
    const saved = await this.invoices.findOneAndUpdate(
      { _id: invoice._id, checkoutId: null },
      { $set: { checkoutId: checkout.checkoutId, redirectUrl: checkout.redirectUrl } },
    );
    return saved ?? ((await this.invoices.findById(invoice._id)) as InvoiceDoc);
  }

  /** The current invoice of an ad: the newest one (voided ones are followed by a newer one). */
  latestInvoice(opportunityId: string): Promise<InvoiceDoc | null> {
    return this.invoices.findOne({ opportunityId }, { sort: { seq: -1 } });
  }

  async own(invoiceId: string, caller: Caller | null): Promise<InvoiceDoc> {
    const me = asSeller(caller);
    const invoice = await this.invoices.findById(String(invoiceId));
    if (!invoice || (invoice.userId !== me.userId && !isAdministrator(me))) throw notFound();
    return invoice;
  }

  // ---------------------------------------------------------------- reads

  async myInvoices(caller: Caller | null): Promise<InvoiceDoc[]> {
    const me = asSeller(caller);
    return this.invoices.find({ userId: me.userId }, { sort: { createdAt: -1, _id: 1 }, projection: { outbox: 0 } });
  }

  async invoice(id: string, caller: Caller | null): Promise<InvoiceDoc> {
    return this.own(id, caller);
  }

  async opportunityInvoice(opportunityId: string, caller: Caller | null): Promise<InvoiceDoc | null> {
    const me = asSeller(caller);
    const ad = await this.deps.collections.ads.findById(String(opportunityId));
    const invoice = await this.latestInvoice(String(opportunityId));
    const ownerId = ad?.sellerId ?? invoice?.userId;
    if (!ownerId) throw notFound();
    if (ownerId !== me.userId && !isAdministrator(me)) throw notFound();
    return invoice && invoice.status !== 'VOID' ? invoice : null;
  }

  async userInvoices(userId: string, caller: Caller | null): Promise<InvoiceDoc[]> {
    asAdministrator(caller);
    return this.invoices.find({ userId: String(userId) }, { sort: { createdAt: -1, _id: 1 }, projection: { outbox: 0 } });
  }

  async pendingTransfers(caller: Caller | null): Promise<InvoiceDoc[]> {
    asAdministrator(caller);
    return this.invoices.find({ status: 'TRANSFER_PENDING' }, { sort: { createdAt: 1, _id: 1 }, projection: { outbox: 0 } });
  }

  /** One page of the signed-in seller's invoices, newest first. */
  async myInvoicePage(caller: Caller | null, asked: PageArgs): Promise<Page<InvoiceDoc>> {
    const me = asSeller(caller);
    return this.page({ userId: me.userId }, { createdAt: -1, _id: 1 }, asked);
  }

  /** *Admin.* One page of a user's invoices, newest first. */
  async userInvoicePage(userId: string, caller: Caller | null, asked: PageArgs): Promise<Page<InvoiceDoc>> {
    asAdministrator(caller);
    return this.page({ userId: String(userId) }, { createdAt: -1, _id: 1 }, asked);
  }

  /** *Admin.* One page of the invoices waiting for a transfer confirmation, oldest first. */
  async pendingTransferPage(caller: Caller | null, asked: PageArgs): Promise<Page<InvoiceDoc>> {
    asAdministrator(caller);
    return this.page({ status: 'TRANSFER_PENDING' }, { createdAt: 1, _id: 1 }, asked);
  }

  /** One page of the invoices of `filter` in the order of `sort` (one index serves both), with their count. */
  async page(filter: Record<string, unknown>, sort: Record<string, 1 | -1>, asked: PageArgs): Promise<Page<InvoiceDoc>> {
    const request = pageRequest(asked, this.parameter('ITEMS_PER_LIST'));
    const [totalItems, items] = await Promise.all([
      this.invoices.count(filter),
      this.invoices.find(filter, { sort, skip: request.skip, limit: request.pageSize, projection: { outbox: 0 } }),
    ]);
    return pageAnswer(items, totalItems, request);
  }
}

/** The `page` and `pageSize` arguments of a paged list (checked by `pageRequest`). */
export interface PageArgs {
  page?: unknown;
  pageSize?: unknown;
}
