import { randomUUID } from 'node:crypto';
import { createEvent, searchPerformed, topics } from '@ruedas/events';
import { funnelVisitor } from '@ruedas/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAd, eventually, startListings, type Json, type Listings } from './harness';

/**
 * Issue 28 item 5: one anonymous client inflated an ad's funnel 1:1 (200 calls gave +200 views,
 * phone contacts, shares and impressions), and the similar-ads medians other sellers see rest on
 * these counts. Each visitor now counts once per ad and day, as WhatsApp clicks and favourites do.
 */
const VIEW = 'mutation V($id: ID!) { incrementViewCount(opportunityId: $id) }';
const CONTACT = 'query C($id: ID!) { opportunityContact(id: $id) { fullName } }';
const SHARE = 'mutation S($id: ID!) { recordOpportunityShare(opportunityId: $id, channel: FACEBOOK) }';
const CAROUSEL = '{ homeCarousel { id } }';
const TODAY = 'query I($id: ID!) { opportunityInsights(opportunityId: $id, days: 1) { totals { impressions views phoneContacts shares } } }';
const COUNT = 'query N($id: ID!) { viewCount(opportunityId: $id) }';

let listings: Listings;
let admin: Awaited<ReturnType<Listings['user']>>;
let seller: Awaited<ReturnType<Listings['user']>>;

beforeAll(async () => {
  listings = await startListings();
  admin = await listings.user('ADMINISTRATOR');
  seller = await listings.user('ADVERTISER');
});
afterAll(() => listings.stop());

const totals = async (id: string) => (await listings.call(TODAY, { id }, seller.token)).data!.opportunityInsights.totals as Json;

function resultsPage(shownIds: string[], address: string) {
  return createEvent(searchPerformed, {
    aggregateId: randomUUID(),
    aggregateVersion: 1,
    actor: { kind: 'system', id: 'search' },
    occurredAt: listings.clock.now(),
    payload: {
      text: null,
      filter: {},
      sort: 'RELEVANCE',
      pageNumber: 1,
      resultCount: 20,
      viewer: null,
      shownIds,
      visitor: funnelVisitor(null, address, listings.clock.now()),
    },
  });
}

describe('the funnel counts each visitor once per ad and day', () => {
  it('200 calls of one anonymous client add one view, one phone contact, one share and one impression; another visitor adds one more', async () => {
    const ad = await createAd(listings, seller, {}, admin);
    const attacker = { address: '203.0.113.200' };
    const calls = Array.from({ length: 200 }, (_, i) => i);
    // In parallel bursts of 50: a race of one visitor's requests counts once too.
    for (let start = 0; start < 200; start += 50) {
      await Promise.all(
        calls
          .slice(start, start + 50)
          .flatMap(() => [
            listings.call(VIEW, { id: ad }, attacker),
            listings.call(CONTACT, { id: ad }, attacker),
            listings.call(SHARE, { id: ad }, attacker),
            listings.call(CAROUSEL, {}, attacker),
          ]),
      );
    }
    for (let i = 0; i < 200; i++) await listings.publish(topics.searchQuery, resultsPage([ad], attacker.address));
    // One impression from the results pages, and one from the home carousel when it shows the ad.
    const carousel = ((await listings.call(CAROUSEL, {}, attacker)).data!.homeCarousel as Json[]).some((item) => item.id === ad) ? 1 : 0;
    await eventually(async () => (await totals(ad)).impressions >= 1 + carousel);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await totals(ad)).toEqual({ impressions: 1 + carousel, views: 1, phoneContacts: 1, shares: 1 });
    expect((await listings.call(COUNT, { id: ad }, seller.token)).data!.viewCount).toBe(1);

    const neighbour = { address: '198.51.100.4' };
    await listings.call(VIEW, { id: ad }, neighbour);
    await listings.call(CONTACT, { id: ad }, neighbour);
    await listings.call(SHARE, { id: ad }, neighbour);
    expect(await totals(ad)).toMatchObject({ views: 2, phoneContacts: 2, shares: 2 });
    // The next day, the same client counts again, once.
    listings.clock.advance(86_400_000);
    for (let i = 0; i < 5; i++) await listings.call(VIEW, { id: ad }, attacker);
    expect((await listings.call(COUNT, { id: ad }, seller.token)).data!.viewCount).toBe(3);
  });
});
