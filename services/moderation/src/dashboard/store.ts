import { Schema } from 'mongoose';
import { openNamedCollections, type Collections, type DocumentStore, type StoredDocument } from '@ruedas/platform';
import type { Level } from '@ruedas/domain';

/**
 * The dashboard read model: one small fact document per thing counted, written only by the
 * dashboard projections (from events, never from another service's store), each keyed so that a
 * repeated event writes the same document again.
 */

/** A user account, from identity.user snapshots (keyed by user id). */
export interface DashUserDoc extends StoredDocument {
  createdAt: Date;
  impersonal: boolean;
  confirmed: boolean;
  testUser: boolean;
}

/** An ad, from listings.opportunity snapshots (keyed by ad id). */
export interface DashAdDoc extends StoredDocument {
  sellerId: string;
  /** When the CREATED snapshot happened (the first one seen, when that is missing). */
  createdAt: Date;
  brand: string;
  model: string;
  year: number;
  level: Level;
  autoApproval: boolean;
  paymentPending: boolean;
  status: string;
  renewed: boolean;
  /** When the ad last reached EXPIRED; null while it has not. */
  expiredAt: Date | null;
  testUser: boolean;
}

/** An invoice, from billing.invoice snapshots (keyed by invoice id). */
export interface DashInvoiceDoc extends StoredDocument {
  kind: 'OPPORTUNITY' | 'PLAN';
  userId: string;
  opportunityId: string | null;
  level: Level;
  quickApproval: boolean;
  planQuantity: number;
  amount: number;
  status: string;
  paidAt: Date | null;
  testUser: boolean;
}

/** A plan change that counts: GRANTED (a sponsored plan) or UNIT_USED (an ad paid by a plan); keyed by event id. */
export interface DashPlanChangeDoc extends StoredDocument {
  change: 'GRANTED' | 'UNIT_USED';
  userId: string;
  level: Level;
  quantity: number;
  opportunityId: string | null;
  at: Date;
}

/** Activity (keyed by event id, or complaint id): a search, a complaint filed, a contact click. */
export interface DashActivityDoc extends StoredDocument {
  kind: 'SEARCH' | 'COMPLAINT' | 'CLICK';
  at: Date;
  testUser: boolean;
  /** COMPLAINT and CLICK: the ad. */
  opportunityId: string | null;
  /** SEARCH: the brand code and model searched (null when none). */
  brand: string | null;
  model: string | null;
  /** SEARCH: the first page of results (turning a page is not another search). */
  firstPage: boolean;
  /** When it was added to its day's totals (`DashActivityDayDoc`, issue 30); missing or null until then. */
  rolledAt?: Date | null;
}

/**
 * The activity of one Costa Rica day summed by what the dashboard shows of it (issue 30): one
 * document per day and dimension, `_id` `<day>|<kind>|<dimension>`: the ad reported or clicked, or
 * the brand and model searched (the model's case ignored; `model` is the spelling of the earliest
 * search). Only what the dashboard counts is summed: activity flagged TESTUSER and searches past the
 * first page add nothing. `seq` is the last roll-up applied to it (a roll-up repeated after a crash
 * adds nothing twice).
 */
export interface DashActivityDayDoc extends StoredDocument {
  day: string;
  kind: DashActivityDoc['kind'];
  opportunityId: string | null;
  brand: string | null;
  model: string | null;
  count: number;
  seq: number;
  /** When the Costa Rica day starts: the document goes ACTIVITY_DAYS_KEPT_DAYS after (TTL). Missing on documents summed before (set at the writer's next start). */
  dayAt?: Date | null;
}

const options = { versionKey: false } as const;

const userSchema = new Schema({ _id: String, createdAt: { type: Date, required: true }, impersonal: Boolean, confirmed: Boolean, testUser: Boolean }, options);
const adSchema = new Schema(
  {
    _id: String,
    sellerId: String,
    createdAt: { type: Date, required: true },
    brand: String,
    model: String,
    year: Number,
    level: String,
    autoApproval: Boolean,
    paymentPending: Boolean,
    status: String,
    renewed: Boolean,
    expiredAt: { type: Date, default: null },
    testUser: Boolean,
  },
  options,
);
const invoiceSchema = new Schema(
  {
    _id: String,
    kind: String,
    userId: String,
    opportunityId: { type: String, default: null },
    level: String,
    quickApproval: Boolean,
    planQuantity: Number,
    amount: Number,
    status: String,
    paidAt: { type: Date, default: null },
    testUser: Boolean,
  },
  options,
);
const planChangeSchema = new Schema(
  {
    _id: String,
    change: String,
    userId: String,
    level: String,
    quantity: Number,
    opportunityId: { type: String, default: null },
    at: { type: Date, required: true },
  },
  options,
);
const activitySchema = new Schema(
  {
    _id: String,
    kind: { type: String, required: true },
    at: { type: Date, required: true },
    testUser: Boolean,
    opportunityId: { type: String, default: null },
    brand: { type: String, default: null },
    model: { type: String, default: null },
    firstPage: Boolean,
    rolledAt: { type: Date, default: null },
  },
  options,
);
activitySchema.index({ kind: 1, at: 1 });
// The dashboard asks for a period's activity of every kind: `{ at: range }`, which `kind_1_at_1` cannot serve on MongoDB.
activitySchema.index({ at: 1 });
/** How long an activity document stays once its day's totals hold it (it is no longer read). */
export const ROLLED_ACTIVITY_KEPT_DAYS = 7;
// Retention (issue 30, decision 0200): the activity of past Costa Rica days is summed into
// `moderation_dashboard_activity_days` (what the dashboard reads) by the dashboard's writer; a
// document summed goes ROLLED_ACTIVITY_KEPT_DAYS after (TTL on `rolledAt`; one not summed yet has
// none and stays). The roll-up reads the ones not summed yet, oldest first; the dashboard reads a
// period's ones not summed yet.
activitySchema.index({ rolledAt: 1 }, { expireAfterSeconds: ROLLED_ACTIVITY_KEPT_DAYS * 24 * 3600 });
activitySchema.index({ rolledAt: 1, at: 1, _id: 1 });
/**
 * How long the activity of a day (searches, contact clicks, reports per ad and per brand and model)
 * is kept once summed, in days after the day (decision 0242): the dashboard's quick periods reach 31
 * days back, a chosen period's activity figures count its days within this horizon. Six months, as
 * the audit trail and resolved complaints (decision 0222): it is people's behaviour (who searched what,
 * which ad was contacted), kept no longer than its purpose needs (Ley 8968).
 */
export const ACTIVITY_DAYS_KEPT_DAYS = 183;
// One per day and dimension: the dashboard reads a period's days. Its size follows the days kept and
// the dimensions (ads, brand and model pairs) active in them (issue 30: without a horizon it grew by
// a day's dimensions every day).
const activityDaySchema = new Schema(
  { _id: String, day: String, kind: String, opportunityId: String, brand: String, model: String, count: Number, seq: Number, dayAt: Date },
  options,
);
activityDaySchema.index({ day: 1 });
// Retention: ACTIVITY_DAYS_KEPT_DAYS after the day's start (TTL; also serves the start's backfill of `dayAt: null`).
activityDaySchema.index({ dayAt: 1 }, { expireAfterSeconds: ACTIVITY_DAYS_KEPT_DAYS * 24 * 3600 });
planChangeSchema.index({ opportunityId: 1 });

/**
 * The incremental figures (decision 0056). An owner document holds what the facts of some users
 * (`owners`) add on one Costa Rica day (`none`: facts with no date), and whether that is counted
 * (none of them a TESTUSER); a day bucket holds the counted sum of a day (`_id` the day) and the
 * `ALL` bucket of every day. `seq` is the last journalled operation applied to the document, so an
 * operation replayed after a crash adds nothing twice.
 */
export interface DashOwnerDoc extends StoredDocument {
  owners: string[];
  day: string;
  /** The day again, only on invoices' documents (the period's purchasers are read from these). */
  pday?: string;
  counted: boolean;
  c: Record<string, number>;
  seq: number;
}
export interface DashBucketDoc extends StoredDocument {
  c: Record<string, number>;
  seq: number;
}
/** The one `journal` document: the last operation's number, whether the figures were built, the operation being applied. */
export interface DashJournalDoc extends StoredDocument {
  seq: number;
  built: boolean;
  pending: unknown;
}

const ownerSchema = new Schema(
  {
    _id: String,
    owners: { type: [String], index: true },
    day: { type: String, required: true },
    pday: { type: String, index: { sparse: true } },
    counted: Boolean,
    c: Schema.Types.Mixed,
    seq: Number,
  },
  { ...options, minimize: false },
);
// No defaults: an upsert's increments of `c.<name>` and `$set` of `seq` must not meet MongoDB's defaults on insert.
const bucketSchema = new Schema({ _id: String, c: Schema.Types.Mixed, seq: Number }, { ...options, minimize: false });
const journalSchema = new Schema({ _id: String, seq: Number, built: Boolean, pending: Schema.Types.Mixed }, options);

/** The dashboard's collections, by document type; each is stored as `moderation_dashboard_` and its key in snake case. */
export type DashboardCollections = Collections<{
  users: DashUserDoc;
  ads: DashAdDoc;
  invoices: DashInvoiceDoc;
  planChanges: DashPlanChangeDoc;
  activity: DashActivityDoc;
  activityDays: DashActivityDayDoc;
  owners: DashOwnerDoc;
  buckets: DashBucketDoc;
  journal: DashJournalDoc;
}>;

export const openDashboardCollections = (store: DocumentStore): Promise<DashboardCollections> =>
  openNamedCollections<DashboardCollections>(store, 'moderation_dashboard_', {
    users: userSchema,
    ads: adSchema,
    invoices: invoiceSchema,
    planChanges: planChangeSchema,
    activity: activitySchema,
    activityDays: activityDaySchema,
    owners: ownerSchema,
    buckets: bucketSchema,
    journal: journalSchema,
  });
