import { randomUUID } from 'node:crypto';
import { contactClicked, createEvent, searchPerformed, topics } from '@ruedas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketPriceEstimator } from '../src';
import { code, createAd, DAY, eventually, fields, startListings, type Json, type Listings } from './harness';

/** Seller insights (issue 20): the funnel of an ad by day, its comparison with similar ads, the hints. */

const INSIGHTS = `query I($id: ID!, $days: Int) { opportunityInsights(opportunityId: $id, days: $days) {
  opportunity { id } days { day impressions views whatsappContacts phoneContacts favourites shares }
  totals { impressions views whatsappContacts phoneContacts favourites shares }
  similar { count median { views impressions } medianPhotos } hints { code value } } }`;
const MINE = '{ myAdInsights(days: 7) { opportunity { id } days { day views } totals { views } } }';
const VIEW = 'mutation V($id: ID!) { incrementViewCount(opportunityId: $id) }';
const CONTACT = 'query C($id: ID!) { opportunityContact(id: $id) { fullName } }';
const FAVOURITE = 'mutation F($id: ID!) { addToWishList(opportunityId: $id) { id } }';
const SHARE = 'mutation S($id: ID!) { recordOpportunityShare(opportunityId: $id, channel: FACEBOOK) }';

/** The fair-price port, faked: a Corolla is worth ₡8,000,000, anything else has no estimate. */
const market: MarketPriceEstimator = {
  estimate: async (car) => (car.model === 'Corolla' ? { price: 8_000_000, low: 7_200_000, high: 8_800_000 } : null),
};

let listings: Listings;
let admin: Awaited<ReturnType<Listings['user']>>;
let seller: Awaited<ReturnType<Listings['user']>>;
let other: Awaited<ReturnType<Listings['user']>>;
let buyer: Awaited<ReturnType<Listings['user']>>;

beforeAll(async () => {
  listings = await startListings({ marketPrice: market });
  admin = await listings.user('ADMINISTRATOR');
  seller = await listings.user('ADVERTISER');
  other = await listings.user('ADVERTISER');
  buyer = await listings.user('ADVERTISER');
});
afterAll(() => listings.stop());

const insights = async (id: string, token?: string, days?: number) => listings.call(INSIGHTS, { id, days }, token);
const today = (result: { data?: Json | null }) => result.data!.opportunityInsights.days.at(-1);

function contactEvent(opportunityId: string) {
  return createEvent(contactClicked, {
    aggregateId: opportunityId,
    aggregateVersion: 1,
    actor: { kind: 'system', id: 'visitor' },
    occurredAt: listings.clock.now(),
    payload: { opportunityId, clickType: 'CONTACT_SELLER_BY_WHATSAPP', dateCreated: listings.clock.now().toISOString(), viewerId: null, byTestUser: false },
  });
}

function searchEvent(shownIds: string[]) {
  const id = randomUUID();
  return createEvent(searchPerformed, {
    aggregateId: id,
    aggregateVersion: 1,
    actor: { kind: 'system', id: 'search' },
    occurredAt: listings.clock.now(),
    payload: { text: 'corolla', filter: {}, sort: 'RELEVANCE', pageNumber: 1, resultCount: shownIds.length, viewer: null, shownIds },
  });
}

describe('the funnel of an ad, by day', () => {
  it('counts scripted impressions, views, contacts, favourites and shares on the day they happened', async () => {
    const ad = await createAd(listings, seller, {}, admin);
    const neighbour = await createAd(listings, other, {}, admin);
    for (let i = 0; i < 3; i++) expect((await listings.call(VIEW, { id: ad })).errors).toBeUndefined();
    await listings.call(CONTACT, { id: ad });
    await listings.call(FAVOURITE, { id: ad }, buyer.token);
    await listings.call(FAVOURITE, { id: ad }, buyer.token); // already there: not a new favourite
    expect((await listings.call(SHARE, { id: ad })).data).toEqual({ recordOpportunityShare: true });
    await listings.publish(topics.moderationContact, contactEvent(ad));
    await listings.publish(topics.moderationContact, contactEvent(ad));
    // One results page showing both ads, and another showing the ad twice (two impressions).
    await listings.publish(topics.searchQuery, searchEvent([ad, neighbour]));
    await listings.publish(topics.searchQuery, searchEvent([ad, ad]));

    const expected = { impressions: 3, views: 3, whatsappContacts: 2, phoneContacts: 1, favourites: 1, shares: 1 };
    const answer = await eventually(async () => {
      const result = await insights(ad, seller.token);
      const { day: _day, ...counts } = today(result);
      return JSON.stringify(counts) === JSON.stringify(expected) ? result : null;
    });
    const data = answer.data!.opportunityInsights;
    expect(data.opportunity.id).toBe(ad);
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1).day).toBe('2025-03-01'); // 12:00 UTC is 06:00 in Costa Rica, the same day
    expect(data.days.slice(0, -1).every((day: Json) => day.views === 0 && day.impressions === 0)).toBe(true);
    expect(data.totals).toEqual(expected);

    // The next day counts apart, and the totals add up both.
    listings.clock.advance(DAY);
    await listings.call(VIEW, { id: ad });
    const next = (await insights(ad, seller.token)).data!.opportunityInsights;
    expect(next.days.at(-1)).toMatchObject({ day: '2025-03-02', views: 1, impressions: 0 });
    expect(next.days.at(-2)).toMatchObject({ day: '2025-03-01', views: 3 });
    expect(next.totals.views).toBe(4);
  });

  it("leaves a TESTUSER's contact clicks and searches out", async () => {
    const ad = await createAd(listings, seller, { model: 'Starlet' }, admin);
    const contact = contactEvent(ad);
    await listings.publish(topics.moderationContact, { ...contact, payload: { ...contact.payload, byTestUser: true } });
    const search = searchEvent([ad]);
    await listings.publish(topics.searchQuery, { ...search, payload: { ...search.payload, viewer: { id: randomUUID(), role: 'TESTUSER' } } });
    // A real visitor's click and search after them, on each topic: once they count, the test user's had their turn and did not.
    await listings.publish(topics.moderationContact, contactEvent(ad));
    await listings.publish(topics.searchQuery, searchEvent([ad]));
    const totals = await eventually(async () => {
      const found = (await insights(ad, seller.token)).data!.opportunityInsights.totals;
      return found.whatsappContacts > 0 && found.impressions > 0 ? found : null;
    });
    expect(totals).toMatchObject({ whatsappContacts: 1, impressions: 1 });
  });

  it('counts an impression for each ad of the home carousel it answers', async () => {
    const gold = await createAd(listings, seller, { level: 'GOLD', model: 'Prado' }, admin);
    const shown = async () => (await listings.call('{ homeCarousel { id } }')).data!.homeCarousel.map((ad: Json) => ad.id) as string[];
    expect(await shown()).toContain(gold);
    await shown();
    expect((await insights(gold, seller.token)).data!.opportunityInsights.totals.impressions).toBe(2);
  });

  it('compares with the median of similar ads (same model, year within 2) and leaves other models out', async () => {
    const base = await createAd(listings, seller, { year: 2016, model: 'Yaris' }, admin);
    const similar = [
      await createAd(listings, other, { year: 2015, model: 'Yaris' }, admin),
      await createAd(listings, other, { year: 2018, model: 'Yaris' }, admin),
      await createAd(listings, other, { year: 2017, model: 'Yaris' }, admin),
    ];
    await createAd(listings, other, { year: 2010, model: 'Yaris' }, admin); // outside the year band
    await createAd(listings, other, { year: 2016, model: 'Rav4' }, admin); // another model
    const views = [1, 4, 10];
    for (const [index, id] of similar.entries()) for (let i = 0; i < views[index]!; i++) await listings.call(VIEW, { id });
    const data = (await insights(base, seller.token)).data!.opportunityInsights;
    expect(data.similar).toEqual({ count: 3, median: { views: 4, impressions: 0 }, medianPhotos: 0 });
    // No views against a median of 4: fewer than half of the similar ads' views.
    expect(data.hints).toContainEqual({ code: 'FEWER_VIEWS_THAN_SIMILAR', value: 4 });
  });

  it("answers every ad of the seller (a dealer's stock) in myAdInsights", async () => {
    const dealer = await listings.user('ADVERTISER', { userType: 'CARS_SELLER_MERCHANT' });
    const first = await createAd(listings, dealer, {}, admin);
    const second = await createAd(listings, dealer, { model: 'Yaris' }, admin);
    await listings.call(VIEW, { id: second });
    const mine = (await listings.call(MINE, {}, dealer.token)).data!.myAdInsights as Json[];
    expect(mine.map((one) => one.opportunity.id).sort()).toEqual([first, second].sort());
    expect(mine.find((one) => one.opportunity.id === second)!.totals.views).toBe(1);
    expect(mine[0]!.days).toHaveLength(7);
  });
});

describe('privacy', () => {
  it("only the owner and administrators read an ad's figures", async () => {
    const ad = await createAd(listings, seller, {}, admin);
    expect((await insights(ad, seller.token)).errors).toBeUndefined();
    expect((await insights(ad, admin.token)).errors).toBeUndefined();
    expect(code(await insights(ad, other.token))).toBe('FORBIDDEN');
    expect(code(await insights(ad))).toBe('0003');
    const others = (await listings.call(MINE, {}, other.token)).data!.myAdInsights as Json[];
    expect(others.map((one) => one.opportunity.id)).not.toContain(ad);
  });

  it('refuses a period outside 1 to 90 days with a translated validation error', async () => {
    const ad = await createAd(listings, seller, {}, admin);
    for (const days of [0, 91]) {
      const result = await insights(ad, seller.token, days);
      expect(code(result)).toBe('VALIDATION');
      expect(fields(result)).toEqual({ days: 'invalidInsightDays' });
    }
  });

  it('counts no share of an unknown ad', async () => {
    expect(code(await listings.call(SHARE, { id: randomUUID() }))).toBe('NOT_FOUND');
  });
});

describe('hints', () => {
  it('says the price is above the estimated market price (the fair-price port) and that photos are few', async () => {
    const ad = await createAd(listings, seller, { price: 9_120_000 }, admin);
    const hints = (await insights(ad, seller.token)).data!.opportunityInsights.hints as Json[];
    expect(hints).toContainEqual({ code: 'PRICE_ABOVE_MARKET', value: 14 });
    expect(hints.map((hint) => hint.code)).toContain('FEW_PHOTOS');
    const cheap = await createAd(listings, seller, { price: 6_000_000 }, admin);
    expect((await insights(cheap, seller.token)).data!.opportunityInsights.hints).toContainEqual({ code: 'PRICE_BELOW_MARKET', value: 25 });
    const noEstimate = await createAd(listings, seller, { model: 'Hilux', price: 20_000_000 }, admin);
    const codes = ((await insights(noEstimate, seller.token)).data!.opportunityInsights.hints as Json[]).map((hint) => hint.code);
    expect(codes).not.toContain('PRICE_ABOVE_MARKET');
  });

  it('says "no views in 7 days" once an ad public for a week had no view in the last 7 days, and not before', async () => {
    const ad = await createAd(listings, seller, { model: 'Tercel' }, admin);
    await listings.call(VIEW, { id: ad });
    const codes = async () => ((await insights(ad, seller.token)).data!.opportunityInsights.hints as Json[]).map((hint) => hint.code);
    expect(await codes()).not.toContain('NO_VIEWS_IN_7_DAYS');
    listings.clock.advance(8 * DAY);
    expect(await codes()).toContain('NO_VIEWS_IN_7_DAYS');
    await listings.call(VIEW, { id: ad });
    expect(await codes()).not.toContain('NO_VIEWS_IN_7_DAYS');
  });
});
