import { setTimeout as sleep } from 'node:timers/promises';
import { adTotal, type Locale, type PlanLevel } from '@ruedas/domain';
import { DuplicateKeyError, forbidden, notFound } from '@ruedas/platform';
import { asSeller, type Caller } from '../rules';
import { planId, type AdDoc, type InvoiceDoc } from '../store';
import { BillingPart, conflict, electronicInvoice, RETRIES, type BillingDeps, type CheckoutResult } from './context';
import type { Invoices } from './invoices';
import type { Plans } from './plans';

const AD_POLL_MS = 50;

/** The checkout of an ad: free, a unit of the seller's plan, or an invoice to pay at the provider. */
export class AdCheckout extends BillingPart {
  constructor(
    deps: BillingDeps,
    private readonly invoicing: Invoices,
    private readonly planning: Plans,
  ) {
    super(deps);
  }

  /**
   * The ad as billing knows it. An ad just created may not have arrived yet, and a change just saved
   * (the `expected` level and quick approval) may still be on its way: both are waited for a little.
   */
  private async ad(id: string, expected: { level?: unknown; autoApproval?: unknown }): Promise<AdDoc> {
    const deadline = Date.now() + this.deps.adWaitMs;
    const matches = (ad: AdDoc) =>
      (expected.level === undefined || expected.level === null || ad.level === expected.level) &&
      (expected.autoApproval === undefined || expected.autoApproval === null || ad.autoApproval === expected.autoApproval);
    for (;;) {
      const ad = await this.deps.collections.ads.findById(id);
      if (ad && matches(ad)) return ad;
      if (Date.now() >= deadline) {
        if (ad) throw conflict();
        throw notFound();
      }
      await sleep(AD_POLL_MS);
    }
  }

  async settle(ad: AdDoc, method: 'FREE' | 'PLAN' | 'INVOICE', amount: number, invoiceId: string | null, at: Date, quickApproval: boolean): Promise<void> {
    await this.deps.collections.settlements.updateOne(
      { _id: ad._id },
      { $set: { userId: ad.sellerId, level: ad.level, quickApproval, method, amount, invoiceId, settledAt: at, cancelled: false } },
      { upsert: true },
    );
  }

  private result(ad: AdDoc, invoice: InvoiceDoc | null, total: number, coveredByPlan = false): CheckoutResult {
    const isPayed = coveredByPlan || invoice?.status === 'PAID';
    return { opportunityId: ad._id, isPayed, redirectUrl: invoice?.status === 'NEW' ? invoice.redirectUrl : null, invoice, total, coveredByPlan };
  }

  /**
   * Settles an ad of the caller (see the schema): free, a plan unit, or an invoice to pay. Two
   * concurrent or repeated checkouts of one ad answer the same invoice and charge or consume once.
   */
  async checkout(
    opportunityId: string,
    invoiceInput: unknown,
    caller: Caller | null,
    locale: Locale,
    expected: { level?: unknown; autoApproval?: unknown } = {},
  ): Promise<CheckoutResult> {
    const me = asSeller(caller);
    const electronic = electronicInvoice(invoiceInput);
    const known = await this.deps.collections.ads.findById(String(opportunityId));
    if (known && known.sellerId !== me.userId) throw forbidden();
    const ad = await this.ad(String(opportunityId), expected);
    if (ad.sellerId !== me.userId) throw forbidden();
    for (let attempt = 0; attempt < RETRIES; attempt += 1) {
      const current = await this.invoicing.latestInvoice(ad._id);
      const total = adTotal(ad.level, ad.autoApproval, (key) => this.parameter(key));
      // Paid, waiting for a transfer, or cancelled: the answer is the invoice as it is.
      if (current && current.status !== 'NEW' && current.status !== 'VOID') {
        if (current.status === 'CANCELLED') throw conflict('opportunityNotPayable');
        return this.result(ad, current, current.amount);
      }
      const used = await this.plans.findOne({ _id: planId(me.userId, ad.level as PlanLevel), usedFor: ad._id });
      if (used) {
        await this.settle(ad, 'PLAN', 0, null, this.now(), false);
        return this.result(ad, null, 0, true);
      }
      if (ad.status !== 'PENDING_APPROVAL') throw conflict('opportunityNotPayable');
      if (total === 0) {
        if (current?.status === 'NEW' && !(await this.invoicing.voidOpen(current, me))) continue;
        await this.settle(ad, 'FREE', 0, null, this.now(), false);
        return this.result(ad, null, 0);
      }
      // A paid level covered by a unit of the seller's plan of that level.
      if (ad.level !== 'FREE' && (await this.planning.usablePlan(me.userId, ad.level))) {
        if (current?.status === 'NEW' && !(await this.invoicing.voidOpen(current, me))) continue;
        if (await this.planning.useUnit(me, ad)) {
          await this.settle(ad, 'PLAN', 0, null, this.now(), false);
          return this.result(ad, null, 0, true);
        }
        continue;
      }
      const quickApproval = ad.level === 'FREE' ? ad.autoApproval : true;
      if (current?.status === 'NEW') {
        if (current.amount === total && current.level === ad.level && current.quickApproval === quickApproval) {
          let invoice = current;
          if (electronic && JSON.stringify(electronic) !== JSON.stringify(current.electronicInvoice)) {
            invoice = (await this.invoices.findOneAndUpdate({ _id: current._id, status: 'NEW' }, { $set: { electronicInvoice: electronic } })) ?? current;
          }
          return this.result(ad, await this.invoicing.withCheckout(invoice, locale), total);
        }
        // The level or quick approval changed since: the old invoice can't be paid any more.
        if (!(await this.invoicing.voidOpen(current, me))) continue;
      }
      const seq = (current?.seq ?? 0) + 1;
      let invoice: InvoiceDoc;
      try {
        invoice = await this.invoicing.insertInvoice(
          {
            _id: `${ad._id}.${seq}`,
            kind: 'OPPORTUNITY',
            userId: me.userId,
            opportunityId: ad._id,
            seq,
            level: ad.level,
            quickApproval,
            planQuantity: 0,
            amount: total,
            electronicInvoice: electronic,
            createdAt: this.now(),
          },
          me,
        );
      } catch (error) {
        if (error instanceof DuplicateKeyError) continue; // a concurrent checkout created it: read it again
        throw error;
      }
      return this.result(ad, await this.invoicing.withCheckout(invoice, locale), total);
    }
    throw conflict();
  }
}
