import { describe, expect, it } from 'vitest';
import { financingPlan } from '../src/index';

describe('financingPlan (issue 13)', () => {
  it('gives the monthly payment of an amortised loan, its interest and the total cost', () => {
    // ₡10.000.000 car, ₡2.000.000 down, 60 months at 12 %: ₡8.000.000 at 1 % a month → ₡177.955,58.
    const result = financingPlan({ price: 10_000_000, downPayment: 2_000_000, termMonths: 60, annualRate: 12 });
    expect(result).toEqual({ ok: true, plan: { financed: 8_000_000, monthlyPayment: 177_955.58, totalInterest: 2_677_334.89, totalCost: 12_677_334.89 } });
  });
  it('divides evenly at 0 % and finances nothing when the down payment is the price', () => {
    expect(financingPlan({ price: 24_000, downPayment: 0, termMonths: 24, annualRate: 0 })).toEqual({
      ok: true,
      plan: { financed: 24_000, monthlyPayment: 1_000, totalInterest: 0, totalCost: 24_000 },
    });
    expect(financingPlan({ price: 5_000, downPayment: 5_000, termMonths: 12, annualRate: 9 })).toMatchObject({
      ok: true,
      plan: { financed: 0, monthlyPayment: 0 },
    });
  });
  it('refuses what no loan is, with message keys', () => {
    expect(financingPlan({ price: 10_000, downPayment: 12_000, termMonths: 50, annualRate: 41 })).toEqual({
      ok: false,
      errors: { downPayment: 'invalidDownPayment', termMonths: 'invalidLoanTerm', annualRate: 'invalidInterestRate' },
    });
    expect(financingPlan({ price: 0, downPayment: 0, termMonths: 12, annualRate: Number.NaN })).toEqual({
      ok: false,
      errors: { price: 'invalidPrice', annualRate: 'invalidInterestRate' },
    });
  });
});
