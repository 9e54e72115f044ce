import {
  GlobalParameters,
  instanceOf,
  LeaseKeeper,
  Leases,
  openRateWindows,
  RateLimiter,
  UnsubscribeTokens,
  type SearchIndex,
  type ServiceInstance,
  type ServiceModule,
  type SessionGuard,
} from '@ruedas/platform';
import { Alerter } from './alerts/alerter';
import { SavedSearchMatcher } from './alerts/matcher';
import { savedSearchResolvers } from './alerts/resolvers';
import { SavedSearches } from './alerts/saved-searches';
import { backfillAlertCounts, dateDroppedSends, openAlertCollections } from './alerts/store';
import { SearchAnalytics } from './analytics';
import { SEARCH_INDEX_SETTINGS, type SearchDocument } from './documents';
import { AdIndexer } from './projection';
import { estimateResolvers } from './pricing/estimate-resolvers';
import { openPublishedRatings, RatingPublisher } from './pricing/publisher';
import type { PriceRater } from './pricing/rater';
import { searchResolvers } from './resolvers';
import { Searcher } from './searcher';
import { openCollections } from './store';
import { subgraph } from './subgraph';
import { Suggestions } from './suggestions';

export { subgraph };
export { SEARCH_INDEX_SETTINGS, searchDocument, type SearchDocument } from './documents';
export { Market, labelOf, MIN_COMPARABLES, type MarketAd, type PriceEvidence, type PriceLabel, type PriceRating } from './pricing/market';
export { marketAd, PriceRater } from './pricing/rater';
export { Searcher, type SearchPageOut } from './searcher';

export interface SearchOptions {
  /** The process's guard: verifies callers' tokens (the viewer of a search, for analytics). */
  guard: SessionGuard;
  /** The search index (chosen by its caller: infra's adapter table, tests); the caller closes it. The service configures it at start. */
  index: SearchIndex<SearchDocument>;
  /**
   * Rebuild at start: replay `listings.opportunity` from the start in a fresh consumer group,
   * emptying the projection and the index first (RUEDAS_SEARCH_REBUILD=1 in the launcher).
   */
  rebuild?: boolean;
  /** Period of the alert scheduler (pending instant alerts, daily digests). Default one minute. */
  alertIntervalMs?: number;
  /** Time limit of the ratings writer's lease (`search.ratings`): how soon another copy takes over. Default 15 s. */
  ratingsLeaseMs?: number;
}

/** What a running search service offers besides GraphQL (the launcher, tests and the bench use it). */
export interface SearchInstance extends ServiceInstance {
  /** Replays the ad topic from the start in a fresh consumer group; answers the group. */
  rebuild(): Promise<string>;
  /** The consumer group the index follows. */
  group(): Promise<string>;
  /** Waits for the analytics events being published. */
  drain(): Promise<void>;
  index: SearchIndex<SearchDocument>;
  /** The saved-search alerts: `runOnce()` is one scheduler pass (tests); `loaded` resolves once every saved search is in the matcher. */
  alerts: { runOnce(): Promise<void>; loaded: Promise<void> };
  /** The fair-price ratings (issue 19): the bench and tests read and time them. */
  rater: PriceRater;
  /** Waits until the changed ratings are in the outbox of `search.price` (tests). */
  ratingsPublished(): Promise<void>;
}

export interface SearchModule extends ServiceModule {
  init(context: Parameters<ServiceModule['init']>[0]): Promise<SearchInstance>;
}

/**
 * The search service: follows the ad snapshots into its projection and the search index (public
 * ads only), answers searches (free text parsed, filters, facets, sort, pages) and suggestions, and
 * publishes one analytics event per search on `search.query`.
 */
export function createSearch(options: SearchOptions): SearchModule {
  return {
    subgraph,
    async init(context) {
      const { store, bus, logger, clock } = context;
      const opening = performance.now();
      const collections = await openCollections(store);
      const projectionMs = Math.round(performance.now() - opening);
      const parameters = await GlobalParameters.open(store, 'search_parameters');
      const { index } = options;
      await index.configure(SEARCH_INDEX_SETTINGS);
      const indexer = new AdIndexer({ bus, store, logger, collections, index, parameters });
      // Changed fair-price ratings are published on `search.price` for moderation and listings (decision 0099).
      const ratings = await openPublishedRatings(store);
      context.outbox.watch(ratings);
      const publisher = new RatingPublisher({ ratings, outbox: context.outbox, clock, logger, current: (id) => indexer.rater.current(id) });
      indexer.rater.publishTo(publisher);
      // One copy writes the changed ratings to the index and publishes them; every copy rates (decision 0153).
      await indexer.rater.setWriter(false);
      const ratingsWriter = new LeaseKeeper({
        leases: await Leases.open(store),
        name: 'search.ratings',
        owner: instanceOf(context),
        logger,
        ttlMs: options.ratingsLeaseMs ?? 15_000,
        start: async () => {
          await indexer.rater.setWriter(true);
          return { stop: () => indexer.rater.setWriter(false) };
        },
      });
      await ratingsWriter.start();
      const started = Date.now();
      const report = await indexer.open({ rebuild: options.rebuild ?? false, now: clock.now() });
      // Start-up phases: the projection read from the store, the index filled from it, the topic's tail.
      logger.info({ ...report, ms: Date.now() - started, projectionMs, index: index.kind }, 'search index opened');
      const suggestions = new Suggestions(collections, index);
      await suggestions.start({ bus, logger });
      await suggestions.rankVocabulary();
      const analytics = new SearchAnalytics(bus, logger);
      const searcher = new Searcher(index, parameters);
      const { savedSearches, alertCollections, alerter, loaded } = await startAlerts(context, options, { parameters, searcher, indexer });
      const base = searchResolvers({ searcher, suggestions, analytics, guard: options.guard, clock, rater: indexer.rater });
      const saved = savedSearchResolvers({ savedSearches, collections: alertCollections, guard: options.guard });
      // Counted in the store: every copy of search shares the windows (decision 0153).
      const limiter = new RateLimiter(await openRateWindows(store, 'search_rate_windows'), clock);
      const pricing = estimateResolvers({ rater: indexer.rater, clock, crcPerUsd: () => parameters.get('EXCHANGE_RATE_CRC_PER_USD'), limiter });
      return {
        resolvers: { ...base, ...saved, Query: { ...(base.Query as object), ...(saved.Query as object), ...(pricing.Query as object) } },
        alerts: { runOnce: () => alerter.runOnce(), loaded },
        rater: indexer.rater,
        ratingsPublished: () => publisher.idle(),
        index,
        rebuild: () => indexer.rebuild(clock.now()),
        group: () => indexer.group(),
        drain: () => analytics.drain(),
        async stop() {
          await alerter.stop();
          await indexer.stop();
          await ratingsWriter.stop();
          await suggestions.stop();
          await analytics.drain();
        },
      };
    },
  };
}

/** Saved searches and their alerts (issue 19): loaded in the background, matched as ads change, mailed by the alert pass. */
async function startAlerts(
  context: Parameters<ServiceModule['init']>[0],
  options: SearchOptions,
  { parameters, searcher, indexer }: { parameters: GlobalParameters; searcher: Searcher; indexer: AdIndexer },
) {
  const { store, bus, logger, clock } = context;
  const alertCollections = await openAlertCollections(store);
  // Once, before the sends start to expire (issue 30): each search's count of alerts mailed.
  await backfillAlertCounts(alertCollections);
  await dateDroppedSends(alertCollections, clock.now());
  const matcher = new SavedSearchMatcher(parameters.get('EXCHANGE_RATE_CRC_PER_USD'));
  const tokens = await UnsubscribeTokens.open(store, 'search_secrets');
  const savedSearches = new SavedSearches({
    collections: alertCollections,
    matcher,
    parameters,
    clock,
    tokens,
    shown: (input, now) => searcher.shownInterpretation(input, now),
  });
  // Loaded in the background (never gating /ready): the alerts follow the ads once it is done, so
  // the ads published meanwhile wait in the topic and are matched after (decision 0097).
  const loadingStarted = performance.now();
  const loaded = savedSearches
    .load()
    .then((count) => logger.info({ savedSearches: count, ms: Math.round(performance.now() - loadingStarted) }, 'saved searches loaded'));
  const alerter = new Alerter({
    bus,
    store,
    logger,
    clock,
    mailer: context.mailer,
    parameters,
    collections: alertCollections,
    matcher,
    savedSearches,
    publicUrl: context.publicUrl,
    instance: instanceOf(context),
    quote: (id, ad) => indexer.rater.quote(id, ad),
  });
  await alerter.start(options.alertIntervalMs ?? 60_000, loaded);
  return { savedSearches, alertCollections, alerter, loaded };
}
