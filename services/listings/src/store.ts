import { Schema } from 'mongoose';
import { migrationMarks, outboxField, type Collection, type DocumentStore, type MigrationMark, type StoredDocument, type WithOutbox } from '@ruedas/platform';
import type { AdFields as DomainAdFields, AdStatus, Currency, Locale, Role, UserType } from '@ruedas/domain';

/** One change of status, as the history shows it. */
export interface HistoryEntry {
  email: string;
  fullName: string;
  status: AdStatus;
  statusDate: Date;
  /** Who made the change: the seller (or another user), an administrator, or the system. Missing on older entries. */
  authorKind?: HistoryAuthorKind;
}

export type HistoryAuthorKind = 'USER' | 'STAFF' | 'SYSTEM';

/** One change of the price of an ad that had been public (issue 19): the price history. */
export interface PriceChangeEntry {
  changedAt: Date;
  oldPrice: number;
  oldCurrency: Currency;
  newPrice: number;
  newCurrency: Currency;
}

/** The car as the seller wrote it: the domain's AdFields (the validated fields of the wizard). */
export interface AdFields extends Omit<DomainAdFields, 'description'> {
  /** The seller's own words about the car (negotiable, trade-in, financing); '' when none. Missing on older ads. */
  description?: string;
}

export interface OpportunityDoc extends AdFields, WithOutbox {
  sellerId: string;
  status: AdStatus;
  /** The level's code (FREE 1 to GOLD 4): public lists sort on it, best level first. */
  levelRank: number;
  dateCreated: Date;
  /** When the ad last went public; null before that. */
  publishedAt: Date | null;
  /** End of the current period of life; null while not public. */
  expiresAt: Date | null;
  /** Whether the paid ad already had its one automatic renewal in this public life. */
  renewed: boolean;
  /** The `expiresAt` whose expiry notice was claimed (sent): one notice per period, whoever sends it. */
  notifiedFor: Date | null;
  viewCount: number;
  /**
   * True while the ad waits for a payment (a paid level, or a free ad with quick approval) that has
   * not completed; the review queue leaves such ads out. Missing (older documents, seeds) is false.
   */
  paymentPending?: boolean;
  /** The reason an administrator gave when rejecting the ad; null once its status moves on. Missing is null. */
  rejectionReason?: string | null;
  /** The last review decision of moderation applied to the ad (issue 28): a second delivery of it is answered as applied. */
  lastReviewId?: string | null;
  history: HistoryEntry[];
  /** Price changes once the ad had been public, oldest first (issue 19). Missing on older documents. */
  priceHistory?: PriceChangeEntry[];
  /** When the ad first went public (days on market count from it); missing before issue 19 (then `publishedAt`). */
  firstPublishedAt?: Date | null;
  /** Aggregate version of the snapshots published about the ad. */
  version: number;
}

/** A favourite: `_id` is `<userId>:<opportunityId>`, so adding twice is one document. */
export interface FavouriteDoc extends StoredDocument {
  userId: string;
  opportunityId: string;
  addedAt: Date;
  /**
   * Since when its ad is no longer public (sold, expired, rejected), from the ad's snapshots; null
   * (or missing) while the ad is public. FAVOURITE_RETENTION_DAYS later the favourite goes.
   */
  goneSince?: Date | null;
}

/** How long a favourite stays once its ad stopped being public (retention, decision 0223). */
export const FAVOURITE_RETENTION_DAYS = 90;

/** What listings knows of a user, from identity's snapshots. */
export interface UserDoc extends StoredDocument {
  email: string;
  fullName: string;
  userType: UserType;
  role: Role;
  language: Locale;
}

/** Who owns a photo, from the media service's events. */
export interface PhotoDoc extends StoredDocument {
  ownerId: string;
}

const phoneSchema = new Schema({ phone: String, phoneType: String }, { _id: false });
const historySchema = new Schema({ email: String, fullName: String, status: String, statusDate: Date, authorKind: String }, { _id: false });
const priceChangeSchema = new Schema({ changedAt: Date, oldPrice: Number, oldCurrency: String, newPrice: Number, newCurrency: String }, { _id: false });

const opportunitySchema = new Schema(
  {
    _id: String,
    sellerId: { type: String, required: true, index: true },
    brand: { type: String, required: true },
    model: { type: String, required: true },
    year: { type: Number, required: true },
    style: { type: String, required: true },
    fuelType: { type: String, required: true },
    transmissionType: { type: String, required: true },
    motorSizeCC: { type: Number, default: 0 },
    mileage: { type: Number, default: 0 },
    mileageUnit: { type: String, required: true },
    exteriorColor: { type: String, required: true },
    interiorColor: { type: String, required: true },
    price: { type: Number, required: true },
    transferPrice: { type: Number, default: 0 },
    currency: { type: String, required: true },
    payTaxes: { type: Boolean, default: true },
    carIdNumber: { type: String, default: '' },
    passengersNumber: { type: Number, required: true },
    province: { type: String, required: true },
    canton: { type: String, required: true },
    district: { type: String, required: true },
    knownDamage: { type: String, default: '' },
    description: { type: String, default: '' },
    extraList: { type: [String], default: [] },
    attachmentIds: { type: [String], default: [] },
    phoneList: { type: [phoneSchema], default: [] },
    level: { type: String, required: true },
    levelRank: { type: Number, required: true },
    message: { type: String, default: '' },
    autoApproval: { type: Boolean, default: false },
    status: { type: String, required: true },
    dateCreated: { type: Date, required: true },
    publishedAt: { type: Date, default: null },
    expiresAt: { type: Date, default: null },
    renewed: { type: Boolean, default: false },
    notifiedFor: { type: Date, default: null },
    viewCount: { type: Number, default: 0 },
    paymentPending: { type: Boolean, default: false },
    rejectionReason: { type: String, default: null },
    lastReviewId: { type: String, default: null },
    history: { type: [historySchema], default: [] },
    priceHistory: { type: [priceChangeSchema], default: [] },
    firstPublishedAt: { type: Date, default: null },
    version: { type: Number, default: 0 },
    outbox: outboxField,
  },
  { versionKey: false },
);
// Every list's index gives its whole order, `_id` tie-breaker included (decision 0155).
// The public lists (best level, newest first): all public ads, and a seller's public ads.
opportunitySchema.index({ status: 1, levelRank: -1, publishedAt: -1, _id: 1 });
opportunitySchema.index({ sellerId: 1, status: 1, levelRank: -1, publishedAt: -1, _id: 1 });
// A user's public ads, newest publication first; the gold carousel.
opportunitySchema.index({ sellerId: 1, status: 1, publishedAt: -1, _id: 1 });
opportunitySchema.index({ level: 1, status: 1, publishedAt: -1, _id: 1 });
// The owner's and admin's lists (newest ad first): by seller and status, by seller, by status.
opportunitySchema.index({ sellerId: 1, status: 1, dateCreated: -1, _id: 1 });
opportunitySchema.index({ sellerId: 1, dateCreated: -1, _id: 1 });
opportunitySchema.index({ status: 1, dateCreated: -1, _id: 1 });
// The scheduler's scan; the ads showing a photo (on each photo deletion).
opportunitySchema.index({ status: 1, expiresAt: 1, _id: 1 });
opportunitySchema.index({ attachmentIds: 1 });

const favouriteSchema = new Schema(
  {
    _id: String,
    userId: { type: String, required: true },
    opportunityId: { type: String, required: true, index: true },
    addedAt: { type: Date, required: true },
    goneSince: { type: Date, default: null },
  },
  { versionKey: false },
);
favouriteSchema.index({ userId: 1, addedAt: -1, _id: 1 });
// Retention (decision 0223): a favourite goes FAVOURITE_RETENTION_DAYS after its ad stopped being
// public (an ad public again clears `goneSince`). Members keep at most MAX_FAVOURITES_PER_USER each,
// and no longer carry ads that were sold or expired long ago.
favouriteSchema.index({ goneSince: 1 }, { expireAfterSeconds: FAVOURITE_RETENTION_DAYS * 24 * 3600 });

const userSchema = new Schema(
  {
    _id: String,
    email: { type: String, required: true },
    fullName: { type: String, default: '' },
    userType: { type: String, required: true },
    role: { type: String, required: true },
    language: { type: String, required: true },
  },
  { versionKey: false },
);

const photoSchema = new Schema({ _id: String, ownerId: { type: String, required: true } }, { versionKey: false });

export interface ListingsCollections {
  opportunities: Collection<OpportunityDoc>;
  favourites: Collection<FavouriteDoc>;
  users: Collection<UserDoc>;
  photos: Collection<PhotoDoc>;
  /** One document per data migration done (a handful in all). */
  migrations: Collection<MigrationMark>;
}

export async function openCollections(store: DocumentStore): Promise<ListingsCollections> {
  return {
    opportunities: await store.collection<OpportunityDoc>('listings_opportunities', opportunitySchema),
    favourites: await store.collection<FavouriteDoc>('listings_favourites', favouriteSchema),
    users: await store.collection<UserDoc>('listings_users', userSchema),
    photos: await store.collection<PhotoDoc>('listings_photos', photoSchema),
    migrations: await migrationMarks(store, 'listings_migrations'),
  };
}

export const favouriteId = (userId: string, opportunityId: string) => `${userId}:${opportunityId}`;
