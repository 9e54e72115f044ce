import { z } from 'zod';
import type { MessageKey } from '../messages';
import { hasAtMostTwoDecimals, isAlphanumericName, isEmail, isPersonName, isPhone, MAX_AMOUNT, normalizePhone } from './predicates';

export * from './predicates';

// Schema builders. Each reports `key` on any failure, including a missing or mistyped value.

export function personNameSchema(key: MessageKey, maxLength = 60) {
  return z.string(key).trim().max(maxLength, key).refine(isPersonName, key);
}

export function alphanumericNameSchema(key: MessageKey) {
  return z.string(key).trim().refine(isAlphanumericName, key);
}

export function emailSchema(key: MessageKey = 'invalidEmail') {
  return z
    .string(key)
    .trim()
    .refine(isEmail, key)
    .transform((email) => email.toLowerCase());
}

/** An 8-digit phone number; the output has the separator removed. */
export function phoneNumberSchema(key: MessageKey = 'invalidPhone') {
  return z.string(key).trim().refine(isPhone, key).transform(normalizePhone);
}

/** Optional text: blank or missing becomes ''. */
export function optionalText() {
  return z.preprocess((value) => (value == null ? '' : value), z.string().trim());
}

/**
 * A number typed into a form or sent as JSON: a number, or a string of digits with an optional dot and
 * decimals, checked by `schema`. `blank` is what an empty string or a missing value becomes
 * (left undefined, the value is required).
 */
export function numericInput<T extends z.ZodType<number, number>>(schema: T, blank?: number) {
  return z.preprocess((value) => {
    if (value == null || (typeof value === 'string' && value.trim() === '')) return blank;
    if (typeof value === 'string') return /^\d+(?:\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
    return value;
  }, schema);
}

/** An amount with at most 2 decimals, up to 1,000,000,000: greater than 0 when `positive`, else 0 or more. */
export function amountSchema(key: MessageKey, positive: boolean) {
  const base = z.number(key).max(MAX_AMOUNT, key).refine(hasAtMostTwoDecimals, key);
  return positive ? base.refine((value) => value > 0, key) : base.refine((value) => value >= 0, key);
}

/**
 * Cross-field checks run even when a field already failed, so a form shows every error at once.
 * Such a check must accept raw values in the fields that failed.
 */
export const EVEN_WITH_FIELD_ERRORS = { when: () => true };
