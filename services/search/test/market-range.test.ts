import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, snapshot, startSearch, type Json, type Search } from './harness';

/** The ad wizard's pricing help (issue 20): `marketPriceRange` for a car that is not (yet) an ad. */
const RANGE =
  `query M($car: MarketPriceCarInput!) { marketPriceRange(car: $car) { enough basis comparableCount estimateCrc lowCrc highCrc currency ` +
  `estimate low high } }`;
const corolla = { brand: 'TOYOTA', model: 'Corolla', year: 2015, mileage: 90_000 };

let s: Search;
const range = async (car: Json) => (await dataOf(s, RANGE, { car })).marketPriceRange as Json;

beforeAll(async () => {
  s = await startSearch();
  await s.publishAds([7_600_000, 7_800_000, 7_900_000, 8_000_000, 8_100_000, 8_300_000].map((price) => snapshot({ price, priceCrc: price, mileage: 90_000 })));
});
afterAll(() => s.stop());

describe('market range for the ad wizard', () => {
  it('estimates a described car from the public ads like it, in colones and in the ad currency', async () => {
    const colones = await range(corolla);
    expect(colones).toMatchObject({ enough: true, basis: 'EXACT', comparableCount: 6, currency: 'CRC' });
    expect(colones.estimateCrc).toBeGreaterThan(7_800_000);
    expect(colones.estimateCrc).toBeLessThan(8_100_000);
    expect(colones.lowCrc).toBeLessThan(colones.estimateCrc);
    expect(colones.highCrc).toBeGreaterThan(colones.estimateCrc);
    expect(colones.estimate).toBe(Math.round(colones.estimateCrc / 1_000) * 1_000);
    // Dollars at the exchange-rate parameter (510 by default), to the hundred.
    const dollars = await range({ ...corolla, currency: 'USD' });
    expect(dollars.currency).toBe('USD');
    expect(dollars.estimate).toBe(Math.round(colones.estimateCrc / 510 / 100) * 100);
    // More kilometres, a lower estimate; fuel and transmission narrow to the same kind when enough.
    expect((await range({ ...corolla, mileage: 150_000, mileageUnit: 'MI' })).estimateCrc).toBeLessThan(colones.estimateCrc);
    expect(await range({ ...corolla, fuelType: 'GASOLINE', transmissionType: 'AUTOMATIC', style: 'SEDAN' })).toMatchObject({
      enough: true,
      comparableCount: 6,
    });
  });

  it('says plainly when there are not enough similar cars', async () => {
    expect(await range({ brand: 'LADA', model: 'Niva', year: 1990, mileage: 200_000 })).toEqual({
      enough: false,
      basis: 'NONE',
      comparableCount: 0,
      estimateCrc: null,
      lowCrc: null,
      highCrc: null,
      currency: 'CRC',
      estimate: null,
      low: null,
      high: null,
    });
    // Far from every comparable year: not enough either.
    expect((await range({ ...corolla, year: 2005 })).enough).toBe(false);
  });

  it('refuses a car the ad form would refuse, naming each field', async () => {
    const result = await s.call(RANGE, { car: { brand: 'NOPE', model: ' ', year: 1800, mileage: -1 } });
    const extensions = result.errors?.[0]?.extensions;
    expect(extensions?.code).toBe('VALIDATION');
    expect(Object.fromEntries(Object.entries(extensions?.fields ?? {}).map(([field, problem]) => [field, (problem as Json).messageKey]))).toEqual({
      brand: 'invalidBrand',
      model: 'invalidModel',
      year: 'invalidYear',
      mileage: 'invalidMileage',
    });
  });

  it('answers at most 60 requests a minute to one client address, then RATE_LIMITED with the seconds to wait', async () => {
    const from = (address: string) => s.callFrom(RANGE, { car: corolla }, address);
    const answers = await Promise.all(Array.from({ length: 61 }, () => from('203.0.113.9')));
    const refused = answers.filter((answer) => answer.errors);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused[0]!.errors![0]!.extensions.params.retryAfter).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await from('203.0.113.10')).errors).toBeUndefined();
  });
});
