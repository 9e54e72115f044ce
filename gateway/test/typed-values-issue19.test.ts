// Full services, not light subgraph fixtures: the fair-price figures, price history and insights as search and listings
// answer them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adInput, eventually, startStack, type Json, type Stack } from './stack';

// The issue-19/20 values as another team's client reads them (issue 18, decision 0104): the
// fair-price figures, the price history and drop as Money, their instants, the first publication and
// the saved search's creation as DateTime, the insights' days as Date; each beside its deprecated
// Float/String, which answers the same value. Every real subgraph runs in process behind the gateway.

let stack: Stack;
const ads = { market: [] as string[], dropped: '', lonely: '' };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const crc = (amount: number | null) => (amount === null ? null : { amount: amount.toFixed(2), currency: 'CRC' });
const seller = () => stack.accounts.seller!.token;

async function createPublic(overrides: Json): Promise<string> {
  const created = await stack.data(
    'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
    { input: adInput({ model: 'Raize', year: 2019, ...overrides }) },
    seller(),
  );
  const id = created.createOpportunity.id as string;
  await stack.data('mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id }, stack.accounts.admin!.token);
  return id;
}

const RATING = `label estimateCrc estimate { amount currency } lowCrc rangeLow { amount currency } highCrc rangeHigh { amount currency }
  priceCrc price { amount currency } comparablePricesCrc comparablePrices { amount currency }`;
const rating = async (id: string) =>
  (await stack.data(`query($id: ID!) { opportunity(id: $id) { priceRating { ${RATING} } } }`, { id })).opportunity.priceRating as Json | null;

beforeAll(async () => {
  stack = await startStack({ admin: 'ADMINISTRATOR', seller: 'ADVERTISER' });
  // Listings learns of the seller from identity's events.
  ads.market.push(await eventually(() => createPublic({ price: 9_400_000 })));
  for (const price of [9_500_000, 9_500_000, 9_600_000, 9_700_000, 9_800_000]) ads.market.push(await createPublic({ price }));
  ads.dropped = await createPublic({ price: 11_500_000 });
  ads.lonely = await createPublic({ brand: 'LADA', model: 'Niva', style: 'TODO_TERRENO_4X4', year: 1990, price: 1_500_000 });
  await stack.data(
    'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }',
    { id: ads.dropped, input: { price: 9_000_000.5 } },
    seller(),
  );
  await eventually(async () => expect(await rating(ads.dropped)).toMatchObject({ priceCrc: 9_000_000.5, estimateCrc: expect.any(Number) }));
  await eventually(async () => expect(await rating(ads.lonely)).not.toBeNull());
}, 90_000);
afterAll(() => stack?.stop());

describe('issue-19/20 values typed', () => {
  it('declares the new fields with the typed scalars and deprecates the old ones', async () => {
    const types = await stack.data(
      `{
      rating: __type(name: "PriceRating") { fields(includeDeprecated: true) { name isDeprecated type { name kind ofType { name kind ofType { name ` +
        `ofType { name } } } } } }
      change: __type(name: "PriceChange") { fields(includeDeprecated: true) { name isDeprecated type { name ofType { name } } } }
      drop: __type(name: "PriceDrop") { fields(includeDeprecated: true) { name isDeprecated type { name ofType { name } } } }
      ad: __type(name: "Opportunity") { fields(includeDeprecated: true) { name isDeprecated type { name ofType { name } } } }
      saved: __type(name: "SavedSearch") { fields(includeDeprecated: true) { name isDeprecated type { name ofType { name } } } }
      day: __type(name: "AdFunnelDay") { fields(includeDeprecated: true) { name isDeprecated type { name ofType { name } } } }
    }`,
    );
    const named = (type: Json): string => type.name ?? named(type.ofType);
    const field = (of: string, name: string) => {
      const found = (types[of].fields as Json[]).find((one) => one.name === name)!;
      return { type: named(found.type), deprecated: found.isDeprecated };
    };
    for (const [of, typed, old, scalar] of [
      ['rating', 'estimate', 'estimateCrc', 'Money'],
      ['rating', 'rangeLow', 'lowCrc', 'Money'],
      ['rating', 'rangeHigh', 'highCrc', 'Money'],
      ['rating', 'price', 'priceCrc', 'Money'],
      ['rating', 'comparablePrices', 'comparablePricesCrc', 'Money'],
      ['change', 'occurredAt', 'changedAt', 'DateTime'],
      ['change', 'priceBefore', 'oldPrice', 'Money'],
      ['change', 'priceAfter', 'newPrice', 'Money'],
      ['drop', 'occurredAt', 'changedAt', 'DateTime'],
      ['drop', 'priceBefore', 'previousPrice', 'Money'],
      ['drop', 'droppedBy', 'amount', 'Money'],
      ['ad', 'publicSince', 'firstPublishedAt', 'DateTime'],
      ['saved', 'savedAt', 'createdAt', 'DateTime'],
      ['day', 'date', 'day', 'Date'],
    ] as const) {
      expect(field(of, typed), `${of}.${typed}`).toEqual({ type: scalar, deprecated: false });
      expect(field(of, old).deprecated, `${of}.${old}`).toBe(true);
    }
  });

  it('answers the fair-price figures as Money in colones, the same values as the deprecated numbers', async () => {
    const rated = (await rating(ads.dropped))!;
    expect(rated.estimate).toEqual(crc(rated.estimateCrc));
    expect(rated.estimate.amount).toMatch(/^\d+\.\d{2}$/);
    expect(rated.rangeLow).toEqual(crc(rated.lowCrc));
    expect(rated.rangeHigh).toEqual(crc(rated.highCrc));
    expect(rated.price).toEqual({ amount: '9000000.50', currency: 'CRC' });
    expect(rated.comparablePrices).toEqual((rated.comparablePricesCrc as number[]).map(crc));
    expect(rated.comparablePrices.length).toBeGreaterThan(0);
    // Without comparables there is no estimate: null Money, not zero.
    expect(await rating(ads.lonely)).toMatchObject({
      label: 'NONE',
      estimate: null,
      rangeLow: null,
      rangeHigh: null,
      price: crc(1_500_000),
      comparablePrices: [],
    });
  });

  it('answers the price history, the drop and the first publication with DateTime and Money', async () => {
    const ad = (
      await stack.data(
        `query($id: ID!) { opportunity(id: $id) { firstPublishedAt publicSince
          priceHistory { changedAt occurredAt oldPrice priceBefore { amount currency } newPrice priceAfter { amount currency } }
          priceDrop { changedAt occurredAt previousPrice priceBefore { amount currency } amount currency droppedBy { amount currency } percent } } }`,
        { id: ads.dropped },
      )
    ).opportunity;
    expect(ad.publicSince).toMatch(ISO_INSTANT);
    expect(ad.publicSince).toBe(ad.firstPublishedAt);
    expect(ad.priceHistory).toHaveLength(1);
    const [change] = ad.priceHistory;
    expect(change).toMatchObject({
      oldPrice: 11_500_000,
      priceBefore: crc(11_500_000),
      newPrice: 9_000_000.5,
      priceAfter: { amount: '9000000.50', currency: 'CRC' },
    });
    expect(change.occurredAt).toMatch(ISO_INSTANT);
    expect(change.occurredAt).toBe(change.changedAt);
    expect(Date.parse(change.occurredAt)).toBeGreaterThanOrEqual(Date.parse(ad.publicSince));
    expect(ad.priceDrop).toMatchObject({
      previousPrice: 11_500_000,
      priceBefore: crc(11_500_000),
      amount: 2_499_999.5,
      droppedBy: { amount: '2499999.50', currency: 'CRC' },
    });
    expect(ad.priceDrop.occurredAt).toBe(change.occurredAt);
    // An ad never repriced has no history and no drop; one not yet public has no publicSince.
    const draft = await stack.data(
      'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id publicSince firstPublishedAt priceHistory { occurredAt } priceDrop ' +
        '{ droppedBy { amount } } } }',
      { input: adInput() },
      seller(),
    );
    expect(draft.createOpportunity).toMatchObject({ publicSince: null, firstPublishedAt: null, priceHistory: [], priceDrop: null });
  });

  it("answers a saved search's savedAt as a DateTime", async () => {
    const before = Date.now();
    const saved = (
      await stack.data(
        'mutation($input: SavedSearchInput!) { saveSearch(input: $input) { id createdAt savedAt } }',
        { input: { name: 'Raize', frequency: 'DAILY', filter: { model: 'Raize' } } },
        seller(),
      )
    ).saveSearch;
    expect(saved.savedAt).toMatch(ISO_INSTANT);
    expect(saved.savedAt).toBe(saved.createdAt);
    expect(Date.parse(saved.savedAt)).toBeGreaterThanOrEqual(before - 1_000);
    const mine = (await stack.data('{ mySavedSearches { id savedAt } }', {}, seller())).mySavedSearches;
    expect(mine).toEqual([{ id: saved.id, savedAt: saved.savedAt }]);
  });

  it("answers the seller insights' days as Dates, the last one today in Costa Rica", async () => {
    const insights = (
      await stack.data('query($id: ID!) { opportunityInsights(opportunityId: $id, days: 7) { days { day date } } }', { id: ads.dropped }, seller())
    ).opportunityInsights;
    expect(insights.days).toHaveLength(7);
    for (const one of insights.days) {
      expect(one.date).toMatch(ISO_DAY);
      expect(one.date).toBe(one.day);
    }
    const today = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);
    expect(insights.days.at(-1).date).toBe(today);
  });
});
