import { describe, expect, it } from 'vitest';
import { createEmbeddedSearchIndex } from '@ruedas/search-embedded';
import { SavedSearchMatcher } from '../src/alerts/matcher';
import { SEARCH_INDEX_SETTINGS, searchDocument, type SearchDocument } from '../src/documents';
import { conditions, interpret } from '../src/searcher';
import { generatedAds, savedSearchFilters } from './saved-search-fixtures';

const NOW = new Date('2025-03-01T12:00:00Z');
const RATE = 510;

describe('saved-search matcher', () => {
  it('finds, for each new ad, exactly the saved searches whose search finds that ad', async () => {
    const filters = savedSearchFilters(1_500);
    const ads = generatedAds(300).map((ad) => searchDocument(ad.id, ad, RATE));
    const matcher = new SavedSearchMatcher(RATE);
    filters.forEach((filter, i) => matcher.upsert(String(i), interpret(filter, NOW)));
    // The search itself over the same ads: which ads each saved search finds.
    const index = createEmbeddedSearchIndex<SearchDocument>({ settings: SEARCH_INDEX_SETTINGS });
    await index.upsert(ads);
    const expected = new Map<string, string[]>(ads.map((ad) => [ad.id, []]));
    for (const [i, filter] of filters.entries()) {
      const { text, filters: where } = conditions(interpret(filter, NOW), RATE);
      for (const hit of (await index.search({ text, filters: where, limit: ads.length })).hits) expected.get(hit.id)!.push(String(i));
    }
    let matches = 0;
    for (const ad of ads) {
      const found = (await matcher.match(ad)).sort();
      expect(found, ad.id).toEqual(expected.get(ad.id)!.sort());
      matches += found.length;
    }
    // Not a vacuous agreement: the generated searches do find ads.
    expect(matches).toBeGreaterThan(300);
  });

  it('forgets removed searches and follows a new exchange rate for dollar bounds', async () => {
    const matcher = new SavedSearchMatcher(500);
    const [ad] = generatedAds(1).map((one) => searchDocument(one.id, { ...one, price: 10_000, currency: 'USD' }, 500));
    matcher.upsert('usd', interpret({ priceTo: 11_000, currency: 'USD' }, NOW));
    matcher.upsert('gone', interpret({}, NOW));
    matcher.remove('gone');
    expect(await matcher.match(ad!)).toEqual(['usd']);
    // At 400 colones per dollar the bound is ₡4,400,000: the ad's ₡5,000,000 is over it.
    matcher.setRate(400);
    expect(await matcher.match(ad!)).toEqual([]);
  });
});
