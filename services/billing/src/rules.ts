import type { Role } from '@ruedas/domain';
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

/** Costa Rica has no daylight saving: UTC-6 all year. */
const COSTA_RICA_OFFSET_MS = 6 * HOUR_MS;

/** The instants of a date range `yyyy-MM-dd` to `yyyy-MM-dd` (both days included, Costa Rica time); null when invalid. */
export function dateRange(start: string, end: string): { from: Date; to: Date } | null {
  const day = (text: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!match) return null;
    const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    const date = new Date(ms);
    if (date.getUTCMonth() !== Number(match[2]) - 1 || date.getUTCDate() !== Number(match[3])) return null;
    return ms + COSTA_RICA_OFFSET_MS;
  };
  const from = day(start);
  const to = day(end);
  if (from === null || to === null || from > to) return null;
  return { from: new Date(from), to: new Date(to + 24 * HOUR_MS) };
}
