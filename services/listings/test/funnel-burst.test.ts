import { randomUUID } from 'node:crypto';
import { createEvent, searchPerformed, topics } from '@ruedas/events';
import type { Collection, DocumentStore, StoredDocument } from '@ruedas/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAd, eventually, startListings, type Json, type Listings } from './harness';

/**
 * The funnel under bursts (issue 20, decision 0100): parallel events count exactly, and each is at
 * most one write of the funnel's documents (plus one per ad counted for the first time that day).
 */
const FUNNEL = 'listings_funnel_ad_days';
const WRITES = new Set(['insertOne', 'insertMany', 'updateOne', 'updateMany', 'findOneAndUpdate', 'deleteOne', 'deleteMany']);
let writes = 0;

/** The store, counting the writes to the funnel's collection. */
function counting(store: DocumentStore): DocumentStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'collection') return Reflect.get(target, property, receiver);
      return async (name: string, schema: unknown) => {
        const collection = await target.collection(name, schema as never);
        if (name !== FUNNEL) return collection;
        return new Proxy(collection as Collection<StoredDocument>, {
          get(inner, method, innerReceiver) {
            const value = Reflect.get(inner, method, innerReceiver) as unknown;
            if (typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              if (WRITES.has(String(method))) writes += 1;
              return (value as (...a: unknown[]) => unknown).apply(inner, args);
            };
          },
        });
      };
    },
  });
}

const VIEW = 'mutation V($id: ID!) { incrementViewCount(opportunityId: $id) }';
const TODAY = 'query I($id: ID!) { opportunityInsights(opportunityId: $id, days: 1) { totals { impressions views } } }';

let listings: Listings;
let admin: Awaited<ReturnType<Listings['user']>>;
let seller: Awaited<ReturnType<Listings['user']>>;

beforeAll(async () => {
  listings = await startListings({}, { wrapStore: counting });
  admin = await listings.user('ADMINISTRATOR');
  seller = await listings.user('ADVERTISER');
});
afterAll(() => listings.stop());

const totals = async (id: string) => (await listings.call(TODAY, { id }, seller.token)).data!.opportunityInsights.totals as Json;

function resultsPage(shownIds: string[]) {
  return createEvent(searchPerformed, {
    aggregateId: randomUUID(),
    aggregateVersion: 1,
    actor: { kind: 'system', id: 'search' },
    occurredAt: listings.clock.now(),
    payload: { text: null, filter: {}, sort: 'RELEVANCE', pageNumber: 1, resultCount: 40, viewer: null, shownIds },
  });
}

describe('the funnel under a burst of events', () => {
  it('counts 200 parallel detail views exactly, with one write each', async () => {
    const ad = await createAd(listings, seller, {}, admin);
    const before = writes;
    const answers = await Promise.all(Array.from({ length: 200 }, () => listings.call(VIEW, { id: ad })));
    expect(answers.every((answer) => !answer.errors)).toBe(true);
    expect((await totals(ad)).views).toBe(200);
    expect(writes - before).toBe(200);
  });

  it('counts results pages as one write each once their ads were counted that day, and exactly under a burst', async () => {
    const ads: string[] = [];
    for (let i = 0; i < 20; i++) ads.push(await createAd(listings, seller, { model: `Modelo ${i}` }, admin));
    // The first page counts each ad for the first time today: one upsert each.
    let before = writes;
    await listings.publish(topics.searchQuery, resultsPage(ads));
    await eventually(async () => (await totals(ads[19]!)).impressions === 1);
    expect(writes - before).toBe(20);
    // Then 100 pages showing the same ads (as many visitors paging at once): one write per page.
    before = writes;
    await Promise.all(Array.from({ length: 100 }, () => listings.publish(topics.searchQuery, resultsPage(ads))));
    await eventually(async () => (await totals(ads[0]!)).impressions === 101);
    for (const ad of ads) expect((await totals(ad)).impressions).toBe(101);
    expect(writes - before).toBe(100);
  });
});
