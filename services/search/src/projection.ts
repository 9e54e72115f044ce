import { isPublicStatus } from '@ruedas/domain';
import { opportunityChanged, parameterChanged, readEvent, topics, type OpportunitySnapshot } from '@ruedas/events';
import { consumeEvents, type DocumentStore, type EventBus, type GlobalParameters, type Logger, type SearchIndex, type Subscription } from '@ruedas/platform';
import { searchDocument, type SearchDocument } from './documents';
import type { IndexedAd, SearchCollections } from './store';

export interface IndexerDeps {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  collections: SearchCollections;
  index: SearchIndex<SearchDocument>;
  parameters: GlobalParameters;
}

/** The consumer group of the first build; each rebuild takes `search-ads-<time>`. */
export const FIRST_GROUP = 'search-ads';
const STATE_ID = 'ads';
const FILL_BATCH = 2_000;

function indexedAd(snapshot: OpportunitySnapshot): IndexedAd {
  const { brand, model, year, style, fuelType, transmissionType, motorSizeCC, mileage, mileageUnit, exteriorColor, interiorColor, price, currency, passengersNumber, level, publishedAt } = snapshot;
  return { brand, model, year, style, fuelType, transmissionType, motorSizeCC, mileage, mileageUnit, exteriorColor, interiorColor, price, currency, passengersNumber, level, publishedAt };
}

/**
 * Keeps the search index in step with the listings service: snapshots of `listings.opportunity`
 * go into the `search_ads` projection (per ad, the last applied aggregate version) and then into
 * the index; only public ads are indexed. The index is a derived copy: at start it is filled from
 * the projection, and a rebuild replays the topic from the start in a fresh consumer group.
 */
export class AdIndexer {
  private subscription: Subscription | undefined;
  private parameterSubscription: Subscription | undefined;

  constructor(private readonly deps: IndexerDeps) {}

  private rate(): number {
    return this.deps.parameters.get('EXCHANGE_RATE_CRC_PER_USD');
  }

  /**
   * Fills the index from the projection, in batches: always for the embedded index (it starts
   * empty); for a persistent one (Meilisearch) only when its count differs from the projection's.
   */
  async fill(): Promise<number> {
    const { collections, index } = this.deps;
    if (index.kind !== 'embedded' && (await index.count()) === (await collections.ads.count({ public: true }))) return 0;
    await index.clear();
    const rate = this.rate();
    const ads = await collections.ads.find({ public: true });
    for (let start = 0; start < ads.length; start += FILL_BATCH) {
      const batch = ads.slice(start, start + FILL_BATCH).flatMap((doc) => (doc.ad ? [searchDocument(doc._id, doc.ad, rate)] : []));
      await index.upsert(batch);
    }
    await index.flush();
    return ads.length;
  }

  /** Applies one snapshot: newer ones change the projection and the index; older ones nothing. */
  async apply(aggregateVersion: number, snapshot: OpportunitySnapshot): Promise<void> {
    const { collections } = this.deps;
    const known = await collections.ads.findById(snapshot.id);
    if (known && aggregateVersion < known.version) return;
    if (known && aggregateVersion === known.version) {
      // Repeated: the index is brought to what the projection says (a no-op unless the index lost
      // a write, e.g. Meilisearch restored from an older dump).
      await this.syncIndex(snapshot.id, known.public ? known.ad : null);
      return;
    }
    const isPublic = isPublicStatus(snapshot.status);
    const ad = isPublic ? indexedAd(snapshot) : null;
    // The index first, then the projection's version: once the version is written the change is
    // searchable, and a crash in between applies the snapshot again (idempotent).
    await this.syncIndex(snapshot.id, ad);
    await collections.ads.updateOne({ _id: snapshot.id }, { $set: { version: aggregateVersion, public: isPublic, ad } }, { upsert: true });
  }

  private async syncIndex(id: string, ad: IndexedAd | null): Promise<void> {
    if (ad) await this.deps.index.upsert([searchDocument(id, ad, this.rate())]);
    else await this.deps.index.remove([id]);
  }

  /** The group the projection follows (stored, so a restart continues where it was). */
  async group(): Promise<string> {
    return (await this.deps.collections.state.findById(STATE_ID))?.group ?? FIRST_GROUP;
  }

  /** Follows `listings.opportunity` in the stored group, and the exchange rate. */
  async follow(): Promise<void> {
    const { bus, logger } = this.deps;
    const group = await this.group();
    this.subscription = await bus.subscribe({
      group,
      topics: [topics.listingsOpportunity],
      handler: async (message) => {
        const event = readEvent(opportunityChanged, message.value);
        if (event) await this.apply(event.aggregateVersion, event.payload.opportunity);
      },
    });
    this.parameterSubscription ??= await consumeEvents({
      ...this.deps,
      group: 'search-parameters',
      topics: [topics.moderationParameter],
      dedupe: 'aggregateVersion',
      handle: async (envelope) => {
        const event = readEvent(parameterChanged, envelope);
        if (!event) return;
        const before = this.rate();
        await this.deps.parameters.set(event.payload.id, event.payload.quantity);
        if (event.payload.id === 'EXCHANGE_RATE_CRC_PER_USD' && this.rate() !== before) await this.renormalise();
      },
    });
    logger.info({ group }, 'search follows listings.opportunity');
  }

  /** Recomputes the colones price of every dollar-priced ad in the index (the rate changed). */
  async renormalise(): Promise<number> {
    const { collections, index } = this.deps;
    const rate = this.rate();
    const ads = await collections.ads.find({ public: true, 'ad.currency': 'USD' });
    for (let start = 0; start < ads.length; start += FILL_BATCH) {
      await index.upsert(ads.slice(start, start + FILL_BATCH).flatMap((doc) => (doc.ad ? [searchDocument(doc._id, doc.ad, rate)] : [])));
    }
    this.deps.logger.info({ ads: ads.length, rate }, 'dollar prices normalised again');
    return ads.length;
  }

  /**
   * Rebuilds from the topic: stops following, switches to a fresh consumer group (which starts at
   * the beginning of the log), empties the projection and the index, and follows again.
   */
  async rebuild(now: Date): Promise<string> {
    const { collections, index, logger } = this.deps;
    await this.subscription?.stop();
    this.subscription = undefined;
    const group = `${FIRST_GROUP}-${now.getTime()}`;
    await collections.state.updateOne({ _id: STATE_ID }, { $set: { group, rebuiltAt: now } }, { upsert: true });
    await collections.ads.deleteMany({});
    await index.clear();
    logger.info({ group }, 'search index rebuild: replaying listings.opportunity from the start');
    await this.follow();
    return group;
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    await this.parameterSubscription?.stop();
  }
}
