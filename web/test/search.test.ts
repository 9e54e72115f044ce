import { SEARCH_LIMITS } from '@ruedas/domain';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memoryStorage';
import { searchHref, searchQueryString } from '../src/search/address';
import { readSearchAddress } from '../src/search/readAddress';
import { compactFilter, sameFilter, type SearchFilter } from '../src/search/filter';
import { readFilter } from '../src/search/readFilter';
import {
  boundsToRange,
  clampRange,
  ENGINE_SIZE_CHOICES,
  engineSizeKey,
  priceRange,
  priceSlider,
  rangeToBounds,
  withCurrency,
  withEngineSize,
  withPriceRange,
  withYearRange,
  yearRange,
  yearSlider,
} from '../src/search/slider';
import { createStoredQuery, resolveSearchFilter, STORED_QUERY_KEY } from '../src/search/storedQuery';
import { filterChips } from '../src/search/FilterChips';
import { createTranslator } from '../src/i18n/translator';
import es from '../src/i18n/es.json';

const CRC = SEARCH_LIMITS.priceSlider.CRC;
const USD = SEARCH_LIMITS.priceSlider.USD;
const NOW = new Date('2026-05-10T12:00:00-06:00');

describe('the slider rule (spec 01 §5)', () => {
  it('keeps the minimum at or above the slider minimum and one step below the maximum', () => {
    expect(clampRange([-500_000, 10_000_000], CRC)).toEqual([0, 10_000_000]);
    expect(clampRange([10_000_000, 10_000_000], CRC, 'from')).toEqual([9_900_000, 10_000_000]);
    expect(clampRange([12_000_000, 10_000_000], CRC, 'from')).toEqual([9_900_000, 10_000_000]);
    expect(clampRange([40_000_000, 40_000_000], CRC, 'from')).toEqual([39_900_000, 40_000_000]);
  });

  it('keeps the maximum at or below the slider maximum and above the minimum', () => {
    expect(clampRange([0, 95_000], USD)).toEqual([0, 80_000]);
    expect(clampRange([20_000, 20_000], USD, 'to')).toEqual([20_000, 21_000]);
    expect(clampRange([20_000, 5_000], USD, 'to')).toEqual([20_000, 21_000]);
    expect(clampRange([0, 0], USD, 'to')).toEqual([0, 1_000]);
  });

  it('snaps to the step and puts a reversed range the right way round', () => {
    expect(clampRange([149_999, 2_050_001], CRC)).toEqual([100_000, 2_100_000]);
    expect(clampRange([30_000, 10_000], USD)).toEqual([10_000, 30_000]);
    expect(clampRange([Number.NaN, Number.NaN], USD)).toEqual([0, 80_000]);
  });

  it('uses the ranges and steps of spec 01 §9 and the year slider 1990 to next year', () => {
    expect(priceSlider('CRC')).toEqual({ min: 0, max: 40_000_000, step: 100_000 });
    expect(priceSlider('USD')).toEqual({ min: 0, max: 80_000, step: 1_000 });
    // Issue 31: colones by default.
    expect(priceSlider(undefined)).toEqual(priceSlider('CRC'));
    expect(yearSlider(NOW)).toEqual({ min: 1990, max: 2027, step: 1 });
  });

  it('treats a thumb at its end as no bound, and no bound as the end', () => {
    expect(rangeToBounds([0, 80_000], USD)).toEqual({});
    expect(rangeToBounds([5_000, 80_000], USD)).toEqual({ from: 5_000 });
    expect(rangeToBounds([0, 20_000], USD)).toEqual({ to: 20_000 });
    expect(boundsToRange(undefined, 20_000, USD)).toEqual([0, 20_000]);
    expect(yearRange({ yearFrom: 2010 }, NOW)).toEqual([2010, 2027]);
    expect(withYearRange({ brand: 'TOYOTA', yearTo: 2000 }, [1990, 2027], NOW)).toEqual({ brand: 'TOYOTA' });
    expect(withYearRange({}, [2015, 2020], NOW)).toEqual({ yearFrom: 2015, yearTo: 2020 });
  });

  it('moves prices only with a currency, and a new currency drops the old amounts', () => {
    expect(priceRange({})).toEqual([0, 40_000_000]);
    expect(priceRange({ currency: 'CRC', priceTo: 9_000_000 })).toEqual([0, 9_000_000]);
    expect(withPriceRange({ currency: 'USD' }, [10_000, 30_000])).toEqual({ currency: 'USD', priceFrom: 10_000, priceTo: 30_000 });
    expect(withPriceRange({ currency: 'USD', priceFrom: 3_000 }, [0, 80_000])).toEqual({ currency: 'USD' });
    expect(withPriceRange({ priceFrom: 5 }, [5_000_000, 9_000_000])).toEqual({ currency: 'CRC', priceFrom: 5_000_000, priceTo: 9_000_000 });
    expect(withPriceRange({ currency: 'CRC', priceFrom: 5 }, [0, 40_000_000])).toEqual({ currency: 'CRC' });
    expect(withCurrency({ currency: 'USD', priceFrom: 10_000, brand: 'KIA' }, 'CRC')).toEqual({ currency: 'CRC', brand: 'KIA' });
    expect(withCurrency({ currency: 'USD', priceTo: 10_000 }, undefined)).toEqual({});
    expect(withCurrency({ priceTo: 9_000_000 }, 'CRC')).toEqual({ priceTo: 9_000_000, currency: 'CRC' });
  });

  it('maps the engine size choices of spec 01 §9 to and from the filter', () => {
    expect(ENGINE_SIZE_CHOICES.map(({ key }) => key)).toEqual(['0-1000', '1000-2000', '2000-3000', '3000-4000', '4000-10000']);
    expect(withEngineSize({}, '1000-2000')).toEqual({ motorSizeCCFrom: 1000, motorSizeCCTo: 2000 });
    expect(withEngineSize({ motorSizeCCFrom: 1000, motorSizeCCTo: 2000 }, '')).toEqual({});
    expect(engineSizeKey({ motorSizeCCFrom: 4000, motorSizeCCTo: 10_000 })).toBe('4000-10000');
    expect(engineSizeKey({ motorSizeCCFrom: 0, motorSizeCCTo: 10_000 })).toBe('');
    expect(engineSizeKey({ motorSizeCCFrom: 1200 })).toBe('1200-10000');
    expect(engineSizeKey({})).toBe('');
  });
});

describe('the filter object', () => {
  it('keeps valid fields and names the dropped ones', () => {
    const { filter, dropped } = readFilter({
      text: '  toyta   corola 2015 ',
      brand: 'TOYOTA',
      model: 'Corolla',
      style: 'SEDAN',
      fuelType: 'PETROL',
      transmissionType: 'AUTOMATIC',
      yearFrom: '2010',
      yearTo: 1800,
      mileageMax: 100_000,
      passengersNumber: 6,
      exteriorColor: 'x'.repeat(41),
      pageNumber: 3,
      unknown: true,
      interiorColor: '',
    });
    expect(filter).toEqual({
      text: 'toyta corola 2015',
      brand: 'TOYOTA',
      model: 'Corolla',
      style: 'SEDAN',
      transmissionType: 'AUTOMATIC',
      yearFrom: 2010,
      mileageMax: 100_000,
    });
    expect(dropped.sort()).toEqual(['exteriorColor', 'fuelType', 'passengersNumber', 'unknown', 'yearTo']);
  });

  it('keeps a brand as its code (a name or a misspelling corrected), refuses an unknown brand and a model over 60 characters', () => {
    expect(readFilter({ brand: 'Toyota' }).filter).toEqual({ brand: 'TOYOTA' });
    expect(readFilter({ brand: 'Mercedes Benz' }).filter).toEqual({ brand: 'MERCEDES_BENZ' });
    expect(readFilter({ brand: 'Zzyzxqw', model: 'm'.repeat(61) })).toEqual({ filter: {}, dropped: ['brand', 'model'] });
    expect(readFilter({ model: 'm'.repeat(60) }).filter.model).toHaveLength(60);
  });

  it('drops price bounds without a currency and orders reversed ranges', () => {
    expect(readFilter({ priceFrom: 5_000 }).filter).toEqual({});
    expect(readFilter({ currency: 'USD', priceFrom: 30_000, priceTo: 10_000, yearFrom: 2020, yearTo: 2010 }).filter).toEqual({
      currency: 'USD',
      priceFrom: 10_000,
      priceTo: 30_000,
      yearFrom: 2010,
      yearTo: 2020,
    });
  });

  it('is not fooled by things that are not objects', () => {
    expect(readFilter(null).filter).toEqual({});
    expect(readFilter([1, 2]).dropped).toEqual(['(not an object)']);
    expect(readFilter('TOYOTA').filter).toEqual({});
  });

  it('compares and compacts in a fixed order', () => {
    const a: SearchFilter = { model: 'Hilux', brand: 'TOYOTA' };
    expect(Object.keys(compactFilter(a))).toEqual(['brand', 'model']);
    expect(sameFilter(a, { brand: 'TOYOTA', model: 'Hilux', text: undefined })).toBe(true);
    expect(sameFilter(a, { brand: 'TOYOTA' })).toBe(false);
  });
});

describe('the address of a search', () => {
  it('round-trips a filter, the sort and the page', () => {
    const filter: SearchFilter = { text: 'corolla automático', brand: 'TOYOTA', currency: 'CRC', priceTo: 9_000_000, yearFrom: 2012 };
    const href = searchHref({ filter, page: 3, sort: 'PRICE_ASC' });
    expect(href.startsWith('/searchingOpportunities?filters=')).toBe(true);
    const read = readSearchAddress(new URL(href, 'http://x').searchParams);
    expect(read).toEqual({ filter, page: 3, sort: 'PRICE_ASC', hasFilter: true });
  });

  it('writes one address for one filter, leaving out defaults', () => {
    expect(searchQueryString({ filter: { model: 'Rio', brand: 'KIA' } })).toBe(searchQueryString({ filter: { brand: 'KIA', model: 'Rio' } }));
    expect(searchQueryString({ filter: {}, page: 1, sort: 'RELEVANCE' })).toBe('');
    expect(decodeURIComponent(searchQueryString({ filter: { brand: 'KIA' } }).replace(/\+/g, ' '))).toBe('?filters={"brand":"KIA"}');
  });

  it('reads the filter object as the spec writes it, with its pageNumber, and a value encoded twice', () => {
    const json = JSON.stringify({ pageNumber: 2, brand: 'NISSAN', fuelType: 'DIESEL' });
    expect(readSearchAddress(new URLSearchParams(`filters=${encodeURIComponent(json)}`))).toMatchObject({
      filter: { brand: 'NISSAN', fuelType: 'DIESEL' },
      page: 2,
    });
    const twice = new URLSearchParams(`filters=${encodeURIComponent(encodeURIComponent(json))}`);
    expect(readSearchAddress(twice).filter).toEqual({ brand: 'NISSAN', fuelType: 'DIESEL' });
    expect(readSearchAddress(new URLSearchParams(`filters=${encodeURIComponent(json)}&page=5`)).page).toBe(5);
  });

  it('gives what it could read and a problem for the console, never an exception', () => {
    const broken = readSearchAddress(new URLSearchParams('filters=%7Bnot-json&sort=SIDEWAYS&page=-2'));
    expect(broken).toMatchObject({ filter: {}, page: 1, sort: 'RELEVANCE', hasFilter: true });
    expect(broken.problem).toMatch(/^Unparseable filters parameter/);
    const partly = readSearchAddress(new URLSearchParams(`filters=${encodeURIComponent('{"brand":"KIA","style":"TANK"}')}`));
    expect(partly.filter).toEqual({ brand: 'KIA' });
    expect(partly.problem).toContain('style');
  });

  it('takes `q` as the free text when `filters` has none', () => {
    expect(readSearchAddress(new URLSearchParams('q=hilux+diesel'))).toMatchObject({ filter: { text: 'hilux diesel' }, hasFilter: true });
    expect(readSearchAddress(new URLSearchParams(''))).toMatchObject({ filter: {}, hasFilter: false, page: 1 });
  });
});

describe('the stored query (spec 01 §2)', () => {
  it('saves, reads and clears the last search; an empty search removes it', () => {
    const storage = memoryStorage();
    const stored = createStoredQuery(storage);
    stored.save({ brand: 'TOYOTA', model: 'Corolla' });
    expect(JSON.parse(storage.items.get(STORED_QUERY_KEY) ?? '')).toEqual({ brand: 'TOYOTA', model: 'Corolla' });
    expect(stored.read()).toEqual({ brand: 'TOYOTA', model: 'Corolla' });
    stored.save({});
    expect(storage.items.has(STORED_QUERY_KEY)).toBe(false);
    stored.save({ text: 'rav4' });
    stored.clear();
    expect(stored.read()).toBeUndefined();
  });

  it('drops an unreadable entry', () => {
    const storage = memoryStorage();
    storage.items.set(STORED_QUERY_KEY, '{oops');
    expect(createStoredQuery(storage).read()).toBeUndefined();
    expect(storage.items.has(STORED_QUERY_KEY)).toBe(false);
    storage.items.set(STORED_QUERY_KEY, '{"brand":"Zzyzxqw"}');
    expect(createStoredQuery(storage).read()).toBeUndefined();
  });

  it('stands in only when the address has no filter', () => {
    const stored: SearchFilter = { brand: 'KIA' };
    expect(resolveSearchFilter({ filter: { brand: 'MAZDA' }, hasFilter: true }, stored)).toEqual({ filter: { brand: 'MAZDA' }, fromStorage: false });
    expect(resolveSearchFilter({ filter: {}, hasFilter: false }, stored)).toEqual({ filter: stored, fromStorage: true });
    expect(resolveSearchFilter({ filter: {}, hasFilter: false }, undefined)).toEqual({ filter: {}, fromStorage: false });
  });
});

describe('the applied filters as chips (issue 31, item 3)', () => {
  it('names each applied filter once, in the panel order, and says what its × removes', () => {
    const { t } = createTranslator({ language: 'es', texts: { es } });
    const chips = filterChips(
      { text: 'rojo', brand: 'TOYOTA', model: 'RAV4', priceTo: 10_000_000, yearFrom: 2015, passengersNumber: 888, province: '1', canton: '101' },
      'es',
      t as never,
    );
    expect(chips.map((chip) => chip.label)).toEqual(['Toyota', 'RAV4', 'San José', 'San José', 'Hasta ₡10.000.000', 'Año: 2015 o más', 'Pasajeros: 8 o más']);
    expect(chips.find((chip) => chip.key === 'brand')!.fields).toEqual(['brand', 'model']);
    expect(chips.find((chip) => chip.key === 'price')!.fields).toEqual(['priceFrom', 'priceTo', 'currency']);
  });
});
