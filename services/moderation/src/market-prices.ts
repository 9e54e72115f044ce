import { Schema } from 'mongoose';
import { priceRated, readEvent, topics } from '@ruedas/events';
import { consumeEvents, type Collection, type DocumentStore, type EventBus, type Logger, type StoredDocument, type Subscription } from '@ruedas/platform';
import type { MarketPriceEstimator, RiskSignals } from './risk';

/** Search's latest estimate of an ad's market price (`moderation_market_prices`, from `search.price`). */
export interface MarketPriceDoc extends StoredDocument {
  estimateCrc: number | null;
}

const marketPriceSchema = new Schema({ _id: String, estimateCrc: { type: Number, default: null } }, { versionKey: false });

export function openMarketPrices(store: DocumentStore): Promise<Collection<MarketPriceDoc>> {
  return store.collection<MarketPriceDoc>('moderation_market_prices', marketPriceSchema);
}

/** The estimator the risk signals read: the copy of search's ratings (null until search rated the ad). */
export function projectedMarketPrices(prices: Collection<MarketPriceDoc>): MarketPriceEstimator {
  return { estimateCrc: async (ad) => (await prices.findById(ad.id))?.estimateCrc ?? null };
}

/**
 * `search.price` → moderation_market_prices (decision 0099): each ad's estimated market price, then
 * its "price far below the estimate" signal again. Search rates public ads and quotes the ads
 * waiting for publication (decision 0161), so a rating arrives just after the snapshot that put an ad
 * in the queue or made it public: this is what raises the signal, before publication too; the
 * snapshot's own assessment reads the estimate already known.
 */
export function followMarketPrices(deps: {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  prices: Collection<MarketPriceDoc>;
  risk: RiskSignals;
}): Promise<Subscription> {
  return consumeEvents({
    ...deps,
    group: 'moderation-market-prices',
    topics: [topics.searchPrice],
    dedupe: 'aggregateVersion',
    handle: async (envelope) => {
      const event = readEvent(priceRated, envelope);
      if (!event) return;
      const { opportunityId, estimateCrc } = event.payload;
      await deps.prices.updateOne({ _id: opportunityId }, { $set: { estimateCrc } }, { upsert: true });
      await deps.risk.priceEstimated(opportunityId, estimateCrc);
    },
  });
}
