import { fromCrc, MARKET_PRICE_REQUESTS_PER_MINUTE, marketPriceCarSchema, validate } from '@ruedas/domain';
import { addressSubject, money, noteRateLimit, validationFailed, type Clock, type RateLimiter, type RequestContext, type Resolvers } from '@ruedas/platform';
import { mileageInKm } from '../documents';
import type { PriceRater } from './rater';

/** The market-range limit per client address: one-minute windows in the store, shared by every copy of search (decision 0153). */
const MARKET_RANGE_RULE = { limit: MARKET_PRICE_REQUESTS_PER_MINUTE, windowMinutes: 1 };

/** An amount in the asked currency, rounded as a person would say it (an estimate, not a quote): colones to the thousand, dollars to the hundred. */
function inCurrency(amountCrc: number | null, currency: 'CRC' | 'USD', crcPerUsd: number): number | null {
  if (amountCrc === null) return null;
  return currency === 'CRC' ? Math.round(amountCrc / 1_000) * 1_000 : Math.round(fromCrc(amountCrc, 'USD', crcPerUsd) / 100) * 100;
}

const asMoney = (amount: number | null, currency: 'CRC' | 'USD') => (amount === null ? null : money(amount, currency));

/**
 * `Query.marketPriceRange`: the wizard's pricing help (issue 20), from the fair-price market. A public
 * read that costs a market lookup, limited per client address so that nobody maps the whole market
 * through it; requests without a known address (in-process calls) are not limited.
 */
export function estimateResolvers(deps: { rater: PriceRater; clock: Clock; crcPerUsd: () => number; limiter: RateLimiter }): Resolvers {
  return {
    Query: {
      marketPriceRange: async (_: unknown, args: { car: unknown }, ctx: RequestContext) => {
        const subject = addressSubject(ctx.clientAddress);
        if (subject) noteRateLimit(ctx, (await deps.limiter.take('marketRange', MARKET_RANGE_RULE, subject)).state);
        const parsed = validate(marketPriceCarSchema(deps.clock.now()), args.car);
        if (!parsed.ok) throw validationFailed(parsed.errors);
        const car = parsed.data;
        const rating = deps.rater.market.estimateFor({ ...car, mileageKm: mileageInKm(car.mileage, car.mileageUnit) });
        const rate = deps.crcPerUsd();
        return {
          enough: rating.estimateCrc !== null,
          basis: rating.basis,
          comparableCount: rating.comparableCount,
          estimateCrc: rating.estimateCrc,
          lowCrc: rating.lowCrc,
          highCrc: rating.highCrc,
          currency: car.currency,
          estimate: inCurrency(rating.estimateCrc, car.currency, rate),
          low: inCurrency(rating.lowCrc, car.currency, rate),
          high: inCurrency(rating.highCrc, car.currency, rate),
          estimatedPrice: asMoney(inCurrency(rating.estimateCrc, car.currency, rate), car.currency),
          lowPrice: asMoney(inCurrency(rating.lowCrc, car.currency, rate), car.currency),
          highPrice: asMoney(inCurrency(rating.highCrc, car.currency, rate), car.currency),
        };
      },
    },
  };
}
