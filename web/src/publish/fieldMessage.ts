import { PHOTOS_PER_LEVEL, PLAN_MAX_QUANTITY, translate, type FieldErrors, type Level, type Locale, type MessageKey } from '@ruedas/domain';

/** Placeholders some messages carry, filled from the form's own numbers. */
export interface MessageContext {
  level?: Level;
  minimum?: number;
  /** The longest seller's description (AD_DESCRIPTION_MAX_LENGTH). */
  max?: number;
}

/**
 * A field's message (by dotted path) in the interface language: a server message first (already
 * translated), else the key from @ruedas/domain validation, shown only once `shown` is true.
 */
export function fieldMessage(
  field: string,
  keys: FieldErrors,
  server: Record<string, string>,
  shown: boolean,
  locale: Locale,
  context: MessageContext = {},
): string | undefined {
  if (server[field]) return server[field];
  const key: MessageKey | undefined = shown ? keys[field] : undefined;
  if (!key) return undefined;
  return translate(key, locale, {
    maxPhotos: PHOTOS_PER_LEVEL[context.level ?? 'FREE'],
    minimum: context.minimum ?? 1,
    maximum: PLAN_MAX_QUANTITY,
    ...(context.max !== undefined ? { max: context.max } : {}),
  });
}
