/** Costa Rica keeps UTC−6 all year (no daylight saving time). */
const COSTA_RICA_OFFSET_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Costa Rica day of an instant, `yyyy-MM-dd` (the reports' and the dashboard's day). */
export function costaRicaDay(instant: Date | number = Date.now()): string {
  const time = instant instanceof Date ? instant.getTime() : instant;
  return new Date(time - COSTA_RICA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether `text` is a real calendar day written `yyyy-MM-dd`. */
export function isDay(text: string | undefined | null): text is string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** `days` days before (negative) or after a `yyyy-MM-dd` day. */
export function addDays(day: string, days: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the month of a `yyyy-MM-dd` day. */
export function firstOfMonth(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** `yyyy-MM-dd` → `dd-MM-yyyy`, the way DECISIONS.md writes dates. */
export function dayText(day: string): string {
  return isDay(day) ? `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}` : day;
}

/** `yyyy-MM-dd` → `dd-MM`, a chart's short day label. */
export function shortDayText(day: string): string {
  return isDay(day) ? `${day.slice(8, 10)}-${day.slice(5, 7)}` : day;
}

/** A period the screens accept: both real days and the start on or before the end. */
export function isPeriod(from: string | undefined | null, to: string | undefined | null): boolean {
  return isDay(from) && isDay(to) && from <= to;
}
