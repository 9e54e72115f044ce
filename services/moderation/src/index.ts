import { instanceOf, type ServiceModule, type SessionGuard } from '@ruedas/platform';
import { AuditTrail, followStaffActions, openAuditTrail } from './audit';
import { Complaints } from './complaints';
import { Contacts } from './contacts';
import { Dashboard } from './dashboard/view';
import { startDashboardWriter } from './dashboard/projections';
import { openDashboardCollections } from './dashboard/store';
import { ParameterAdmin } from './parameters';
import { followAds, followPhotos, followReviewOutcomes, followUsers } from './projections';
import { openPhotoHashes, RiskSignals, type MarketPriceEstimator } from './risk';
import { followMarketPrices, openMarketPrices, projectedMarketPrices } from './market-prices';
import { moderationResolvers } from './resolvers';
import { Reviews } from './reviews';
import { openCollections } from './store';
import { subgraph } from './subgraph';

export { subgraph };
export { noMarketPrice, type MarketPriceEstimator } from './risk';
export { COMPLAINTS_PER_HOUR_PER_ADDRESS, COMPLAINTS_PER_HOUR_PER_PERSON, CONTACT_DEDUPE_MINUTES } from './rules';

export interface ModerationOptions {
  /** The process's guard: verifies callers' tokens and knows ended sessions. */
  guard: SessionGuard;
  /** The estimated market price of an ad; by default the copy of search's fair-price ratings (decision 0099). */
  marketPrice?: MarketPriceEstimator;
  /** How long an administrator's decision waits for listings to apply or refuse it (issue 28); 10 s by default. */
  decisionWaitMs?: number;
  /** Time limit of the dashboard writer's lease (how long a crashed writer's copy keeps the others waiting). Default 15 s. */
  dashboardLeaseMs?: number;
  /** How often the dashboard's writer sums the activity of past days into day totals (issue 30). Default 10 minutes. */
  dashboardRollupMs?: number;
}

/**
 * The moderation (administration) service: the global parameters (their truth, published on
 * `moderation.parameter`), the review queue and its decisions (`moderation.review`, applied by
 * listings), complaints (`moderation.complaint`), contact analytics (`moderation.contact`), the
 * dashboard read model (from events only), the audit trail of every service's staff actions
 * (`<service>.audit`, append-only) and the system versions.
 */
export function createModeration(options: ModerationOptions): ServiceModule {
  return {
    subgraph,
    async init(context) {
      const { store, bus, logger, clock, outbox } = context;
      const collections = await openCollections(store);
      outbox.watch(collections.parameters);
      outbox.watch(collections.ads);
      outbox.watch(collections.complaints);
      outbox.watch(collections.contacts);
      const parameters = new ParameterAdmin({ collections, outbox, clock });
      const reviews = new Reviews({
        collections,
        outbox,
        clock,
        parameters,
        mailer: context.mailer,
        publicUrl: context.publicUrl,
        logger,
        ...(options.decisionWaitMs !== undefined ? { decisionWaitMs: options.decisionWaitMs } : {}),
      });
      const prices = await openMarketPrices(store);
      const risk = new RiskSignals({
        collections,
        photos: await openPhotoHashes(store),
        parameters,
        outbox,
        clock,
        logger,
        estimator: options.marketPrice ?? projectedMarketPrices(prices),
        mailer: context.mailer,
        publicUrl: context.publicUrl,
      });
      const complaints = new Complaints({ collections, outbox, clock, parameters });
      const contacts = new Contacts({ collections, outbox, clock });
      const dashboardCollections = await openDashboardCollections(store);
      const dashboard = new Dashboard({ dashboard: dashboardCollections, clock });
      const dashboardWriter = await startDashboardWriter({
        bus,
        store,
        logger,
        dashboard: dashboardCollections,
        owner: instanceOf(context),
        clock,
        ...(options.dashboardLeaseMs ? { ttlMs: options.dashboardLeaseMs } : {}),
        ...(options.dashboardRollupMs ? { rollupMs: options.dashboardRollupMs } : {}),
      });
      const trail = await openAuditTrail(store);
      const audit = new AuditTrail({ trail, collections });
      const subscriptions = [
        await followStaffActions({ bus, store, logger, trail }),
        await followUsers({ bus, store, logger, collections, risk }),
        await followAds({ bus, store, logger, collections, risk }),
        await followReviewOutcomes({ bus, store, logger, collections, reviews }),
        await followPhotos({ bus, store, logger, collections, risk }),
        await followMarketPrices({ bus, store, logger, prices, risk }),
      ];
      return {
        resolvers: moderationResolvers({
          store,
          backEndVersion: context.versions.backEnd,
          guard: options.guard,
          collections,
          parameters,
          reviews,
          complaints,
          contacts,
          dashboard,
          audit,
          risk,
          prices,
        }),
        async stop() {
          for (const subscription of subscriptions) await subscription.stop();
          await dashboardWriter.stop();
        },
      };
    },
  };
}
