import { GlobalParameters, UnsubscribeTokens, type ServiceModule, type SessionGuard } from '@ruedas/platform';
import { FavouriteAlerts } from './favourite-alerts';
import { favouriteAlertResolvers } from './favourite-alerts-resolvers';
import { backfillFavouritesGone, Favourites } from './favourites';
import { Funnel } from './funnel';
import { followFunnel } from './funnel-projection';
import { Insights, MAX_INSIGHT_DAYS, type MarketPriceEstimator } from './insights';
import { followMarketPrices, openMarketPrices, projectedMarketPrices } from './market-prices';
import { AdLifecycle } from './lifecycle';
import { Opportunities } from './opportunities';
import { followPayments, followPhotos, followReviews, followUsers } from './projections';
import { listingsResolvers } from './resolvers';
import { openCollections } from './store';
import { subgraph } from './subgraph';

export { subgraph };
export { importOpportunities, type OpportunitySeed } from './seed';
export { Funnel } from './funnel';
export type { MarketPriceEstimate, MarketPriceEstimator } from './insights';

export interface ListingsOptions {
  /** The process's guard: verifies callers' tokens and knows ended sessions. */
  guard: SessionGuard;
  /** Period of the ad-life scheduler (expiry, renewal, notices). Default one minute. */
  schedulerIntervalMs?: number;
  /** How long to wait for the event of a photo id not known yet before refusing it. Default 2 s. */
  photoWaitMs?: number;
  /** The fair-price port for the insights' price hint; by default the copy of search's ratings (decision 0099). */
  marketPrice?: MarketPriceEstimator;
}

/**
 * The listings service: ads and their statuses and history, the public lists, the view tally,
 * favourites, and the life of an ad (expiry, renewal, notices). Every change of an ad publishes
 * its snapshot on `listings.opportunity` through the ad's outbox.
 */
export function createListings(options: ListingsOptions): ServiceModule {
  return {
    subgraph,
    async init(context) {
      const { store, bus, logger, clock } = context;
      const collections = await openCollections(store);
      await backfillFavouritesGone(collections, clock.now());
      context.outbox.watch(collections.opportunities);
      const parameters = await GlobalParameters.open(store, 'listings_parameters');
      const opportunities = new Opportunities({ collections, outbox: context.outbox, clock, parameters, photoWaitMs: options.photoWaitMs ?? 2000 });
      const funnel = await Funnel.open(store, clock, logger);
      const favourites = new Favourites({ collections, opportunities, clock, parameters, funnel });
      const prices = await openMarketPrices(store);
      const insights = new Insights({ collections, opportunities, funnel, clock, parameters, market: options.marketPrice ?? projectedMarketPrices(prices) });
      const subscriptions = [
        await parameters.follow({ bus, store, logger, group: 'listings-parameters' }),
        await followUsers({ bus, store, logger, collections, opportunities }),
        await followPhotos({ bus, store, logger, collections, opportunities }),
        await followPayments({ bus, store, logger, collections, opportunities }),
        await followReviews({ bus, store, logger, collections, opportunities }),
        await followFunnel({ bus, logger, funnel }),
        await followMarketPrices({ bus, store, logger, prices }),
      ];
      const lifecycle = new AdLifecycle({
        collections,
        opportunities,
        mailer: context.mailer,
        clock,
        parameters,
        logger,
        publicUrl: context.publicUrl,
        // The funnel keeps the days an insights period can reach, no more.
        daily: () => funnel.prune(MAX_INSIGHT_DAYS),
      });
      lifecycle.start(options.schedulerIntervalMs ?? 60_000);
      // Price-drop and sold alerts on favourites (issue 19).
      const tokens = await UnsubscribeTokens.open(store, 'listings_secrets');
      const favouriteAlerts = await FavouriteAlerts.open({
        bus,
        store,
        logger,
        clock,
        mailer: context.mailer,
        collections,
        tokens,
        publicUrl: context.publicUrl,
      });
      await favouriteAlerts.start();
      const base = listingsResolvers(opportunities, favourites, options.guard, () => clock.now(), { funnel, insights });
      const alerts = favouriteAlertResolvers(favouriteAlerts, opportunities, options.guard);
      return {
        resolvers: {
          ...base,
          ...alerts,
          Query: { ...(base.Query as object), ...(alerts.Query as object) },
          Mutation: { ...(base.Mutation as object), ...(alerts.Mutation as object) },
        },
        async stop() {
          await favouriteAlerts.stop();
          await lifecycle.stop();
          for (const subscription of subscriptions) await subscription.stop();
        },
      };
    },
  };
}
