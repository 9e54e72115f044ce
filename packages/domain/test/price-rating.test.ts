import { describe, expect, it } from 'vitest';
import { PRICE_RATING_FEW_COMPARABLES, priceRatingCaveat } from '../src';

describe('priceRatingCaveat (issue 31, decision 0171)', () => {
  it('marks an estimate on other brands, then one on few cars', () => {
    expect(priceRatingCaveat({ basis: 'SEGMENT', comparableCount: 40 })).toBe('OTHER_BRANDS');
    expect(priceRatingCaveat({ basis: 'SEGMENT', comparableCount: 5 })).toBe('OTHER_BRANDS');
    expect(priceRatingCaveat({ basis: 'EXACT', comparableCount: PRICE_RATING_FEW_COMPARABLES - 1 })).toBe('FEW_CARS');
    expect(priceRatingCaveat({ basis: 'MODEL_FAMILY', comparableCount: 5 })).toBe('FEW_CARS');
  });

  it('leaves a rating on enough cars of the same model, and no rating, unmarked', () => {
    expect(priceRatingCaveat({ basis: 'EXACT', comparableCount: PRICE_RATING_FEW_COMPARABLES })).toBeUndefined();
    expect(priceRatingCaveat({ basis: 'MODEL_FAMILY', comparableCount: 25 })).toBeUndefined();
    expect(priceRatingCaveat({ basis: 'NONE', comparableCount: 0 })).toBeUndefined();
  });
});
