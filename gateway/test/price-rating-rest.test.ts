// Full services, not light subgraph fixtures: search rates ads from listings' events; the facade only carries the rating.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate as translateMessage } from '@ruedas/domain';
import { adInput, eventually, startStack, type Json, type Stack } from './stack';

// Issue 19 through the gateway, every subgraph in process: the fair-price rating on the ad
// (GraphQL, REST ad JSON), the good-price filter and best-deals sort (GraphQL and advanceSearch),
// USD converted at the exchange rate, freshness after a price change, and the price history.

let stack: Stack;
const people = { admin: 'ADMINISTRATOR', seller: 'ADVERTISER' } as const;
const ads: Record<'cheap' | 'dollars' | 'dear' | 'lonely', string> & { market: string[] } = { cheap: '', dollars: '', dear: '', lonely: '', market: [] };
const RATING = 'label basis estimateCrc lowCrc highCrc comparableCount priceCrc differencePercent';

async function createPublic(overrides: Json): Promise<string> {
  const created = await stack.data(
    'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
    { input: adInput({ model: 'Raize', year: 2019, ...overrides }) },
    stack.accounts.seller!.token,
  );
  const id = created.createOpportunity.id as string;
  const res = await stack.api('PUT', '/opportunity/protected/updateStatus', { token: stack.accounts.admin!.token, body: { id, newStatus: 'PUBLIC_ONLINE' } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return id;
}

const rating = async (id: string) =>
  (await stack.data(`query($id: ID!) { opportunity(id: $id) { priceRating { ${RATING} } } }`, { id })).opportunity.priceRating as Json | null;

beforeAll(async () => {
  stack = await startStack(people);
  // Listings learns of the seller from identity's events.
  ads.market = [await eventually(() => createPublic({ price: 9_400_000 }))];
  for (const price of [9_500_000, 9_500_000, 9_600_000, 9_700_000]) ads.market.push(await createPublic({ price }));
  ads.cheap = await createPublic({ price: 7_800_000 });
  ads.dear = await createPublic({ price: 11_500_000 });
  // $17,500 at the default 510 colones per dollar: ₡8,925,000, about 6% under the market.
  ads.dollars = await createPublic({ price: 17_500, currency: 'USD' });
  ads.lonely = await createPublic({ brand: 'LADA', model: 'Niva', style: 'TODO_TERRENO_4X4', year: 1990, price: 1_500_000 });
  await eventually(async () => expect(await rating(ads.lonely)).not.toBeNull());
}, 90_000);
afterAll(() => stack?.stop());

describe('fair-price rating through GraphQL and REST', () => {
  it('rates each public ad on its comparables, in colones, with labels and the fallback', async () => {
    await eventually(async () => expect(await rating(ads.cheap)).toMatchObject({ label: 'GREAT', basis: 'EXACT', comparableCount: 7, priceCrc: 7_800_000 }));
    expect(await rating(ads.dear)).toMatchObject({ label: 'HIGH' });
    expect(await rating(ads.dollars)).toMatchObject({ label: 'GOOD', priceCrc: 8_925_000 });
    expect(await rating(ads.market[2]!)).toMatchObject({ label: 'FAIR' });
    expect(await rating(ads.lonely)).toMatchObject({ label: 'NONE', basis: 'NONE', estimateCrc: null, comparableCount: 0 });
    const estimate = (await rating(ads.cheap))!.estimateCrc as number;
    expect(estimate).toBeGreaterThanOrEqual(9_400_000);
    expect(estimate).toBeLessThanOrEqual(9_700_000);
  });

  it('adds the rating, the time on market and the price history to the REST ad, and documents them', async () => {
    const { status, body } = await stack.api('GET', `/opportunity/${ads.cheap}`);
    expect(status).toBe(200);
    expect(body.priceRating).toMatchObject({ label: 'GREAT', basis: 'EXACT', comparableCount: 7 });
    expect(body).toMatchObject({ daysOnMarket: 0, priceHistory: [], priceDrop: null });
    const openapi = await stack.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(openapi.body).toContain('priceRating');
    expect(openapi.body).toContain('goodPriceOrBetter');
  });

  it('filters good prices or better and sorts the best deals first, on GraphQL and advanceSearch', async () => {
    const good = await stack.data('query { searchOpportunities(filter: { goodPriceOrBetter: true }) { items { id } interpretation { goodPriceOrBetter } } }');
    expect(good.searchOpportunities.items.map((ad: Json) => ad.id).sort()).toEqual([ads.cheap, ads.dollars].sort());
    expect(good.searchOpportunities.interpretation.goodPriceOrBetter).toBe(true);
    const rest = await stack.api('POST', '/search/advanceSearch', { body: { model: 'Raize', sort: 'BEST_DEAL' } });
    expect(rest.status).toBe(200);
    expect(rest.body.items.map((ad: Json) => ad.id).slice(0, 2)).toEqual([ads.cheap, ads.dollars]);
    expect(rest.body.items.at(-1).id).toBe(ads.dear);
    const restGood = await stack.api('POST', '/search/advanceSearch', { body: { goodPriceOrBetter: 'true' } });
    expect(restGood.body.items.map((ad: Json) => ad.id).sort()).toEqual([ads.cheap, ads.dollars].sort());
  });

  it('answers a bad filter or sort 400 VALIDATION, translated, and changes nothing', async () => {
    const bad = await stack.api('POST', '/search/advanceSearch', { body: { goodPriceOrBetter: 'maybe' }, language: 'en' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION', message: translateMessage('validationFailed', 'en') } });
    const sort = await stack.api('POST', '/search/advanceSearch', { body: { sort: 'CHEAPEST' } });
    expect(sort).toMatchObject({ status: 400, body: { code: 'VALIDATION', message: translateMessage('validationFailed', 'es') } });
  });

  it('is fresh within seconds of a price change, which also enters the price history', async () => {
    const started = Date.now();
    const res = await stack.api('PUT', '/opportunity/protected/update', {
      token: stack.accounts.seller!.token,
      body: { ...adInput({ model: 'Raize', year: 2019 }), id: ads.dear, price: 7_500_000 },
    });
    if (res.status !== 200) {
      // The legacy update path differs: the GraphQL mutation does the same.
      await stack.data(
        'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }',
        { id: ads.dear, input: { price: 7_500_000 } },
        stack.accounts.seller!.token,
      );
    }
    await eventually(async () => expect(await rating(ads.dear)).toMatchObject({ label: 'GREAT', priceCrc: 7_500_000 }));
    await eventually(async () => {
      const good = await stack.api('POST', '/search/advanceSearch', { body: { goodPriceOrBetter: true } });
      expect(good.body.items.map((ad: Json) => ad.id)).toContain(ads.dear);
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    const { body } = await stack.api('GET', `/opportunity/${ads.dear}`);
    expect(body.priceHistory).toMatchObject([{ oldPrice: 11_500_000, oldCurrency: 'CRC', newPrice: 7_500_000, newCurrency: 'CRC' }]);
    expect(body.priceDrop).toMatchObject({ amount: 4_000_000, currency: 'CRC', previousPrice: 11_500_000 });
  });
});
