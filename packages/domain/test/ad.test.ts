import { describe, expect, it } from 'vitest';
import { adSchema, adStep1Schema, adStep3Schema, newAdDefaults, validateAdSubmission } from '../src/index';
import { dataOf, errorsOf, goodLocation, goodPhone } from './helpers';

const now = new Date('2025-06-15T12:00:00Z');
const step1 = adStep1Schema(now);

const ad = {
  brand: 'TOYOTA',
  model: 'Corolla Cross',
  year: 2021,
  style: 'TODO_TERRENO_4X2',
  fuelType: 'HYBRID',
  transmissionType: 'AUTOMATIC',
  motorSizeCC: 1800,
  mileage: 45000,
  exteriorColor: 'Gris Oscuro',
  interiorColor: 'Negro',
  price: 18_500_000,
  transferPrice: 350_000.5,
  currency: 'CRC',
  carIdNumber: 'bxx123',
  passengersNumber: 5,
  ...goodLocation,
  knownDamage: 'Rayón en la puerta trasera',
  phoneList: [goodPhone],
  extraList: ['AIR_CONDITIONING', 'REVERSE_CAMERA'],
};

const errorFor = (field: string, value: unknown) => errorsOf(step1, { ...ad, [field]: value })[field];
const valueOf = (field: string, value: unknown) => (dataOf(step1, { ...ad, [field]: value }) as Record<string, unknown>)[field];

describe('ad step 1', () => {
  it('accepts a complete ad with defaults filled in', () => {
    const data = dataOf(step1, ad);
    expect(data).toMatchObject({ mileageUnit: 'KM', payTaxes: true, level: 'FREE', autoApproval: false, carIdNumber: 'BXX123' });
  });

  it('requires a brand, style, fuel, transmission, currency and province from the lists', () => {
    expect(errorFor('brand', '')).toBe('invalidBrand');
    expect(errorFor('style', 'LIMO')).toBe('invalidStyle');
    expect(errorFor('fuelType', undefined)).toBe('invalidFuelType');
    expect(errorFor('transmissionType', 'CVT')).toBe('invalidTransmissionType');
    expect(errorFor('currency', 'EUR')).toBe('invalidCurrency');
    expect(errorFor('province', '')).toBe('invalidProvince');
    expect(valueOf('fuelType', 'LPG')).toBe('LPG');
  });

  it('requires a model of at most 60 characters', () => {
    expect(valueOf('model', ' CR-V 2.4 4x4 ')).toBe('CR-V 2.4 4x4');
    expect(errorFor('model', '')).toBe('invalidModel');
    expect(errorFor('model', 'x'.repeat(61))).toBe('invalidModel');
    expect(errorFor('model', '<script>')).toBe('invalidModel');
  });

  it('takes years from 1900 to next calendar year of the clock', () => {
    expect(valueOf('year', '1900')).toBe(1900);
    expect(valueOf('year', 2026)).toBe(2026);
    expect(errorFor('year', 2027)).toBe('invalidYear');
    expect(errorFor('year', 1899)).toBe('invalidYear');
    expect(errorFor('year', '20x1')).toBe('invalidYear');
    expect(adStep1Schema(new Date('2030-01-01T12:00:00Z')).safeParse({ ...ad, year: 2031 }).success).toBe(true);
  });

  it('takes next year from Costa Rica time at new year', () => {
    // 05:00 UTC on 1 January 2026 is still 31 December 2025 in Costa Rica.
    const schema = adStep1Schema(new Date('2026-01-01T05:00:00Z'));
    expect(schema.safeParse({ ...ad, year: 2027 }).success).toBe(false);
    expect(schema.safeParse({ ...ad, year: 2026 }).success).toBe(true);
  });

  it('requires a price above 0 with up to 2 decimals', () => {
    expect(valueOf('price', '12500.75')).toBe(12500.75);
    expect(errorFor('price', 0)).toBe('invalidPrice');
    expect(errorFor('price', '')).toBe('invalidPrice');
    expect(errorFor('price', 10.123)).toBe('invalidPrice');
    expect(errorFor('price', 2_000_000_000)).toBe('invalidPrice');
  });

  it('takes a transfer price of 0 or more, blank as 0', () => {
    expect(valueOf('transferPrice', '')).toBe(0);
    expect(valueOf('transferPrice', 0)).toBe(0);
    expect(errorFor('transferPrice', -1)).toBe('invalidTransferPrice');
    expect(errorFor('transferPrice', '1,5')).toBe('invalidTransferPrice');
  });

  it('takes an engine size of at least 45 cc, blank as 0', () => {
    expect(valueOf('motorSizeCC', '')).toBe(0);
    expect(valueOf('motorSizeCC', 45)).toBe(45);
    expect(errorFor('motorSizeCC', 44)).toBe('invalidMotorSizeCC');
    expect(errorFor('motorSizeCC', 'big')).toBe('invalidMotorSizeCC');
  });

  it('takes a mileage from 0 to 1,000,000, blank as 0', () => {
    expect(valueOf('mileage', undefined)).toBe(0);
    expect(valueOf('mileage', 1_000_000)).toBe(1_000_000);
    expect(errorFor('mileage', 1_000_001)).toBe('invalidMileage');
    expect(errorFor('mileageUnit', 'LEAGUES')).toBe('invalidMileageUnit');
  });

  it('requires colours of letters, digits, hyphens and spaces, at most 40', () => {
    expect(valueOf('exteriorColor', 'Azul-Eléctrico 2')).toBe('Azul-Eléctrico 2');
    expect(errorFor('exteriorColor', '')).toBe('invalidExteriorColor');
    expect(errorFor('exteriorColor', 'a'.repeat(41))).toBe('invalidExteriorColor');
    expect(errorFor('interiorColor', 'Negro/Gris')).toBe('invalidInteriorColor');
  });

  it('takes an optional plate of at most 10 letters and digits', () => {
    expect(valueOf('carIdNumber', '')).toBe('');
    expect(valueOf('carIdNumber', 'ABC1234567')).toBe('ABC1234567');
    expect(errorFor('carIdNumber', 'ABC12345678')).toBe('invalidCarIdNumber');
    expect(errorFor('carIdNumber', 'ABC-123')).toBe('invalidCarIdNumber');
  });

  it('takes the passenger choices, 5 by default', () => {
    expect(valueOf('passengersNumber', '888')).toBe(888);
    expect(valueOf('passengersNumber', undefined)).toBe(5);
    expect(errorFor('passengersNumber', 6)).toBe('invalidPassengersNumber');
  });

  it('takes known damage under 160 characters', () => {
    expect(valueOf('knownDamage', 'x'.repeat(159))).toHaveLength(159);
    expect(errorFor('knownDamage', 'x'.repeat(160))).toBe('invalidKnownDamage');
  });

  it('requires 1 to 5 phones, as a list or its stored JSON text', () => {
    expect(errorFor('phoneList', [])).toBe('atLeastOnePhone');
    expect(errorFor('phoneList', '[]')).toBe('atLeastOnePhone');
    expect(valueOf('phoneList', '[{"phone":"2222 2222","phoneType":"HOME"}]')).toEqual([{ phone: '22222222', phoneType: 'HOME' }]);
  });

  it('requires canton and district, each within the province and canton (issue 28: the store refuses an ad without them)', () => {
    expect(errorsOf(step1, { ...ad, canton: '', district: '' })).toEqual({ canton: 'invalidCanton' });
    expect(errorsOf(step1, { ...ad, canton: null, district: null })).toEqual({ canton: 'invalidCanton' });
    expect(errorsOf(step1, { ...ad, canton: ad.canton, district: '' })).toEqual({ district: 'invalidDistrict' });
    expect(errorsOf(step1, { ...ad, canton: ad.canton, district: undefined })).toEqual({ district: 'invalidDistrict' });
    expect(errorsOf(step1, { ...ad, canton: '401', district: '' })).toEqual({ canton: 'invalidCanton' });
  });

  it('keeps the custom message for GOLD only, at most 56 characters', () => {
    expect(dataOf(step1, { ...ad, level: 'GOLD', message: '¡Precio negociable!' }).message).toBe('¡Precio negociable!');
    expect(dataOf(step1, { ...ad, level: 'SILVER', message: '¡Precio negociable!' }).message).toBe('');
    expect(errorsOf(step1, { ...ad, level: 'GOLD', message: 'x'.repeat(57) })).toEqual({ message: 'invalidCustomMessage' });
    expect(errorFor('level', 'PLATINUM')).toBe('invalidLevel');
  });

  it('keeps quick approval for FREE ads only', () => {
    expect(dataOf(step1, { ...ad, autoApproval: true }).autoApproval).toBe(true);
    expect(dataOf(step1, { ...ad, level: 'BRONZE', autoApproval: true }).autoApproval).toBe(false);
  });

  it('caps photos by level', () => {
    expect(dataOf(step1, { ...ad, attachmentIds: 'a,b,c,d' }).attachmentIds).toEqual(['a', 'b', 'c', 'd']);
    expect(errorsOf(step1, { ...ad, attachmentIds: ['a', 'b', 'c', 'd', 'e'] })).toEqual({ attachmentIds: 'tooManyPhotos' });
    expect(dataOf(step1, { ...ad, level: 'BRONZE', attachmentIds: 'a,b,c,d,e' }).attachmentIds).toHaveLength(5);
  });
});

describe('whole ad and submission', () => {
  it('adds the extras of step 2, as a list or comma-separated text', () => {
    expect(dataOf(adSchema(now), ad).extraList).toEqual(['AIR_CONDITIONING', 'REVERSE_CAMERA']);
    expect(dataOf(adSchema(now), { ...ad, extraList: 'SUNROOF,ALARM' }).extraList).toEqual(['SUNROOF', 'ALARM']);
    expect(errorsOf(adSchema(now), { ...ad, extraList: ['WARP_DRIVE'] })).toEqual({ 'extraList.0': 'invalidExtra' });
  });

  it('needs the terms on step 3', () => {
    expect(dataOf(adStep3Schema, { termsAccepted: true })).toEqual({ termsAccepted: true, electronicInvoice: false, invoice: undefined });
    expect(errorsOf(adStep3Schema, { termsAccepted: false })).toEqual({ termsAccepted: 'invalidTermsAndConditions' });
  });

  it('asks to review step 1 when the car data is invalid', () => {
    const result = validateAdSubmission({ opportunity: { ...ad, price: 0 }, termsAccepted: false }, now);
    expect(result).toEqual({
      ok: false,
      errors: { 'opportunity.price': 'invalidPrice', termsAccepted: 'invalidTermsAndConditions', '': 'opportunityReviewAlert' },
    });
    const terms = validateAdSubmission({ opportunity: ad, termsAccepted: false }, now);
    expect(terms).toEqual({ ok: false, errors: { termsAccepted: 'invalidTermsAndConditions' } });
  });

  it('checks the invoice only when an electronic invoice is asked for', () => {
    const submission = { opportunity: ad, termsAccepted: true, electronicInvoice: true, invoice: { fullname: 'Ana' } };
    const result = validateAdSubmission(submission, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors['invoice.identification']).toBe('required');
    const without = validateAdSubmission({ ...submission, electronicInvoice: false }, now);
    expect(without.ok && without.data.invoice).toBeUndefined();
  });

  it('gives the defaults of a new ad', () => {
    expect(newAdDefaults(now)).toMatchObject({
      year: 2025,
      currency: 'CRC',
      fuelType: 'GASOLINE',
      transmissionType: 'MANUAL',
      payTaxes: true,
      passengersNumber: 5,
      autoApproval: false,
      level: 'FREE',
    });
    expect(newAdDefaults(now).extraList).toContain('AIR_CONDITIONING');
  });
});
