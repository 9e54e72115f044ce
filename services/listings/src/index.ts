import { GlobalParameters, type ServiceModule, type SessionGuard } from '@ruedas/platform';
import { Favourites } from './favourites';
import { AdLifecycle } from './lifecycle';
import { Opportunities } from './opportunities';
import { followPayments, followPhotos, followReviews, followUsers } from './projections';
import { listingsResolvers } from './resolvers';
import { openCollections } from './store';
import { subgraph } from './subgraph';

export { subgraph };
export { importOpportunities, type OpportunitySeed } from './seed';

export interface ListingsOptions {
  /** The process's guard: verifies callers' tokens and knows ended sessions. */
  guard: SessionGuard;
  /** Period of the ad-life scheduler (expiry, renewal, notices). Default one minute. */
  schedulerIntervalMs?: number;
  /** How long to wait for the event of a photo id not known yet before refusing it. Default 2 s. */
  photoWaitMs?: number;
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
      context.outbox.watch(collections.opportunities);
      const parameters = await GlobalParameters.open(store, 'listings_parameters');
      const opportunities = new Opportunities({ collections, outbox: context.outbox, clock, parameters, photoWaitMs: options.photoWaitMs ?? 2000 });
      const favourites = new Favourites({ collections, opportunities, clock, parameters });
      const subscriptions = [
        await parameters.follow({ bus, store, logger, group: 'listings-parameters' }),
        await followUsers({ bus, store, logger, collections, opportunities }),
        await followPhotos({ bus, store, logger, collections, opportunities }),
        await followPayments({ bus, store, logger, collections, opportunities }),
        await followReviews({ bus, store, logger, collections, opportunities }),
      ];
      const lifecycle = new AdLifecycle({ collections, opportunities, mailer: context.mailer, clock, parameters, logger, publicUrl: context.publicUrl });
      lifecycle.start(options.schedulerIntervalMs ?? 60_000);
      return {
        resolvers: listingsResolvers(opportunities, favourites, options.guard, () => clock.now()),
        async stop() {
          await lifecycle.stop();
          for (const subscription of subscriptions) await subscription.stop();
        },
      };
    },
  };
}
