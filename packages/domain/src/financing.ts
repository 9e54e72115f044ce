import type { Currency } from './enums';
import type { MessageKey } from './messages';
import { roundAmount } from './billing';

/**
 * The financing calculator of the ad page (issue 13): what a car costs a month with a loan. Pure,
 * so the web shows it and a test checks it against the amortisation formula.
 */
export const FINANCING_LIMITS = {
  /** Loan terms a bank in Costa Rica offers for a used car, in months. */
  termsMonths: [12, 24, 36, 48, 60, 72, 84, 96] as const,
  defaultTermMonths: 60,
  /** Yearly interest in percent: 0 (a seller's own plan) to 40. */
  minRate: 0,
  maxRate: 40,
  /** A starting point, not an offer: about what banks charged for used cars in colones in 2025. */
  defaultRate: { CRC: 12, USD: 9 } satisfies Record<Currency, number>,
  /** Suggested down payment: a fifth of the price. */
  defaultDownPaymentShare: 0.2,
} as const;

export interface FinancingInput {
  price: number;
  downPayment: number;
  termMonths: number;
  /** Yearly interest in percent (12 means 12 %). */
  annualRate: number;
}

export interface FinancingPlan {
  financed: number;
  monthlyPayment: number;
  totalInterest: number;
  /** Down payment plus every monthly payment. */
  totalCost: number;
}

export type FinancingResult = { ok: true; plan: FinancingPlan } | { ok: false; errors: Partial<Record<keyof FinancingInput, MessageKey>> };

/**
 * The monthly payment of a loan (French amortisation: equal payments, interest on the balance), the
 * interest paid over the term and the car's total cost. A down payment of the whole price finances
 * nothing; rates and terms outside the limits, or a down payment above the price, are refused.
 */
export function financingPlan(input: FinancingInput): FinancingResult {
  const errors: Partial<Record<keyof FinancingInput, MessageKey>> = {};
  const { price, downPayment, termMonths, annualRate } = input;
  if (!Number.isFinite(price) || price <= 0) errors.price = 'invalidPrice';
  if (!Number.isFinite(downPayment) || downPayment < 0 || (Number.isFinite(price) && downPayment > price)) errors.downPayment = 'invalidDownPayment';
  if (!(FINANCING_LIMITS.termsMonths as readonly number[]).includes(termMonths)) errors.termMonths = 'invalidLoanTerm';
  if (!Number.isFinite(annualRate) || annualRate < FINANCING_LIMITS.minRate || annualRate > FINANCING_LIMITS.maxRate) errors.annualRate = 'invalidInterestRate';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const financed = price - downPayment;
  const monthlyRate = annualRate / 100 / 12;
  const exact = monthlyRate === 0 ? financed / termMonths : (financed * monthlyRate) / (1 - (1 + monthlyRate) ** -termMonths);
  const monthlyPayment = roundAmount(exact);
  const totalInterest = roundAmount(exact * termMonths - financed);
  return { ok: true, plan: { financed: roundAmount(financed), monthlyPayment, totalInterest, totalCost: roundAmount(downPayment + exact * termMonths) } };
}
