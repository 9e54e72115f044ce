import { costaRicaDays, type Role } from '@ruedas/domain';
import { forbidden, sessionInvalid } from '@ruedas/platform';

/** A verified caller; null is a visitor. */
export interface Caller {
  userId: string;
  role: Role;
}

export const isAdministrator = (caller: Caller | null): boolean => caller?.role === 'ADMINISTRATOR';

/** Sellers buy; an impersonator's account only maintains users (spec 01 §6). */
export function asSeller(caller: Caller | null): Caller {
  if (!caller) throw sessionInvalid();
  if (caller.role !== 'ADVERTISER' && caller.role !== 'TESTUSER' && caller.role !== 'ADMINISTRATOR') throw forbidden();
  return caller;
}

export function asAdministrator(caller: Caller | null): Caller {
  if (!caller) throw sessionInvalid();
  if (!isAdministrator(caller)) throw forbidden();
  return caller;
}

const HOUR_MS = 3_600_000;
export const addHours = (date: Date, hours: number): Date => new Date(date.getTime() + hours * HOUR_MS);

/** The instants of a date range `yyyy-MM-dd` to `yyyy-MM-dd` (both days included, Costa Rica time); null when invalid. */
export const dateRange = costaRicaDays;
