import { Schema } from 'mongoose';
import type { Collection, DocumentStore, StoredDocument } from '@ruedas/platform';
import type { OpportunitySnapshot } from '@ruedas/events';
import { AD_FIELD_NAMES, type AdFieldName } from '@ruedas/domain';

/**
 * The seller's fields the index leaves out: phones, district, photos, the damage and message texts,
 * the plate and the payment details. The description and the extras are kept: free-text words the
 * interpreter cannot place are searched across them (issue 27).
 */
const NOT_INDEXED = [
  'transferPrice',
  'payTaxes',
  'carIdNumber',
  'district',
  'knownDamage',
  'attachmentIds',
  'phoneList',
  'message',
  'autoApproval',
] as const satisfies ReadonlyArray<AdFieldName>;
type IndexedSellerField = Exclude<AdFieldName, (typeof NOT_INDEXED)[number]>;

/** The fields of the snapshot the index needs of an ad: the domain's ad fields but those above, and the publication date. */
export const INDEXED_AD_FIELDS: ReadonlyArray<IndexedSellerField | 'publishedAt'> = [
  ...AD_FIELD_NAMES.filter((name): name is IndexedSellerField => !(NOT_INDEXED as readonly string[]).includes(name)),
  'publishedAt',
] satisfies ReadonlyArray<keyof OpportunitySnapshot>;

/** What the index needs of an ad. */
export type IndexedAd = Pick<OpportunitySnapshot, Exclude<(typeof INDEXED_AD_FIELDS)[number], 'province' | 'canton'>> &
  /** Province and canton codes (issue 13); missing in projections written before them (a rebuild fills them). */
  Partial<Pick<OpportunitySnapshot, 'province' | 'canton'>>;

/** What the index, the matcher and the rating need of a public ad (the saved-search alerts keep it per ad to tell what an edit changed). */
export function indexedAd(snapshot: OpportunitySnapshot): IndexedAd {
  return Object.fromEntries(INDEXED_AD_FIELDS.map((field) => [field, snapshot[field]])) as IndexedAd;
}

/**
 * The projection of `listings.opportunity`, keyed by ad id: the last applied aggregate version
 * (older or repeated snapshots change nothing) and, for a public ad, what the index holds of it.
 * The embedded index is filled from here at start.
 */
export interface AdProjectionDoc extends StoredDocument {
  version: number;
  public: boolean;
  /** Null when the ad is not public (it is not in the index). */
  ad: IndexedAd | null;
}

/** Which consumer group feeds the projection; a rebuild switches to a fresh one. */
export interface StateDoc extends StoredDocument {
  group: string;
  rebuiltAt?: Date;
  /** Before positions were recorded: false while a service ran on the projection, true after a clean stop. */
  clean?: boolean;
  /**
   * Per partition of `listings.opportunity`, the position after the last snapshot whose projection
   * write is durable (with every earlier one): where a start resumes, after a crash as well.
   */
  positions?: { partition: string; next: number }[];
}

/** A query people searched, learned from the search analytics events (TESTUSER left out). */
/**
 * A popular query (issue 27): keyed by its interpretation written as the canonical phrase
 * (`canonicalSearchText`), never by what somebody typed. `people`: the first few signed-in people
 * who made it (up to POPULAR_PEOPLE_KEPT); it is offered once enough different people did.
 */
export interface PopularQueryDoc extends StoredDocument {
  /** The canonical phrase. */
  label: string;
  count: number;
  lastAt: Date;
  /** Ids of the first signed-in people who searched it (documents written before issue 27 have none). */
  people?: string[];
}

const adSchema = new Schema(
  {
    _id: String,
    version: { type: Number, required: true },
    public: { type: Boolean, required: true, index: true },
    ad: { type: Schema.Types.Mixed, default: null },
  },
  { versionKey: false, minimize: false },
);
const stateSchema = new Schema(
  { _id: String, group: { type: String, required: true }, rebuiltAt: Date, clean: Boolean, positions: { type: Schema.Types.Mixed, default: undefined } },
  { versionKey: false },
);
const popularSchema = new Schema(
  { _id: String, label: String, count: { type: Number, required: true }, lastAt: Date, people: { type: [String], default: undefined } },
  { versionKey: false },
);
// The most typed queries, read every 30 s (decision 0155).
popularSchema.index({ count: -1 });
// Retention (one document per distinct query typed): a query nobody typed for 180 days is forgotten (decision 0156).
popularSchema.index({ lastAt: 1 }, { expireAfterSeconds: 180 * 24 * 3600 });

export interface SearchCollections {
  ads: Collection<AdProjectionDoc>;
  state: Collection<StateDoc>;
  popular: Collection<PopularQueryDoc>;
}

export async function openCollections(store: DocumentStore): Promise<SearchCollections> {
  return {
    ads: await store.collection<AdProjectionDoc>('search_ads', adSchema),
    state: await store.collection<StateDoc>('search_state', stateSchema),
    popular: await store.collection<PopularQueryDoc>('search_popular_queries', popularSchema),
  };
}

/**
 * The public ads of the projection, `size` at a time in id order: never the whole set in one query
 * on a production store (MongoDB serves each page from the _id index). The embedded store holds
 * every document in memory already, and a sorted page costs it a scan of the whole set (measured at
 * 71,000 ads: 8.3 s in pages of 2,000 against 70 ms in one query), so there it reads them at once.
 */
export async function* publicAdPages(store: DocumentStore, ads: Collection<AdProjectionDoc>, size: number): AsyncGenerator<AdProjectionDoc[]> {
  if (store.kind === 'embedded') {
    const all = await ads.find({ public: true });
    for (let start = 0; start < all.length; start += size) yield all.slice(start, start + size);
    return;
  }
  let after: string | undefined;
  for (;;) {
    const batch = await ads.find({ public: true, ...(after === undefined ? {} : { _id: { $gt: after } }) }, { sort: { _id: 1 }, limit: size });
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < size) return;
    after = batch.at(-1)!._id;
  }
}

/** How a start went: resumed or rebuilt, the ads filled from the projection, and the times. */
export interface OpenReport {
  how: 'resumed' | 'rebuilt';
  filled: number;
  /** Reading the projection and filling the index from it. */
  fillMs: number;
  /** Following the topic from the recorded positions until caught up (the tail replayed). */
  catchUpMs: number;
}
