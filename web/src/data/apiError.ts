import { hasGraphQLErrors } from './answers';

/** What a form needs from a failed call: the code, the server's translated message, its field messages. */
export interface ApiError {
  code: string | null;
  message: string;
  /** Field path → message already translated to the Accept-Language sent. */
  fields: Record<string, string>;
}

interface Extensions {
  code?: unknown;
  fields?: Record<string, { message?: unknown } | undefined>;
}

/** The first GraphQL error of a failed call; a network failure has no code and no fields. */
export function apiError(error: unknown): ApiError {
  if (hasGraphQLErrors(error) && error.errors[0]) {
    const first = error.errors[0];
    const extensions = (first.extensions ?? {}) as Extensions;
    const fields: Record<string, string> = {};
    for (const [field, detail] of Object.entries(extensions.fields ?? {})) {
      if (typeof detail?.message === 'string') fields[field] = detail.message;
    }
    return { code: typeof extensions.code === 'string' ? extensions.code : null, message: first.message, fields };
  }
  return { code: null, message: error instanceof Error ? error.message : String(error), fields: {} };
}

/** Whether a call was refused for an invalid, expired or missing session (spec 01 §8, 0003). */
export function isSessionRefused(error: unknown): boolean {
  return hasGraphQLErrors(error) && error.errors.some((item) => (item.extensions as Extensions | undefined)?.code === '0003');
}
