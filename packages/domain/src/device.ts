/**
 * The browser's device value (decision 0147): a long random value the web app keeps in local storage
 * and sends at sign-in in this header, so a sign-in from a device the account signed in from before
 * counts as a known place, like a known address (phones change addresses often). It proves nothing
 * by itself: it becomes known only after a sign-in with the right password from it.
 */
export const DEVICE_HEADER = 'x-ruedas-device';

/** What a device value looks like (a UUID, or any 22 to 128 URL-safe characters); anything else is ignored. */
export function isDeviceValue(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{22,128}$/.test(value);
}
