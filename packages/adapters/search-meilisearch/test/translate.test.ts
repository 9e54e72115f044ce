import { describe, expect, it } from 'vitest';
import { filterExpression, filterValue, meilisearchSettings, pagePlan, sortRules, synonymsMap } from '../src/translate';

describe('filter expressions', () => {
  it('quotes strings, escaping quotes and backslashes; numbers and booleans go bare', () => {
    expect(filterValue('TOYOTA')).toBe('"TOYOTA"');
    expect(filterValue('Say "hola" \\ adiós')).toBe('"Say \\"hola\\" \\\\ adiós"');
    expect(filterValue(2015)).toBe('2015');
    expect(filterValue(1.5)).toBe('1.5');
    expect(filterValue(false)).toBe('false');
    expect(() => filterValue(Number.NaN)).toThrow(/finite/);
  });

  it('translates each kind of condition and joins several with AND', () => {
    expect(filterExpression([{ field: 'brand', equals: 'TOYOTA' }])).toBe('brand = "TOYOTA"');
    expect(filterExpression([{ field: 'year', oneOf: [2008, 2009] }])).toBe('year IN [2008, 2009]');
    expect(filterExpression([{ field: 'priceCrc', min: 1_000_000, max: 2_000_000 }])).toBe('(priceCrc >= 1000000) AND (priceCrc <= 2000000)');
    expect(filterExpression([{ field: 'mileageKm', max: 50_000 }])).toBe('mileageKm <= 50000');
    expect(
      filterExpression([
        { field: 'brand', oneOf: ['HONDA', 'NISSAN'] },
        { field: 'payTaxes', equals: true },
        { field: 'year', min: 2015 },
      ]),
    ).toBe('(brand IN ["HONDA", "NISSAN"]) AND (payTaxes = true) AND (year >= 2015)');
  });

  it('has no expression without conditions or for a range without ends, and says when nothing can match', () => {
    expect(filterExpression([])).toBeUndefined();
    expect(filterExpression([{ field: 'year' }])).toBeUndefined();
    expect(
      filterExpression([
        { field: 'brand', equals: 'KIA' },
        { field: 'brand', oneOf: [] },
      ]),
    ).toBeNull();
  });

  it('refuses field names that would change the expression', () => {
    expect(() => filterExpression([{ field: 'brand = "KIA" OR year', equals: 1 }])).toThrow(/field name/);
    expect(() => filterExpression([{ field: '', equals: 1 }])).toThrow(/field name/);
    expect(() => filterExpression([{ field: 'year', min: Number.POSITIVE_INFINITY }])).toThrow(/finite/);
  });
});

describe('synonyms map', () => {
  it('maps every member of a group to every other, phrases included, case and spaces normalised', () => {
    expect(
      synonymsMap([
        ['carro', 'auto', 'Car'],
        ['pick up', ' PickUp '],
      ]),
    ).toEqual({
      carro: ['auto', 'car'],
      auto: ['carro', 'car'],
      car: ['carro', 'auto'],
      'pick up': ['pickup'],
      pickup: ['pick up'],
    });
  });

  it('merges groups sharing a member and drops groups of one', () => {
    expect(synonymsMap([['4x4', '4wd'], ['4x4', 'todo  terreno'], ['solo']])).toEqual({
      '4x4': ['4wd', 'todo terreno'],
      '4wd': ['4x4'],
      'todo terreno': ['4x4'],
    });
  });
});

describe('index settings', () => {
  it('carries attributes, synonyms and typo rules, with sort ranked first and exact totals', () => {
    const settings = meilisearchSettings({
      searchableAttributes: ['brandName', 'model'],
      filterableAttributes: ['brand'],
      sortableAttributes: ['priceCrc'],
      synonyms: [['carro', 'auto']],
      typoTolerance: { oneTypo: 4, twoTypos: 8 },
    });
    expect(settings).toMatchObject({
      searchableAttributes: ['brandName', 'model'],
      filterableAttributes: ['brand', '_ruedas'],
      sortableAttributes: ['priceCrc'],
      synonyms: { carro: ['auto'], auto: ['carro'] },
      typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 } },
    });
    expect(settings.rankingRules[0]).toBe('sort');
    // Bounded (Meilisearch ranks up to maxTotalHits matches per query); totals come from the count facet.
    expect(settings.pagination.maxTotalHits).toBe(10_000);
    expect(
      meilisearchSettings({ searchableAttributes: [], filterableAttributes: [], sortableAttributes: [], synonyms: [] }).typoTolerance.minWordSizeForTypos,
    ).toEqual({ oneTypo: 5, twoTypos: 9 });
  });
});

describe('paging and sort', () => {
  it('uses exhaustive pages, one larger page for an offset off the page grid', () => {
    expect(pagePlan({})).toEqual({ page: 1, hitsPerPage: 20, skip: 0 });
    expect(pagePlan({ offset: 14, limit: 7 })).toEqual({ page: 3, hitsPerPage: 7, skip: 0 });
    expect(pagePlan({ offset: 3, limit: 5 })).toEqual({ page: 1, hitsPerPage: 8, skip: 3 });
    expect(pagePlan({ offset: 10, limit: 0 })).toEqual({ page: 1, hitsPerPage: 0, skip: 0 });
    expect(() => pagePlan({ offset: -1 })).toThrow(/offset/);
    expect(() => pagePlan({ limit: 2.5 })).toThrow(/limit/);
  });

  it('writes sort rules as field:order', () => {
    expect(sortRules({})).toBeUndefined();
    expect(
      sortRules({
        sort: [
          { field: 'year', order: 'desc' },
          { field: 'priceCrc', order: 'asc' },
        ],
      }),
    ).toEqual(['year:desc', 'priceCrc:asc']);
  });
});
