import { isPublicStatus, type AdStatus, type Currency, type Level } from '@ruedas/domain';
import { asAdministrator, asSeller, isAdministrator, isSeller, type Caller } from '@ruedas/platform';

/** Rules of the listings service that need no I/O: who may do what, and the life of an ad. */

/** A verified caller (null is a visitor) and the role guards: the platform's, one home for every service. */
export { asAdministrator, asSeller, isAdministrator, isSeller, type Caller };

const DAY_MS = 86_400_000;
/** The 'new' tag shows for this many days after the ad went public (spec 01 §9). */
export const NEW_FOR_DAYS = 4;

/** The name the system signs its own history entries with (expiry and renewal). */
export const SYSTEM_AUTHOR = { email: 'system', fullName: 'Ruedas' } as const;

export const owns = (ad: { sellerId: string }, caller: Caller | null): boolean => caller !== null && ad.sellerId === caller.userId;

/** Public ads for anybody; any status for the owner and administrators. */
export const mayRead = (ad: { sellerId: string; status: AdStatus }, caller: Caller | null): boolean =>
  isPublicStatus(ad.status) || owns(ad, caller) || isAdministrator(caller);

/** The plate, the creation date and the end of life: the owner and administrators only. */
export const mayReadPrivate = (ad: { sellerId: string }, caller: Caller | null): boolean => owns(ad, caller) || isAdministrator(caller);

/**
 * The statuses an administrator's choice writes, in order (DECISIONS.md). Approving is APPROVED then
 * at once PUBLIC_ONLINE; a renewal is RENEWED then PUBLIC_ONLINE; anything else is the status itself.
 */
export function adminSteps(from: AdStatus, to: AdStatus): AdStatus[] {
  if (to === 'APPROVED' || (to === 'PUBLIC_ONLINE' && from === 'PENDING_APPROVAL')) return ['APPROVED', 'PUBLIC_ONLINE'];
  if (to === 'RENEWED') return ['RENEWED', 'PUBLIC_ONLINE'];
  return [to];
}

/**
 * The status after an owner's edit, or null when the owner may not edit: a public ad goes back to
 * review while staying online (MODIFIED), a rejected one is submitted again, a sold one is final.
 */
export function statusAfterOwnerEdit(from: AdStatus): AdStatus | null {
  switch (from) {
    case 'PUBLIC_ONLINE':
    case 'MODIFIED':
      return 'MODIFIED';
    case 'REJECTED':
      return 'PENDING_APPROVAL';
    case 'SOLD':
      return null;
    default:
      return from;
  }
}

/** How long one period of public life lasts, from the global parameters. */
export function lifeDays(level: Level, parameter: (key: 'FREE_AD_EXPIRY_DAYS' | 'PAID_AD_EXPIRY_DAYS') => number): number {
  return parameter(level === 'FREE' ? 'FREE_AD_EXPIRY_DAYS' : 'PAID_AD_EXPIRY_DAYS');
}

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

export function isNew(ad: { status: AdStatus; publishedAt: Date | null }, now: Date): boolean {
  return isPublicStatus(ad.status) && ad.publishedAt !== null && now.getTime() - ad.publishedAt.getTime() < NEW_FOR_DAYS * DAY_MS;
}

/** The price in colones, to the céntimo. */
export function priceInColones(price: number, currency: Currency, crcPerUsd: number): number {
  return currency === 'CRC' ? price : Math.round(price * crcPerUsd * 100) / 100;
}
