import { toCrc } from '@ruedas/domain';
import { addMetricsSource, searchRatingsWaiting, type Logger, type SearchIndex } from '@ruedas/platform';
import { mileageInKm, searchDocument, type SearchDocument } from '../documents';
import type { IndexedAd } from '../store';
import { Market, type MarketAd, type PriceEvidence, type PriceRating } from './market';
import type { RatingPublisher } from './publisher';
import { StreamWatch } from './stream';

/**
 * How soon after a change the ratings it touches are computed and written to the index: 25 ms, or
 * nine times the last pass's duration when passes grow long (a stream of snapshots, a replay), so
 * rating takes at most about a tenth of the process's time; never more than 5 s (decision 0207).
 */
const SETTLE_DELAY_MS = 25;
const SETTLE_DELAY_MAX_MS = 5_000;
const SETTLE_DELAY_FACTOR = 9;
/** The raters of this process (the `ruedas_search_ratings_waiting` gauge adds theirs up when scraped). */
const live = new Set<PriceRater>();
let removeSource: (() => void) | undefined;

export function marketAd(id: string, ad: IndexedAd, crcPerUsd: number): MarketAd {
  return {
    id,
    brand: ad.brand,
    model: ad.model,
    style: ad.style,
    fuelType: ad.fuelType,
    transmissionType: ad.transmissionType,
    year: ad.year,
    mileageKm: mileageInKm(ad.mileage, ad.mileageUnit),
    priceCrc: toCrc(ad.price, ad.currency, crcPerUsd),
  };
}

/**
 * Keeps the fair-price ratings of the public ads (issue 19, decision 0059) in step with the search
 * projection: every change of a public ad goes into the in-memory `Market`; shortly after (25 ms; longer while passes are long),
 * the ads whose comparables it touched are rated again and those whose rating changed are written
 * to the index (label and deal score, for the filter and the sort). Nothing is stored: the market
 * is rebuilt from the projection at start, and after a rebuild of the projection once it caught up.
 *
 * With several copies of search (decision 0153), every copy's market is fed every change (the
 * copy's own projection work and a broadcast subscription; each ad's aggregate version decides, so
 * a change seen twice or late changes nothing), so every copy rates and quotes alike. One copy, the
 * writer (lease `search.ratings`), writes changed ratings to the index and publishes them; the
 * others rate and remember which ads they did not write, written by whichever copy takes over.
 */
export class PriceRater {
  readonly market = new Market();
  private readonly ads = new Map<string, IndexedAd>();
  /** Per ad, the aggregate version last applied (public or not): an older or repeated change is ignored. */
  private readonly versions = new Map<string, number>();
  /** Whether this copy writes ratings to the index and publishes them (the lease holder; true alone). */
  private writing = true;
  /** Ads rated again while this copy did not write: written and published when it becomes the writer. */
  private readonly unwritten = new Set<string>();
  /** While a replay catches up, ratings wait for `resume` (one pass over every ad). */
  private deferred = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private settling: Promise<void> | undefined;
  private settleDelayMs = SETTLE_DELAY_MS;
  /** Changes since the last pass began; a stream of them waits for its pause (decision 0244). */
  private waitingChanges = 0;
  private readonly stream = new StreamWatch();
  private lastPassMs = 0;
  /** Changes the pass running rates (not written yet). */
  private passChanges = 0;

  constructor(private readonly deps: { index: SearchIndex<SearchDocument>; rate: () => number; logger: Logger }) {
    live.add(this);
    removeSource ??= addMetricsSource(() => {
      let waiting = 0;
      for (const rater of live) waiting += rater.unrated;
      searchRatingsWaiting.set(waiting);
    });
  }

  /** Changes whose ratings are not written yet (waiting for a pass, or in the pass running). */
  get unrated(): number {
    return this.waitingChanges + this.passChanges;
  }

  /** Where changed ratings go besides the index (`search.price`, decision 0099); set before the first load. */
  private publisher: RatingPublisher | undefined;

  publishTo(publisher: RatingPublisher): void {
    this.publisher = publisher;
  }

  /**
   * Ads that are not public yet but wait for a review or a payment (issue 32 item 1): each is quoted
   * against the market, as the wizard's range is, and never put into it, so a car that nobody may
   * see yet moves no public ad's estimate. Their ratings are published like the public ones', so the
   * review queue shows PRICE_FAR_BELOW_ESTIMATE before publication and the seller's price hint works.
   */
  private readonly waiting = new Map<string, { ad: IndexedAd; rating: PriceRating | undefined; priceCrc: number }>();

  /** An ad's rating and the price it is for: public ones from the market, waiting ones their quote; undefined otherwise. */
  current(id: string): { rating: PriceRating; priceCrc: number } | undefined {
    const rating = this.market.rating(id);
    const priceCrc = this.market.priceCrc(id);
    if (rating && priceCrc !== undefined) return { rating, priceCrc };
    const waiting = this.waiting.get(id);
    return waiting?.rating ? { rating: waiting.rating, priceCrc: waiting.priceCrc } : undefined;
  }

  /** An ad that is not public: waiting for a review or a payment with these values, or neither (`null`). */
  awaiting(id: string, ad: IndexedAd | null): void {
    if (!ad) {
      this.waiting.delete(id);
      return;
    }
    const entry = { ad, rating: undefined as PriceRating | undefined, priceCrc: 0 };
    this.waiting.set(id, entry);
    // While a replay catches up the market is incomplete: quoted at `resume`.
    if (this.deferred) return;
    this.requote([id]);
    this.published([id]);
  }

  /** Hands ads rated again to the publisher, or keeps them for when this copy becomes the writer. */
  private published(ids: Iterable<string>): void {
    if (this.writing) this.publisher?.changed(ids);
    else for (const id of ids) this.unwritten.add(id);
  }

  /**
   * One snapshot of an ad (from this copy's projection work or the broadcast feed): applied when
   * its aggregate version is newer than the last applied; answers whether it was.
   */
  observe(id: string, version: number, ad: IndexedAd | null, waiting: IndexedAd | null, options: { feed?: boolean } = {}): boolean {
    const known = this.versions.get(id);
    if (known !== undefined && version <= known) return false;
    this.versions.set(id, version);
    const was = this.ads.has(id);
    this.change(id, ad);
    this.awaiting(id, waiting);
    // Seen from the feed (another copy indexed the change): the writer brings the index to what its
    // market holds, so a rating it wrote from a market that had not yet seen the ad go is undone (an
    // ad made public is written by the next settle, as every changed ad is).
    if (options.feed && this.writing && !this.deferred && !ad && was)
      void this.deps.index.remove([id]).catch((error: unknown) => this.deps.logger.warn({ err: error, id }, 'ad not removed from the index'));
    return true;
  }

  /** Whether this version of the ad (or a newer one) was applied already: `observe` would change nothing. */
  applied(id: string, version: number): boolean {
    const known = this.versions.get(id);
    return known !== undefined && version <= known;
  }

  /** Whether this copy writes ratings (the lease holder). Becoming it writes what was rated meanwhile. */
  async setWriter(writing: boolean): Promise<void> {
    if (this.writing === writing) return;
    this.writing = writing;
    if (!writing) return;
    await this.settle();
    const ids = [...this.unwritten];
    this.unwritten.clear();
    await this.write(ids);
  }

  /**
   * Quotes waiting ads against the market as it is now (those `touched` says may have moved, and
   * those never quoted); answers those whose rating moved.
   */
  private requote(ids: Iterable<string>, touched: (ad: MarketAd) => boolean = () => true): string[] {
    const rate = this.deps.rate();
    const moved: string[] = [];
    for (const id of ids) {
      const entry = this.waiting.get(id);
      if (!entry) continue;
      const ad = marketAd(id, entry.ad, rate);
      if (entry.rating && entry.priceCrc === ad.priceCrc && !touched(ad)) continue;
      const rating = this.market.quote(ad);
      if (entry.rating?.estimateCrc !== rating.estimateCrc || entry.rating?.label !== rating.label || entry.priceCrc !== ad.priceCrc) moved.push(id);
      entry.rating = rating;
      entry.priceCrc = ad.priceCrc;
    }
    return moved;
  }

  rating(id: string): PriceRating | undefined {
    return this.market.rating(id);
  }

  /** The rating of an ad with these values against the market now (alert mails: the ad may not be in it yet). */
  quote(id: string, ad: IndexedAd): PriceRating {
    return this.market.quote(marketAd(id, ad, this.deps.rate()));
  }

  /** The evidence of a public ad's rating, or of a waiting ad's quote (its owner and administrators see it on the ad). */
  evidence(id: string): PriceEvidence | undefined {
    const waiting = this.waiting.get(id);
    if (waiting && !this.deferred) return this.market.quoteEvidence(marketAd(id, waiting.ad, this.deps.rate()));
    return this.market.evidence(id);
  }

  /** The index document of an ad with its current rating. */
  document(id: string, ad: IndexedAd): SearchDocument {
    return searchDocument(id, ad, this.deps.rate(), this.market.rating(id));
  }

  /** Loads every public ad (with its aggregate version, when known) and rates them all (start, or the exchange rate changed). */
  load(entries: Iterable<readonly [string, IndexedAd, number?]>): void {
    this.market.clear();
    this.ads.clear();
    const rate = this.deps.rate();
    const ads: MarketAd[] = [];
    for (const [id, ad, version] of entries) {
      this.ads.set(id, ad);
      if (version !== undefined && version > (this.versions.get(id) ?? 0)) this.versions.set(id, version);
      ads.push(marketAd(id, ad, rate));
    }
    this.market.load(ads);
    this.market.rateAll();
    this.waitingChanges = 0;
    this.market.takeTouched();
    this.requote(this.waiting.keys());
    // Only those that differ from what was published before are published again.
    this.published([...this.ads.keys(), ...this.waiting.keys()]);
  }

  /** Rates every ad of the market again at the exchange rate now (it changed): the market's own ads, as every copy holds them. */
  reload(): void {
    this.load([...this.ads]);
  }

  /** Whether this copy writes ratings to the index (the writer's lease is held, or it runs alone). */
  get writes(): boolean {
    return this.writing;
  }

  /** Every public ad, with its document (after `load`, to fill or refresh the index). */
  documents(): SearchDocument[] {
    return [...this.ads].map(([id, ad]) => this.document(id, ad));
  }

  /** One ad changed: public with these values, or not public any more (`null`). */
  change(id: string, ad: IndexedAd | null): void {
    if (ad) {
      this.ads.set(id, ad);
      this.waiting.delete(id);
    } else this.ads.delete(id);
    this.market.change(id, ad ? marketAd(id, ad, this.deps.rate()) : null);
    this.waitingChanges += 1;
    this.stream.changed(performance.now());
    if (!this.deferred) this.schedule();
  }

  /** Ratings wait (a replay from the start is catching up). */
  defer(): void {
    this.deferred = true;
  }

  /** Forgets every ad (a rebuild empties the projection). */
  clear(): void {
    this.market.clear();
    this.ads.clear();
    this.waiting.clear();
    this.versions.clear();
    this.waitingChanges = 0;
  }

  /** Rates every ad once after a replay and writes the changed ratings to the index. */
  async resume(): Promise<void> {
    if (!this.deferred) return this.settle();
    this.deferred = false;
    const started = Date.now();
    const changed = this.market.rateAll();
    this.waitingChanges = 0;
    await this.write(changed);
    this.deps.logger.info({ ads: this.market.size, changed: changed.length, ms: Date.now() - started }, 'fair-price ratings computed');
  }

  private schedule(delayMs = this.settleDelayMs): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const wait = this.stream.wait(performance.now(), this.lastPassMs);
      if (wait > 0) return this.schedule(wait);
      void this.pass(false);
    }, delayMs);
    this.timer.unref?.();
  }

  /** Rates the ads the changes since the last pass touched, and writes those whose rating changed; until none waits. */
  settle(): Promise<void> {
    return this.pass(true);
  }

  /**
   * A rating pass. `untilSettled` (stop, a takeover, a resume): passes follow each other until no change
   * waits. A timed pass rates what waited when it began; what came meanwhile waits for the next timer,
   * so a stream's changes wait for the stream to pause.
   */
  private pass(untilSettled: boolean): Promise<void> {
    if (this.settling) return untilSettled ? this.settling.then(() => (this.market.unsettled ? this.pass(true) : undefined)) : this.settling;
    const run = async () => {
      const started = performance.now();
      try {
        while (this.market.unsettled) {
          this.passChanges = this.waitingChanges;
          this.waitingChanges = 0;
          this.stream.passed();
          try {
            await this.write(this.market.settle());
          } finally {
            this.passChanges = 0;
          }
          if (!untilSettled) break;
        }
        if (this.market.unsettled) this.schedule();
        const took = performance.now() - started;
        this.lastPassMs = took;
        this.settleDelayMs = Math.min(SETTLE_DELAY_MAX_MS, Math.max(SETTLE_DELAY_MS, SETTLE_DELAY_FACTOR * took));
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'fair-price ratings not written; the next change tries again');
      }
    };
    // Cleared once done (also when there was nothing to do and the run finished at once).
    const settling = run().finally(() => {
      if (this.settling === settling) this.settling = undefined;
    });
    this.settling = settling;
    return settling;
  }

  private async write(ids: string[]): Promise<void> {
    if (!this.writing) {
      // Another copy writes: what it would have written is remembered for a takeover.
      for (const id of [...ids, ...this.market.takeRated(), ...this.requote(this.waiting.keys(), this.market.takeTouched())]) this.unwritten.add(id);
      return;
    }
    const docs: SearchDocument[] = [];
    for (const id of ids) {
      const ad = this.ads.get(id);
      if (ad) docs.push(this.document(id, ad));
    }
    for (let start = 0; start < docs.length; start += 2_000) await this.deps.index.upsert(docs.slice(start, start + 2_000));
    // The publisher compares every ad rated again (its range may move while its label and ratio do not),
    // and the waiting ads whose quote the market's change moved.
    this.publisher?.changed([...ids, ...this.market.takeRated(), ...this.requote(this.waiting.keys(), this.market.takeTouched())]);
  }

  async stop(): Promise<void> {
    live.delete(this);
    if (live.size === 0) {
      removeSource?.();
      removeSource = undefined;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.deferred && this.market.unsettled) await this.settle();
    await this.settling;
    await this.publisher?.stop();
  }
}
