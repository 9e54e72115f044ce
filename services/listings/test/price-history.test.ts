import { afterAll, describe, expect, it } from 'vitest';
import { createAd, DAY, startListings, UPDATE, type Json, type Listings } from './harness';

/** Issue 19: price history, time on market and the "price dropped" badge, through GraphQL. */
const PRICES = `query P($id: ID!) { opportunity(id: $id) {
  price currency publishedAt firstPublishedAt daysOnMarket
  priceHistory { changedAt oldPrice oldCurrency newPrice newCurrency }
  priceDrop { changedAt previousPrice previousCurrency amount currency percent }
} }`;

let listings: Listings;
let restarted: Listings | undefined;
afterAll(async () => {
  await restarted?.stop();
});

async function read(l: Listings, id: string): Promise<Json> {
  const result = await l.call(PRICES, { id });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.opportunity as Json;
}

async function setPrice(id: string, token: string, price: number, currency = 'CRC') {
  const result = await listings.call(UPDATE, { id, input: { price, currency } }, token);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
}

describe('price history and time on market', () => {
  it('records each price change of a public ad, shows a recent drop within the parameter, and keeps both across a restart', async () => {
    listings = await startListings();
    const seller = await listings.user();
    const admin = await listings.user('ADMINISTRATOR');
    // A change before the ad ever went public is not history.
    const id = await createAd(listings, seller, { price: 9_500_000 });
    await setPrice(id, seller.token, 9_800_000);
    const approve = await listings.call('mutation S($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id }, admin.token);
    expect(approve.errors).toBeUndefined();
    let ad = await read(listings, id);
    expect(ad).toMatchObject({ priceHistory: [], priceDrop: null, daysOnMarket: 0 });
    expect(ad.firstPublishedAt).toBe(ad.publishedAt);

    // Three days later the owner lowers the price (an edit sends it back to MODIFIED, still public).
    listings.clock.advance(3 * DAY);
    await setPrice(id, seller.token, 9_000_000);
    ad = await read(listings, id);
    expect(ad.daysOnMarket).toBe(3);
    expect(ad.priceHistory).toEqual([
      { changedAt: listings.clock.now().toISOString(), oldPrice: 9_800_000, oldCurrency: 'CRC', newPrice: 9_000_000, newCurrency: 'CRC' },
    ]);
    expect(ad.priceDrop).toMatchObject({ previousPrice: 9_800_000, previousCurrency: 'CRC', amount: 800_000, currency: 'CRC', percent: 8.2 });

    // The badge lasts PRICE_DROP_DAYS (14 by default); a longer window shows it again.
    listings.clock.advance(15 * DAY);
    ad = await read(listings, id);
    expect(ad).toMatchObject({ priceDrop: null, daysOnMarket: 18 });
    await listings.setParameter('PRICE_DROP_DAYS', 30);
    await expect.poll(async () => (await read(listings, id)).priceDrop?.amount).toBe(800_000);

    // A rise is history but no drop; a change of currency is compared in colones (510 per dollar).
    await setPrice(id, seller.token, 9_200_000);
    expect(await read(listings, id)).toMatchObject({ priceDrop: null });
    await setPrice(id, seller.token, 17_000, 'USD');
    ad = await read(listings, id);
    expect(ad.priceHistory).toHaveLength(3);
    expect(ad.priceDrop).toMatchObject({ previousPrice: 9_200_000, previousCurrency: 'CRC', amount: 530_000, currency: 'CRC' });

    // The history is the ad's own: a restart reads it back from the store.
    const { dir } = listings;
    await listings.stop(true);
    restarted = await startListings({}, { dir });
    const after = await read(restarted, id);
    expect(after.priceHistory).toEqual(ad.priceHistory);
    expect(after.firstPublishedAt).toBe(ad.firstPublishedAt);
  });
});
