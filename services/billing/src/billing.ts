import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  adTotal,
  auditDiff,
  CANCELLATION_WINDOW_HOURS,
  invoiceSchema,
  LEVEL_LABELS,
  localize,
  PLAN_LEVELS,
  PLAN_MAX_QUANTITY,
  planBlockedAt,
  planExpiry,
  planSchema,
  planUnitPrice,
  planUsableAt,
  roundAmount,
  singlePrice,
  translate,
  validate,
  type Level,
  type Locale,
  type PaymentMethod,
  type PlanLevel,
  type StaffAction,
} from '@ruedas/domain';
import { billingStaffAction, createEvent, invoiceChanged, planChanged, staffActionEvent, type Actor, type InvoiceSnapshot } from '@ruedas/events';
import {
  DomainError,
  DuplicateKeyError,
  forbidden,
  notFound,
  toOutbox,
  validationFailed,
  type Clock,
  type GlobalParameters,
  type Logger,
  type OutboxEntry,
  type OutboxRelay,
  type PaymentChannel,
  type PaymentStatus,
} from '@ruedas/platform';
import type { PaymentProvider } from './provider';
import { addHours, asAdministrator, asSeller, isAdministrator, type Caller } from './rules';
import { planId, type AdDoc, type BillingCollections, type ElectronicInvoiceData, type InvoiceDoc, type Outcome, type PlanDoc } from './store';

type InvoiceChange = 'CREATED' | 'PAID' | 'TRANSFER_SUBMITTED' | 'TRANSFER_REJECTED' | 'VOIDED' | 'CANCELLED' | 'REFUNDED';

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

export interface BillingDeps {
  collections: BillingCollections;
  outbox: OutboxRelay;
  clock: Clock;
  parameters: GlobalParameters;
  provider: PaymentProvider;
  logger: Logger;
  /** How long a checkout waits for the snapshot of an ad billing does not know yet. */
  adWaitMs: number;
}

export interface CheckoutResult {
  opportunityId: string;
  isPayed: boolean;
  redirectUrl: string | null;
  invoice: InvoiceDoc | null;
  total: number;
  coveredByPlan: boolean;
}

export interface PaymentResult {
  outcome: Outcome;
  invoice: InvoiceDoc;
  isPayed: boolean;
}

export interface PlanBalance {
  planLevel: PlanLevel;
  availableOpportunities: number;
  expirationDate: Date | null;
  blocked: boolean;
}

/** A provider response older than this is refused (a replay of an old response). */
export const RESPONSE_MAX_AGE_MS = 60 * 60 * 1000;
/** ...and one from further in the future than this (clock skew) too. */
const RESPONSE_MAX_SKEW_MS = 5 * 60 * 1000;
const AD_POLL_MS = 50;
/** An admin's hold on a refund being asked of the provider; a hold older than this (a crash) may be taken over. */
const REFUND_CLAIM_MS = 5 * 60 * 1000;
const RETRIES = 8;
const OPEN: InvoiceDoc['status'][] = ['NEW', 'TRANSFER_PENDING'];

const RESULT_PATH = { OPPORTUNITY: '/paymentResultView', PLAN: '/buyPlanResult' } as const;
const FINAL: Outcome[] = ['APPROVED', 'DECLINED', 'CANCELLED'];
const invalidResponse = () => new DomainError('VALIDATION', 'paymentResponseInvalid');
const reusedResponse = () => new DomainError('VALIDATION', 'paymentResponseReused');
/** How billing records a provider's payment channel: SINPE Móvil is a mobile transfer (taken by the provider). */
const methodOf = (channel: PaymentChannel | null): PaymentMethod => (channel === 'SINPE_MOVIL' ? 'MOBILE_TRANSFER' : 'CARD');

/** GraphQL gives null for a field sent empty: treat it as left out. */
function present(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
}

const conflict = (messageKey = 'errorOccurred') => new DomainError('CONFLICT', messageKey);
const actorOf = (caller: Caller | null): Actor => (caller ? { kind: 'user', id: caller.userId } : { kind: 'system', id: 'billing' });

/** Electronic-invoice data when asked for (validated with the wizard's rules), null otherwise. */
export function electronicInvoice(input: unknown): ElectronicInvoiceData | null {
  if (input === null || input === undefined) return null;
  const result = validate(invoiceSchema, present(input as Record<string, unknown>));
  if (!result.ok) throw validationFailed(Object.fromEntries(Object.entries(result.errors).map(([field, key]) => [`invoice.${field}`, key])));
  const data = result.data;
  return { ...data, province: data.province ?? '', canton: data.canton ?? '', district: data.district ?? '' } as ElectronicInvoiceData;
}

/** The billing rules; resolvers only translate GraphQL to these calls. */
export class Billing {
  constructor(private readonly deps: BillingDeps) {}

  private get invoices() {
    return this.deps.collections.invoices;
  }

  private get plans() {
    return this.deps.collections.plans;
  }

  now(): Date {
    return this.deps.clock.now();
  }

  parameter(key: Parameters<GlobalParameters['get']>[0]): number {
    return this.deps.parameters.get(key);
  }

  prices() {
    const of = (price: (level: PlanLevel) => number) => ({ goldLevel: price('GOLD'), silverLevel: price('SILVER'), bronzeLevel: price('BRONZE') });
    const get = (key: Parameters<GlobalParameters['get']>[0]) => this.parameter(key);
    return {
      single: of((level) => singlePrice(level, get)),
      inPlan: of((level) => planUnitPrice(level, get)),
      quickApproval: roundAmount(this.parameter('IMMEDIATE_APPROVAL_PRICE')),
      currency: 'CRC',
    };
  }

  minPlanQuantity(): number {
    return Math.min(PLAN_MAX_QUANTITY, Math.max(1, Math.round(this.parameter('MIN_ADS_IN_PLAN'))));
  }

  user(id: string) {
    return this.deps.collections.users.findById(id);
  }

  // ---------------------------------------------------------------- events

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

  private planEntry(plan: PlanDoc, change: 'PURCHASED' | 'GRANTED' | 'UNIT_USED' | 'BLOCKED', quantity: number, opportunityId: string | null, invoiceId: string | null, caller: Caller | null): OutboxEntry {
    return toOutbox(
      planChanged.topic,
      createEvent(planChanged, {
        aggregateId: plan._id,
        aggregateVersion: plan.version,
        actor: actorOf(caller),
        occurredAt: this.now(),
        payload: {
          plan: { userId: plan.userId, level: plan.level, availableOpportunities: plan.available, expiresAt: plan.expiresAt?.toISOString() ?? null, blocked: plan.blocked },
          change,
          quantity,
          opportunityId,
          invoiceId,
        },
      }),
    );
  }

  /**
   * Writes a change of an invoice and its snapshot in one single-document update guarded by the
   * version it was read at (and optional extra conditions); null when another writer got there first.
   */
  private async saveInvoice(before: InvoiceDoc, changes: Partial<InvoiceDoc>, change: InvoiceChange, caller: Caller | null, condition: Record<string, unknown> = {}): Promise<InvoiceDoc | null> {
    const after: InvoiceDoc = { ...before, ...changes, version: before.version + 1 };
    const entries = [await this.invoiceEntry(after, change, caller)];
    // Confirming or rejecting a transfer, cancelling someone's payment, a refund: audited in the same write.
    const staffAction = STAFF_INVOICE_ACTIONS[change];
    if (staffAction && caller && isAdministrator(caller) && (change !== 'PAID' || after.paymentMethod === 'MOBILE_TRANSFER') && (change !== 'CANCELLED' || before.userId !== caller.userId)) {
      const target = { type: 'INVOICE' as const, id: before._id, label: before.codigoint };
      const diff = auditDiff(auditedInvoice(before), auditedInvoice(after), AUDITED_INVOICE_FIELDS);
      entries.push(toOutbox(billingStaffAction.topic, staffActionEvent(billingStaffAction, { actor: { id: caller.userId, role: 'ADMINISTRATOR' }, action: staffAction, target, ...diff, at: this.now() })));
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

  private async insertInvoice(draft: Omit<InvoiceDoc, 'codigoint' | 'version' | 'outbox' | 'checkoutId' | 'redirectUrl' | 'transactionId' | 'paidAt' | 'planApplied' | 'refund' | 'status' | 'paymentMethod' | 'refnum' | 'currency'>, caller: Caller): Promise<InvoiceDoc> {
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
  private async voidOpen(current: InvoiceDoc, caller: Caller): Promise<InvoiceDoc | null> {
    if (current.providerState === 'DEFERRED') throw conflict('paymentDeferred');
    return this.saveInvoice(current, { status: 'VOID' }, 'VOIDED', caller, { status: 'NEW', providerState: { $ne: 'DEFERRED' } });
  }

  /** Opens the provider's checkout of an invoice once; later calls answer the same one. */
  private async withCheckout(invoice: InvoiceDoc, locale: Locale): Promise<InvoiceDoc> {
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
    const saved = await this.invoices.findOneAndUpdate({ _id: invoice._id, checkoutId: null }, { $set: { checkoutId: checkout.checkoutId, redirectUrl: checkout.redirectUrl } });
    return saved ?? ((await this.invoices.findById(invoice._id)) as InvoiceDoc);
  }

  // ---------------------------------------------------------------- ads

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

  /** The current invoice of an ad: the newest one (voided ones are followed by a newer one). */
  private latestInvoice(opportunityId: string): Promise<InvoiceDoc | null> {
    return this.invoices.findOne({ opportunityId }, { sort: { seq: -1 } });
  }

  private async settle(ad: AdDoc, method: 'FREE' | 'PLAN' | 'INVOICE', amount: number, invoiceId: string | null, at: Date, quickApproval: boolean): Promise<void> {
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
  async checkout(opportunityId: string, invoiceInput: unknown, caller: Caller | null, locale: Locale, expected: { level?: unknown; autoApproval?: unknown } = {}): Promise<CheckoutResult> {
    const me = asSeller(caller);
    const electronic = electronicInvoice(invoiceInput);
    const known = await this.deps.collections.ads.findById(String(opportunityId));
    if (known && known.sellerId !== me.userId) throw forbidden();
    const ad = await this.ad(String(opportunityId), expected);
    if (ad.sellerId !== me.userId) throw forbidden();
    for (let attempt = 0; attempt < RETRIES; attempt += 1) {
      const current = await this.latestInvoice(ad._id);
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
        if (current?.status === 'NEW' && !(await this.voidOpen(current, me))) continue;
        await this.settle(ad, 'FREE', 0, null, this.now(), false);
        return this.result(ad, null, 0);
      }
      // A paid level covered by a unit of the seller's plan of that level.
      if (ad.level !== 'FREE' && (await this.usablePlan(me.userId, ad.level))) {
        if (current?.status === 'NEW' && !(await this.voidOpen(current, me))) continue;
        if (await this.useUnit(me, ad)) {
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
          return this.result(ad, await this.withCheckout(invoice, locale), total);
        }
        // The level or quick approval changed since: the old invoice can't be paid any more.
        if (!(await this.voidOpen(current, me))) continue;
      }
      const seq = (current?.seq ?? 0) + 1;
      let invoice: InvoiceDoc;
      try {
        invoice = await this.insertInvoice(
          { _id: `${ad._id}.${seq}`, kind: 'OPPORTUNITY', userId: me.userId, opportunityId: ad._id, seq, level: ad.level, quickApproval, planQuantity: 0, amount: total, electronicInvoice: electronic, createdAt: this.now() },
          me,
        );
      } catch (error) {
        if (error instanceof DuplicateKeyError) continue; // a concurrent checkout created it: read it again
        throw error;
      }
      return this.result(ad, await this.withCheckout(invoice, locale), total);
    }
    throw conflict();
  }

  // ---------------------------------------------------------------- plans

  private async usablePlan(userId: string, level: Level): Promise<PlanDoc | null> {
    if (level === 'FREE') return null;
    const plan = await this.plans.findById(planId(userId, level));
    return plan && planUsableAt(plan, this.now()) ? plan : null;
  }

  /** Uses one unit of the seller's plan of the ad's level, once per ad; false when none is left. */
  private async useUnit(me: Caller, ad: AdDoc): Promise<boolean> {
    for (let attempt = 0; attempt < RETRIES; attempt += 1) {
      const plan = await this.usablePlan(me.userId, ad.level);
      if (!plan) return false;
      if (plan.usedFor.includes(ad._id)) return true;
      const after: PlanDoc = { ...plan, available: plan.available - 1, usedFor: [...plan.usedFor, ad._id], version: plan.version + 1 };
      const saved = await this.plans.findOneAndUpdate(
        { _id: plan._id, version: plan.version, usedFor: { $ne: ad._id } },
        { $set: { available: after.available, version: after.version }, $push: { usedFor: ad._id, outbox: this.planEntry(after, 'UNIT_USED', -1, ad._id, null, me) } },
      );
      if (saved) {
        this.deps.outbox.notify();
        return true;
      }
    }
    throw conflict();
  }

  /**
   * Adds ads to a seller's plan of a level, once per `key` (an invoice id, or a grant): the plan is
   * valid one month from `at` and unblocked, its unused units usable again.
   */
  async addToPlan(userId: string, level: PlanLevel, quantity: number, key: string, at: Date, change: 'PURCHASED' | 'GRANTED', invoiceId: string | null): Promise<void> {
    const id = planId(userId, level);
    for (let attempt = 0; attempt < RETRIES; attempt += 1) {
      const plan = await this.plans.findById(id);
      if (plan?.applied.includes(key)) return;
      const expiresAt = planExpiry(at);
      if (!plan) {
        const created: PlanDoc = { _id: id, userId, level, available: quantity, expiresAt, blocked: false, applied: [key], usedFor: [], version: 1 };
        try {
          await this.plans.insertOne({ ...created, outbox: [this.planEntry(created, change, quantity, null, invoiceId, null)] });
          this.deps.outbox.notify();
          return;
        } catch (error) {
          if (error instanceof DuplicateKeyError) continue;
          throw error;
        }
      }
      const after: PlanDoc = { ...plan, available: plan.available + quantity, expiresAt, blocked: false, version: plan.version + 1 };
      const saved = await this.plans.findOneAndUpdate(
        { _id: id, version: plan.version },
        { $set: { available: after.available, expiresAt, blocked: false, version: after.version }, $push: { applied: key, outbox: this.planEntry(after, change, quantity, null, invoiceId, null) } },
      );
      if (saved) {
        this.deps.outbox.notify();
        return;
      }
    }
    throw conflict();
  }

  async planStatus(caller: Caller | null): Promise<PlanBalance[]> {
    const me = asSeller(caller);
    const plans = await this.plans.find({ userId: me.userId });
    const now = this.now();
    return PLAN_LEVELS.map((level) => {
      const plan = plans.find((found) => found.level === level);
      const blocked = plan ? planBlockedAt(plan, now) : false;
      return { planLevel: level, availableOpportunities: plan?.available ?? 0, expirationDate: plan?.expiresAt ?? null, blocked };
    });
  }

  async buyPlan(planInput: unknown, invoiceInput: unknown, caller: Caller | null, locale: Locale): Promise<InvoiceDoc> {
    const me = asSeller(caller);
    const parsed = validate(planSchema(this.minPlanQuantity()), present((planInput ?? {}) as Record<string, unknown>));
    if (!parsed.ok) throw new DomainError('VALIDATION', 'validationFailed', parsed.errors, { minimum: this.minPlanQuantity(), maximum: PLAN_MAX_QUANTITY });
    const electronic = electronicInvoice(invoiceInput);
    const { planLevel, totalOpportunities } = parsed.data;
    const amount = roundAmount(totalOpportunities * planUnitPrice(planLevel, (key) => this.parameter(key)));
    const invoice = await this.insertInvoice(
      { _id: randomUUID(), kind: 'PLAN', userId: me.userId, opportunityId: null, seq: 1, level: planLevel, quickApproval: false, planQuantity: totalOpportunities, amount, electronicInvoice: electronic, createdAt: this.now() },
      me,
    );
    return this.withCheckout(invoice, locale);
  }

  /** A paid plan invoice adds its quantity to the plan (idempotent by invoice id). */
  private async applyPlanInvoice(invoice: InvoiceDoc): Promise<void> {
    if (invoice.kind !== 'PLAN' || invoice.status !== 'PAID' || invoice.planApplied) return;
    await this.addToPlan(invoice.userId, invoice.level as PlanLevel, invoice.planQuantity, invoice._id, invoice.paidAt ?? this.now(), 'PURCHASED', invoice._id);
    await this.invoices.updateOne({ _id: invoice._id }, { $set: { planApplied: true } });
  }

  /** Scheduler: plans past their month are blocked (one writer wins per plan, whatever the instances). */
  async blockExpiredPlans(): Promise<number> {
    let blocked = 0;
    for (const plan of await this.plans.find({ blocked: false, expiresAt: { $lte: this.now() } }, { limit: 500 })) {
      const after: PlanDoc = { ...plan, blocked: true, version: plan.version + 1 };
      const saved = await this.plans.findOneAndUpdate(
        { _id: plan._id, version: plan.version, blocked: false },
        { $set: { blocked: true, version: after.version }, $push: { outbox: this.planEntry(after, 'BLOCKED', 0, null, null, null) } },
      );
      if (saved) blocked += 1;
    }
    if (blocked) this.deps.outbox.notify();
    return blocked;
  }

  /** Scheduler: paid plan invoices whose quantity was not added yet (a crash between the two writes). */
  async finishPlanInvoices(): Promise<void> {
    for (const invoice of await this.invoices.find({ kind: 'PLAN', status: 'PAID', planApplied: false }, { limit: 200 })) await this.applyPlanInvoice(invoice);
  }

  // ---------------------------------------------------------------- payment

  /** Marks an open invoice paid (once) and applies it: the ad's settlement, or the plan's balance. */
  private async markPaid(invoice: InvoiceDoc, method: PaymentMethod, transactionId: string | null, caller: Caller | null): Promise<InvoiceDoc> {
    let paid = invoice;
    if (invoice.status !== 'PAID') {
      const changes: Partial<InvoiceDoc> = { status: 'PAID', paymentMethod: method, transactionId, paidAt: this.now(), paymentProvider: transactionId ? this.deps.provider.kind : null, providerState: null };
      const saved = await this.saveInvoice(invoice, changes, 'PAID', caller, { status: { $in: OPEN } });
      paid = saved ?? ((await this.invoices.findById(invoice._id)) as InvoiceDoc);
      if (paid.status !== 'PAID') throw conflict('invoiceNotPayable');
    }
    if (paid.kind === 'PLAN') await this.applyPlanInvoice(paid);
    else if (paid.opportunityId) {
      const ad = await this.deps.collections.ads.findById(paid.opportunityId);
      if (ad) await this.settle(ad, 'INVOICE', paid.amount, paid._id, paid.paidAt ?? this.now(), paid.quickApproval && paid.level === 'FREE');
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
      const finished = known.outcome === 'APPROVED' && OPEN.includes(invoice.status) ? await this.markPaid(invoice, methodOf(verified.channel), known._id, caller) : invoice;
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
      await this.deps.collections.payments.insertOne({ _id: verified.transactionId, invoiceId: invoice._id, checkoutId: verified.checkoutId, outcome: verified.state, amount: verified.amount, receivedAt: this.now() });
    } catch (error) {
      if (error instanceof DuplicateKeyError) return this.confirm(response, caller); // a concurrent delivery won
      throw error;
    }
    if (verified.state !== 'APPROVED') {
      this.deps.logger.info({ invoiceId: invoice._id, outcome: verified.state }, 'payment not approved; the invoice stays payable');
      return this.applyStatus(verified, caller);
    }
    if (invoice.status === 'PAID') {
      this.deps.logger.warn({ invoiceId: invoice._id, transactionId: verified.transactionId }, 'a second approved payment of a paid invoice: it needs a refund at the provider');
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
          await this.deps.collections.payments.insertOne({ _id: status.transactionId, invoiceId: invoice._id, checkoutId: status.checkoutId, outcome: 'APPROVED', amount: status.amount, receivedAt: this.now() });
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
          this.deps.logger.warn({ invoiceId: invoice._id, transactionId: status.transactionId }, 'a second approved payment of a paid invoice: it needs a refund at the provider');
        }
        const finished = invoice.kind === 'PLAN' ? await this.markPaid(invoice, methodOf(status.channel), invoice.transactionId, caller) : invoice;
        return { outcome: 'APPROVED', invoice: finished, isPayed: true };
      }
      // A late approval of an invoice voided meanwhile (the ad changed while the buyer was paying):
      // nothing is paid; the money is owed back, so a refund waits for an admin's approval (once).
      if (invoice.status === 'VOID' && !invoice.refund) {
        const refund = { status: 'PENDING' as const, amount: status.amount, requestedAt: this.now(), doneAt: null, doneBy: null, providerRefundId: null, claimedAt: null };
        const owed = await this.invoices.findOneAndUpdate(
          { _id: invoice._id, status: 'VOID', refund: null },
          { $set: { refund, transactionId: status.transactionId, paymentProvider: this.deps.provider.kind, paymentMethod: methodOf(status.channel) } },
        );
        if (owed) this.deps.logger.warn({ invoiceId: invoice._id, transactionId: status.transactionId }, 'a payment arrived for a void invoice: a refund waits for an admin');
        return { outcome: 'APPROVED', invoice: owed ?? invoice, isPayed: false };
      }
      if (invoice.transactionId !== status.transactionId) {
        this.deps.logger.warn({ invoiceId: invoice._id, status: invoice.status, transactionId: status.transactionId }, 'an approval arrived for an invoice that cannot be paid any more: it needs a refund at the provider');
      }
      return { outcome: 'APPROVED', invoice, isPayed: false };
    }
    const noted = status.state === 'PENDING' ? null : status.state;
    let current = invoice;
    if (invoice.status === 'NEW' && (invoice.providerState ?? null) !== noted) {
      current = (await this.invoices.findOneAndUpdate({ _id: invoice._id, status: 'NEW' }, { $set: { providerState: noted } })) ?? ((await this.invoices.findById(invoice._id)) as InvoiceDoc);
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

  private async own(invoiceId: string, caller: Caller | null): Promise<InvoiceDoc> {
    const me = asSeller(caller);
    const invoice = await this.invoices.findById(String(invoiceId));
    if (!invoice || (invoice.userId !== me.userId && !isAdministrator(me))) throw notFound();
    return invoice;
  }

  async submitTransfer(invoiceId: string, refnum: unknown, caller: Caller | null): Promise<InvoiceDoc> {
    const invoice = await this.own(invoiceId, caller);
    const reference = typeof refnum === 'string' ? refnum.trim() : '';
    if (!/^[A-Za-z0-9-]{4,32}$/.test(reference)) throw validationFailed({ refnum: 'invalidRefnum' });
    if (invoice.status !== 'NEW' && invoice.status !== 'TRANSFER_PENDING') throw conflict('invoiceNotPayable');
    const saved = await this.saveInvoice(invoice, { status: 'TRANSFER_PENDING', paymentMethod: 'MOBILE_TRANSFER', refnum: reference }, 'TRANSFER_SUBMITTED', caller, { status: { $in: OPEN } });
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
    const saved = await this.saveInvoice(invoice, { status: 'NEW', paymentMethod: null }, 'TRANSFER_REJECTED', admin, { status: 'TRANSFER_PENDING' });
    if (!saved) throw conflict();
    return saved;
  }

  // ---------------------------------------------------------------- cancellation and refunds

  cancellable(invoice: InvoiceDoc): boolean {
    return invoice.kind === 'OPPORTUNITY' && invoice.status === 'PAID' && invoice.paidAt !== null && this.now() <= addHours(invoice.paidAt, CANCELLATION_WINDOW_HOURS);
  }

  async cancel(opportunityId: string, caller: Caller | null): Promise<InvoiceDoc> {
    const me = asSeller(caller);
    const invoice = await this.latestInvoice(String(opportunityId));
    if (!invoice || (invoice.userId !== me.userId && !isAdministrator(me))) {
      const ad = await this.deps.collections.ads.findById(String(opportunityId));
      if (ad && ad.sellerId !== me.userId && !isAdministrator(me)) throw forbidden();
      throw conflict('paymentNotCancellable');
    }
    if (invoice.status === 'CANCELLED') return invoice;
    if (!this.cancellable(invoice)) throw conflict('paymentNotCancellable');
    const now = this.now();
    const saved = await this.saveInvoice(invoice, { status: 'CANCELLED', refund: { status: 'PENDING', amount: invoice.amount, requestedAt: now, doneAt: null, doneBy: null } }, 'CANCELLED', me, { status: 'PAID' });
    if (!saved) throw conflict();
    await this.deps.collections.settlements.updateOne({ _id: String(opportunityId) }, { $set: { cancelled: true } });
    return saved;
  }

  async refunds(status: unknown, caller: Caller | null): Promise<InvoiceDoc[]> {
    asAdministrator(caller);
    const filter = status === 'PENDING' || status === 'DONE' ? { 'refund.status': status } : { refund: { $ne: null } };
    return this.invoices.find(filter, { sort: { 'refund.requestedAt': 1, _id: 1 }, projection: { outbox: 0 } });
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
        { _id: invoice._id, 'refund.status': 'PENDING', $or: [{ 'refund.claimedAt': null }, { 'refund.claimedAt': { $lte: new Date(now.getTime() - REFUND_CLAIM_MS) } }] },
        { $set: { 'refund.claimedAt': now } },
      );
      if (!claimed?.refund) {
        const again = await this.invoices.findById(invoice._id);
        throw conflict(again?.refund?.status === 'DONE' ? 'refundAlreadyDone' : 'refundInProgress');
      }
      try {
        const refund = await this.deps.provider.refund({ invoiceId: invoice._id, transactionId: invoice.transactionId, amount: claimed.refund.amount, currency: invoice.currency });
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
      const saved = await this.saveInvoice(invoice, { refund }, 'REFUNDED', admin, { 'refund.status': 'PENDING' });
      if (saved) return saved;
      invoice = await this.invoices.findById(invoice._id);
    }
    throw conflict('refundAlreadyDone');
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
}
