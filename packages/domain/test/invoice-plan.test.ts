import { describe, expect, it } from 'vitest';
import {
  adTotal,
  adTotalAt,
  complaintSchema,
  invoiceSchema,
  planBlockedAt,
  planPurchaseSchema,
  PLAN_MAX_QUANTITY,
  planSchema,
  planUsableAt,
} from '../src/index';
import { dataOf, errorsOf } from './helpers';

const invoice = {
  idType: 'JURIDIC_ID',
  identification: '3-101-123456',
  fullname: 'Autos del Valle S.A.',
  address: 'San Pedro, 200 m norte de la iglesia',
  email: 'facturas@autosdelvalle.cr',
  phone: '+506 2222-3333',
};

describe('invoice', () => {
  it('accepts complete data and defaults the id type', () => {
    expect(dataOf(invoiceSchema, invoice).idType).toBe('JURIDIC_ID');
    expect(dataOf(invoiceSchema, { ...invoice, idType: undefined }).idType).toBe('NATIONAL_ID');
  });

  it('requires identification, name and address with their limits', () => {
    const errorFor = (field: string, value: unknown) => errorsOf(invoiceSchema, { ...invoice, [field]: value })[field];
    expect(errorFor('identification', '')).toBe('required');
    expect(errorFor('identification', '1'.repeat(33))).toBe('invalidIdentification');
    expect(errorFor('fullname', '')).toBe('required');
    expect(errorFor('fullname', 'x'.repeat(129))).toBe('invalidName');
    expect(errorFor('fullname', '<b>Ana</b>')).toBe('invalidName');
    expect(errorFor('address', '')).toBe('required');
    expect(errorFor('address', 'x'.repeat(129))).toBe('invalidAddress');
    expect(errorFor('email', 'facturas@autos')).toBe('invalidEmail');
    expect(errorFor('phone', '2222')).toBe('invalidPhone');
    expect(errorFor('phone', '2'.repeat(33))).toBe('invalidPhone');
    expect(errorFor('idType', 'PASSPORT')).toBe('invalidIdType');
  });

  it('checks an optional location when one is given', () => {
    expect(dataOf(invoiceSchema, { ...invoice, province: '2', canton: '201' }).canton).toBe('201');
    expect(errorsOf(invoiceSchema, { ...invoice, province: '2', canton: '101' })).toEqual({ canton: 'invalidCanton' });
  });
});

describe('plan purchase', () => {
  const purchase = { plan: { planLevel: 'SILVER', totalOpportunities: 10 }, termsAccepted: true };

  it('takes a quantity from the minimum parameter to 100, GOLD by default', () => {
    expect(dataOf(planPurchaseSchema(10), purchase).plan).toEqual({ planLevel: 'SILVER', totalOpportunities: 10 });
    expect(dataOf(planSchema(10), { totalOpportunities: '100' })).toEqual({ planLevel: 'GOLD', totalOpportunities: 100 });
    expect(errorsOf(planSchema(10), { totalOpportunities: 9 })).toEqual({ totalOpportunities: 'planQuantityBelowMinimum' });
    expect(errorsOf(planSchema(20), { totalOpportunities: 15 })).toEqual({ totalOpportunities: 'planQuantityBelowMinimum' });
    expect(errorsOf(planSchema(10), { totalOpportunities: PLAN_MAX_QUANTITY + 1 })).toEqual({
      totalOpportunities: 'planQuantityAboveMaximum',
    });
    expect(errorsOf(planSchema(10), { totalOpportunities: 10.5 })).toEqual({ totalOpportunities: 'mustBeNumber' });
    expect(errorsOf(planSchema(10), { planLevel: 'FREE', totalOpportunities: 10 })).toEqual({ planLevel: 'invalidPlanLevel' });
  });

  it('refuses a minimum outside 1 to 100', () => {
    expect(() => planSchema(0)).toThrow(RangeError);
    expect(() => planSchema(101)).toThrow(RangeError);
  });

  it('needs the terms, and the invoice when asked for', () => {
    expect(errorsOf(planPurchaseSchema(10), { ...purchase, termsAccepted: false })).toEqual({
      termsAccepted: 'invalidTermsAndConditions',
    });
    expect(errorsOf(planPurchaseSchema(10), { ...purchase, electronicInvoice: true, invoice: { ...invoice, email: '' } })).toEqual({
      'invoice.email': 'invalidEmail',
    });
    const data = dataOf(planPurchaseSchema(10), { ...purchase, electronicInvoice: true, invoice });
    expect(data.invoice?.fullname).toBe('Autos del Valle S.A.');
  });
});

describe('complaint', () => {
  it('needs a reason of at most 500 characters', () => {
    expect(dataOf(complaintSchema, { opportunityId: 'ad1', details: ' Es una estafa ' }).details).toBe('Es una estafa');
    expect(errorsOf(complaintSchema, { opportunityId: 'ad1', details: '  ' })).toEqual({ details: 'invalidReason' });
    expect(errorsOf(complaintSchema, { opportunityId: 'ad1', details: 'x'.repeat(501) })).toEqual({ details: 'invalidReason' });
  });
});

describe('ad totals', () => {
  const prices = { single: { GOLD: 25_000, SILVER: 15_000, BRONZE: 8_000.005 }, quickApproval: 3_000 };
  it('a paid level costs its single price; a free ad costs quick approval only when it asks for it', () => {
    expect(adTotalAt(prices, 'GOLD', false)).toBe(25_000);
    expect(adTotalAt(prices, 'SILVER', true)).toBe(15_000);
    expect(adTotalAt(prices, 'BRONZE', false)).toBe(8_000.01);
    expect(adTotalAt(prices, 'FREE', true)).toBe(3_000);
    expect(adTotalAt(prices, 'FREE', false)).toBe(0);
  });
  it('the parameters give the same totals as the prices billing answers', () => {
    const parameter = (key: string) =>
      ({ SINGLE_PRICE_GOLD: 25_000, SINGLE_PRICE_SILVER: 15_000, SINGLE_PRICE_BRONZE: 8_000.005, IMMEDIATE_APPROVAL_PRICE: 3_000 })[key] ?? Number.NaN;
    for (const level of ['GOLD', 'SILVER', 'BRONZE', 'FREE'] as const) {
      for (const quick of [false, true]) expect(adTotal(level, quick, parameter)).toBe(adTotalAt(prices, level, quick));
    }
  });
});

describe('plan usable and blocked', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const plan = { available: 3, blocked: false, expiresAt: '2026-12-23T12:00:00.000Z' };

  it('pays for an ad while it has ads left, is not blocked and is inside its month', () => {
    expect(planUsableAt(plan, now)).toBe(true);
    expect(planUsableAt({ ...plan, expiresAt: new Date('2026-12-23T12:00:00Z') }, now)).toBe(true);
    expect(planBlockedAt(plan, now)).toBe(false);
  });

  it('does not when it has no ads left, is blocked, or its month ended (even before the block is written)', () => {
    expect(planUsableAt({ ...plan, available: 0 }, now)).toBe(false);
    expect(planUsableAt({ ...plan, blocked: true }, now)).toBe(false);
    expect(planUsableAt({ ...plan, expiresAt: now.toISOString() }, now)).toBe(false);
    expect(planBlockedAt({ ...plan, expiresAt: '2026-11-01T00:00:00.000Z' }, now)).toBe(true);
    expect(planBlockedAt({ blocked: false, expiresAt: null }, now)).toBe(false);
  });
});
