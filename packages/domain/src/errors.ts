import type { Locale } from './enums';
import { translate, type MessageKey } from './messages';
import { DEFAULT_PARAMETER_VALUES } from './parameters';

/** The coded errors the API answers with (spec 01 §8), as `{ code, message }`. */
export const ERROR_CODES = ['0001', '0002', '0003', '0004', '0005'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, { readonly key: MessageKey; readonly meaning: string }>> = {
  '0001': { key: 'incorrectCredentials', meaning: 'Incorrect email or password' },
  '0002': { key: 'accountNotConfirmed', meaning: 'The account has not been confirmed' },
  '0003': { key: 'sessionInvalid', meaning: 'Session invalid or expired: sign in again' },
  '0004': { key: 'invalidConfirmationLink', meaning: 'The confirmation link is not valid' },
  '0005': { key: 'accountLocked', meaning: 'Locked after failed logins: wait or reset the password' },
};

/**
 * The named codes of `extensions.code` in a GraphQL error (and `code` of a REST error answer),
 * besides the spec's numbered ones (ERROR_CODES): published in the schema as `enum ErrorCode`,
 * each with what a client should do (issue 32 item 12).
 */
export const API_ERROR_CODES = [
  'VALIDATION',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'UNAVAILABLE',
  'BAD_REQUEST',
  'QUERY_TOO_LARGE',
  'QUERY_TOO_DEEP',
  'QUERY_TOO_COMPLEX',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'PERSISTED_QUERY_NOT_FOUND',
  'INTERNAL_SERVER_ERROR',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The key of the generic message used when an operation fails without a code. */
export const GENERIC_ERROR_KEY: MessageKey = 'errorOccurred';

export function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}

/**
 * The message of a code in a language. 0005 names the lockout duration: pass the current
 * LOCKOUT_MINUTES value as `lockoutMinutes` (its default otherwise).
 */
export function errorMessage(code: ErrorCode, locale: Locale, lockoutMinutes: number = DEFAULT_PARAMETER_VALUES.LOCKOUT_MINUTES): string {
  return translate(ERROR_CATALOGUE[code].key, locale, { minutes: lockoutMinutes });
}

/** The error answer body: `{ code: '0001', message: '...' }`. */
export function errorBody(code: ErrorCode, locale: Locale, lockoutMinutes?: number): { code: ErrorCode; message: string } {
  return { code, message: errorMessage(code, locale, lockoutMinutes) };
}
