/**
 * The helper rules of the spec as predicates (no zod: the web's public pages use them). Text is
 * trimmed before it is checked. The zod schema builders on them are in `rules.ts`.
 */

/** Letters (accents and ñ included) and inner spaces, at least 2 letters. */
const PERSON_NAME = /^\p{L}[\p{L}\p{M}]*(?: [\p{L}\p{M}]+)*$/u;
/** Letters and digits only. */
const ALPHANUMERIC = /^[\p{L}\p{N}]+$/u;
/** A business name: letters, digits, spaces and . , & ' - (Autos 2000 S.A.). */
const BUSINESS_NAME = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,&'-]*$/u;
/** Letters, digits and hyphens: identification numbers such as 1-0234-0567. */
const IDENTIFICATION = /^[\p{L}\p{N}][\p{L}\p{N}-]*$/u;
/** Letters, digits, hyphens and spaces. */
const ALPHANUMERIC_SPACES_HYPHENS = /^[\p{L}\p{M}\p{N} -]+$/u;
/** 8 digits, optionally split after the fourth by a space or a hyphen: 8888-8888, 8888 8888, 88888888. */
const PHONE = /^\d{4}[ -]?\d{4}$/;
/** local@domain.tld with a top-level domain of 2 or more letters. */
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const DIGITS = /^\d+$/;
const DECIMAL = /^\d+(?:\.\d{1,2})?$/;

export const EMAIL_MAX_LENGTH = 64;

const letterCount = (text: string) => [...text].filter((char) => /\p{L}/u.test(char)).length;

export function isPersonName(text: string): boolean {
  const trimmed = text.trim();
  return PERSON_NAME.test(trimmed) && letterCount(trimmed) >= 2;
}
export function isAlphanumeric(text: string): boolean {
  return ALPHANUMERIC.test(text.trim());
}
export function isAlphanumericName(text: string): boolean {
  return isAlphanumeric(text) && text.trim().length >= 2;
}
export function isBusinessName(text: string, maxLength = 80): boolean {
  const trimmed = text.trim();
  return BUSINESS_NAME.test(trimmed) && trimmed.length >= 2 && trimmed.length <= maxLength;
}
export function isIdentification(text: string): boolean {
  const trimmed = text.trim();
  return IDENTIFICATION.test(trimmed) && trimmed.length <= 32;
}
export function isAlphanumericWithSpacesAndHyphens(text: string): boolean {
  return ALPHANUMERIC_SPACES_HYPHENS.test(text.trim());
}
export function isPhone(text: string): boolean {
  return PHONE.test(text.trim());
}
export function isEmail(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL.test(trimmed) && !trimmed.includes('..');
}
export function isDigits(text: string): boolean {
  return DIGITS.test(text.trim());
}
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}
/** A decimal written with a dot and at most 2 decimals, greater than 0. */
export function isPositiveDecimal(text: string): boolean {
  return DECIMAL.test(text.trim()) && Number(text) > 0;
}
/** A decimal written with a dot and at most 2 decimals, 0 or more. */
export function isNonNegativeDecimal(text: string): boolean {
  return DECIMAL.test(text.trim());
}

/** A Costa Rican phone as people read it, "8888-1234" (issue 13); text that is not 8 digits is left as written. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '');
  return /^\d{8}$/.test(digits) ? `${digits.slice(0, 4)}-${digits.slice(4)}` : phone;
}

/** Digits only, with the separator removed: '8888-8888' gives '88888888'. */
export function normalizePhone(text: string): string {
  return text.replace(/\D/g, '');
}

export const MAX_AMOUNT = 1_000_000_000;
