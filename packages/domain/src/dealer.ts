import type { Locale } from './enums';
import { findCanton, findDistrict, findProvince } from './reference/locations';

/**
 * A dealer's (CARS_SELLER_MERCHANT's) business page data (issue 13): address, opening hours per
 * weekday and where the lot is on the map. Pure functions; the rules are in validation/dealer.ts.
 */

/** Monday first, as Costa Rican calendars show the week; the names are schema.org's DayOfWeek. */
export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, { es: string; en: string }> = {
  MONDAY: { es: 'Lunes', en: 'Monday' },
  TUESDAY: { es: 'Martes', en: 'Tuesday' },
  WEDNESDAY: { es: 'Miércoles', en: 'Wednesday' },
  THURSDAY: { es: 'Jueves', en: 'Thursday' },
  FRIDAY: { es: 'Viernes', en: 'Friday' },
  SATURDAY: { es: 'Sábado', en: 'Saturday' },
  SUNDAY: { es: 'Domingo', en: 'Sunday' },
};

/** Limits of the dealer's data. The box holds mainland Costa Rica and Isla del Coco. */
export const DEALER_LIMITS = {
  directionsMaxLength: 300,
  /** Opening ranges in one day (e.g. 8:00–12:00 and 13:00–17:00). */
  rangesPerDay: 2,
  mapLinkMaxLength: 2000,
  latitude: { min: 5.4, max: 11.3 },
  longitude: { min: -87.2, max: -82.5 },
} as const;

/** One opening range, 24-hour `HH:MM`; `closes` is later than `opens` the same day (`24:00` is midnight). */
export interface OpeningRange {
  opens: string;
  closes: string;
}

/** A weekday and its opening ranges: none means closed that day. */
export interface DealerDay {
  day: Weekday;
  ranges: OpeningRange[];
}

export interface DealerInfo {
  province: string;
  canton: string;
  district: string;
  /** The street directions ("200 m norte de la iglesia"). */
  directions: string;
  /** The seven weekdays, Monday first. */
  hours: DealerDay[];
  latitude: number | null;
  longitude: number | null;
}

/** Minutes since midnight of an `HH:MM` time, or NaN when it is not one (`24:00` is 1440). */
export function minutesOf(time: string): number {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match) return Number.NaN;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes > 24 * 60 ? Number.NaN : minutes;
}

export function isInCostaRica(latitude: number, longitude: number): boolean {
  const { latitude: lat, longitude: lng } = DEALER_LIMITS;
  return latitude >= lat.min && latitude <= lat.max && longitude >= lng.min && longitude <= lng.max;
}

/**
 * The coordinates in a pasted map link or text: "9.93, -84.08", Google Maps (`@9.93,-84.08,17z`,
 * `?q=9.93,-84.08`, `query=`, `ll=`, `!3d9.93!4d-84.08`) or Waze (`ll=9.93,-84.08`, also `%2C`).
 * Null when it holds none (a short link such as maps.app.goo.gl names no place until followed).
 */
export function coordinatesFromMapLink(text: string): { latitude: number; longitude: number } | null {
  let value = text.trim();
  try {
    value = decodeURIComponent(value);
  } catch {
    // Not URL-encoded: read as it is.
  }
  const number = String.raw`(-?\d{1,3}(?:\.\d+)?)`;
  const patterns = [
    new RegExp(String.raw`!3d${number}!4d${number}`),
    new RegExp(String.raw`@${number},\s*${number}`),
    new RegExp(String.raw`[?&](?:q|query|ll|destination|daddr|center)=(?:loc:)?${number},\s*${number}`),
    new RegExp(String.raw`^${number}\s*[,;\s]\s*${number}$`),
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(value);
    if (match) {
      const latitude = Number(match[1]);
      const longitude = Number(match[2]);
      if (Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) return { latitude, longitude };
    }
  }
  return null;
}

/** The address as one line: directions, district, canton, province, Costa Rica. */
export function dealerAddressLine(info: Pick<DealerInfo, 'province' | 'canton' | 'district' | 'directions'>): string {
  return [info.directions, findDistrict(info.district)?.name, findCanton(info.canton)?.name, findProvince(info.province)?.name, 'Costa Rica']
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/** Google Maps and Waze links to the lot: its coordinates when given, otherwise a search for its address. */
export function dealerMapLinks(info: DealerInfo): { google: string; waze: string } {
  if (info.latitude !== null && info.longitude !== null) {
    const at = `${info.latitude},${info.longitude}`;
    return {
      google: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(at)}`,
      waze: `https://waze.com/ul?ll=${encodeURIComponent(at)}&navigate=yes`,
    };
  }
  const address = encodeURIComponent(dealerAddressLine(info));
  return { google: `https://www.google.com/maps/search/?api=1&query=${address}`, waze: `https://waze.com/ul?q=${address}&navigate=yes` };
}

/** Costa Rica keeps UTC−6 all year (no daylight saving time). */
const COSTA_RICA_OFFSET_MINUTES = -6 * 60;

/** The weekday and the minute of the day in Costa Rica at `now`. */
export function costaRicaWeekTime(now: Date): { day: Weekday; minute: number } {
  const local = new Date(now.getTime() + COSTA_RICA_OFFSET_MINUTES * 60_000);
  // getUTCDay: 0 is Sunday.
  const day = WEEKDAYS[(local.getUTCDay() + 6) % 7]!;
  return { day, minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** Whether the lot is open at `now` (Costa Rica time), and the range it is in. */
export function dealerOpenAt(hours: readonly DealerDay[], now: Date): { open: boolean; day: Weekday; range: OpeningRange | null } {
  const { day, minute } = costaRicaWeekTime(now);
  const today = hours.find((entry) => entry.day === day);
  const range = today?.ranges.find((r) => minutesOf(r.opens) <= minute && minute < minutesOf(r.closes)) ?? null;
  return { open: range !== null, day, range };
}

/** `08:00–12:00, 13:00–17:00`, or the word for closed. */
export function formatDealerDay(day: DealerDay, locale: Locale): string {
  if (day.ranges.length === 0) return locale === 'es' ? 'Cerrado' : 'Closed';
  return day.ranges.map((r) => `${r.opens}–${r.closes}`).join(', ');
}

/** Seven closed days, Monday first: the start of a new dealer's hours. */
export function closedWeek(): DealerDay[] {
  return WEEKDAYS.map((day) => ({ day, ranges: [] }));
}

/** schema.org `OpeningHoursSpecification`s of the open days (`24:00` written as `23:59`, as schema.org readers expect). */
export function openingHoursSpecification(hours: readonly DealerDay[]): Array<Record<string, string>> {
  return hours.flatMap((entry) =>
    entry.ranges.map((range) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${entry.day.charAt(0)}${entry.day.slice(1).toLowerCase()}`,
      opens: range.opens,
      closes: range.closes === '24:00' ? '23:59' : range.closes,
    })),
  );
}
