import {
  CURRENCIES,
  FUEL_TYPES,
  isBrandCode,
  nextCalendarYear,
  PASSENGER_CHOICES,
  STYLES,
  TRANSMISSION_TYPES,
  type BrandCode,
  type Currency,
  type FuelType,
  type Style,
  type TransmissionType,
} from '@ruedas/domain';

/**
 * The search filter of spec 01 §3 plus the free text of the simple search box, as the web app
 * keeps it: every field optional, an absent field is no condition. The page and the sort are not
 * part of it (they live beside it in the address).
 */
export interface SearchFilter {
  text?: string;
  brand?: BrandCode;
  model?: string;
  style?: Style;
  fuelType?: FuelType;
  transmissionType?: TransmissionType;
  year?: number;
  exteriorColor?: string;
  interiorColor?: string;
  priceFrom?: number;
  priceTo?: number;
  currency?: Currency;
  yearFrom?: number;
  yearTo?: number;
  mileageMax?: number;
  passengersNumber?: number;
  motorSizeCCFrom?: number;
  motorSizeCCTo?: number;
}

export type SearchFilterField = keyof SearchFilter;

/** The fields in the order the address writes them, so one filter always gives one address. */
export const FILTER_FIELDS = [
  'text',
  'brand',
  'model',
  'style',
  'fuelType',
  'transmissionType',
  'year',
  'exteriorColor',
  'interiorColor',
  'priceFrom',
  'priceTo',
  'currency',
  'yearFrom',
  'yearTo',
  'mileageMax',
  'passengersNumber',
  'motorSizeCCFrom',
  'motorSizeCCTo',
] as const satisfies readonly SearchFilterField[];

/** Input limits (spec 01 §5): model 60, colours 40; the free text is kept to a sentence. */
export const TEXT_LIMITS = { text: 200, model: 60, exteriorColor: 40, interiorColor: 40 } as const;

/** The oldest year any filter may name (the year choices include 1900, spec 01 §9). */
const OLDEST_YEAR = 1900;
const MAX_AMOUNT = 10_000_000_000;
const MAX_MILEAGE = 10_000_000;
const MAX_CC = 100_000;

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): T | undefined =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;

const text =
  (max: number) =>
  (value: unknown): string | undefined => {
    if (typeof value !== 'string') return undefined;
    const trimmed = value.trim().replace(/\s+/g, ' ');
    return trimmed && trimmed.length <= max ? trimmed : undefined;
  };

const wholeNumber =
  (min: number, max: () => number) =>
  (value: unknown): number | undefined => {
    const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max() ? number : undefined;
  };

const year = wholeNumber(OLDEST_YEAR, () => nextCalendarYear(new Date()));

/** How each field is read from untrusted input (an address, local storage, a suggestion). */
const READERS: { [K in SearchFilterField]-?: (value: unknown) => SearchFilter[K] | undefined } = {
  text: text(TEXT_LIMITS.text),
  brand: (value) => (typeof value === 'string' && isBrandCode(value) ? value : undefined),
  model: text(TEXT_LIMITS.model),
  style: oneOf(STYLES),
  fuelType: oneOf(FUEL_TYPES),
  transmissionType: oneOf(TRANSMISSION_TYPES),
  year,
  exteriorColor: text(TEXT_LIMITS.exteriorColor),
  interiorColor: text(TEXT_LIMITS.interiorColor),
  priceFrom: wholeNumber(0, () => MAX_AMOUNT),
  priceTo: wholeNumber(0, () => MAX_AMOUNT),
  currency: oneOf(CURRENCIES),
  yearFrom: year,
  yearTo: year,
  mileageMax: wholeNumber(1, () => MAX_MILEAGE),
  passengersNumber: (value) => {
    const number = wholeNumber(1, () => 999)(value);
    return number !== undefined && (PASSENGER_CHOICES as readonly number[]).includes(number) ? number : undefined;
  },
  motorSizeCCFrom: wholeNumber(0, () => MAX_CC),
  motorSizeCCTo: wholeNumber(0, () => MAX_CC),
};

export interface ReadFilter {
  filter: SearchFilter;
  /** Fields present in the input whose value was not valid, and so left out. */
  dropped: string[];
}

/**
 * A filter from anything (parsed JSON): known fields with valid values are kept, everything else is
 * dropped and named. A price bound without a currency is dropped too: an amount means nothing
 * without its currency. Reversed ranges are put the right way round.
 */
export function readFilter(input: unknown): ReadFilter {
  const filter: SearchFilter = {};
  const dropped: string[] = [];
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return { filter, dropped: input === undefined ? [] : ['(not an object)'] };
  const record = input as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (value === null || value === undefined || value === '') continue;
    if (key === 'pageNumber') continue; // the page lives beside the filter
    const reader = (READERS as Record<string, (value: unknown) => unknown>)[key];
    const read = reader?.(value);
    if (read === undefined) dropped.push(key);
    else (filter as Record<string, unknown>)[key] = read;
  }
  if (!filter.currency) {
    for (const key of ['priceFrom', 'priceTo'] as const) {
      if (filter[key] !== undefined) {
        delete filter[key];
        dropped.push(key);
      }
    }
  }
  orderRange(filter, 'priceFrom', 'priceTo');
  orderRange(filter, 'yearFrom', 'yearTo');
  orderRange(filter, 'motorSizeCCFrom', 'motorSizeCCTo');
  return { filter, dropped };
}

function orderRange(filter: SearchFilter, from: 'priceFrom' | 'yearFrom' | 'motorSizeCCFrom', to: 'priceTo' | 'yearTo' | 'motorSizeCCTo') {
  const low = filter[from];
  const high = filter[to];
  if (low !== undefined && high !== undefined && low > high) {
    filter[from] = high;
    filter[to] = low;
  }
}

/** The filter with only its set fields, in the fixed field order. */
export function compactFilter(filter: SearchFilter): SearchFilter {
  const compact: SearchFilter = {};
  for (const field of FILTER_FIELDS) {
    const value = filter[field];
    if (value !== undefined && value !== '') (compact as Record<string, unknown>)[field] = value;
  }
  return compact;
}

export function isEmptyFilter(filter: SearchFilter): boolean {
  return Object.keys(compactFilter(filter)).length === 0;
}

export function sameFilter(a: SearchFilter, b: SearchFilter): boolean {
  return JSON.stringify(compactFilter(a)) === JSON.stringify(compactFilter(b));
}

/** A filter with some fields changed; `undefined` removes a field. */
export function withFields(filter: SearchFilter, changes: Partial<Record<SearchFilterField, unknown>>): SearchFilter {
  return compactFilter({ ...filter, ...changes } as SearchFilter);
}
