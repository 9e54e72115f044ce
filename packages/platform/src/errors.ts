/**
 * An expected failure with a stable code and a message key from the domain catalogue
 * (`@ruedas/domain` translates it). GraphQL answers carry `extensions.code`, `extensions.messageKey`
 * and `extensions.fields`; the REST facade answers `{ code, message, fields }` with the HTTP status
 * below. Anything that is not a DomainError is an internal fault: logged, and masked in answers.
 */
export const errorStatus = {
  '0001': 401, // incorrect email or password
  '0002': 403, // account not confirmed
  '0003': 401, // session invalid or expired
  '0004': 400, // confirmation link not valid
  '0005': 423, // locked after failed attempts
  VALIDATION: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    /** Key of the message in the domain catalogue (`@ruedas/domain` messages), e.g. `invalidEmail`. */
    readonly messageKey: string,
    /** Field → message key, for validation errors. */
    readonly fields?: Record<string, string>,
    /** Values interpolated into the translated message. */
    readonly params?: Record<string, string | number>,
  ) {
    super(messageKey);
  }
}

export const isDomainError = (error: unknown): error is DomainError =>
  error instanceof DomainError || (error instanceof Error && error.name === 'DomainError' && 'messageKey' in error);

export const forbidden = () => new DomainError('FORBIDDEN', 'forbidden');
export const notFound = (messageKey = 'notFound') => new DomainError('NOT_FOUND', messageKey);
export const sessionInvalid = () => new DomainError('0003', 'sessionInvalid');
export const validationFailed = (fields: Record<string, string>) => new DomainError('VALIDATION', 'validationFailed', fields);
