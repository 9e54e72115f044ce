import { randomUUID } from 'node:crypto';
import { isPublicStatus } from '@ruedas/domain';
import { opportunityChanged, parameterChanged, readEvent, topics, type OpportunitySnapshot } from '@ruedas/events';
import { consumeEvents, DuplicateKeyError, type DocumentStore, type EventBus, type GlobalParameters, type Logger, type SearchIndex, type Subscription } from '@ruedas/platform';
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
/** Projection writes in flight at most (the store commits them together). */
const WRITE_WINDOW = 256;

function indexedAd(snapshot: OpportunitySnapshot): IndexedAd {
  const { brand, model, year, style, fuelType, transmissionType, motorSizeCC, mileage, mileageUnit, exteriorColor, interiorColor, price, currency, passengersNumber, level, publishedAt, province, canton } = snapshot;
  return { brand, model, year, style, fuelType, transmissionType, motorSizeCC, mileage, mileageUnit, exteriorColor, interiorColor, price, currency, passengersNumber, level, publishedAt, province, canton };
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
  /** Projection writes not yet durable, and what they write (newest per ad). */
  private readonly inflight = new Set<Promise<void>>();
  private readonly pending = new Map<string, { version: number; public: boolean; ad: IndexedAd | null }>();
  private writeError: Error | undefined;

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

  /**
   * Applies one snapshot: newer ones change the index and the projection; older ones nothing.
   * The projection write is not awaited by the handler (up to WRITE_WINDOW writes in flight, which
   * the store commits together): waiting for one fsync per snapshot would cap a replay near
   * 1,500 snapshots/s. A write that is not durable when the process dies may be lost although the
   * bus has committed the offset: so the service marks the projection unclean while it runs, and a
   * start after an unclean stop rebuilds from the topic (see `open`).
   */
  async apply(aggregateVersion: number, snapshot: OpportunitySnapshot): Promise<void> {
    if (this.writeError) throw this.writeError;
    const known = this.pending.get(snapshot.id) ?? (await this.deps.collections.ads.findById(snapshot.id));
    if (known && aggregateVersion < known.version) return;
    if (known && aggregateVersion === known.version) {
      // Repeated: the index is brought to what the projection says (a no-op unless the index lost
      // a write, e.g. Meilisearch restored from an older dump).
      await this.syncIndex(snapshot.id, known.public ? known.ad : null);
      return;
    }
    const isPublic = isPublicStatus(snapshot.status);
    const ad = isPublic ? indexedAd(snapshot) : null;
    // The index first, then the projection: once the version is written the change is searchable.
    await this.syncIndex(snapshot.id, ad);
    this.write(snapshot.id, { version: aggregateVersion, public: isPublic, ad });
    if (this.inflight.size >= WRITE_WINDOW) await this.settle();
  }

  private write(id: string, entry: { version: number; public: boolean; ad: IndexedAd | null }): void {
    this.pending.set(id, entry);
    // Only an older version is replaced, so writes of one ad landing out of order (MongoDB) keep the newest.
    const writing = this.deps.collections.ads
      .updateOne({ _id: id, version: { $lt: entry.version } }, { $set: entry }, { upsert: true })
      .then(() => undefined)
      .catch((error: unknown) => {
        if (error instanceof DuplicateKeyError) return; // a newer version is already stored
        this.writeError = error instanceof Error ? error : new Error(String(error));
        this.deps.logger.error({ err: error, id }, 'search projection write failed');
      })
      .finally(() => {
        this.inflight.delete(writing);
        if (this.pending.get(id) === entry) this.pending.delete(id);
      });
    this.inflight.add(writing);
  }

  /** Waits for the projection writes in flight. */
  async settle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
  }

  /**
   * Opens the projection at start: after a clean stop the index is filled from it; after an
   * unclean one (or a failed write) the topic is replayed in a fresh group. Then follows the topic.
   */
  async open(options: { rebuild: boolean; now: Date }): Promise<'filled' | 'rebuilt'> {
    const state = await this.deps.collections.state.findById(STATE_ID);
    const unclean = state?.clean === false;
    if (unclean) this.deps.logger.warn('search projection was not closed cleanly: rebuilding it from listings.opportunity');
    if (options.rebuild || unclean) {
      await this.rebuild(options.now);
      return 'rebuilt';
    }
    await this.fill();
    await this.markClean(false);
    await this.follow();
    return 'filled';
  }

  private async markClean(clean: boolean): Promise<void> {
    const group = await this.group();
    await this.deps.collections.state.updateOne({ _id: STATE_ID }, { $set: { clean, group } }, { upsert: true });
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
    const group = `${FIRST_GROUP}-${now.getTime()}-${randomUUID().slice(0, 8)}`;
    await this.settle();
    this.pending.clear();
    this.writeError = undefined;
    await collections.state.updateOne({ _id: STATE_ID }, { $set: { group, rebuiltAt: now, clean: false } }, { upsert: true });
    await collections.ads.deleteMany({});
    await index.clear();
    logger.info({ group }, 'search index rebuild: replaying listings.opportunity from the start');
    await this.follow();
    return group;
  }

  /** Stops following; once every projection write is durable, marks the projection clean. */
  async stop(): Promise<void> {
    await this.subscription?.stop();
    await this.parameterSubscription?.stop();
    await this.settle();
    if (!this.writeError) await this.markClean(true);
  }
}
