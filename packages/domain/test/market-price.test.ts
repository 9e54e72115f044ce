import { describe, expect, it } from 'vitest';
import { marketPriceCarSchema, validate } from '../src';

/** The car of the wizard's market range (issue 20): the ad form's rules for brand, model, year and mileage. */
describe('marketPriceCarSchema', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('takes brand, model, year and mileage, with km and colones by default and the optional narrowing fields', () => {
    expect(validate(marketPriceCarSchema(now), { brand: 'TOYOTA', model: ' Corolla ', year: 2018, mileage: 85_000 })).toEqual({
      ok: true,
      data: { brand: 'TOYOTA', model: 'Corolla', year: 2018, mileage: 85_000, mileageUnit: 'KM', currency: 'CRC' },
    });
    const full = validate(marketPriceCarSchema(now), {
      brand: 'TOYOTA',
      model: 'Corolla',
      year: 2027,
      mileage: 0,
      mileageUnit: 'MI',
      style: 'SEDAN',
      fuelType: 'HYBRID',
      transmissionType: 'AUTOMATIC',
      currency: 'USD',
    });
    expect(full.ok).toBe(true);
  });

  it('names each field the ad form would refuse', () => {
    expect(
      validate(marketPriceCarSchema(now), { brand: 'NOPE', model: '', year: 2028, mileage: 1_000_001, mileageUnit: 'LEAGUES', style: 'BOAT', currency: 'EUR' }),
    ).toEqual({
      ok: false,
      errors: {
        brand: 'invalidBrand',
        model: 'invalidModel',
        year: 'invalidYear',
        mileage: 'invalidMileage',
        mileageUnit: 'invalidMileageUnit',
        style: 'invalidStyle',
        currency: 'invalidCurrency',
      },
    });
    expect(validate(marketPriceCarSchema(now), { brand: 'TOYOTA', model: 'Corolla', year: 2018.5, mileage: -1 })).toMatchObject({
      ok: false,
      errors: { year: 'invalidYear', mileage: 'invalidMileage' },
    });
  });
});
