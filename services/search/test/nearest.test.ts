import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facet, fields, ids, search, SEARCH, snapshot, startSearch, type Search } from './harness';

/** Issue 13: common typos and phrasings, and what a search that finds nothing offers instead. */
const corpus = {
  sentra: snapshot({ brand: 'NISSAN', model: 'Sentra', year: 2012, price: 5_000_000 }),
  rav4: snapshot({ model: 'Rav 4', year: 2016, style: 'TODO_TERRENO_4X2', price: 13_000_000 }),
  crv: snapshot({ brand: 'HONDA', model: 'CRV', year: 2014, style: 'TODO_TERRENO_4X2', price: 9_000_000 }),
  runner: snapshot({ model: '4Runner', year: 2010, style: 'TODO_TERRENO_4X4', price: 15_000_000 }),
  tucson: snapshot({ brand: 'HYUNDAI', model: 'Tucson', year: 2019, style: 'TODO_TERRENO_4X4', price: 18_000_000 }),
  corolla: snapshot({ model: 'Corolla', year: 2015, price: 8_000_000, province: '2', canton: '201', district: '20101' }),
};
type Name = keyof typeof corpus;
const idOf = (...names: Name[]) => names.map((name) => corpus[name].id);

let s: Search;
beforeAll(async () => {
  s = await startSearch();
  await s.publishAds(Object.values(corpus));
});
afterAll(() => s.stop());

describe('typos and phrasings', () => {
  it('matches words split or joined and a misspelt brand word (issue 13)', async () => {
    expect(ids(await search(s, { text: 'rav 4' }))).toEqual(idOf('rav4'));
    expect(ids(await search(s, { text: 'rav4' }))).toEqual(idOf('rav4'));
    expect(ids(await search(s, { text: 'toyota rav 4 2016' }))).toEqual(idOf('rav4'));
    const hyundai = await search(s, { text: 'hiunday tucson' });
    expect(ids(hyundai)).toEqual(idOf('tucson'));
    expect(hyundai.interpretation).toMatchObject({ brand: 'HYUNDAI', model: 'Tucson' });
    expect(ids(await search(s, { text: 'hiunday' }))).toEqual(idOf('tucson'));
    expect(ids(await search(s, { text: 'crv' }))).toEqual(idOf('crv'));
    expect(ids(await search(s, { text: 'cr-v' }))).toEqual(idOf('crv'));
    expect(ids(await search(s, { text: 'honda cr v' }))).toEqual(idOf('crv'));
    expect(ids(await search(s, { text: '4 runner' }))).toEqual(idOf('runner'));
    expect(ids(await search(s, { text: '4runner' }))).toEqual(idOf('runner'));
  });

  it('offers the nearest searches when nothing is found: without the year, a wider price, did you mean (issue 13)', async () => {
    // A phrase that finds nothing leaves out its least informative part (issue 27): here the year.
    const sentra = await search(s, { text: 'nisan sentra 2015' });
    expect(ids(sentra)).toEqual(idOf('sentra'));
    expect(sentra.interpretation).toMatchObject({ brand: 'NISSAN', model: 'Sentra', year: null, droppedWords: ['2015'] });
    expect(sentra.alternatives).toEqual([]);

    const structured = await search(s, { brand: 'NISSAN', model: 'Sentra', yearFrom: 2014, yearTo: 2016 });
    expect(structured.alternatives).toEqual([
      { kind: 'DROP_YEAR', totalItems: 1, filter: expect.objectContaining({ brand: 'NISSAN', model: 'Sentra', yearFrom: null, yearTo: null }) },
    ]);

    // ₡6.5M-7M finds nothing; a quarter wider each way (₡4.875M-8.75M) finds the Sentra, the Picanto and the Corolla 2015.
    const priced = await search(s, { text: 'sentra', priceFrom: 5_500_000, priceTo: 6_000_000, currency: 'CRC' });
    expect(priced.alternatives).toEqual([
      { kind: 'WIDEN_PRICE', totalItems: 1, filter: expect.objectContaining({ text: 'sentra', priceFrom: 4_125_000, priceTo: 7_500_000 }) },
    ]);
    // Still nothing when widened: the price bounds are dropped.
    const far = await search(s, { text: 'sentra', priceFrom: 30_000_000, currency: 'CRC' });
    expect(far.alternatives).toEqual([
      { kind: 'WIDEN_PRICE', totalItems: 1, filter: expect.objectContaining({ text: 'sentra', priceFrom: null, priceTo: null }) },
    ]);

    // A first-letter typo is beyond the search's own rule (it costs two), not beyond "did you mean".
    const meant = await search(s, { text: 'zentra' });
    expect(meant.totalItems).toBe(0);
    expect(meant.alternatives).toEqual([{ kind: 'DID_YOU_MEAN', totalItems: 1, filter: expect.objectContaining({ text: 'sentra' }) }]);

    // A page that finds something offers nothing.
    expect((await search(s, { text: 'sentra' })).alternatives).toEqual([]);
  });
});

describe('where the car is (issue 13)', () => {
  it('filters by province and by canton, with facet counts, and refuses a canton of another province', async () => {
    const inSanJose = await search(s, { province: '1' });
    expect(inSanJose.totalItems).toBe(5);
    expect(ids(await search(s, { province: '2' }))).toEqual(idOf('corolla'));
    expect(ids(await search(s, { province: '2', canton: '201' }))).toEqual(idOf('corolla'));
    expect(ids(await search(s, { province: '2', canton: '202' }))).toEqual([]);
    expect(ids(await search(s, { text: 'corolla', province: '1' }))).toEqual([]);
    const all = await search(s, {});
    expect(facet(all, 'province')).toEqual({ '1': 5, '2': 1 });
    expect(facet(all, 'canton')).toEqual({ '101': 5, '201': 1 });
    const refused = await s.call(SEARCH, { filter: { province: '1', canton: '201' } });
    expect(fields(refused)).toEqual({ canton: 'invalidCanton' });
    expect(fields(await s.call(SEARCH, { filter: { province: '9' } }))).toEqual({ province: 'invalidProvince' });
    expect(fields(await s.call(SEARCH, { filter: { canton: '101' } }))).toEqual({ canton: 'invalidCanton' });
  });
});
