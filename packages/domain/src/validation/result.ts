import type { z } from 'zod';
import { isMessageKey, type MessageKey } from '../messages';

/** Field path (dot-joined, '' for the whole form) to the message key of its first problem. */
export type FieldErrors = Record<string, MessageKey>;

/**
 * Turns a zod error into `{ field: messageKey }`, e.g. `{ email: 'invalidEmail', 'phones.0.phone':
 * 'invalidPhone' }`. An issue whose message is not a known key (a bug in a schema) reports
 * 'errorOccurred' rather than leaking zod's English text.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (field in errors) continue;
    errors[field] = isMessageKey(issue.message) ? issue.message : 'errorOccurred';
  }
  return errors;
}

export type ValidationResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Parses with `schema` and answers either the data or the field errors. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
