import { translate, validate, type MessageKey } from '@ruedas/domain';
import { useState, type FormEvent } from 'react';
import { useLanguage } from '../i18n';
import { apiError, type ApiError } from '../data/apiError';

type Schema = Parameters<typeof validate>[0];

/**
 * A form checked with a @ruedas/domain schema: nothing is shown before the first submit, then
 * every change re-validates live. Server field errors show on their fields until the field changes;
 * any other refusal is `failure`.
 */
export function useAccountForm<V extends object>(schema: Schema, initial: V) {
  const [language] = useLanguage();
  const [values, setValues] = useState<V>(initial);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const check = validate(schema, values);
  const fieldKeys: Record<string, MessageKey> = check.ok ? {} : check.errors;

  /** The message to show under a field (by its dotted path), or undefined. */
  function error(field: string): string | undefined {
    if (serverErrors[field]) return serverErrors[field];
    const key = attempted ? fieldKeys[field] : undefined;
    return key ? translate(key, language) : undefined;
  }

  function set<K extends keyof V>(field: K, value: V[K]): void {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      const prefix = String(field);
      return Object.fromEntries(Object.entries(current).filter(([path]) => path.split('.')[0] !== prefix));
    });
  }

  /** The submit handler: validates, then runs `send` with the parsed data and keeps its refusal. */
  function onSubmit(send: (data: unknown) => Promise<void>) {
    return async (event: FormEvent) => {
      event.preventDefault();
      setAttempted(true);
      setFailure(null);
      if (!check.ok) return;
      setSubmitting(true);
      try {
        await send(check.data);
      } catch (cause) {
        const refusal = apiError(cause);
        setServerErrors(refusal.fields);
        // A refusal with field messages shows on the fields only.
        setFailure(Object.keys(refusal.fields).length > 0 ? null : refusal);
      } finally {
        setSubmitting(false);
      }
    };
  }

  return { values, setValues, set, error, onSubmit, failure, submitting, attempted };
}

export type AccountForm<V extends object> = ReturnType<typeof useAccountForm<V>>;
