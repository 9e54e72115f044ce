import { DEVICE_HEADER, isDeviceValue } from '@ruedas/domain';

/**
 * This browser's device value (decision 0147): made once, kept in local storage, sent at sign-in so
 * a sign-in from a device the account signed in from before counts as a known place (a stranger's
 * failed sign-ins do not lock the owner out of it). It is no secret on its own: the right password
 * from it is what makes it known.
 */
export const DEVICE_KEY = 'ruedas.device';

export function deviceValue(storage?: Pick<Storage, 'getItem' | 'setItem'>): string | null {
  try {
    const kept = (storage ?? localStorage).getItem(DEVICE_KEY);
    if (isDeviceValue(kept)) return kept;
    const made = crypto.randomUUID();
    (storage ?? localStorage).setItem(DEVICE_KEY, made);
    return made;
  } catch {
    // No storage (private mode, server rendering): signed in by address alone.
    return null;
  }
}

/** The headers of a sign-in request that carry the device value. */
export function deviceHeaders(storage?: Pick<Storage, 'getItem' | 'setItem'>): Record<string, string> {
  const value = deviceValue(storage);
  return value ? { [DEVICE_HEADER]: value } : {};
}
