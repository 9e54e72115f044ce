import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, eventually, ids, search, snapshot, startSearch, type Json, type Search } from './harness';

/**
 * The fair-price rating (issue 19) through the search subgraph's GraphQL: the entity field
 * `Opportunity.priceRating`, the "good price or better" filter and the "best deals" sort.
 */
const RATING =
  `query R($representations: [_Any!]!) { _entities(representations: $representations) { ... on Opportunity { id priceRating { label ` +
  `basis estimateCrc lowCrc highCrc comparableCount priceCrc differencePercent comparablePricesCrc } } } }`;

// Eight Corollas 2015 around ₡8,000,000, a cheap one, a dear one and one priced in dollars.
const market = [7_700_000, 7_800_000, 7_900_000, 8_000_000, 8_000_000, 8_100_000, 8_200_000, 8_400_000].map((price) => snapshot({ price, priceCrc: price }));
const cheap = snapshot({ price: 6_500_000 });
const dear = snapshot({ price: 9_900_000 });
const dollars = snapshot({ currency: 'USD', price: 14_500, priceCrc: 7_395_000 });
// The model has no other ad: rated on its family (Toyota "Corolla ...", sedan).
const cross = snapshot({ model: 'Corolla Cross', price: 8_100_000 });
// Nothing comparable at all.
const lonely = snapshot({ brand: 'LADA', model: 'Niva', style: 'TODO_TERRENO_4X4', year: 1990, price: 1_500_000 });
const hidden = snapshot({ status: 'PENDING_APPROVAL', publishedAt: null });

let s: Search;

async function rating(id: string): Promise<Json | null> {
  const data = await dataOf(s, RATING, { representations: [{ __typename: 'Opportunity', id }] });
  return (data._entities as Json[])[0]!.priceRating as Json | null;
}

beforeAll(async () => {
  s = await startSearch();
  await s.publishAds([...market, cheap, dear, dollars, cross, lonely, hidden]);
});
afterAll(() => s.stop());

describe('fair-price rating', () => {
  it('estimates from the same model and labels great, fair and high prices', async () => {
    await eventually(async () => (await rating(cheap.id))?.label === 'GREAT');
    const great = (await rating(cheap.id))!;
    expect(great).toMatchObject({ label: 'GREAT', basis: 'EXACT', priceCrc: 6_500_000 });
    expect(great.estimateCrc).toBeGreaterThan(7_800_000);
    expect(great.estimateCrc).toBeLessThan(8_200_000);
    expect(great.lowCrc).toBeLessThanOrEqual(great.estimateCrc);
    expect(great.highCrc).toBeGreaterThanOrEqual(great.estimateCrc);
    // Every other public Corolla 2015 except itself (eight, the dear one, the dollar one).
    expect(great.comparableCount).toBe(10);
    expect(great.comparablePricesCrc).toHaveLength(10);
    expect(great.differencePercent).toBeLessThan(-15);
    expect((await rating(dear.id))!.label).toBe('HIGH');
    expect((await rating(market[3]!.id))!.label).toBe('FAIR');
  });

  it('compares dollar prices in colones at the exchange-rate parameter', async () => {
    // $14,500 at 510 = ₡7,395,000: about 8% under the market, a good price.
    expect(await rating(dollars.id)).toMatchObject({ priceCrc: 7_395_000, label: 'GOOD' });
    await s.setParameter('EXCHANGE_RATE_CRC_PER_USD', 700);
    await eventually(async () => (await rating(dollars.id))?.priceCrc === 10_150_000);
    expect((await rating(dollars.id))!.label).toBe('HIGH');
    await s.setParameter('EXCHANGE_RATE_CRC_PER_USD', 510);
    await eventually(async () => (await rating(dollars.id))?.priceCrc === 7_395_000);
  });

  it('falls back to a broader group and says so, or gives no rating', async () => {
    expect(await rating(cross.id)).toMatchObject({ basis: 'MODEL_FAMILY', label: 'FAIR' });
    expect(await rating(lonely.id)).toMatchObject({
      basis: 'NONE',
      label: 'NONE',
      estimateCrc: null,
      comparableCount: 0,
      differencePercent: null,
      comparablePricesCrc: [],
    });
    // An ad waiting for its review is quoted against the public ones (decision 0161); it is nobody's comparable (the cheap one counts 10 above).
    expect(await rating(hidden.id)).toMatchObject({ basis: 'EXACT', comparableCount: 11 });
  });

  it('filters good prices or better and sorts the best deals first', async () => {
    // The index is written within moments of a change (the label and deal score of each ad).
    const good = () => search(s, { goodPriceOrBetter: true }).then((page) => [...ids(page)].sort());
    await eventually(async () => JSON.stringify(await good()) === JSON.stringify([cheap.id, dollars.id].sort()), 3_000);
    const deals = await search(s, { text: 'corolla' }, { sort: 'BEST_DEAL' });
    expect(ids(deals).slice(0, 2)).toEqual([cheap.id, dollars.id]);
    const all = await search(s, { brand: 'LADA' }, { sort: 'BEST_DEAL' });
    expect(ids(all)).toEqual([lonely.id]);
  });

  it('is fresh within seconds of a price change, a withdrawal and a new ad', async () => {
    await s.publish({ ad: { ...dear, price: 6_000_000, priceCrc: 6_000_000 }, version: 2 });
    await eventually(async () => (await rating(dear.id))?.label === 'GREAT', 3_000);
    await eventually(async () => ids(await search(s, { goodPriceOrBetter: true })).includes(dear.id), 3_000);
    // Withdrawn: no rating, and the others lose a comparable.
    await s.publish({ ad: { ...dear, status: 'SOLD' }, version: 3 });
    await eventually(async () => (await rating(dear.id)) === null, 3_000);
    await eventually(async () => (await rating(cheap.id))?.comparableCount === 9, 3_000);
    // The lone Lada gets comparables once five more are public.
    const ladas = [1_400_000, 1_450_000, 1_500_000, 1_550_000, 1_600_000].map((price) =>
      snapshot({ brand: 'LADA', model: 'Niva', style: 'TODO_TERRENO_4X4', year: 1991, price }),
    );
    await s.publishAds(ladas);
    await eventually(async () => (await rating(lonely.id))?.basis === 'EXACT', 3_000);
  });
});
