import { Schema } from 'mongoose';
import { priceRated, readEvent, topics } from '@ruedas/events';
import { consumeEvents, type Collection, type DocumentStore, type EventBus, type Logger, type StoredDocument, type Subscription } from '@ruedas/platform';
import type { MarketPriceEstimator } from './insights';

/** Search's latest fair-price estimate of an ad, in colones (`listings_market_prices`, from `search.price`). */
export interface MarketPriceDoc extends StoredDocument {
  estimateCrc: number | null;
  lowCrc: number | null;
  highCrc: number | null;
}

const marketPriceSchema = new Schema(
  { _id: String, estimateCrc: { type: Number, default: null }, lowCrc: { type: Number, default: null }, highCrc: { type: Number, default: null } },
  { versionKey: false },
);

export function openMarketPrices(store: DocumentStore): Promise<Collection<MarketPriceDoc>> {
  return store.collection<MarketPriceDoc>('listings_market_prices', marketPriceSchema);
}

/**
 * The estimator of the sellers' price hint: listings' copy of search's ratings (decision 0099). An ad
 * keeps the last estimate search published while it was public, so the hint still shows after it
 * left the public lists (held, expired); an ad never public has none.
 */
export function projectedMarketPrices(prices: Collection<MarketPriceDoc>): MarketPriceEstimator {
  return {
    estimate: async (ad) => {
      const doc = await prices.findById(ad.id);
      if (!doc || doc.estimateCrc === null) return null;
      return { price: doc.estimateCrc, low: doc.lowCrc ?? doc.estimateCrc, high: doc.highCrc ?? doc.estimateCrc };
    },
  };
}

/** `search.price` → listings_market_prices: one upsert per rating, older versions ignored. */
export function followMarketPrices(deps: { bus: EventBus; store: DocumentStore; logger: Logger; prices: Collection<MarketPriceDoc> }): Promise<Subscription> {
  return consumeEvents({
    ...deps,
    group: 'listings-market-prices',
    topics: [topics.searchPrice],
    dedupe: 'aggregateVersion',
    handle: async (envelope) => {
      const event = readEvent(priceRated, envelope);
      if (!event) return;
      const { opportunityId, estimateCrc, lowCrc, highCrc } = event.payload;
      await deps.prices.updateOne({ _id: opportunityId }, { $set: { estimateCrc, lowCrc, highCrc } }, { upsert: true });
    },
  });
}
