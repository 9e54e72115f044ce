/**
 * How far a buyer may lean on a fair-price rating (issue 31, decision 0171). The search service rates
 * an ad against comparable ads (spec's fair price, issue 19): the same model (EXACT), its family
 * (MODEL_FAMILY) or, when those are too few, cars of the same body style and fuel of any brand
 * (SEGMENT); it gives no rating under 5 comparables. A rating that rests on other brands, or on fewer
 * than `PRICE_RATING_FEW_COMPARABLES` cars, is shown with a mark saying so.
 */
export const PRICE_RATING_FEW_COMPARABLES = 10;

export type PriceRatingCaveat = 'OTHER_BRANDS' | 'FEW_CARS';

/** The mark a rating carries, if any: other brands first (it says more), then few cars. */
export function priceRatingCaveat(rating: { basis: string; comparableCount: number }): PriceRatingCaveat | undefined {
  if (rating.basis === 'NONE') return undefined;
  if (rating.basis === 'SEGMENT') return 'OTHER_BRANDS';
  return rating.comparableCount < PRICE_RATING_FEW_COMPARABLES ? 'FEW_CARS' : undefined;
}
