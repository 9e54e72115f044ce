import type { Currency } from './enums';
import { nextCalendarYear } from './format';

/** Longest free text a search accepts (defined in rule-limits, which has no imports: the web's search box reads it without zod). */
export { SEARCH_TEXT_MAX_LENGTH } from './rule-limits';

/** Limits of the search form (spec 01 §9). */
export const SEARCH_LIMITS = {
  maxSuggestions: 10,
  debounceMs: 300,
  priceSlider: {
    CRC: { min: 0, max: 40_000_000, step: 100_000 },
    USD: { min: 0, max: 80_000, step: 1_000 },
  } satisfies Record<Currency, { min: number; max: number; step: number }>,
  yearSliderMin: 1990,
  mileageMaxOptions: [50_000, 100_000, 150_000, 200_000],
  /** The passengers filter: 2, 3 and 4 exactly, then "5 or more", "7 or more" and 888, "8 or more" (the spec's "more than 7"; issue 31). */
  passengerFilterOptions: [2, 3, 4, 5, 7, 888],
  motorSizeRanges: [
    { from: 0, to: 10_000 },
    { from: 0, to: 1_000 },
    { from: 1_000, to: 2_000 },
    { from: 2_000, to: 3_000 },
    { from: 3_000, to: 4_000 },
    { from: 4_000, to: 10_000 },
  ],
} as const;

/** The year slider runs from 1990 to next calendar year. */
export function yearSliderRange(now: Date = new Date()): { min: number; max: number } {
  return { min: SEARCH_LIMITS.yearSliderMin, max: nextCalendarYear(now) };
}

/** Free text never names a year before this one. */
export const FREE_TEXT_MIN_YEAR = 1950;

/**
 * The year a word of a free-text search names, if any: four digits as written, two digits as 20xx
 * when that is not past next year, else 19xx; anything before 1950 or after next year is no year.
 */
export function interpretYear(word: string, now: Date = new Date()): number | undefined {
  const maxYear = nextCalendarYear(now);
  let year: number;
  if (/^\d{4}$/.test(word)) year = Number(word);
  else if (/^\d{2}$/.test(word)) year = 2000 + Number(word) <= maxYear ? 2000 + Number(word) : 1900 + Number(word);
  else return undefined;
  return year >= FREE_TEXT_MIN_YEAR && year <= maxYear ? year : undefined;
}
