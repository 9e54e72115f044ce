import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndexWriteError, type SearchIndex, type SearchIndexSettings, type SearchQuery } from '@ruedas/platform';

/** A flat car ad as the search service indexes it. */
export interface ContractCarAd {
  id: string;
  brand: string;
  brandName: string;
  model: string;
  year: number;
  style: string;
  fuelType: string;
  transmissionType: string;
  priceCrc: number;
  mileageKm: number;
  passengers: number;
  motorSizeCC: number;
  exteriorColor: string;
  interiorColor: string;
  level: string;
  publishedAt: number;
  payTaxes: boolean;
  description: string;
}

export const CONTRACT_SEARCH_SETTINGS: SearchIndexSettings = {
  searchableAttributes: ['brandName', 'model', 'exteriorColor', 'description'],
  filterableAttributes: [
    'brand', 'model', 'year', 'style', 'fuelType', 'transmissionType', 'priceCrc', 'mileageKm', 'passengers',
    'motorSizeCC', 'exteriorColor', 'interiorColor', 'level', 'payTaxes',
  ],
  sortableAttributes: ['priceCrc', 'year', 'mileageKm', 'publishedAt'],
  synonyms: [['carro', 'auto', 'car'], ['4x4', '4wd', 'todo terreno'], ['pick up', 'pickup']],
};

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);
type Row = [string, string, string, string, number, string, string, string, number, number, number, number, string, string, string, boolean, string];

// Written in this order on purpose: the Yaris (mentions "corolla") before the Corollas and the Kia
// Rio ("uso civil") before the Civics, so relevance, not writing order, must put them last.
// prettier-ignore
const ROWS: Row[] = [
  ['y01', 'TOYOTA', 'Toyota', 'Yaris', 2015, 'HATCHBACK', 'GASOLINE', 'AUTOMATIC', 7_200_000, 98_000, 5, 1500, 'Rojo', 'Negro', 'FREE', true, 'mismo motor que corolla'],
  ['k02', 'KIA', 'Kia', 'Rio', 2016, 'SEDAN', 'GASOLINE', 'MANUAL', 6_300_000, 110_000, 5, 1400, 'Blanco', 'Gris', 'FREE', false, 'auto economico, uso civil'],
  ['t01', 'TOYOTA', 'Toyota', 'Corolla', 2015, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 8_900_000, 85_000, 5, 1800, 'Blanco', 'Gris', 'SILVER', true, 'unico dueno'],
  ['t02', 'TOYOTA', 'Toyota', 'Corolla', 2015, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 8_600_000, 120_000, 5, 1800, 'Gris', 'Negro', 'FREE', false, 'recibo vehiculo'],
  ['t03', 'TOYOTA', 'Toyota', 'Corolla', 2018, 'SEDAN', 'GASOLINE', 'MANUAL', 10_400_000, 60_000, 5, 1800, 'Plateado', 'Negro', 'BRONZE', true, 'impecable'],
  ['t04', 'TOYOTA', 'Toyota', 'Corolla', 2010, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 5_400_000, 180_000, 5, 1600, 'Negro', 'Gris', 'FREE', true, ''],
  ['t05', 'TOYOTA', 'Toyota', 'Corolla Cross', 2022, 'SUV', 'HYBRID', 'AUTOMATIC', 18_900_000, 20_000, 5, 1800, 'Azul', 'Negro', 'GOLD', true, 'full extras'],
  ['t06', 'TOYOTA', 'Toyota', 'Hilux', 2019, 'PICKUP', 'DIESEL', 'MANUAL', 21_500_000, 75_000, 5, 2800, 'Blanco', 'Gris', 'GOLD', true, 'pick up 4x4 doble cabina'],
  ['t07', 'TOYOTA', 'Toyota', 'Hilux', 2012, 'PICKUP', 'DIESEL', 'MANUAL', 12_800_000, 210_000, 5, 2500, 'Gris', 'Gris', 'FREE', false, 'de agencia'],
  ['t08', 'TOYOTA', 'Toyota', 'RAV4', 2020, 'SUV', 'GASOLINE', 'AUTOMATIC', 17_300_000, 45_000, 5, 2000, 'Rojo', 'Negro', 'SILVER', true, 'impecable'],
  ['t09', 'TOYOTA', 'Toyota', 'RAV4', 2017, 'SUV', 'GASOLINE', 'AUTOMATIC', 13_100_000, 90_000, 5, 2000, 'Negro', 'Beige', 'BRONZE', true, ''],
  ['h01', 'HONDA', 'Honda', 'Civic', 2019, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 13_900_000, 40_000, 5, 2000, 'Negro', 'Negro', 'GOLD', true, 'full extras'],
  ['h02', 'HONDA', 'Honda', 'Civic', 2016, 'SEDAN', 'GASOLINE', 'MANUAL', 9_800_000, 95_000, 5, 1800, 'Blanco', 'Gris', 'FREE', false, ''],
  ['h03', 'HONDA', 'Honda', 'Civic', 2008, 'SEDAN', 'GASOLINE', 'MANUAL', 4_200_000, 230_000, 5, 1800, 'Rojo', 'Gris', 'FREE', false, ''],
  ['h04', 'HONDA', 'Honda', 'CR-V', 2018, 'SUV', 'GASOLINE', 'AUTOMATIC', 15_200_000, 70_000, 5, 2400, 'Plateado', 'Negro', 'SILVER', true, ''],
  ['h05', 'HONDA', 'Honda', 'CR-V', 2013, 'SUV', 'GASOLINE', 'AUTOMATIC', 9_100_000, 150_000, 5, 2400, 'Gris', 'Beige', 'FREE', true, 'unico dueno'],
  ['h06', 'HONDA', 'Honda', 'Fit', 2014, 'HATCHBACK', 'GASOLINE', 'AUTOMATIC', 6_900_000, 105_000, 5, 1500, 'Azul', 'Gris', 'FREE', false, 'carro de agencia'],
  ['n01', 'NISSAN', 'Nissan', 'Frontier', 2021, 'PICKUP', 'DIESEL', 'MANUAL', 22_400_000, 35_000, 5, 2500, 'Gris', 'Negro', 'GOLD', true, 'pickup 4wd'],
  ['n02', 'NISSAN', 'Nissan', 'Frontier', 2011, 'PICKUP', 'DIESEL', 'MANUAL', 9_600_000, 250_000, 5, 2500, 'Blanco', 'Gris', 'FREE', false, ''],
  ['n03', 'NISSAN', 'Nissan', 'Sentra', 2017, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 8_100_000, 80_000, 5, 1800, 'Plateado', 'Negro', 'BRONZE', true, ''],
  ['n04', 'NISSAN', 'Nissan', 'Sentra', 2009, 'SEDAN', 'GASOLINE', 'MANUAL', 3_900_000, 200_000, 5, 1800, 'Negro', 'Gris', 'FREE', false, ''],
  ['n05', 'NISSAN', 'Nissan', 'Versa', 2020, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 9_300_000, 30_000, 5, 1600, 'Rojo', 'Negro', 'FREE', true, ''],
  ['y02', 'HYUNDAI', 'Hyundai', 'Tucson', 2019, 'SUV', 'GASOLINE', 'AUTOMATIC', 14_600_000, 55_000, 5, 2000, 'Blanco', 'Negro', 'SILVER', true, ''],
  ['y03', 'HYUNDAI', 'Hyundai', 'Tucson', 2014, 'SUV', 'DIESEL', 'MANUAL', 8_300_000, 140_000, 5, 2000, 'Gris', 'Gris', 'FREE', false, ''],
  ['y04', 'HYUNDAI', 'Hyundai', 'Accent', 2018, 'SEDAN', 'GASOLINE', 'MANUAL', 7_000_000, 65_000, 5, 1400, 'Azul', 'Gris', 'FREE', true, ''],
  ['y05', 'HYUNDAI', 'Hyundai', 'Elantra', 2021, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 12_300_000, 25_000, 5, 2000, 'Negro', 'Negro', 'BRONZE', true, ''],
  ['mi1', 'MITSUBISHI', 'Mitsubishi', 'Montero', 2016, 'SUV', 'DIESEL', 'AUTOMATIC', 16_700_000, 120_000, 7, 3200, 'Plateado', 'Beige', 'SILVER', true, 'todo terreno, siete asientos'],
  ['mi2', 'MITSUBISHI', 'Mitsubishi', 'L200', 2015, 'PICKUP', 'DIESEL', 'MANUAL', 11_200_000, 130_000, 5, 2500, 'Blanco', 'Gris', 'FREE', false, 'pick-up de trabajo'],
  ['s01', 'SUZUKI', 'Suzuki', 'Jimny', 2022, 'SUV', 'GASOLINE', 'MANUAL', 14_100_000, 10_000, 4, 1500, 'Verde', 'Negro', 'GOLD', true, '4x4 como nuevo'],
  ['s02', 'SUZUKI', 'Suzuki', 'Swift', 2019, 'HATCHBACK', 'GASOLINE', 'MANUAL', 7_500_000, 50_000, 5, 1200, 'Rojo', 'Negro', 'FREE', true, ''],
  ['k01', 'KIA', 'Kia', 'Sportage', 2020, 'SUV', 'GASOLINE', 'AUTOMATIC', 15_900_000, 40_000, 5, 2000, 'Gris', 'Negro', 'SILVER', true, ''],
  ['m01', 'MAZDA', 'Mazda', 'CX-5', 2019, 'SUV', 'GASOLINE', 'AUTOMATIC', 16_100_000, 60_000, 5, 2500, 'Rojo', 'Negro', 'GOLD', true, ''],
  ['m02', 'MAZDA', 'Mazda', '3', 2017, 'SEDAN', 'GASOLINE', 'MANUAL', 8_700_000, 88_000, 5, 2000, 'Azul', 'Negro', 'FREE', false, 'family car'],
  ['f01', 'FORD', 'Ford', 'Ranger', 2018, 'PICKUP', 'DIESEL', 'AUTOMATIC', 17_800_000, 95_000, 5, 3200, 'Negro', 'Negro', 'BRONZE', true, 'pickup'],
  ['f02', 'FORD', 'Ford', 'Escape', 2013, 'SUV', 'GASOLINE', 'AUTOMATIC', 7_900_000, 160_000, 5, 2500, 'Plateado', 'Gris', 'FREE', false, ''],
  ['c01', 'CHEVROLET', 'Chevrolet', 'Tracker', 2021, 'SUV', 'GASOLINE', 'AUTOMATIC', 13_400_000, 30_000, 5, 1200, 'Blanco', 'Negro', 'FREE', true, ''],
  ['b01', 'BMW', 'BMW', 'X5', 2016, 'SUV', 'GASOLINE', 'AUTOMATIC', 24_900_000, 100_000, 5, 3000, 'Negro', 'Beige', 'GOLD', true, ''],
  ['v01', 'VOLKSWAGEN', 'Volkswagen', 'Golf', 2014, 'HATCHBACK', 'GASOLINE', 'MANUAL', 6_600_000, 140_000, 5, 1400, 'Gris', 'Negro', 'FREE', false, ''],
  ['e01', 'MERCEDES', 'Mercedes-Benz', 'Clase C', 2017, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 19_800_000, 70_000, 5, 2000, 'Negro', 'Negro', 'GOLD', true, ''],
  ['i01', 'ISUZU', 'Isuzu', 'D-Max', 2020, 'PICKUP', 'DIESEL', 'MANUAL', 18_300_000, 60_000, 5, 3000, 'Blanco', 'Gris', 'BRONZE', true, ''],
];

/** The fixed corpus of the contract: 40 ads, the n-th published n days after 2026-01-01. */
export const CONTRACT_CAR_ADS: readonly ContractCarAd[] = ROWS.map((row, index) => {
  const [id, brand, brandName, model, year, style, fuelType, transmissionType, priceCrc, mileageKm, passengers, motorSizeCC, exteriorColor, interiorColor, level, payTaxes, description] = row;
  return {
    id, brand, brandName, model, year, style, fuelType, transmissionType, priceCrc, mileageKm, passengers, motorSizeCC,
    exteriorColor, interiorColor, level, publishedAt: BASE + (index + 1) * DAY, payTaxes, description,
  };
});

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
        expect(result.facets.brand).toEqual({ KIA: 1, TOYOTA: 3, HONDA: 2, NISSAN: 3, HYUNDAI: 2, MITSUBISHI: 1, SUZUKI: 2, MAZDA: 1, VOLKSWAGEN: 1, ISUZU: 1 });
        expect(result.facets.payTaxes).toEqual({ true: 7, false: 10 });
      });

      it('count over every document when there is neither text nor filter', async () => {
        const result = await index.search({ facets: ['brand', 'passengers'], limit: 0 });
        expect(result.total).toBe(40);
        expect(result.facets).toEqual({
          brand: { TOYOTA: 10, KIA: 2, HONDA: 6, NISSAN: 5, HYUNDAI: 4, MITSUBISHI: 2, SUZUKI: 2, MAZDA: 2, FORD: 2, CHEVROLET: 1, BMW: 1, VOLKSWAGEN: 1, MERCEDES: 1, ISUZU: 1 },
          passengers: { '4': 1, '5': 38, '7': 1 },
        });
      });

      it('give an empty count for each facet when nothing matched', async () => {
        const result = await index.search({ text: 'toyota civic', facets: ['brand', 'year'] });
        expect(result).toEqual({ hits: [], total: 0, facets: { brand: {}, year: {} } });
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
        const twoFields = await search({ text: 'toyota', sort: [{ field: 'year', order: 'desc' }, { field: 'priceCrc', order: 'asc' }] });
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
        expect(await index.search({ sort, offset: 40, limit: 7 })).toEqual({ hits: [], total: 40, facets: {} });
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
        expect(await index.search({ text: 'toyota', facets: ['brand'] })).toEqual({ hits: [], total: 0, facets: { brand: {} } });
        expect(await index.search({ facets: ['brand'] })).toEqual({ hits: [], total: 0, facets: { brand: {} } });
        await index.upsert([CONTRACT_CAR_ADS[0]!]);
        await index.flush();
        expect(await found('yaris')).toEqual(['y01']);
      });
    });
  });
}
