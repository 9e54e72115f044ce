import { randomUUID } from 'node:crypto';
import { isPublicStatus } from '@ruedas/domain';
import { envelopeSchema, eventUnderstood, opportunityChanged, parameterChanged, readEvent, topics, type OpportunitySnapshot } from '@ruedas/events';
import {
  consumeEvents,
  deadLetterAtOnce,
  positionOf,
  SearchIndexWriteError,
  type DeliveredMessage,
  type DocumentStore,
  type EventBus,
  type GlobalParameters,
  type Logger,
  type SearchIndex,
  type Subscription,
} from '@ruedas/platform';
import { type SearchDocument } from './documents';
import { followMarket, marketValues } from './pricing/market-feed';
import { PriceRater } from './pricing/rater';
import { ProjectionWrites, type ProjectionEntry } from './projection-writes';
import { indexedAd, publicAdPages, type IndexedAd, type OpenReport, type SearchCollections } from './store';

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
/** Projection documents being written at most (the store commits them together). */
const WRITE_WINDOW = 1_024;
/** How often the positions whose writes are all durable are recorded (what a restart resumes from). */
const CHECKPOINT_MS = 1_000;

/**
 * Keeps the search index in step with the listings service: snapshots of `listings.opportunity`
 * go into the `search_ads` projection (per ad, the last applied aggregate version) and then into
 * the index; only public ads are indexed. The index is a derived copy: at start it is filled from
 * the projection, and a rebuild replays the topic from the start in a fresh consumer group.
 */
export class AdIndexer {
  private subscription: Subscription | undefined;
  private parameterSubscription: Subscription | undefined;
  /** The broadcast feed of the market: every change, whichever copy's projection work handles it. */
  private marketSubscription: Subscription | undefined;
  /** Projection writes not yet durable, and what they write (newest per ad). */
  private readonly writes: ProjectionWrites;
  /** Per partition, the position after the last snapshot applied (its write started). */
  private readonly handled = new Map<string, number>();
  /** What `search_state.positions` holds: every write before these positions is durable. */
  private recorded = new Map<string, number>();
  private checkpointing: Promise<void> | undefined;
  private checkpointTimer: ReturnType<typeof setInterval> | undefined;

  /** The fair-price ratings of the public ads (issue 19), kept with the index. */
  readonly rater: PriceRater;

  constructor(private readonly deps: IndexerDeps) {
    this.rater = new PriceRater({ index: deps.index, rate: () => this.rate(), logger: deps.logger });
    this.writes = new ProjectionWrites(deps.collections.ads, deps.logger);
  }

  private rate(): number {
    return this.deps.parameters.get('EXCHANGE_RATE_CRC_PER_USD');
  }

  /**
   * Fills the index from the projection, in batches, when it holds fewer public ads than the
   * projection: always for an embedded index of its own (it starts empty); for a persistent one
   * (Meilisearch) when it lost writes. An index holding as many or more is left as it is: other
   * copies keep it current, and the projection, written after the index with writes in flight, may
   * lag it, so a refill from it would take ads from shoppers (decision 0153).
   */
  async fill(): Promise<number> {
    const { collections, index } = this.deps;
    // The fair-price market is always built from the projection (it lives in memory).
    const loaded: Array<[string, IndexedAd, number]> = [];
    for await (const batch of publicAdPages(this.deps.store, this.deps.collections.ads, FILL_BATCH))
      for (const doc of batch) if (doc.ad) loaded.push([doc._id, doc.ad, doc.version]);
    this.rater.load(loaded);
    const indexed = await index.count();
    if (indexed > 0 && indexed >= (await collections.ads.count({ public: true }))) return 0;
    return this.refill();
  }

  /**
   * Writes the public ads of the market (as loaded from the projection) into a new index swapped
   * in for the live one: shoppers search the old contents until it is done, never an empty index,
   * even when another copy serves from the same index (Meilisearch) while this one starts.
   */
  private async refill(): Promise<number> {
    const docs = this.rater.documents();
    const written = await this.deps.index.replace(async (write) => {
      for (let start = 0; start < docs.length; start += FILL_BATCH) await write(docs.slice(start, start + FILL_BATCH));
    });
    await this.deps.index.flush();
    return written;
  }

  /**
   * Applies a run of snapshots in order (a batch of the topic, decision 0206), as each in turn:
   * newer ones change the index and the projection; older ones nothing. The run's index writes go in
   * one upsert (the ads left public) and one removal (the others), then its projection writes (one
   * read of the run's ads before, one insert of those new to the projection), not
   * awaited by the handler (up to WRITE_WINDOW documents in flight, which the store commits together): waiting
   * for one fsync per snapshot would cap a replay near 1,500 snapshots/s. A write that is not durable
   * when the process dies may be lost although the bus committed the offset: a start resumes from
   * the positions recorded once the writes before them were durable (see `checkpoint`).
   */
  async applyAll(snapshots: Array<{ version: number; snapshot: OpportunitySnapshot }>): Promise<void> {
    if (this.writes.error) throw this.writes.error;
    const entries = new Map<string, ProjectionEntry>();
    /** Per ad, what the index must hold after the run (its last applied or repeated snapshot). */
    const indexed = new Map<string, IndexedAd | null>();
    // What the projection holds of the run's ads: the writes in flight (taken before the read, so a
    // write finishing meanwhile is found in one or the other), then one read for the others.
    const stored = new Map<string, ProjectionEntry>();
    const unread = new Set<string>();
    for (const { snapshot } of snapshots) {
      const pending = this.writes.pending(snapshot.id);
      if (pending) stored.set(snapshot.id, pending);
      else unread.add(snapshot.id);
    }
    if (unread.size > 0) for (const doc of await this.deps.collections.ads.find({ _id: { $in: [...unread] } })) stored.set(doc._id, doc);
    for (const { version, snapshot } of snapshots) {
      const known = entries.get(snapshot.id) ?? stored.get(snapshot.id);
      if (known && version < known.version) continue;
      if (known && version === known.version) {
        // Repeated: the index is brought to what the projection says (a no-op unless the index lost
        // a write, e.g. Meilisearch restored from an older dump).
        indexed.set(snapshot.id, known.public ? known.ad : null);
        continue;
      }
      const isPublic = isPublicStatus(snapshot.status);
      const ad = isPublic ? indexedAd(snapshot) : null;
      // Into the market (if the broadcast feed did not bring this version first); not public yet but on
      // its way (review or payment): quoted, not in the market (issue 32 item 1).
      this.rater.observe(snapshot.id, version, ...marketValues(snapshot));
      indexed.set(snapshot.id, ad);
      entries.set(snapshot.id, { version, public: isPublic, ad });
    }
    // The index first, then the projection: once the version is written the change is searchable.
    await this.syncIndex(indexed);
    // Ads the projection does not hold yet (a first build: nearly all) in one insert; the others one
    // version-guarded upsert each.
    this.writes.write(entries, (id) => stored.has(id));
    if (this.writes.documents >= WRITE_WINDOW) await this.settle();
  }

  /** Waits for the projection writes in flight. */
  settle(): Promise<void> {
    return this.writes.settle();
  }

  /**
   * Opens the projection at start and follows the topic from the positions it recorded (every
   * projection write before them is durable): after a clean stop or a crash alike, nothing is
   * rebuilt; the snapshots after those positions are applied again (older or repeated ones change
   * nothing). Resolves once the index has caught up with the topic as it was at start, so the
   * service is not ready while search would miss ads. A rebuild (asked, or a projection from
   * before positions were recorded that was not closed cleanly) replays the topic in a fresh group.
   */
  async open(options: { rebuild: boolean; now: Date }): Promise<OpenReport> {
    const started = performance.now();
    const state = await this.deps.collections.state.findById(STATE_ID);
    let filled = 0;
    let fillMs = 0;
    const legacyUnclean = state !== null && state.positions === undefined && state.clean === false;
    if (legacyUnclean) this.deps.logger.warn('search projection was not closed cleanly and has no recorded positions: rebuilding it from listings.opportunity');
    let how: 'resumed' | 'rebuilt' = 'resumed';
    if (options.rebuild || legacyUnclean) {
      await this.rebuild(options.now);
      how = 'rebuilt';
    } else {
      filled = await this.fill();
      fillMs = performance.now() - started;
      // A first start replays the whole topic: ratings wait until it has caught up.
      if (state === null) this.rater.defer();
      // No state: a first start, from the beginning. A clean stop from before positions were
      // recorded: the group's commits are right, this once.
      const positions = state === null ? [] : state.positions;
      if (state === null) await this.deps.collections.state.updateOne({ _id: STATE_ID }, { $set: { group: FIRST_GROUP, positions: [] } }, { upsert: true });
      this.recorded = new Map((positions ?? []).map(({ partition, next }) => [partition, next]));
      await this.follow(positions === undefined ? undefined : Object.fromEntries(this.recorded));
    }
    const following = performance.now();
    this.marketSubscription = await followMarket({
      bus: this.deps.bus,
      logger: this.deps.logger,
      rater: this.rater,
      startAt: Object.fromEntries(this.recorded),
    });
    await this.subscription!.caughtUp();
    await this.rater.resume();
    return { how, filled, fillMs: Math.round(fillMs), catchUpMs: Math.round(performance.now() - following) };
  }

  /**
   * Records the positions whose projection writes are all durable: those of the snapshots applied
   * so far, once the writes started before now have finished. Never past a failed write.
   */
  checkpoint(): Promise<void> {
    this.checkpointing ??= (async () => {
      // Never finished synchronously: an early return would run `finally` before `??=` stores the
      // promise, leaving a finished one in place and every later checkpoint (and stop's) a no-op.
      await Promise.resolve();
      try {
        const positions = new Map(this.handled);
        if ([...positions].every(([partition, next]) => this.recorded.get(partition) === next)) return;
        await this.writes.started();
        if (this.writes.error) return;
        // The index's writes too (Meilisearch: tasks); one that failed is written again from the
        // projection, and the positions stay where they were until a flush finds nothing failed.
        try {
          await this.deps.index.flush();
        } catch (error) {
          if (!(error instanceof SearchIndexWriteError)) throw error;
          this.deps.logger.warn({ err: error, ids: error.ids.length }, 'search index writes failed: writing those ads again from the projection');
          await this.resync(error.ids);
          return;
        }
        const list = [...positions].map(([partition, next]) => ({ partition, next }));
        await this.deps.collections.state.updateOne({ _id: STATE_ID }, { $set: { positions: list } });
        this.recorded = positions;
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'search projection positions not recorded; the next checkpoint tries again');
      } finally {
        this.checkpointing = undefined;
      }
    })();
    return this.checkpointing;
  }

  /** Writes these ads to the index again as the projection has them (after a failed index write). */
  private async resync(ids: string[]): Promise<void> {
    const indexed = new Map<string, IndexedAd | null>();
    for (const id of ids) {
      const known = this.writes.pending(id) ?? (await this.deps.collections.ads.findById(id));
      indexed.set(id, known?.public ? known.ad : null);
    }
    await this.syncIndex(indexed);
  }

  /** Writes these ads to the index (public: their documents, in one upsert) or takes them out of it (null, in one removal). */
  private async syncIndex(ads: Map<string, IndexedAd | null>): Promise<void> {
    const documents: SearchDocument[] = [];
    const removed: string[] = [];
    for (const [id, ad] of ads) {
      if (ad) documents.push(this.rater.document(id, ad));
      else removed.push(id);
    }
    if (documents.length > 0) await this.deps.index.upsert(documents);
    if (removed.length > 0) await this.deps.index.remove(removed);
  }

  /** The group the projection follows (stored, so a restart continues where it was). */
  async group(): Promise<string> {
    return (await this.deps.collections.state.findById(STATE_ID))?.group ?? FIRST_GROUP;
  }

  /** Applies a run of messages of one partition of `listings.opportunity`, then notes the position after the last. */
  private async handleRun(group: string, messages: DeliveredMessage[]): Promise<void> {
    const snapshots: Array<{ version: number; snapshot: OpportunitySnapshot }> = [];
    for (const message of messages) {
      // A newer producer's event (issue 30): parked in the group's dead letters, replayed once search is upgraded.
      const envelope = envelopeSchema.parse(message.value);
      if (!eventUnderstood(envelope)) await deadLetterAtOnce(this.deps.bus, group, message, `${envelope.type} v${envelope.version} not understood`);
      const event = readEvent(opportunityChanged, envelope);
      if (event) snapshots.push({ version: event.aggregateVersion, snapshot: event.payload.opportunity });
    }
    await this.applyAll(snapshots);
    const last = messages.at(-1);
    if (!last) return;
    const { partition, next } = positionOf(last);
    this.handled.set(partition, next);
  }

  /** Follows `listings.opportunity` in the stored group (from `startAt`: recorded positions), recording them every second; and the exchange rate. */
  async follow(startAt?: Record<string, number>): Promise<void> {
    const { bus, logger } = this.deps;
    const group = await this.group();
    this.handled.clear();
    for (const [partition, next] of this.recorded) this.handled.set(partition, next);
    this.subscription = await bus.subscribe({
      group,
      topics: [topics.listingsOpportunity],
      ...(startAt ? { startAt } : {}),
      handler: (message) => this.handleRun(group, [message]),
      // A run of the topic at once (decision 0206): one index write for it, its position recorded once.
      handleBatch: (messages) => this.handleRun(group, messages),
    });
    this.checkpointTimer ??= setInterval(() => void this.checkpoint(), CHECKPOINT_MS);
    this.checkpointTimer.unref?.();
    this.parameterSubscription ??= await consumeEvents({
      ...this.deps,
      group: 'search-parameters',
      // Every copy keeps the exchange rate in memory: every copy sees every change.
      kind: 'broadcast',
      topics: [topics.moderationParameter],
      dedupe: 'aggregateVersion',
      handle: async (envelope) => {
        const event = readEvent(parameterChanged, envelope);
        if (!event) return;
        const before = this.rate();
        await this.deps.parameters.set(event.payload.id, event.payload.quantity, event.aggregateVersion);
        if (event.payload.id === 'EXCHANGE_RATE_CRC_PER_USD' && this.rate() !== before) await this.renormalise();
      },
    });
    logger.info({ group }, 'search follows listings.opportunity');
  }

  /** Recomputes the colones price of every dollar-priced ad in the index (the rate changed). */
  async renormalise(): Promise<number> {
    const { index } = this.deps;
    const rate = this.rate();
    // Every rating may move (the dollar ads' prices in colones did): the market is rated again, from
    // its own ads (fed every change, decision 0153); the copy that writes ratings rewrites the index.
    await this.settle();
    this.rater.reload();
    if (!this.rater.writes) return 0;
    const docs = this.rater.documents();
    for (let start = 0; start < docs.length; start += FILL_BATCH) await index.upsert(docs.slice(start, start + FILL_BATCH));
    const count = docs.filter((doc) => doc.currency === 'USD').length;
    this.deps.logger.info({ ads: count, rate }, 'dollar prices normalised again');
    return count;
  }

  /**
   * Rebuilds from the topic: stops following, switches to a fresh consumer group (which starts at
   * the beginning of the log), empties the projection and the index, and follows again.
   */
  async rebuild(now: Date): Promise<string> {
    const { collections, logger } = this.deps;
    await this.subscription?.stop();
    this.subscription = undefined;
    const group = `${FIRST_GROUP}-${now.getTime()}-${randomUUID().slice(0, 8)}`;
    await this.settle();
    await this.checkpointing;
    this.writes.reset();
    this.recorded = new Map();
    // The fresh group starts at the beginning: no positions recorded yet.
    await collections.state.updateOne({ _id: STATE_ID }, { $set: { group, rebuiltAt: now, positions: [] } }, { upsert: true });
    await collections.ads.deleteMany({});
    // The live index is not cleared: shoppers keep searching it while the replay writes each ad's
    // latest snapshot into it; once caught up, a swap drops whatever the topic no longer holds.
    this.rater.clear();
    this.rater.defer();
    logger.info({ group }, 'search index rebuild: replaying listings.opportunity from the start');
    await this.follow({});
    const following = this.subscription as Subscription | undefined;
    void following
      ?.caughtUp()
      .then(async () => {
        if (this.subscription !== following) return;
        await this.rater.resume();
        await this.settle();
        const loaded: Array<[string, IndexedAd, number]> = [];
        for await (const batch of publicAdPages(this.deps.store, this.deps.collections.ads, FILL_BATCH))
          for (const doc of batch) if (doc.ad) loaded.push([doc._id, doc.ad, doc.version]);
        this.rater.load(loaded);
        await this.refill();
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'search index rebuild: the final swap failed; the index keeps the replayed ads'));
    return group;
  }

  /** Stops following; once every projection write is durable, records the final positions. */
  async stop(): Promise<void> {
    clearInterval(this.checkpointTimer);
    this.checkpointTimer = undefined;
    await this.subscription?.stop();
    await this.parameterSubscription?.stop();
    const market = this.marketSubscription;
    this.marketSubscription = undefined;
    await market?.stop();
    await this.settle();
    await this.rater.stop();
    await this.checkpointing;
    await this.checkpoint();
  }
}
