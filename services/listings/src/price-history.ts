import { isPublicStatus, type AdStatus } from '@ruedas/domain';
import { money } from '@ruedas/platform';
import { priceInColones } from './rules';
import type { PriceChangeEntry } from './store';

const DAY_MS = 86_400_000;

/** What the price history and the time on market need of an ad. */
export interface PricedAd {
  status: AdStatus;
  price: number;
  publishedAt: Date | null;
  firstPublishedAt?: Date | null;
  priceHistory?: PriceChangeEntry[];
}

/** When the ad first went public (ads from before issue 19: when it last did). */
export function firstPublished(ad: PricedAd): Date | null {
  return ad.firstPublishedAt ?? ad.publishedAt;
}

/** Whole days since the ad first went public; null when it never did. */
export function daysOnMarket(ad: PricedAd, now: Date): number | null {
  const since = firstPublished(ad);
  return since ? Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS)) : null;
}

/** The GraphQL `PriceChange` of a history entry. */
export function priceChangeOut(entry: PriceChangeEntry) {
  return {
    changedAt: entry.changedAt.toISOString(),
    oldPrice: entry.oldPrice,
    oldCurrency: entry.oldCurrency,
    newPrice: entry.newPrice,
    newCurrency: entry.newCurrency,
    occurredAt: entry.changedAt,
    priceBefore: money(entry.oldPrice, entry.oldCurrency),
    priceAfter: money(entry.newPrice, entry.newCurrency),
  };
}

/**
 * The recent drop of a public ad's price: its last price change, when it lowered the price (compared
 * in colones when the currency changed) within `days` days. Null otherwise.
 */
export function recentPriceDrop(ad: PricedAd, now: Date, days: number, crcPerUsd: number) {
  if (!isPublicStatus(ad.status)) return null;
  const last = ad.priceHistory?.at(-1);
  if (!last || now.getTime() - last.changedAt.getTime() > days * DAY_MS) return null;
  const before = priceInColones(last.oldPrice, last.oldCurrency, crcPerUsd);
  const after = priceInColones(last.newPrice, last.newCurrency, crcPerUsd);
  if (after >= before) return null;
  const sameCurrency = last.oldCurrency === last.newCurrency;
  const amount = sameCurrency ? last.oldPrice - last.newPrice : Math.round((before - after) * 100) / 100;
  const currency = sameCurrency ? last.newCurrency : 'CRC';
  return {
    changedAt: last.changedAt.toISOString(),
    previousPrice: last.oldPrice,
    previousCurrency: last.oldCurrency,
    amount,
    currency,
    percent: Math.round(((before - after) / before) * 1_000) / 10,
    occurredAt: last.changedAt,
    priceBefore: money(last.oldPrice, last.oldCurrency),
    droppedBy: money(amount, currency),
  };
}
