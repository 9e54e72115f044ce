import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndexWriteError, type SearchIndex, type SearchQuery } from '@ruedas/platform';
import { CONTRACT_CAR_ADS, CONTRACT_SEARCH_SETTINGS, type ContractCarAd } from './search-index.fixtures';

export { CONTRACT_CAR_ADS, CONTRACT_SEARCH_SETTINGS, type ContractCarAd } from './search-index.fixtures';

export interface SearchIndexContractSetup {
  /** An empty index; the suite configures it with CONTRACT_SEARCH_SETTINGS and writes the corpus. */
  index: SearchIndex<ContractCarAd>;
  teardown: () => Promise<void>;
}

const ids = (hits: Array<{ id: string }>) => hits.map((hit) => hit.id);
const sorted = (values: string[]) => [...values].sort();
const where = (test: (ad: ContractCarAd) => boolean) => sorted(CONTRACT_CAR_ADS.filter(test).map((ad) => ad.id));

const TOYOTAS = ['t01', 't02', 't03', 't04', 't05', 't06', 't07', 't08', 't09', 'y01'];
const COROLLA_WORD = ['t01', 't02', 't03', 't04', 't05', 'y01'];
const CIVICS = ['h01', 'h02', 'h03'];
const CAR_SYNONYMS = ['h06', 'k02', 'm02'];
const FOUR_BY_FOUR = ['mi1', 'n01', 's01', 't06'];
const PICKUP_WORD = ['f01', 'mi2', 'n01', 't06'];

/**
 * The behaviour every SearchIndex adapter must show (Meilisearch's, as the embedded engine
 * reproduces it), on a fixed corpus of 40 ads with expected answers written out by hand.
 */
export function runSearchIndexContractTests(name: string, setup: () => Promise<SearchIndexContractSetup>): void {
  describe(`SearchIndex contract: ${name}`, () => {
    let index: SearchIndex<ContractCarAd>;
    let teardown: (() => Promise<void>) | undefined;
    const search = (query: SearchQuery) => index.search({ limit: 100, ...query });
    const found = async (text: string, query: SearchQuery = {}) => sorted(ids((await search({ ...query, text })).hits));

    beforeAll(async () => {
      ({ index, teardown } = await setup());
      await index.configure(CONTRACT_SEARCH_SETTINGS);
      await index.upsert([...CONTRACT_CAR_ADS]);
      await index.flush();
    });
    afterAll(async () => {
      await index?.close();
      await teardown?.();
    });

    it('holds the 40 ads and gives one back by id as written', async () => {
      expect(await index.count()).toBe(40);
      expect(await index.get('t06')).toEqual(CONTRACT_CAR_ADS.find((ad) => ad.id === 't06'));
      expect(await index.get('nope')).toBeNull();
    });

    describe('typo tolerance by word length', () => {
      it('forgives one typo from 5 letters: "toyta" finds every Toyota, "corola" every Corolla', async () => {
        expect(await found('toyta')).toEqual(TOYOTAS);
        expect(await found('corola')).toEqual(COROLLA_WORD);
        expect(await found('toyta corola')).toEqual(COROLLA_WORD);
        expect(await found('tucsom')).toEqual(['y02', 'y03']);
        expect(await found('sentre')).toEqual(['n03', 'n04']);
      });

      it('forgives no typo under 5 letters', async () => {
        expect(await found('hnda')).toEqual([]);
        expect(await found('kai')).toEqual([]);
        expect(await found('civc')).toEqual([]);
      });

      it('forgives two typos from 9 letters, not from 5', async () => {
        expect(await found('volksvagem')).toEqual(['v01']);
        expect(await found('sintre')).toEqual([]);
      });

      it('counts a typo on the first letter as two', async () => {
        expect(await found('loyota')).toEqual([]);
        expect(await found('toyota')).toEqual(TOYOTAS);
      });

      it('ignores case and accents', async () => {
        expect(await found('TOYÓTA')).toEqual(TOYOTAS);
        expect(await found('económico')).toEqual(['k02']);
      });

      it('ranks exact words before words with a typo', async () => {
        const { hits } = await search({ text: 'civic' });
        expect(sorted(ids(hits.slice(0, 3)))).toEqual(CIVICS);
        expect(ids(hits)).toEqual([...ids(hits.slice(0, 3)), 'k02']);
      });

      it('ranks a match in an earlier searchable attribute first', async () => {
        const { hits } = await search({ text: 'corolla' });
        expect(sorted(ids(hits))).toEqual(COROLLA_WORD);
        expect(ids(hits).at(-1)).toBe('y01');
      });
    });

    describe('words', () => {
      it('matches the last word as a prefix', async () => {
        expect(await found('cor')).toEqual(COROLLA_WORD);
        expect(await found('toyota cor')).toEqual(COROLLA_WORD);
        expect(await found('volks')).toEqual(['v01']);
      });

      it('matches only whole words before the last, and the last whole after a space', async () => {
        expect(await found('cor toyota')).toEqual([]);
        expect(await found('cor ')).toEqual([]);
      });

      it('splits words at hyphens and other separators, in documents and queries alike', async () => {
        // The search service relies on it to meet "CR-V", "cr v" and "CX-5" however they are typed (issue 13).
        expect(await found('cr-v')).toEqual(['h04', 'h05']);
        expect(await found('CR V')).toEqual(['h04', 'h05']);
        expect(await found('honda cr/v')).toEqual(['h04', 'h05']);
        expect(await found('cx 5')).toEqual(['m01']);
        expect(await found('d.max')).toEqual(['i01']);
      });

      it('requires every word', async () => {
        expect(await found('toyota civic')).toEqual([]);
        expect(await found('honda blanco')).toEqual(['h02']);
        expect(await found('nissan pickup')).toEqual(['n01']);
      });

      it('matches every document on empty text', async () => {
        expect((await search({ text: '' })).total).toBe(40);
        expect((await search({ text: '  ' })).total).toBe(40);
        expect((await search({})).total).toBe(40);
      });
    });

    describe('synonyms', () => {
      it('match both ways within a group', async () => {
        expect(await found('carro')).toEqual(CAR_SYNONYMS);
        expect(await found('auto')).toEqual(CAR_SYNONYMS);
        expect(await found('car')).toEqual(CAR_SYNONYMS);
        expect(await found('4x4')).toEqual(FOUR_BY_FOUR);
        expect(await found('4wd')).toEqual(FOUR_BY_FOUR);
      });

      it('match phrases of several words, both ways', async () => {
        expect(await found('todo terreno')).toEqual(FOUR_BY_FOUR);
        expect(await found('pickup')).toEqual(PICKUP_WORD);
        expect(await found('pick up')).toEqual(PICKUP_WORD);
        expect(await found('4x4 pickup')).toEqual(['n01', 't06']);
      });
    });

    describe('filters', () => {
      it('equals, on strings, numbers and booleans', async () => {
        expect(await found('', { filters: [{ field: 'brand', equals: 'TOYOTA' }] })).toEqual(TOYOTAS);
        expect(await found('', { filters: [{ field: 'passengers', equals: 7 }] })).toEqual(['mi1']);
        const taxed = await found('', { filters: [{ field: 'payTaxes', equals: false }] });
        expect(taxed).toEqual(where((ad) => !ad.payTaxes));
        expect(taxed).toHaveLength(13);
      });

      it('one of several values', async () => {
        const hondaOrNissan = await found('', { filters: [{ field: 'brand', oneOf: ['HONDA', 'NISSAN'] }] });
        expect(hondaOrNissan).toEqual(['h01', 'h02', 'h03', 'h04', 'h05', 'h06', 'n01', 'n02', 'n03', 'n04', 'n05']);
        expect(await found('', { filters: [{ field: 'year', oneOf: [2008, 2009] }] })).toEqual(['h03', 'n04']);
        expect(await found('', { filters: [{ field: 'brand', oneOf: [] }] })).toEqual([]);
      });

      it('ranges with both ends (inclusive), with one end only', async () => {
        const recent = await found('', { filters: [{ field: 'year', min: 2018, max: 2020 }] });
        expect(recent).toEqual(['f01', 'h01', 'h04', 'i01', 'k01', 'm01', 'n05', 's02', 't03', 't06', 't08', 'y02', 'y04']);
        const expensive = await found('', { filters: [{ field: 'priceCrc', min: 18_300_000 }] });
        expect(expensive).toEqual(['b01', 'e01', 'i01', 'n01', 't05', 't06']);
        const low = await found('', { filters: [{ field: 'mileageKm', max: 30_000 }] });
        expect(low).toEqual(['c01', 'n05', 's01', 't05', 'y05']);
        expect((await search({ filters: [{ field: 'year' }] })).total).toBe(40);
      });

      it('combine with each other and with text (AND)', async () => {
        const filters = [
          { field: 'transmissionType', equals: 'AUTOMATIC' },
          { field: 'year', min: 2015 },
        ];
        expect(await found('toyta', { filters })).toEqual(['t01', 't02', 't05', 't08', 't09', 'y01']);
        expect(await found('corola', { filters: [...filters, { field: 'priceCrc', max: 8_700_000 }] })).toEqual(['t02', 'y01']);
      });

      it('refuse a field that is not filterable', async () => {
        await expect(search({ filters: [{ field: 'description', equals: 'x' }] })).rejects.toThrow();
      });
    });

    describe('facets', () => {
      it('count values over the whole matched set, not just the page', async () => {
        const result = await index.search({ text: 'toyta', facets: ['transmissionType', 'year', 'brand'], limit: 2 });
        expect(result.hits).toHaveLength(2);
        expect(result.total).toBe(10);
        expect(result.facets).toEqual({
          transmissionType: { AUTOMATIC: 7, MANUAL: 3 },
          year: { '2010': 1, '2012': 1, '2015': 3, '2017': 1, '2018': 1, '2019': 1, '2020': 1, '2022': 1 },
          brand: { TOYOTA: 10 },
        });
      });

      it('count after filters, booleans as "true" and "false"', async () => {
        const result = await index.search({ filters: [{ field: 'transmissionType', equals: 'MANUAL' }], facets: ['brand', 'payTaxes'], limit: 0 });
        expect(result.total).toBe(17);
        expect(result.hits).toEqual([]);
        expect(result.facets.brand).toEqual({
          KIA: 1,
          TOYOTA: 3,
          HONDA: 2,
          NISSAN: 3,
          HYUNDAI: 2,
          MITSUBISHI: 1,
          SUZUKI: 2,
          MAZDA: 1,
          VOLKSWAGEN: 1,
          ISUZU: 1,
        });
        expect(result.facets.payTaxes).toEqual({ true: 7, false: 10 });
      });

      it('count over every document when there is neither text nor filter', async () => {
        const result = await index.search({ facets: ['brand', 'passengers'], limit: 0 });
        expect(result.total).toBe(40);
        expect(result.facets).toEqual({
          brand: {
            TOYOTA: 10,
            KIA: 2,
            HONDA: 6,
            NISSAN: 5,
            HYUNDAI: 4,
            MITSUBISHI: 2,
            SUZUKI: 2,
            MAZDA: 2,
            FORD: 2,
            CHEVROLET: 1,
            BMW: 1,
            VOLKSWAGEN: 1,
            MERCEDES: 1,
            ISUZU: 1,
          },
          passengers: { '4': 1, '5': 38, '7': 1 },
        });
      });

      it('give an empty count for each facet when nothing matched', async () => {
        const result = await index.search({ text: 'toyota civic', facets: ['brand', 'year'] });
        expect(result).toEqual({ hits: [], total: 0, reachable: 0, facets: { brand: {}, year: {} } });
      });
    });

    describe('sort', () => {
      const byPrice = [...CONTRACT_CAR_ADS].sort((a, b) => a.priceCrc - b.priceCrc).map((ad) => ad.id);

      it('by price either way, before relevance', async () => {
        expect(ids((await search({ sort: [{ field: 'priceCrc', order: 'asc' }] })).hits)).toEqual(byPrice);
        expect(ids((await search({ sort: [{ field: 'priceCrc', order: 'desc' }] })).hits)).toEqual([...byPrice].reverse());
        // y01 matches "corolla" in its description only, yet its price puts it second.
        expect(ids((await search({ text: 'corolla', sort: [{ field: 'priceCrc', order: 'asc' }] })).hits)).toEqual(['t04', 'y01', 't02', 't01', 't03', 't05']);
        expect(byPrice.slice(0, 3)).toEqual(['n04', 'h03', 't04']);
      });

      it('by year, relevance breaking ties', async () => {
        const { hits } = await search({ text: 'corolla', sort: [{ field: 'year', order: 'desc' }] });
        const order = ids(hits);
        expect(order.slice(0, 2)).toEqual(['t05', 't03']);
        expect(sorted(order.slice(2, 4))).toEqual(['t01', 't02']);
        expect(order.slice(4)).toEqual(['y01', 't04']);
      });

      it('by mileage and by publication date, and by several fields in order', async () => {
        const mileages = (await search({ sort: [{ field: 'mileageKm', order: 'asc' }] })).hits.map((ad) => ad.mileageKm);
        expect(mileages).toEqual([...mileages].sort((a, b) => a - b));
        expect(mileages).toHaveLength(40);
        const newest = await search({ sort: [{ field: 'publishedAt', order: 'desc' }], limit: 3 });
        expect(ids(newest.hits)).toEqual(['i01', 'e01', 'v01']);
        const twoFields = await search({
          text: 'toyota',
          sort: [
            { field: 'year', order: 'desc' },
            { field: 'priceCrc', order: 'asc' },
          ],
        });
        expect(ids(twoFields.hits)).toEqual(['t05', 't08', 't06', 't03', 't09', 'y01', 't02', 't01', 't07', 't04']);
      });

      it('refuses a field that is not sortable', async () => {
        await expect(search({ sort: [{ field: 'brand', order: 'asc' }] })).rejects.toThrow();
      });
    });

    describe('pagination', () => {
      it('pages through every match exactly once, with the exact total on each page', async () => {
        const sort = [{ field: 'priceCrc', order: 'asc' as const }];
        const seen: string[] = [];
        for (let offset = 0; offset < 40; offset += 7) {
          const page = await index.search({ sort, offset, limit: 7 });
          expect(page.total).toBe(40);
          seen.push(...ids(page.hits));
        }
        expect(seen).toEqual([...CONTRACT_CAR_ADS].sort((a, b) => a.priceCrc - b.priceCrc).map((ad) => ad.id));
      });

      it('answers an offset that is not a multiple of the limit, the end, and past the end', async () => {
        const sort = [{ field: 'priceCrc', order: 'asc' as const }];
        const byPrice = ids((await search({ sort })).hits);
        expect(ids((await index.search({ sort, offset: 3, limit: 5 })).hits)).toEqual(byPrice.slice(3, 8));
        expect(ids((await index.search({ sort, offset: 38, limit: 7 })).hits)).toEqual(byPrice.slice(38));
        expect(await index.search({ sort, offset: 40, limit: 7 })).toEqual({ hits: [], total: 40, reachable: 40, facets: {} });
      });

      it('stops paging at maxTotalHits (the cap Meilisearch applies) with the exact total and what can be paged (decision 0159)', async () => {
        const sort = [{ field: 'priceCrc', order: 'asc' as const }];
        const byPrice = ids((await search({ sort })).hits);
        await index.configure({ ...CONTRACT_SEARCH_SETTINGS, maxTotalHits: 25 });
        await index.flush();
        try {
          const first = await index.search({ sort, offset: 0, limit: 10 });
          expect(first.total).toBe(40);
          expect(first.reachable).toBe(25);
          expect(ids((await index.search({ sort, offset: 20, limit: 10 })).hits)).toEqual(byPrice.slice(20, 25));
          expect(ids((await index.search({ sort, offset: 18, limit: 5 })).hits)).toEqual(byPrice.slice(18, 23));
          expect(ids((await index.search({ sort, offset: 22, limit: 7 })).hits)).toEqual(byPrice.slice(22, 25));
          expect(await index.search({ sort, offset: 30, limit: 10 })).toEqual({ hits: [], total: 40, reachable: 25, facets: {} });
          expect((await index.search({ text: 'honda', limit: 0 })).reachable).toBe(6);
        } finally {
          await index.configure(CONTRACT_SEARCH_SETTINGS);
          await index.flush();
        }
        expect((await index.search({ sort, offset: 30, limit: 10 })).hits).toHaveLength(10);
      });

      it('gives 20 hits by default', async () => {
        const page = await index.search({});
        expect(page.hits).toHaveLength(20);
        expect(page.total).toBe(40);
      });
    });

    it('follows the typo settings (one typo from 4 letters)', async () => {
      await index.configure({ ...CONTRACT_SEARCH_SETTINGS, typoTolerance: { oneTypo: 4, twoTypos: 8 } });
      await index.flush();
      try {
        expect(await found('hnda')).toEqual(['h01', 'h02', 'h03', 'h04', 'h05', 'h06']);
      } finally {
        await index.configure(CONTRACT_SEARCH_SETTINGS);
        await index.flush();
      }
      expect(await found('hnda')).toEqual([]);
      expect(await index.count()).toBe(40);
    });

    describe('writes', () => {
      it('replaces a document on upsert of the same id', async () => {
        const before = CONTRACT_CAR_ADS.find((ad) => ad.id === 't04')!;
        await index.upsert([{ ...before, model: 'Camry', priceCrc: 5_500_000 }]);
        await index.flush();
        expect(await index.count()).toBe(40);
        expect(await found('camry')).toEqual(['t04']);
        expect(await found('corolla')).toEqual(['t01', 't02', 't03', 't05', 'y01']);
        expect(await found('', { filters: [{ field: 'priceCrc', equals: 5_400_000 }] })).toEqual([]);
        expect(await found('', { filters: [{ field: 'priceCrc', equals: 5_500_000 }] })).toEqual(['t04']);
        expect((await index.search({ filters: [{ field: 'brand', equals: 'TOYOTA' }], facets: ['brand'], limit: 0 })).facets.brand).toEqual({ TOYOTA: 10 });
        expect((await index.get('t04'))?.model).toBe('Camry');
        expect((await index.search({ facets: ['model'], limit: 0 })).facets.model).toMatchObject({ Corolla: 3, Camry: 1 });
      });

      it('rewrites a document with the same words: found, filtered, counted and sorted by its new values only, once, however often they change', async () => {
        const original = CONTRACT_CAR_ADS.find((ad) => ad.id === 'h02')!;
        const silver = { ...original, level: 'SILVER', priceCrc: 9_700_000 };
        try {
          // To SILVER, back to FREE, to SILVER again (what the search service does with ratings).
          for (const version of [silver, original, silver]) {
            await index.upsert([version]);
            await index.flush();
          }
          expect(await index.count()).toBe(40);
          const levels = (await index.search({ facets: ['level'], limit: 0 })).facets.level!;
          expect(levels.SILVER).toBe(CONTRACT_CAR_ADS.filter((ad) => ad.level === 'SILVER').length + 1);
          expect(levels.FREE).toBe(CONTRACT_CAR_ADS.filter((ad) => ad.level === 'FREE').length - 1);
          const silverHits = ids((await search({ filters: [{ field: 'level', equals: 'SILVER' }] })).hits);
          expect(silverHits.filter((id) => id === 'h02')).toEqual(['h02']);
          expect(ids((await search({ filters: [{ field: 'level', oneOf: ['SILVER', 'GOLD'] }] })).hits).filter((id) => id === 'h02')).toEqual(['h02']);
          expect(await found('', { filters: [{ field: 'level', equals: 'FREE' }] })).not.toContain('h02');
          expect(await found('', { filters: [{ field: 'priceCrc', equals: 9_700_000 }] })).toEqual(['h02']);
          expect(await found('', { filters: [{ field: 'priceCrc', equals: 9_800_000 }] })).toEqual([]);
          expect(await found('civic', { filters: [{ field: 'brand', equals: 'HONDA' }] })).toEqual(CIVICS);
          const civics = await search({ filters: [{ field: 'model', equals: 'Civic' }], sort: [{ field: 'priceCrc', order: 'desc' }] });
          expect(civics.hits.map((ad) => [ad.id, ad.priceCrc])).toEqual([
            ['h01', 13_900_000],
            ['h02', 9_700_000],
            ['h03', 4_200_000],
          ]);
        } finally {
          await index.upsert([original]);
          await index.flush();
        }
        expect(await found('', { filters: [{ field: 'level', equals: 'SILVER' }] })).toEqual(where((ad) => ad.level === 'SILVER'));
      });

      it('reports a write it could not apply as a SearchIndexWriteError naming its ids, by the write or the next flush, once', async () => {
        // Meilisearch refuses a document id outside [A-Za-z0-9_-] (its task fails); the embedded index refuses it too.
        const refused = { ...CONTRACT_CAR_ADS.find((ad) => ad.id === 't01')!, id: 'not a valid id!' };
        const attempt = (async () => {
          await index.upsert([refused]);
          await index.flush();
        })();
        await expect(attempt).rejects.toBeInstanceOf(SearchIndexWriteError);
        await expect(attempt).rejects.toMatchObject({ ids: expect.arrayContaining(['not a valid id!']) });
        await expect(index.flush()).resolves.toBeUndefined();
        expect(await index.get('t01')).not.toBeNull();
        expect(await index.count()).toBe(40);
      });

      it('replaces its contents by a swap: never empty while it builds, and the writes made meanwhile are kept', async () => {
        // One the build writes after it is removed live, so the build's (older) copy must be skipped.
        const removed = CONTRACT_CAR_ADS[25]!;
        const live = { ...CONTRACT_CAR_ADS[0]!, id: 'zz-live' };
        const seen: number[] = [];
        const written = await index.replace(async (write) => {
          await write(CONTRACT_CAR_ADS.slice(0, 20));
          await index.flush();
          // Shoppers still see every ad while the new index fills.
          seen.push(await index.count(), (await index.search({ text: 'toyota', limit: 0 })).total);
          // Live writes meanwhile: an ad added, another removed; the build's older copy of it is not written.
          await index.upsert([live]);
          await index.remove([removed.id]);
          await write(CONTRACT_CAR_ADS.slice(20));
        });
        await index.flush();
        expect(seen).toEqual([40, 10]);
        expect(written).toBe(39);
        expect(await index.count()).toBe(40);
        expect(await index.get(removed.id)).toBeNull();
        expect(await index.get('zz-live')).toEqual(live);
        // What the next tests expect: the 40 ads.
        await index.remove(['zz-live']);
        await index.upsert([removed]);
        await index.flush();
        expect(await index.count()).toBe(40);
      });

      it('removes documents by id, a missing id being no error', async () => {
        await index.remove(['t04', 'missing-id']);
        await index.flush();
        expect(await index.count()).toBe(39);
        expect(await found('camry')).toEqual([]);
        expect(await index.get('t04')).toBeNull();
        expect((await index.search({ text: 'toyota', facets: ['brand'] })).facets.brand).toEqual({ TOYOTA: 9 });
        const everything = await index.search({ facets: ['brand', 'model'], limit: 0 });
        expect(everything.total).toBe(39);
        expect(everything.facets.brand?.TOYOTA).toBe(9);
        expect(everything.facets.model).not.toHaveProperty('Camry');
      });

      it('clears every document', async () => {
        await index.clear();
        await index.flush();
        expect(await index.count()).toBe(0);
        expect(await index.search({ text: 'toyota', facets: ['brand'] })).toEqual({ hits: [], total: 0, reachable: 0, facets: { brand: {} } });
        expect(await index.search({ facets: ['brand'] })).toEqual({ hits: [], total: 0, reachable: 0, facets: { brand: {} } });
        await index.upsert([CONTRACT_CAR_ADS[0]!]);
        await index.flush();
        expect(await found('yaris')).toEqual(['y01']);
      });
    });
  });
}
