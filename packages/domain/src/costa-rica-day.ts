/**
 * Costa Rica's calendar days. Costa Rica keeps UTC-6 all year (no daylight saving time), so a day
 * there is a fixed 24-hour span: the funnel's days, the dashboard's periods, the saved-search
 * digests and the purchases report all count days with these two helpers.
 */
export const COSTA_RICA_OFFSET_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Costa Rica day of an instant (epoch milliseconds or a Date), `yyyy-MM-dd`. */
export function costaRicaDay(instant: number | Date): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(ms - COSTA_RICA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A Costa Rica day `yyyy-MM-dd` → the instant (epoch milliseconds) it starts; null when not a real date. */
export function costaRicaDayStart(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const date = new Date(ms);
  if (date.getUTCMonth() !== Number(match[2]) - 1 || date.getUTCDate() !== Number(match[3])) return null;
  return ms + COSTA_RICA_OFFSET_MS;
}

/** The instants of the Costa Rica days `from` to `to` (both included): from the first's start to the end of the last. */
export function costaRicaDays(from: string, to: string): { from: Date; to: Date } | null {
  const start = costaRicaDayStart(from);
  const end = costaRicaDayStart(to);
  if (start === null || end === null || start > end) return null;
  return { from: new Date(start), to: new Date(end + DAY_MS) };
}
