import type { Level, PlanLevel } from './enums';
import type { GlobalParameterKey } from './parameters';

/**
 * Money rules of publishing (spec 02 §1, §9; DECISIONS.md): what an ad costs, what a plan costs,
 * how long a plan lasts and how long a payment may be cancelled. Prices come from the global
 * parameters, read through `parameter`.
 */
type ParameterOf = (key: GlobalParameterKey) => number;

const SINGLE_PRICE = { GOLD: 'SINGLE_PRICE_GOLD', SILVER: 'SINGLE_PRICE_SILVER', BRONZE: 'SINGLE_PRICE_BRONZE' } as const;
const PLAN_PRICE = { GOLD: 'PLAN_PRICE_GOLD', SILVER: 'PLAN_PRICE_SILVER', BRONZE: 'PLAN_PRICE_BRONZE' } as const;

/** A paid level always needs a payment (it includes quick approval); a free ad only when it buys quick approval. */
export function adNeedsPayment(level: Level, autoApproval: boolean): boolean {
  return level !== 'FREE' || autoApproval;
}

/** Rounds an amount to céntimos (amounts travel with 2 decimals). */
export const roundAmount = (amount: number): number => Math.round(amount * 100) / 100;

/** The prices an ad's total is made of (CRC), as billing answers them to the web. */
export interface AdPrices {
  single: Readonly<Record<PlanLevel, number>>;
  quickApproval: number;
}

/** The total of one ad at these prices: its level's single price, or quick approval for a free ad, or 0. */
export function adTotalAt(prices: AdPrices, level: Level, autoApproval: boolean): number {
  if (level === 'FREE') return autoApproval ? roundAmount(prices.quickApproval) : 0;
  return roundAmount(prices.single[level]);
}

/** The total of one ad at the prices of the global parameters. */
export function adTotal(level: Level, autoApproval: boolean, parameter: ParameterOf): number {
  const single = { GOLD: parameter(SINGLE_PRICE.GOLD), SILVER: parameter(SINGLE_PRICE.SILVER), BRONZE: parameter(SINGLE_PRICE.BRONZE) };
  return adTotalAt({ single, quickApproval: parameter('IMMEDIATE_APPROVAL_PRICE') }, level, autoApproval);
}

/** The price of one ad inside a plan of a level. */
export const planUnitPrice = (level: PlanLevel, parameter: ParameterOf): number => roundAmount(parameter(PLAN_PRICE[level]));

/** The price of one ad bought on its own, for a paid level. */
export const singlePrice = (level: PlanLevel, parameter: ParameterOf): number => roundAmount(parameter(SINGLE_PRICE[level]));

/** A plan is valid this many calendar months from its purchase (DECISIONS.md). */
export const PLAN_VALIDITY_MONTHS = 1;
/** A paid ad may be cancelled up to this many hours after its payment (DECISIONS.md: 1 day). */
export const CANCELLATION_WINDOW_HOURS = 24;

/** The end of a plan bought at `from`: same day and time one calendar month later (clamped to the month's end). */
export function planExpiry(from: Date): Date {
  const end = new Date(from.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + PLAN_VALIDITY_MONTHS);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** What decides whether a plan can pay for an ad: its ads left, the scheduler's block and its month. */
export interface PlanState {
  available: number;
  blocked: boolean;
  /** The end of its month (a Date, or ISO text as the API answers it); null before its first purchase. */
  expiresAt: Date | string | null;
}

/** Whether a plan is blocked at `now`: blocked by the scheduler, or already past its month before that pass writes it. */
export function planBlockedAt(plan: Pick<PlanState, 'blocked' | 'expiresAt'>, now: Date): boolean {
  return plan.blocked || (plan.expiresAt !== null && new Date(plan.expiresAt).getTime() <= now.getTime());
}

/** Whether a plan can pay for an ad at `now`: it has ads left and is neither blocked nor past its month. */
export function planUsableAt(plan: PlanState, now: Date): boolean {
  return plan.available > 0 && !planBlockedAt(plan, now);
}
