import { Schema } from 'mongoose';
import { costaRicaDay, type AlertFrequency, type Locale, type SearchFilterValues } from '@ruedas/domain';
import { migrateOnce, migrationMarks, type Collection, type DocumentStore, type MigrationMark, type StoredDocument } from '@ruedas/platform';
import type { AppliedFilter } from '../interpretation';
import type { IndexedAd } from '../store';

/** A buyer's saved search (issue 19): the filter exactly as the search takes it, a name, a frequency. */
export interface SavedSearchDoc extends StoredDocument {
  userId: string;
  /**
   * Which of its owner's MAX_SAVED_SEARCHES_PER_USER places it takes (0 to max - 1), unique per user
   * in the store, so the limit holds across copies of search (decision 0153). Missing on searches
   * saved before: given one at the owner's next save.
   */
  slot?: number;
  name: string;
  frequency: AlertFrequency;
  /** Paused by its owner or unsubscribed from a mail: kept, but it alerts nobody. */
  paused: boolean;
  filter: SearchFilterValues;
  /**
   * The search as its page showed it when saved (issue 27): the interpreter's reading with the parts
   * the page left out; its alerts match exactly this. Missing on searches saved before (read again).
   */
  applied?: AppliedFilter;
  createdAt: Date;
  updatedAt: Date;
  /**
   * The alerts mailed so far (issue 30): counted here as they are marked SENT, since the sends
   * themselves go 90 days after (SEND_RETENTION_DAYS). Missing until `backfillAlertCounts` ran.
   */
  alertsSent?: number;
}

/** What the alerts keep of a user (from `identity.user`): where to write and in which language. */
export interface AlertUserDoc extends StoredDocument {
  email: string;
  language: Locale;
  fullName: string;
}

/** Per ad: the last snapshot applied, whether it was already matched as a newly public ad, and as what. */
export interface AlertAdDoc extends StoredDocument {
  version: number;
  matchedAt: Date | null;
  /** What the searches read of it when last public (an edit alerts the searches it newly matches). */
  last?: IndexedAd | null;
}

/** What a mail shows of an ad (kept on the send, so a digest tomorrow shows it as it was matched). */
export interface AlertAd {
  id: string;
  brand: string;
  model: string;
  year: number;
  price: number;
  currency: 'CRC' | 'USD';
  mileage: number;
  mileageUnit: 'KM' | 'MI';
  transmissionType: string;
  fuelType: string;
  province: string;
  photoIds: string[];
  /** The fair-price label (GREAT, GOOD, FAIR, HIGH) when the ad has one; absent otherwise. */
  rating?: string;
  /** The estimated market price in colones that the label rests on. */
  estimateCrc?: number;
}

/**
 * One match of a saved search and an ad, keyed `<search id>|<ad id>`: written once, whatever the
 * redeliveries and restarts, then marked SENT after its mail (or digest) went out. The mail's
 * idempotency key is this id (a digest's: the search and the day), so a crash between mail and mark
 * sends nothing twice either.
 */
export interface AlertSendDoc extends StoredDocument {
  searchId: string;
  userId: string;
  adId: string;
  frequency: AlertFrequency;
  /** The Costa Rica day of the match (yyyy-mm-dd): a digest groups one day. */
  day: string;
  state: 'PENDING' | 'SENT' | 'DROPPED';
  ad: AlertAd;
  createdAt: Date;
  sentAt: Date | null;
  /** When it was mailed or dropped: it goes SEND_RETENTION_DAYS after (TTL). */
  doneAt?: Date | null;
  /** The copy of search mailing it now (a claim), and until when the claim holds (a crashed copy's lapses). */
  claim?: string | null;
  claimUntil?: Date | null;
}

const savedSchema = new Schema(
  {
    _id: String,
    userId: { type: String, required: true },
    slot: { type: Number },
    name: { type: String, required: true },
    frequency: { type: String, required: true },
    paused: { type: Boolean, required: true },
    filter: { type: Schema.Types.Mixed, default: {} },
    applied: { type: Schema.Types.Mixed, default: undefined },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    alertsSent: Number,
  },
  { versionKey: false, minimize: false },
);
// A user's searches, newest first; the active ones, loaded at start (decision 0155).
savedSchema.index({ userId: 1, createdAt: -1, _id: 1 });
savedSchema.index({ paused: 1 });
// The saved searches other copies changed lately (SavedSearches.catchUp).
savedSchema.index({ updatedAt: 1 });
// A user's places under the limit: two saves that took the same place collide (decision 0153).
savedSchema.index({ userId: 1, slot: 1 }, { unique: true, partialFilterExpression: { slot: { $exists: true } } });
const userSchema = new Schema({ _id: String, email: String, language: String, fullName: String }, { versionKey: false });
const adSchema = new Schema(
  { _id: String, version: { type: Number, required: true }, matchedAt: { type: Date, default: null }, last: { type: Schema.Types.Mixed, default: null } },
  { versionKey: false, minimize: false },
);
const sendSchema = new Schema(
  {
    _id: String,
    searchId: { type: String, required: true },
    userId: { type: String, required: true },
    adId: { type: String, required: true },
    frequency: { type: String, required: true },
    day: { type: String, required: true },
    state: { type: String, required: true },
    ad: { type: Schema.Types.Mixed, required: true },
    createdAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
    doneAt: { type: Date, default: null },
    claim: { type: String, default: null },
    claimUntil: { type: Date, default: null },
  },
  { versionKey: false, minimize: false },
);
// The alerter's passes (pending instant sends, due digests: oldest first) and a search's sent count.
sendSchema.index({ state: 1, frequency: 1, createdAt: 1 });
sendSchema.index({ searchId: 1, state: 1 });
/**
 * Retention (issue 30): a send mailed or dropped goes 90 days after. Nothing needs it then: an ad's
 * match is decided by `search_alert_ads` (its version and last values), not by its old sends, and
 * the count of alerts mailed lives on the saved search.
 */
export const SEND_RETENTION_DAYS = 90;
sendSchema.index({ doneAt: 1 }, { expireAfterSeconds: SEND_RETENTION_DAYS * 24 * 3600 });

export interface AlertCollections {
  saved: Collection<SavedSearchDoc>;
  users: Collection<AlertUserDoc>;
  ads: Collection<AlertAdDoc>;
  sends: Collection<AlertSendDoc>;
  /** Markers of one-off migrations done. */
  migrations: Collection<MigrationMark>;
}

export async function openAlertCollections(store: DocumentStore): Promise<AlertCollections> {
  return {
    saved: await store.collection<SavedSearchDoc>('search_saved_searches', savedSchema),
    users: await store.collection<AlertUserDoc>('search_alert_users', userSchema),
    ads: await store.collection<AlertAdDoc>('search_alert_ads', adSchema),
    sends: await store.collection<AlertSendDoc>('search_alert_sends', sendSchema),
    migrations: await migrationMarks(store, 'search_alert_migrations'),
  };
}

/**
 * Once (marker-guarded): each saved search's count of alerts mailed, from its SENT sends, before
 * the sends start to expire. Sends marked SENT by a copy of the previous version while it runs are
 * not counted (a rolling deployment's minutes).
 */
export async function backfillAlertCounts(collections: AlertCollections): Promise<number> {
  return migrateOnce(collections.migrations, 'saved.alertsSent', collections.saved, { alertsSent: 1 }, async (page) => {
    let changed = 0;
    for (const search of page) {
      if (search.alertsSent !== undefined && search.alertsSent !== null) continue;
      const sent = await collections.sends.count({ searchId: search._id, state: 'SENT' });
      changed += (await collections.saved.updateOne({ _id: search._id }, { $set: { alertsSent: sent } })).modifiedCount;
    }
    return changed;
  });
}

/**
 * Once (marker-guarded): sends dropped with their deleted search before they were given `doneAt`
 * (issue 30) are given it now, so they go SEND_RETENTION_DAYS later like the others (conditional:
 * copies starting together date each once).
 */
export async function dateDroppedSends(collections: AlertCollections, now: Date): Promise<number> {
  return migrateOnce(collections.migrations, 'sends.droppedDoneAt', collections.sends, { state: 1, doneAt: 1 }, async (page) => {
    const ids = page.filter((send) => send.state === 'DROPPED' && !send.doneAt).map((send) => send._id);
    if (ids.length === 0) return 0;
    return (await collections.sends.updateMany({ _id: { $in: ids }, doneAt: null }, { $set: { doneAt: now } })).modifiedCount;
  });
}

/** The day in Costa Rica of an instant, as yyyy-mm-dd (one helper, in @ruedas/domain). */
export { costaRicaDay };
