import type { MarketAd, PriceBasis, PriceLabel, PriceRating } from './market';

/* The market's arithmetic, without state: year-sorted comparables, the depreciation fit, the estimate and its label. */

/** The label thresholds on price / estimate. */
export const LABEL_LIMITS = { GREAT: 0.85, GOOD: 0.95, FAIR: 1.1 } as const;
/** Depreciation per year and per km used until a group has enough ads to fit its own. */
export const DEFAULT_YEAR_SLOPE = 0.09;
export const DEFAULT_KM_SLOPE = -1e-6;

export interface Entry extends MarketAd {
  modelKey: string;
  familyKey: string;
  logPrice: number;
}

export interface Group {
  /** Sorted by year. */
  entries: Entry[];
  yearSlope: number;
  kmSlope: number;
  fitted: boolean;
}

export function labelOf(ratio: number): PriceLabel {
  if (ratio <= LABEL_LIMITS.GREAT) return 'GREAT';
  if (ratio <= LABEL_LIMITS.GOOD) return 'GOOD';
  if (ratio <= LABEL_LIMITS.FAIR) return 'FAIR';
  return 'HIGH';
}

export function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

export function insertSorted(entries: Entry[], entry: Entry): void {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (entries[mid]!.year <= entry.year) low = mid + 1;
    else high = mid;
  }
  entries.splice(low, 0, entry);
}

export function removeFrom(entries: Entry[], id: string): void {
  const at = entries.findIndex((entry) => entry.id === id);
  if (at >= 0) entries.splice(at, 1);
}

/** Ordinary least squares of log price on year and km; the default slopes when too few or degenerate. */
export function fit(group: Group): void {
  const { entries } = group;
  group.fitted = true;
  group.yearSlope = DEFAULT_YEAR_SLOPE;
  group.kmSlope = DEFAULT_KM_SLOPE;
  const n = entries.length;
  if (n < 8) return;
  let sy = 0,
    sk = 0,
    sp = 0;
  for (const e of entries) {
    sy += e.year;
    sk += e.mileageKm;
    sp += e.logPrice;
  }
  const my = sy / n,
    mk = sk / n,
    mp = sp / n;
  let yy = 0,
    kk = 0,
    yk = 0,
    yp = 0,
    kp = 0;
  for (const e of entries) {
    const dy = e.year - my,
      dk = e.mileageKm - mk,
      dp = e.logPrice - mp;
    yy += dy * dy;
    kk += dk * dk;
    yk += dy * dk;
    yp += dy * dp;
    kp += dk * dp;
  }
  const det = yy * kk - yk * yk;
  if (yy === 0 || kk === 0 || Math.abs(det) < 1e-9 * yy * kk) return;
  const b = (yp * kk - kp * yk) / det;
  const c = (kp * yy - yp * yk) / det;
  // Kept plausible: cars lose between 2% and 20% a year, and never gain with km.
  group.yearSlope = Math.min(0.2, Math.max(0.02, b));
  group.kmSlope = Math.min(0, Math.max(-5e-6, c));
}

/** At most this many comparables per estimate: the nearest in year. */
export const MAX_COMPARABLES = 40;

/**
 * The MAX_COMPARABLES entries of a year-sorted list nearest in year to `entry` (never itself), within
 * `years`: two cursors walk out from the entry's year, the nearer first.
 */
export function nearest(entries: Entry[], entry: Entry, years: number): Entry[] {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (entries[mid]!.year < entry.year) low = mid + 1;
    else high = mid;
  }
  let left = low - 1;
  let right = low;
  const out: Entry[] = [];
  while (out.length < MAX_COMPARABLES) {
    const l = left >= 0 && entry.year - entries[left]!.year <= years ? entries[left]! : undefined;
    const r = right < entries.length && entries[right]!.year - entry.year <= years ? entries[right]! : undefined;
    if (!l && !r) break;
    const takeLeft =
      l !== undefined &&
      (r === undefined || entry.year - l.year < r.year - entry.year || (entry.year - l.year === r.year - entry.year && (left + right) % 2 === 0));
    const next = takeLeft ? l! : r!;
    if (takeLeft) left--;
    else right++;
    if (next !== entry && next.id !== entry.id) out.push(next);
  }
  return out;
}

/** The entries of a year-sorted list within `years` of `year` (or of any year from `year` to `last`). */
export function window(entries: Entry[], year: number, years: number, last = year): Entry[] {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (entries[mid]!.year < year - years) low = mid + 1;
    else high = mid;
  }
  const out: Entry[] = [];
  for (let at = low; at < entries.length && entries[at]!.year <= last + years; at++) out.push(entries[at]!);
  return out;
}

/** Per group (its year-sorted list) that changes touched: how far its window reaches, its basis, the years changed in it. */
export type TouchedWindows = Map<Entry[], { years: number; basis: PriceBasis; changed: Set<number> }>;

/**
 * Adds to `into` the ads the touched windows may move. An ad is touched when a changed year lies
 * within the group's window and, when the group is its basis, within its reach (the nearest changed
 * year decides); a change in a group of another basis may give it that basis, wherever in the
 * window (an ad with an exact basis is moved by no broader group). Each group is read once, however
 * many changes it had (decision 0225).
 */
export function touchedEntries(touched: TouchedWindows, ratings: ReadonlyMap<string, PriceRating>, reach: ReadonlyMap<string, number>, into: Set<Entry>): void {
  for (const [list, { years, basis, changed }] of touched) {
    const first = Math.min(...changed) - years;
    const distances: number[] = [];
    for (const year of changed) {
      for (let offset = -years; offset <= years; offset++) {
        const at = year + offset - first;
        distances[at] = Math.min(distances[at] ?? Infinity, Math.abs(offset));
      }
    }
    for (const other of window(list, first + years, years, Math.max(...changed))) {
      const distance = distances[other.year - first] ?? Infinity;
      if (distance > years) continue;
      const rated = ratings.get(other.id)?.basis ?? 'NONE';
      if (basis !== 'EXACT' && rated === 'EXACT') continue;
      if (rated === basis && distance > (reach.get(other.id) ?? years)) continue;
      into.add(other);
    }
  }
}

export function estimate(
  entry: Entry,
  comparables: Entry[],
  group: Group,
  basis: PriceBasis,
  years: number,
): { rating: PriceRating; prices: number[]; reach: number } {
  const prices = comparables
    .map((other) => Math.exp(other.logPrice + group.yearSlope * (entry.year - other.year) + group.kmSlope * (entry.mileageKm - other.mileageKm)))
    .sort((a, b) => a - b);
  const estimateCrc = Math.round(quantile(prices, 0.5));
  const ratio = entry.priceCrc / estimateCrc;
  return {
    rating: {
      label: labelOf(ratio),
      basis,
      estimateCrc,
      lowCrc: Math.round(quantile(prices, 0.25)),
      highCrc: Math.round(quantile(prices, 0.75)),
      comparableCount: comparables.length,
      ratio,
    },
    prices: prices.map(Math.round),
    // A full list reaches as far as its farthest comparable; a short one, the whole window (a new
    // ad anywhere in it would join).
    reach: comparables.length < MAX_COMPARABLES ? years : Math.max(...comparables.map((other) => Math.abs(other.year - entry.year))),
  };
}
