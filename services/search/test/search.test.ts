import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code, facet, fields, ids, search, snapshot, startSearch, START, type Search } from './harness';

const day = (n: number) => new Date(START.getTime() + n * 86_400_000).toISOString();

/** The fixed corpus: nine public ads and one waiting for approval. Rate: 510 colones per dollar. */
const corpus = {
  corolla15: snapshot({ model: 'Corolla', year: 2015, exteriorColor: 'Blanco', price: 8_000_000, mileage: 90_000, publishedAt: day(1) }),
  corolla18: snapshot({
    model: 'Corolla',
    year: 2018,
    transmissionType: 'MANUAL',
    exteriorColor: 'Negro',
    currency: 'USD',
    price: 15_000,
    mileage: 40_000,
    publishedAt: day(2),
  }),
  hilux: snapshot({
    model: 'Hilux',
    year: 2020,
    style: 'PICK_UP_4X4',
    fuelType: 'DIESEL',
    transmissionType: 'MANUAL',
    exteriorColor: 'Gris',
    currency: 'USD',
    price: 35_000,
    mileage: 60_000,
    mileageUnit: 'MI',
    motorSizeCC: 2800,
    publishedAt: day(3),
  }),
  tucson: snapshot({
    brand: 'HYUNDAI',
    model: 'Tucson',
    year: 2019,
    style: 'TODO_TERRENO_4X4',
    fuelType: 'HYBRID',
    exteriorColor: 'Rojo',
    interiorColor: 'Beige',
    price: 18_000_000,
    mileage: 30_000,
    passengersNumber: 7,
    motorSizeCC: 2000,
    publishedAt: day(4),
  }),
  defender: snapshot({
    brand: 'LAND_ROVER',
    model: 'Defender',
    year: 2012,
    style: 'TODO_TERRENO_4X4',
    fuelType: 'DIESEL',
    exteriorColor: 'Negro',
    currency: 'USD',
    price: 45_000,
    mileage: 150_000,
    passengersNumber: 7,
    motorSizeCC: 3000,
    publishedAt: day(5),
  }),
  versa: snapshot({
    brand: 'NISSAN',
    model: 'Versa',
    year: 2015,
    exteriorColor: 'Plateado',
    price: 6_500_000,
    mileage: 120_000,
    motorSizeCC: 1600,
    publishedAt: day(6),
  }),
  benz: snapshot({
    brand: 'MERCEDES_BENZ',
    model: 'C 200',
    year: 2017,
    exteriorColor: 'Black',
    price: 20_000_000,
    mileage: 70_000,
    motorSizeCC: 2000,
    level: 'GOLD',
    publishedAt: day(7),
  }),
  hiace: snapshot({
    model: 'Hiace',
    year: 2010,
    style: 'VAN',
    fuelType: 'DIESEL',
    transmissionType: 'MANUAL',
    exteriorColor: 'White',
    price: 12_000_000,
    mileage: 250_000,
    passengersNumber: 888,
    motorSizeCC: 3000,
    publishedAt: day(8),
  }),
  picanto: snapshot({
    brand: 'KIA',
    model: 'Picanto',
    year: 2021,
    style: 'HATCHBACK',
    transmissionType: 'MANUAL',
    exteriorColor: 'Roja',
    price: 7_000_000,
    mileage: 10_000,
    passengersNumber: 4,
    motorSizeCC: 1000,
    status: 'MODIFIED',
    publishedAt: day(9),
  }),
  pending: snapshot({ model: 'Corolla', year: 2015, status: 'PENDING_APPROVAL', publishedAt: null }),
};
type Name = keyof typeof corpus;
const idOf = (...names: Name[]) => names.map((name) => corpus[name].id);
const sorted = (list: string[]) => [...list].sort();

let s: Search;

beforeAll(async () => {
  s = await startSearch();
  await s.publishAds(Object.values(corpus));
});
afterAll(() => s.stop());

describe('free text', () => {
  it('finds "toyta corola 2015 automatico": Toyota Corolla 2015 automatic, public only', async () => {
    const page = await search(s, { text: 'toyta corola 2015 automatico' });
    expect(ids(page)).toEqual(idOf('corolla15'));
    expect(page.interpretation).toMatchObject({
      text: 'toyta corola 2015 automatico',
      brand: 'TOYOTA',
      model: 'Corolla',
      year: 2015,
      transmissionType: 'AUTOMATIC',
    });
  });

  it('reads synonyms and both languages the same', async () => {
    expect(sorted(ids(await search(s, { text: 'carro automático negro' })))).toEqual(sorted(idOf('defender', 'benz')));
    expect(sorted(ids(await search(s, { text: 'black automatic car' })))).toEqual(sorted(idOf('defender', 'benz')));
    expect(ids(await search(s, { text: 'pickup 4x4 diesel' }))).toEqual(idOf('hilux'));
    expect(ids(await search(s, { text: 'pick up 4wd diésel' }))).toEqual(idOf('hilux'));
    expect(sorted(ids(await search(s, { text: 'todo terreno' })))).toEqual(sorted(idOf('tucson', 'defender')));
    expect(ids(await search(s, { text: 'híbrido' }))).toEqual(idOf('tucson'));
    expect(ids(await search(s, { text: 'hybrid' }))).toEqual(idOf('tucson'));
    expect(ids(await search(s, { text: 'microbus' }))).toEqual(idOf('hiace'));
    expect(ids(await search(s, { text: 'land rover' }))).toEqual(idOf('defender'));
    expect(ids(await search(s, { text: 'mercedes c 200' }))).toEqual(idOf('benz'));
    expect(ids(await search(s, { text: 'roja' }))).toEqual(idOf('picanto', 'tucson'));
    expect(ids(await search(s, { text: 'mercedes c200' }))).toEqual(idOf('benz'));
  });

  it('lets a structured field win over the text', async () => {
    const page = await search(s, { text: 'corolla 2015', year: 2018 });
    expect(ids(page)).toEqual(idOf('corolla18'));
  });
});

describe('filters', () => {
  const only = async (filter: Record<string, unknown>) => sorted(ids(await search(s, filter)));

  it('filters by brand, model, style, fuel, transmission and colours', async () => {
    expect(await only({ brand: 'TOYOTA' })).toEqual(sorted(idOf('corolla15', 'corolla18', 'hilux', 'hiace')));
    expect(await only({ brand: 'TOYOTA', model: 'Corolla' })).toEqual(sorted(idOf('corolla15', 'corolla18')));
    expect(await only({ style: 'TODO_TERRENO_4X4' })).toEqual(sorted(idOf('tucson', 'defender')));
    expect(await only({ fuelType: 'DIESEL' })).toEqual(sorted(idOf('hilux', 'defender', 'hiace')));
    expect(await only({ transmissionType: 'MANUAL' })).toEqual(sorted(idOf('corolla18', 'hilux', 'hiace', 'picanto')));
    expect(await only({ exteriorColor: 'negro' })).toEqual(sorted(idOf('corolla18', 'defender', 'benz')));
    expect(await only({ exteriorColor: 'BLACK' })).toEqual(sorted(idOf('corolla18', 'defender', 'benz')));
    expect(await only({ interiorColor: 'beige' })).toEqual(idOf('tucson'));
  });

  it('corrects a misspelled brand or model of a legacy filter to the same results as the text', async () => {
    const typed = await search(s, { text: 'toyta corola' });
    const legacy = await search(s, { brand: 'Toyta', model: 'corola' });
    expect(sorted(ids(legacy))).toEqual(sorted(idOf('corolla15', 'corolla18')));
    expect(sorted(ids(legacy))).toEqual(sorted(ids(typed)));
    expect(legacy.interpretation).toMatchObject({ brand: 'TOYOTA', model: 'Corolla' });
    expect(await only({ brand: 'mercedes benz' })).toEqual(idOf('benz'));
  });

  it('filters by exact year and year range', async () => {
    expect(await only({ year: 2015 })).toEqual(sorted(idOf('corolla15', 'versa')));
    expect(await only({ yearFrom: 2018, yearTo: 2020 })).toEqual(sorted(idOf('corolla18', 'hilux', 'tucson')));
    expect(await only({ yearFrom: 2020 })).toEqual(sorted(idOf('hilux', 'picanto')));
  });

  it('filters prices in colones or dollars against the price normalised to colones', async () => {
    // Corolla 2018: $15,000 = ₡7,650,000; Hilux $35,000 = ₡17,850,000; Defender $45,000 = ₡22,950,000.
    expect(await only({ priceFrom: 7_000_000, priceTo: 8_000_000, currency: 'CRC' })).toEqual(sorted(idOf('corolla15', 'corolla18', 'picanto')));
    expect(await only({ priceFrom: 7_000_000, priceTo: 8_000_000 })).toEqual(sorted(idOf('corolla15', 'corolla18', 'picanto')));
    expect(await only({ priceFrom: 34_000, priceTo: 40_000, currency: 'USD' })).toEqual(sorted(idOf('hilux', 'tucson', 'benz')));
    expect(await only({ priceFrom: 40_000, currency: 'USD' })).toEqual(idOf('defender'));
  });

  it('filters by maximum mileage in km (miles converted)', async () => {
    // The Hilux has 60,000 miles: 96,561 km.
    expect(await only({ mileageMax: 50_000 })).toEqual(sorted(idOf('corolla18', 'tucson', 'picanto')));
    expect(await only({ mileageMax: 100_000 })).toEqual(sorted(idOf('corolla15', 'corolla18', 'hilux', 'tucson', 'benz', 'picanto')));
  });

  it('filters passengers (2-4 exactly, 5 is 5+, 888 more than 7) and engine size ranges', async () => {
    expect(await only({ passengersNumber: 4 })).toEqual(idOf('picanto'));
    expect(await only({ passengersNumber: 5 })).toHaveLength(8);
    expect(await only({ passengersNumber: 7 })).toEqual(sorted(idOf('tucson', 'defender', 'hiace')));
    expect(await only({ passengersNumber: 888 })).toEqual(idOf('hiace'));
    expect(await only({ motorSizeCCFrom: 0, motorSizeCCTo: 1000 })).toEqual(idOf('picanto'));
    expect(await only({ motorSizeCCFrom: 2000, motorSizeCCTo: 3000 })).toEqual(sorted(idOf('hilux', 'tucson', 'defender', 'benz', 'hiace')));
    expect(await only({ motorSizeCCFrom: 4000, motorSizeCCTo: 10_000 })).toEqual([]);
  });

  it('refuses bad filters and pages with translated validation errors, never a fault', async () => {
    const range = await s.call('query { searchOpportunities(filter: { priceFrom: 10, priceTo: 5 }) { totalItems } }');
    expect(code(range)).toBe('VALIDATION');
    expect(fields(range)).toEqual({ priceTo: 'invalidPriceRange' });
    const page = await s.call('query { searchOpportunities(filter: {}, pageNumber: 0) { totalItems } }');
    expect(fields(page)).toEqual({ pageNumber: 'invalidPageNumber' });
    const passengers = await s.call('query { searchOpportunities(filter: { passengersNumber: 6 }) { totalItems } }');
    expect(fields(passengers)).toEqual({ passengersNumber: 'invalidPassengersNumber' });
    const long = await s.call('query S($t: String) { searchOpportunities(filter: { text: $t }) { totalItems } }', { t: 'x'.repeat(201) });
    expect(fields(long)).toEqual({ text: 'invalidSearchText' });
    const year = await s.call('query { searchOpportunities(filter: { yearFrom: 2020, yearTo: 2010 }) { totalItems } }');
    expect(fields(year)).toEqual({ yearTo: 'invalidYearRange' });
  });
});

describe('facets, sort and pages', () => {
  it('counts each filter value over the current result', async () => {
    const all = await search(s, {});
    expect(all.totalItems).toBe(9);
    expect(facet(all, 'brand')).toEqual({ TOYOTA: 4, HYUNDAI: 1, LAND_ROVER: 1, NISSAN: 1, MERCEDES_BENZ: 1, KIA: 1 });
    expect(facet(all, 'fuelType')).toEqual({ GASOLINE: 5, DIESEL: 3, HYBRID: 1 });
    expect(facet(all, 'exteriorColor')).toEqual({ BLACK: 3, WHITE: 2, RED: 2, GREY: 1, SILVER: 1 });
    expect(facet(all, 'mileageMax')).toEqual({ 50000: 3, 100000: 6, 150000: 8, 200000: 8 });
    expect(facet(all, 'passengersNumber')).toEqual({ 4: 1, 5: 5, 7: 2, 888: 1 });
    const toyota = await search(s, { text: 'toyota' });
    expect(facet(toyota, 'model')).toEqual({ Corolla: 2, Hilux: 1, Hiace: 1 });
    expect(facet(toyota, 'transmissionType')).toEqual({ MANUAL: 3, AUTOMATIC: 1 });
  });

  it('sorts by relevance (newest first without text), newest, price, year and mileage', async () => {
    const order = async (sort: string) => ids(await search(s, {}, { sort }));
    expect(await order('RELEVANCE')).toEqual(idOf('picanto', 'hiace', 'benz', 'versa', 'defender', 'tucson', 'hilux', 'corolla18', 'corolla15'));
    expect(await order('NEWEST')).toEqual(await order('RELEVANCE'));
    expect(await order('PRICE_ASC')).toEqual(idOf('versa', 'picanto', 'corolla18', 'corolla15', 'hiace', 'hilux', 'tucson', 'benz', 'defender'));
    expect(await order('PRICE_DESC')).toEqual(idOf('defender', 'benz', 'tucson', 'hilux', 'hiace', 'corolla15', 'corolla18', 'picanto', 'versa'));
    expect((await order('YEAR_DESC')).slice(0, 3)).toEqual(idOf('picanto', 'hilux', 'tucson'));
    expect((await order('YEAR_ASC')).slice(0, 3)).toEqual(idOf('hiace', 'defender', 'versa'));
    expect((await order('MILEAGE_ASC')).slice(0, 4)).toEqual(idOf('picanto', 'tucson', 'corolla18', 'benz'));
  });

  it('pages with the ITEMS_PER_LIST global parameter', async () => {
    expect((await search(s, {})).perPage).toBe(10);
    await s.setParameter('ITEMS_PER_LIST', 4);
    const { eventually } = await import('./harness');
    await eventually(async () => (await search(s, {})).perPage === 4);
    const first = await search(s, {}, { sort: 'PRICE_ASC' });
    const third = await search(s, {}, { sort: 'PRICE_ASC', pageNumber: 3 });
    expect(first).toMatchObject({ totalItems: 9, perPage: 4, pageNumber: 1, totalPages: 3 });
    expect(ids(first)).toEqual(idOf('versa', 'picanto', 'corolla18', 'corolla15'));
    expect(ids(third)).toEqual(idOf('defender'));
    expect(ids(await search(s, {}, { pageNumber: 4 }))).toEqual([]);
    await s.setParameter('ITEMS_PER_LIST', 10);
    await eventually(async () => (await search(s, {})).perPage === 10);
  });

  it('finds nothing for words no ad has, and offers nothing then', async () => {
    const page = await search(s, { text: 'zzzzzz qqqq' });
    expect(page).toMatchObject({ totalItems: 0, totalPages: 0, items: [], alternatives: [] });
  });
});
