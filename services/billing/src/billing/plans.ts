import { randomUUID } from 'node:crypto';
import {
  PLAN_LEVELS,
  PLAN_MAX_QUANTITY,
  planBlockedAt,
  planExpiry,
  planSchema,
  planUnitPrice,
  planUsableAt,
  roundAmount,
  validate,
  type Level,
  type Locale,
  type PlanLevel,
} from '@ruedas/domain';
import { createEvent, planChanged } from '@ruedas/events';
import { DomainError, DuplicateKeyError, toOutbox, type OutboxEntry } from '@ruedas/platform';
import { asSeller, type Caller } from '../rules';
import { planId, type AdDoc, type InvoiceDoc, type PlanDoc } from '../store';
import { actorOf, BillingPart, conflict, electronicInvoice, present, RETRIES, type BillingDeps, type PlanBalance } from './context';
import type { Invoices } from './invoices';

/** Prepaid plans: buying one, its units used by ads, promotional grants, and their expiry. */
export class Plans extends BillingPart {
  constructor(
    deps: BillingDeps,
    private readonly invoicing: Invoices,
  ) {
    super(deps);
  }

  minPlanQuantity(): number {
    return Math.min(PLAN_MAX_QUANTITY, Math.max(1, Math.round(this.parameter('MIN_ADS_IN_PLAN'))));
  }

  private planEntry(
    plan: PlanDoc,
    change: 'PURCHASED' | 'GRANTED' | 'UNIT_USED' | 'BLOCKED',
    quantity: number,
    opportunityId: string | null,
    invoiceId: string | null,
    caller: Caller | null,
  ): OutboxEntry {
    return toOutbox(
      planChanged.topic,
      createEvent(planChanged, {
        aggregateId: plan._id,
        aggregateVersion: plan.version,
        actor: actorOf(caller),
        occurredAt: this.now(),
        payload: {
          plan: {
            userId: plan.userId,
            level: plan.level,
            availableOpportunities: plan.available,
            expiresAt: plan.expiresAt?.toISOString() ?? null,
            blocked: plan.blocked,
          },
          change,
          quantity,
          opportunityId,
          invoiceId,
        },
      }),
    );
  }

  async usablePlan(userId: string, level: Level): Promise<PlanDoc | null> {
    if (level === 'FREE') return null;
    const plan = await this.plans.findById(planId(userId, level));
    return plan && planUsableAt(plan, this.now()) ? plan : null;
  }

  /** Uses one unit of the seller's plan of the ad's level, once per ad; false when none is left. */
  async useUnit(me: Caller, ad: AdDoc): Promise<boolean> {
    for (let attempt = 0; attempt < RETRIES; attempt += 1) {
      const plan = await this.usablePlan(me.userId, ad.level);
      if (!plan) return false;
      if (plan.usedFor.includes(ad._id)) return true;
      const after: PlanDoc = { ...plan, available: plan.available - 1, usedFor: [...plan.usedFor, ad._id], version: plan.version + 1 };
      const saved = await this.plans.findOneAndUpdate(
        { _id: plan._id, version: plan.version, usedFor: { $ne: ad._id } },
        {
          $set: { available: after.available, version: after.version },
          $push: { usedFor: ad._id, outbox: this.planEntry(after, 'UNIT_USED', -1, ad._id, null, me) },
        },
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
  async addToPlan(
    userId: string,
    level: PlanLevel,
    quantity: number,
    key: string,
    at: Date,
    change: 'PURCHASED' | 'GRANTED',
    invoiceId: string | null,
  ): Promise<void> {
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
        {
          $set: { available: after.available, expiresAt, blocked: false, version: after.version },
          $push: { applied: key, outbox: this.planEntry(after, change, quantity, null, invoiceId, null) },
        },
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
    const invoice = await this.invoicing.insertInvoice(
      {
        _id: randomUUID(),
        kind: 'PLAN',
        userId: me.userId,
        opportunityId: null,
        seq: 1,
        level: planLevel,
        quickApproval: false,
        planQuantity: totalOpportunities,
        amount,
        electronicInvoice: electronic,
        createdAt: this.now(),
      },
      me,
    );
    return this.invoicing.withCheckout(invoice, locale);
  }

  /** A paid plan invoice adds its quantity to the plan (idempotent by invoice id). */
  async applyPlanInvoice(invoice: InvoiceDoc): Promise<void> {
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
}
