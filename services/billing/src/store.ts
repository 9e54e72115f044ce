import { Schema } from 'mongoose';
import { openNamedCollections, outboxField, type Collections, type DocumentStore, type StoredDocument, type WithOutbox } from '@ruedas/platform';
import type { IdType, InvoiceStatus, Level, Locale, PaymentMethod, PlanLevel, Role } from '@ruedas/domain';

export type InvoiceKind = 'OPPORTUNITY' | 'PLAN';
/** A payment's outcome as billing answers it: the final three, and PENDING / DEFERRED (SINPE Móvil awaiting the provider's approval). */
export type Outcome = 'APPROVED' | 'DECLINED' | 'CANCELLED' | 'PENDING' | 'DEFERRED';

/** Electronic-invoice data as validated by @ruedas/domain `invoiceSchema`. */
export interface ElectronicInvoiceData {
  idType: IdType;
  identification: string;
  fullname: string;
  address: string;
  email: string;
  phone: string;
  province: string;
  canton: string;
  district: string;
}

export interface RefundRecord {
  status: 'PENDING' | 'DONE';
  amount: number;
  requestedAt: Date;
  doneAt: Date | null;
  doneBy: string | null;
  /** The provider's refund (a payment taken by the provider is refunded through its API on an admin's approval). */
  providerRefundId?: string | null;
  /** While an admin's refund is being asked of the provider (one at a time). */
  claimedAt?: Date | null;
}

/**
 * An invoice: the aggregate of topic `billing.invoice`. An ad's invoices have ids
 * `<opportunityId>.<seq>` (seq from 1; a new one only after the previous was voided), so two
 * concurrent checkouts of one ad create one invoice.
 */
export interface InvoiceDoc extends WithOutbox {
  codigoint: string;
  kind: InvoiceKind;
  userId: string;
  opportunityId: string | null;
  seq: number;
  level: Level;
  quickApproval: boolean;
  planQuantity: number;
  amount: number;
  currency: 'CRC';
  status: InvoiceStatus;
  paymentMethod: PaymentMethod | null;
  refnum: string | null;
  electronicInvoice: ElectronicInvoiceData | null;
  /** The provider's checkout opened for it (one per invoice, reused on every retry). */
  checkoutId: string | null;
  redirectUrl: string | null;
  transactionId: string | null;
  createdAt: Date;
  paidAt: Date | null;
  /** PLAN: whether the paid quantity was added to the plan (the scheduler finishes it after a crash). */
  planApplied: boolean;
  refund: RefundRecord | null;
  /** The payment provider that took the payment (`transactionId` is its id), null for a confirmed manual transfer. */
  paymentProvider?: string | null;
  /** The provider's last word on an open invoice: DEFERRED while a SINPE Móvil payment awaits its approval. */
  providerState?: 'PENDING' | 'DECLINED' | 'CANCELLED' | 'DEFERRED' | null;
  /** When the reconciliation last asked the provider about this open invoice. */
  reconciledAt?: Date | null;
  version: number;
}

/** One seller's plan of one level: `_id` `<userId>:<level>`; the aggregate of topic `billing.plan`. */
export interface PlanDoc extends WithOutbox {
  userId: string;
  level: PlanLevel;
  available: number;
  expiresAt: Date | null;
  blocked: boolean;
  /** Invoice ids (and `grant:<userId>`) already added: adding is idempotent. */
  applied: string[];
  /** Ads a unit paid for: using is idempotent per ad. */
  usedFor: string[];
  version: number;
}

/** How an ad was settled (one per ad): free, by a plan unit, or by a paid invoice. For the report. */
export interface SettlementDoc extends StoredDocument {
  userId: string;
  level: Level;
  quickApproval: boolean;
  method: 'FREE' | 'PLAN' | 'INVOICE';
  amount: number;
  invoiceId: string | null;
  settledAt: Date;
  cancelled: boolean;
}

/** Every provider transaction billing has applied, by its id: a response is applied once, to one invoice. */
export interface PaymentDoc extends StoredDocument {
  invoiceId: string;
  checkoutId: string;
  outcome: Outcome;
  amount: number;
  receivedAt: Date;
}

/** What billing knows of an ad, from the listings snapshots. */
export interface AdDoc extends StoredDocument {
  sellerId: string;
  level: Level;
  autoApproval: boolean;
  status: string;
  paymentPending: boolean;
  /** For the receipt; missing on ads known before receipts. */
  brand?: string;
  model?: string;
  year?: number;
}

/** What billing knows of a user, from identity's snapshots. */
export interface UserDoc extends StoredDocument {
  fullName: string;
  email: string;
  role: Role;
  /** The user's language (receipts are written in it); missing is Spanish. */
  language?: Locale;
}

export interface CounterDoc extends StoredDocument {
  value: number;
}

const electronicSchema = new Schema(
  {
    idType: String,
    identification: String,
    fullname: String,
    address: String,
    email: String,
    phone: String,
    province: String,
    canton: String,
    district: String,
  },
  { _id: false },
);
const refundSchema = new Schema(
  {
    status: String,
    amount: Number,
    requestedAt: Date,
    doneAt: { type: Date, default: null },
    doneBy: { type: String, default: null },
    providerRefundId: { type: String, default: null },
    claimedAt: { type: Date, default: null },
  },
  { _id: false },
);

const invoiceSchema = new Schema(
  {
    _id: String,
    codigoint: { type: String, required: true },
    kind: { type: String, required: true },
    userId: { type: String, required: true },
    opportunityId: { type: String, default: null },
    seq: { type: Number, default: 1 },
    level: { type: String, required: true },
    quickApproval: { type: Boolean, default: false },
    planQuantity: { type: Number, default: 0 },
    amount: { type: Number, required: true },
    currency: { type: String, default: 'CRC' },
    status: { type: String, required: true },
    paymentMethod: { type: String, default: null },
    refnum: { type: String, default: null },
    electronicInvoice: { type: electronicSchema, default: null },
    checkoutId: { type: String, default: null },
    redirectUrl: { type: String, default: null },
    transactionId: { type: String, default: null },
    createdAt: { type: Date, required: true },
    paidAt: { type: Date, default: null },
    planApplied: { type: Boolean, default: false },
    refund: { type: refundSchema, default: null },
    paymentProvider: { type: String, default: null },
    providerState: { type: String, default: null },
    reconciledAt: { type: Date, default: null },
    version: { type: Number, default: 1 },
    outbox: outboxField,
  },
  { versionKey: false },
);
// Lists end in the `_id` tie-breaker their sort uses, so that the index gives the whole order (decision 0155).
invoiceSchema.index({ userId: 1, createdAt: -1, _id: 1 });
invoiceSchema.index({ opportunityId: 1, seq: -1 });
invoiceSchema.index({ status: 1, paidAt: 1 });
// Pending transfers (oldest first) and the reconciliation pass (status NEW by creation date).
invoiceSchema.index({ status: 1, createdAt: 1, _id: 1 });
// The refunds list: by refund status, oldest request first (all refunds: both statuses merged).
invoiceSchema.index({ 'refund.status': 1, 'refund.requestedAt': 1, _id: 1 });
invoiceSchema.index({ checkoutId: 1 });

const planSchema = new Schema(
  {
    _id: String,
    userId: { type: String, required: true, index: true },
    level: { type: String, required: true },
    available: { type: Number, default: 0 },
    expiresAt: { type: Date, default: null },
    blocked: { type: Boolean, default: false },
    applied: { type: [String], default: [] },
    usedFor: { type: [String], default: [] },
    version: { type: Number, default: 1 },
    outbox: outboxField,
  },
  { versionKey: false },
);
planSchema.index({ blocked: 1, expiresAt: 1 });

const settlementSchema = new Schema(
  {
    _id: String,
    userId: { type: String, required: true },
    level: { type: String, required: true },
    quickApproval: { type: Boolean, default: false },
    method: { type: String, required: true },
    amount: { type: Number, default: 0 },
    invoiceId: { type: String, default: null },
    settledAt: { type: Date, required: true, index: true },
    cancelled: { type: Boolean, default: false },
  },
  { versionKey: false },
);

const paymentSchema = new Schema(
  {
    _id: String,
    invoiceId: { type: String, required: true, index: true },
    checkoutId: { type: String, required: true },
    outcome: { type: String, required: true },
    amount: { type: Number, required: true },
    receivedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

const adSchema = new Schema(
  {
    _id: String,
    sellerId: { type: String, required: true },
    level: { type: String, required: true },
    autoApproval: { type: Boolean, default: false },
    status: { type: String, required: true },
    brand: { type: String },
    model: { type: String },
    year: { type: Number },
    paymentPending: { type: Boolean, default: false },
  },
  { versionKey: false },
);

/** How long the record of an applied provider webhook stays (retention, decision 0224). */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;

/** A provider webhook applied (by its event id): a replay answers at once and changes nothing. */
export interface WebhookEventDoc extends StoredDocument {
  provider: string;
  type: string;
  invoiceId: string | null;
  receivedAt: Date;
}

const webhookEventSchema = new Schema(
  {
    _id: String,
    provider: { type: String, required: true },
    type: { type: String, default: '' },
    invoiceId: { type: String, default: null },
    receivedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// Retention (decision 0224): the record only answers a provider's retries at once; they come within
// days (applying a webhook again is idempotent: it asks the provider and moves nothing back).
webhookEventSchema.index({ receivedAt: 1 }, { expireAfterSeconds: WEBHOOK_EVENT_RETENTION_DAYS * 24 * 3600 });

const userSchema = new Schema(
  {
    _id: String,
    fullName: { type: String, default: '' },
    email: { type: String, default: '' },
    role: { type: String, required: true },
    language: { type: String, default: 'es' },
  },
  { versionKey: false },
);
const counterSchema = new Schema({ _id: String, value: { type: Number, default: 0 } }, { versionKey: false });

/** Billing's collections, by document type; each is stored as `billing_` and its key in snake case. */
export type BillingCollections = Collections<{
  invoices: InvoiceDoc;
  plans: PlanDoc;
  settlements: SettlementDoc;
  payments: PaymentDoc;
  ads: AdDoc;
  users: UserDoc;
  counters: CounterDoc;
  webhookEvents: WebhookEventDoc;
}>;

export const openCollections = (store: DocumentStore): Promise<BillingCollections> =>
  openNamedCollections<BillingCollections>(store, 'billing_', {
    invoices: invoiceSchema,
    plans: planSchema,
    settlements: settlementSchema,
    payments: paymentSchema,
    ads: adSchema,
    users: userSchema,
    counters: counterSchema,
    webhookEvents: webhookEventSchema,
  });

export const planId = (userId: string, level: PlanLevel): string => `${userId}:${level}`;
