import { Schema } from 'mongoose';
import { outboxField, type Collection, type DocumentStore, type StoredDocument, type WithOutbox } from '@ruedas/platform';
import type { AdStatus, ClickType, ComplaintCategory, ComplaintOutcome, Level, Locale, Role } from '@ruedas/domain';
import { COMPLAINT_RETENTION_DAYS, CONTACT_RETENTION_DAYS } from './rules';

/** The value of one global parameter set by an administrator (an aggregate: `ParameterChanged` events). */
export interface ParameterDoc extends WithOutbox {
  /** The parameter's key, e.g. ITEMS_PER_LIST. */
  _id: string;
  value: number;
  version: number;
  updatedAt: Date;
  updatedBy: string;
}

/** What moderation keeps of an ad, from listings' snapshots; also the aggregate of review decisions. */
export interface AdDoc extends WithOutbox {
  sellerId: string;
  brand: string;
  model: string;
  year: number;
  level: Level;
  status: AdStatus;
  paymentPending: boolean;
  testUser: boolean;
  /** The snapshot version applied (the content an administrator sees). */
  version: number;
  /** When the ad entered the review queue; null while it is not in it. */
  queuedAt: Date | null;
  /** Decisions taken about the ad (the aggregate version of `OpportunityReviewed`). */
  reviewCount: number;
  /** The last decision, until the owner is mailed its outcome. */
  reviewId: string | null;
  reviewDecision: 'APPROVED' | 'REJECTED' | null;
  reviewReason: string | null;
  reviewerId: string | null;
  /** The last review whose outcome was mailed to the owner (one mail per decision). */
  mailedReviewId: string | null;
  // Scam and duplicate signals (issue 20, src/risk.ts); defaults for documents from before.
  /** Photo ids, the cover first. */
  attachmentIds?: string[];
  /** The ad's phone numbers as compared across accounts (`phoneKey`). */
  phones?: string[];
  /** When moderation first saw the ad (its first snapshot): which of two ads came first. */
  firstSeenAt?: Date | null;
  /** The rules of `scamTextRules` its texts break, at its last snapshot. */
  textRules?: string[];
  /** The passages those rules matched (folded), shown to the administrator as the signal's evidence (issue 31). */
  textWords?: string[];
  /** Its price was far below the estimated market price at its last snapshot. */
  priceFarBelow?: boolean;
  /** Its price in colones at its last snapshot (compared with search's estimate when one arrives). */
  priceCrc?: number | null;
  riskScore?: number;
  riskReasons?: string[];
  /** The score an administrator last decided on (approved or published): only a higher one holds it again. */
  clearedScore?: number;
  /** When an administrator last decided about it: reports before that are settled. */
  decidedAt?: Date | null;
  /** It went public by its payment (auto-approval), not by an administrator, and nobody decided since. */
  autoPublished?: boolean;
  /** Why it was taken off the public lists to wait for review, until an administrator decides. */
  heldFor?: 'RISK' | 'REPORTS' | null;
  /** When it was held: an administrator's decision from before that does not clear the hold. */
  heldAt?: Date | null;
}

/**
 * One administrator's decision about an ad and listings' answer to it (issue 28): the request
 * waits until `outcome` is set. Kept DECISION_RETENTION_DAYS (pruned as decisions are taken).
 */
export interface DecisionDoc extends StoredDocument {
  /** The review id. */
  _id: string;
  opportunityId: string;
  decision: 'APPROVED' | 'REJECTED';
  reason: string | null;
  reviewerId: string;
  /** The ad's version the decision is about (what the administrator saw). */
  opportunityVersion: number;
  /** The risk score the administrator decided on: cleared once the decision applies. */
  riskScore: number;
  /** Why the ad was held when decided (an approval of an ad reports hid dismisses them). Missing is null. */
  heldFor?: 'RISK' | 'REPORTS' | null;
  decidedAt: Date;
  outcome: 'APPLIED' | 'REFUSED' | null;
  /** Why listings refused it (a message key); null otherwise. */
  refusal: string | null;
  settledAt: Date | null;
}

export interface ComplaintDoc extends WithOutbox {
  opportunityId: string;
  /** What the reporter says is wrong (issue 31); missing on complaints from before, which read as OTHER. */
  category?: ComplaintCategory;
  details: string;
  /** What the administrator did about it (issue 31); null until resolved or when resolved without saying. */
  outcome?: ComplaintOutcome | null;
  /** Who reported: `user:<id>` for a signed-in person, `client:<address>` for a visitor. */
  reporterKey: string;
  reporterId: string | null;
  clientAddress: string | null;
  dateCreated: Date;
  resolved: boolean;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  /**
   * An administrator found nothing wrong (issue 28): resolved while the ad stayed public, or the ad
   * it hid was approved. The reporter's later reports weigh less. Missing is false.
   */
  dismissed?: boolean;
  version: number;
}

/**
 * One client's contact clicks on one ad: `_id` is `<client>|<ad>|<click type>`. A click within the
 * dedupe window of the last counted one is not counted again.
 */
export interface ContactDoc extends WithOutbox {
  opportunityId: string;
  clickType: ClickType;
  lastCountedAt: Date;
  count: number;
}

/** What moderation knows of a user, from identity's snapshots: whom to mail, in which language; the role. */
export interface UserDoc extends StoredDocument {
  email: string;
  fullName: string;
  language: Locale;
  role: Role;
  /** The account's phone numbers (`phoneKey`) and creation date (issue 20); missing on documents from before. */
  phones?: string[];
  dateCreated?: Date | null;
}

const parameterSchema = new Schema(
  {
    _id: String,
    value: { type: Number, required: true },
    version: { type: Number, required: true },
    updatedAt: { type: Date, required: true },
    updatedBy: { type: String, required: true },
    outbox: outboxField,
  },
  { versionKey: false },
);

const adSchema = new Schema(
  {
    _id: String,
    sellerId: { type: String, required: true },
    brand: { type: String, required: true },
    model: { type: String, required: true },
    year: { type: Number, required: true },
    level: { type: String, required: true },
    status: { type: String, required: true },
    paymentPending: { type: Boolean, default: false },
    testUser: { type: Boolean, default: false },
    version: { type: Number, default: 0 },
    queuedAt: { type: Date, default: null },
    reviewCount: { type: Number, default: 0 },
    reviewId: { type: String, default: null },
    reviewDecision: { type: String, default: null },
    reviewReason: { type: String, default: null },
    reviewerId: { type: String, default: null },
    mailedReviewId: { type: String, default: null },
    attachmentIds: { type: [String], default: [] },
    phones: { type: [String], default: [] },
    firstSeenAt: { type: Date, default: null },
    textRules: { type: [String], default: [] },
    textWords: { type: [String], default: [] },
    priceFarBelow: { type: Boolean, default: false },
    priceCrc: { type: Number, default: null },
    riskScore: { type: Number, default: 0 },
    riskReasons: { type: [String], default: [] },
    clearedScore: { type: Number, default: 0 },
    decidedAt: { type: Date, default: null },
    autoPublished: { type: Boolean, default: false },
    heldFor: { type: String, default: null },
    heldAt: { type: Date, default: null },
    outbox: outboxField,
  },
  { versionKey: false },
);
/** The ads waiting in the review queue; the riskiest-first index holds only them (decision 0155). */
export const QUEUED = { queuedAt: { $gt: new Date(0) } };
// The review queue: oldest waiting first, or riskiest first; both end in the `_id` tie-breaker.
adSchema.index({ queuedAt: 1, _id: 1 });
adSchema.index({ riskScore: -1, queuedAt: 1, _id: 1 }, { name: 'queue_by_risk', partialFilterExpression: QUEUED });
// Signals: ads showing a photo, ads on a phone, a seller's ads.
adSchema.index({ attachmentIds: 1 });
adSchema.index({ phones: 1 });
adSchema.index({ sellerId: 1, firstSeenAt: -1 });

const decisionSchema = new Schema(
  {
    _id: String,
    opportunityId: { type: String, required: true },
    decision: { type: String, required: true },
    reason: { type: String, default: null },
    reviewerId: { type: String, required: true },
    opportunityVersion: { type: Number, required: true },
    riskScore: { type: Number, default: 0 },
    heldFor: { type: String, default: null },
    // Indexed: decisions older than DECISION_RETENTION_DAYS are deleted.
    decidedAt: { type: Date, required: true, index: true },
    outcome: { type: String, default: null },
    refusal: { type: String, default: null },
    settledAt: { type: Date, default: null },
  },
  { versionKey: false },
);

const complaintSchema = new Schema(
  {
    _id: String,
    opportunityId: { type: String, required: true },
    category: { type: String, default: 'OTHER' },
    details: { type: String, default: '' },
    outcome: { type: String, default: null },
    reporterKey: { type: String, required: true },
    reporterId: { type: String, default: null },
    clientAddress: { type: String, default: null },
    dateCreated: { type: Date, required: true },
    resolved: { type: Boolean, default: false },
    resolvedAt: { type: Date, default: null },
    resolvedBy: { type: String, default: null },
    dismissed: { type: Boolean, default: false },
    version: { type: Number, default: 1 },
    outbox: outboxField,
  },
  { versionKey: false },
);
// The admin list (unresolved, newest first), an ad's open complaints, and the rate limits.
complaintSchema.index({ resolved: 1, dateCreated: -1, _id: 1 });
complaintSchema.index({ opportunityId: 1, resolved: 1 });
// One open complaint per person and ad: two simultaneous reports collide here (decision 0222).
complaintSchema.index({ opportunityId: 1, reporterKey: 1 }, { unique: true, name: 'one_open_per_reporter', partialFilterExpression: { resolved: false } });
complaintSchema.index({ reporterKey: 1, dateCreated: -1 });
// A reporter's dismissed reports (their weight, issue 28).
complaintSchema.index({ reporterKey: 1, dismissed: 1 });
complaintSchema.index({ clientAddress: 1, dateCreated: -1 });
// Retention (decision 0222): a resolved complaint goes COMPLAINT_RETENTION_DAYS after its resolution;
// an open one (resolvedAt null, which no TTL index expires) stays until an administrator resolves it.
complaintSchema.index({ resolvedAt: 1 }, { expireAfterSeconds: COMPLAINT_RETENTION_DAYS * 24 * 3600 });

const contactSchema = new Schema(
  {
    _id: String,
    opportunityId: { type: String, required: true },
    clickType: { type: String, required: true },
    lastCountedAt: { type: Date, required: true },
    count: { type: Number, default: 1 },
    outbox: outboxField,
  },
  { versionKey: false },
);

// Retention (decision 0204): a client's click document only guards the CONTACT_DEDUPE_MINUTES window
// (its count numbers that client's events, which consumers dedupe by event id): gone a day after
// the last counted click. Without it one document per visitor address and ad stayed for ever.
contactSchema.index({ lastCountedAt: 1 }, { expireAfterSeconds: CONTACT_RETENTION_DAYS * 24 * 3600 });

const userSchema = new Schema(
  {
    _id: String,
    email: { type: String, required: true },
    fullName: { type: String, default: '' },
    language: { type: String, required: true },
    role: { type: String, required: true },
    phones: { type: [String], default: [] },
    dateCreated: { type: Date, default: null },
  },
  { versionKey: false },
);
userSchema.index({ phones: 1 });
// The audit trail's actor search reads the staff only (a handful), not every user (decision 0155).
userSchema.index({ role: 1 });

export interface ModerationCollections {
  parameters: Collection<ParameterDoc>;
  ads: Collection<AdDoc>;
  decisions: Collection<DecisionDoc>;
  complaints: Collection<ComplaintDoc>;
  contacts: Collection<ContactDoc>;
  users: Collection<UserDoc>;
}

export async function openCollections(store: DocumentStore): Promise<ModerationCollections> {
  return {
    parameters: await store.collection<ParameterDoc>('moderation_parameters', parameterSchema),
    ads: await store.collection<AdDoc>('moderation_ads', adSchema),
    decisions: await store.collection<DecisionDoc>('moderation_decisions', decisionSchema),
    complaints: await store.collection<ComplaintDoc>('moderation_complaints', complaintSchema),
    contacts: await store.collection<ContactDoc>('moderation_contacts', contactSchema),
    users: await store.collection<UserDoc>('moderation_users', userSchema),
  };
}
