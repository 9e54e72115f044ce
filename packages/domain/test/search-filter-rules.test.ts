import { describe, expect, it } from 'vitest';
import { readSearchFilterField, SEARCH_FILTER_KEYS, searchFilterRelationErrors, searchFilterSchema, validate } from '../src/index';

const now = new Date('2025-06-15T12:00:00Z');
const maxYear = 2026;

describe('the search filter rules without zod (decision 0113)', () => {
  it('reads each field as the schema does: blank is any, numbers may be text, texts are trimmed', () => {
    expect(readSearchFilterField('text', '  corolla  ', maxYear)).toEqual({ ok: true, value: 'corolla' });
    expect(readSearchFilterField('brand', '', maxYear)).toEqual({ ok: true, value: undefined });
    expect(readSearchFilterField('priceFrom', ' 1000 ', maxYear)).toEqual({ ok: true, value: 1000 });
    expect(readSearchFilterField('passengersNumber', '888', maxYear)).toEqual({ ok: true, value: 888 });
    expect(readSearchFilterField('goodPriceOrBetter', 'true', maxYear)).toEqual({ ok: true, value: true });
    expect(readSearchFilterField('province', '1', maxYear)).toEqual({ ok: true, value: '1' });
  });

  it('names the problem of a bad field with its message key', () => {
    expect(readSearchFilterField('year', 2027, maxYear)).toMatchObject({ ok: false, error: 'invalidYear' });
    expect(readSearchFilterField('yearFrom', 'soon', maxYear)).toEqual({ ok: false, error: 'invalidYearRange' });
    expect(readSearchFilterField('style', 'BUS', maxYear)).toEqual({ ok: false, error: 'invalidStyle' });
    expect(readSearchFilterField('passengersNumber', 6, maxYear)).toEqual({ ok: false, error: 'invalidPassengersNumber' });
    expect(readSearchFilterField('text', 'x'.repeat(201), maxYear)).toEqual({ ok: false, error: 'invalidSearchText' });
    expect(readSearchFilterField('province', '8', maxYear)).toMatchObject({ ok: false, error: 'invalidProvince' });
    expect(readSearchFilterField('canton', '1011', maxYear)).toMatchObject({ ok: false, error: 'invalidCanton' });
    expect(readSearchFilterField('goodPriceOrBetter', 'yes', maxYear)).toEqual({ ok: false, error: 'invalidGoodPriceFilter' });
  });

  it('checks ranges and the canton against its province', () => {
    expect(searchFilterRelationErrors({ priceFrom: 10, priceTo: 5, yearFrom: 2020, yearTo: 2010, canton: '201', province: '1' })).toEqual([
      ['priceTo', 'invalidPriceRange'],
      ['yearTo', 'invalidYearRange'],
      ['canton', 'invalidCanton'],
    ]);
    expect(searchFilterRelationErrors({ province: '1', canton: '101', priceFrom: 5, priceTo: 10 })).toEqual([]);
  });

  it('is what the schema the services validate with applies, field by field', () => {
    const samples: unknown[] = [
      undefined,
      null,
      '',
      ' ',
      'abc',
      'SEDAN',
      'USD',
      '1',
      '101',
      '5',
      5,
      6,
      888,
      1899,
      2026,
      2027,
      '1.5',
      1.5,
      -1,
      1e9 + 1,
      true,
      'false',
      {},
    ];
    for (const key of SEARCH_FILTER_KEYS) {
      for (const value of samples) {
        const read = readSearchFilterField(key, value, maxYear);
        // A canton is checked with its province (San José's cantons are 101 to 120).
        const beside = key === 'canton' ? { province: '1' } : {};
        const result = validate(searchFilterSchema(now), { ...beside, [key]: value });
        if (read.ok)
          expect(result, `${key}: ${JSON.stringify(value)}`).toEqual({
            ok: true,
            data: { ...beside, ...(read.value === undefined ? {} : { [key]: read.value }) },
          });
        else expect(result, `${key}: ${JSON.stringify(value)}`).toEqual({ ok: false, errors: { [key]: read.error } });
      }
    }
  });
});
