import { costaRicaDays } from '@ruedas/domain';
import { asAdministrator, asSeller, isAdministrator, type Caller } from '@ruedas/platform';

/** A verified caller (null is a visitor) and the role guards: the platform's; sellers buy, an impersonator's account only maintains users (spec 01 §6). */
export { asAdministrator, asSeller, isAdministrator, type Caller };

const HOUR_MS = 3_600_000;
export const addHours = (date: Date, hours: number): Date => new Date(date.getTime() + hours * HOUR_MS);

/** The instants of a date range `yyyy-MM-dd` to `yyyy-MM-dd` (both days included, Costa Rica time); null when invalid. */
export const dateRange = costaRicaDays;
