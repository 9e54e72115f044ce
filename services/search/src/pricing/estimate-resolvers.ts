import { fromCrc, MARKET_PRICE_REQUESTS_PER_MINUTE, marketPriceCarSchema, validate } from '@ruedas/domain';
import { DomainError, money, noteRateLimit, validationFailed, type Clock, type RateLimitNote, type RequestContext, type Resolvers } from '@ruedas/platform';
import { mileageInKm } from '../documents';
import type { PriceRater } from './rater';

const MINUTE_MS = 60_000;

/**
 * Fixed one-minute windows per client address, in this process's memory: a public read that costs a
 * market lookup, limited so that nobody maps the whole market through it. Requests without a known
 * address (in-process calls) are not limited.
 */
export class AddressWindows {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limit: number) {}

  /**
   * Takes a unit for `address`: answers where the address stands in its window after it, or the
   * seconds to wait when the window is used up; null without an address (not limited).
   */
  take(address: string | null, now: number): { taken: RateLimitNote } | { wait: number } | null {
    if (!address) return null;
    if (this.windows.size > 50_000) this.prune(now);
    let window = this.windows.get(address);
    if (!window || now - window.start >= MINUTE_MS) {
      window = { start: now, count: 0 };
      this.windows.set(address, window);
    }
    const resetSeconds = Math.max(1, Math.ceil((window.start + MINUTE_MS - now) / 1000));
    if (window.count >= this.limit) return { wait: resetSeconds };
    window.count += 1;
    return { taken: { limit: this.limit, remaining: this.limit - window.count, resetSeconds } };
  }

  private prune(now: number): void {
    for (const [address, window] of this.windows) if (now - window.start >= MINUTE_MS) this.windows.delete(address);
  }
}

/** An amount in the asked currency, rounded as a person would say it (an estimate, not a quote): colones to the thousand, dollars to the hundred. */
function inCurrency(amountCrc: number | null, currency: 'CRC' | 'USD', crcPerUsd: number): number | null {
  if (amountCrc === null) return null;
  return currency === 'CRC' ? Math.round(amountCrc / 1_000) * 1_000 : Math.round(fromCrc(amountCrc, 'USD', crcPerUsd) / 100) * 100;
}

const asMoney = (amount: number | null, currency: 'CRC' | 'USD') => (amount === null ? null : money(amount, currency));

/** `Query.marketPriceRange`: the wizard's pricing help (issue 20), from the fair-price market. */
export function estimateResolvers(deps: { rater: PriceRater; clock: Clock; crcPerUsd: () => number }): Resolvers {
  const windows = new AddressWindows(MARKET_PRICE_REQUESTS_PER_MINUTE);
  return {
    Query: {
      marketPriceRange: (_: unknown, args: { car: unknown }, ctx: RequestContext) => {
        const unit = windows.take(ctx.clientAddress, Date.now());
        if (unit && 'wait' in unit)
          throw new DomainError('RATE_LIMITED', 'tooManyAttempts', undefined, { minutes: 1, retryAfter: unit.wait, limit: MARKET_PRICE_REQUESTS_PER_MINUTE });
        if (unit) noteRateLimit(ctx, unit.taken);
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
