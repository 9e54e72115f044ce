import {
  CURRENCIES,
  FUEL_TYPES,
  PASSENGER_CHOICES,
  STYLES,
  TRANSMISSION_TYPES,
  type Currency,
  type FuelType,
  type PassengerChoice,
  type Style,
  type TransmissionType,
} from '../enums';
import type { MessageKey } from '../messages';
import { cantonBelongsTo, findProvince } from '../reference/locations';
import { SEARCH_TEXT_MAX_LENGTH } from '../rule-limits';
import { AD_LIMITS } from './ad-limits';

/**
 * The search filter's rules as plain functions, without zod (decision 0113): `searchFilterSchema`
 * (search-filter.ts, what the services and the REST facade validate with) is built from them, and
 * the web's results page reads its address with them, so that its first load needs no validation
 * library. One definition: change a rule here.
 */

/** A validated search filter (01 §3 with a free text): every field optional; absent means any. */
export interface SearchFilterValues {
  text?: string | undefined;
  brand?: string | undefined;
  model?: string | undefined;
  style?: Style | undefined;
  fuelType?: FuelType | undefined;
  transmissionType?: TransmissionType | undefined;
  year?: number | undefined;
  exteriorColor?: string | undefined;
  interiorColor?: string | undefined;
  priceFrom?: number | undefined;
  priceTo?: number | undefined;
  currency?: Currency | undefined;
  yearFrom?: number | undefined;
  yearTo?: number | undefined;
  mileageMax?: number | undefined;
  passengersNumber?: PassengerChoice | undefined;
  motorSizeCCFrom?: number | undefined;
  motorSizeCCTo?: number | undefined;
  /** Where the car is (issue 13): a province code (1 to 7) and, within it, a canton code (101). */
  province?: string | undefined;
  canton?: string | undefined;
  /** Issue 19: only ads rated a good price or better ("true"/"false" accepted from query strings). */
  goodPriceOrBetter?: boolean | undefined;
}

export type SearchFilterKey = keyof SearchFilterValues;

// The list of the filter's fields is in search-filter-keys.ts: the pages that only write search
// addresses load it without these rules.
export { SEARCH_FILTER_AS_GIVEN_KEYS, SEARCH_FILTER_KEYS } from './search-filter-keys';

/**
 * One field read: its value (undefined when blank, which means any) or the message key of its
 * problem; a value of the right type that breaks a bound keeps it as `value` (the checks between
 * fields still look at it, as zod's non-aborting checks did).
 */
export type SearchFilterFieldReading<T> = { ok: true; value: T | undefined } | { ok: false; error: MessageKey; value?: T };

type Reading<T> = SearchFilterFieldReading<T>;
const valid = <T>(value: T | undefined): Reading<T> => ({ ok: true, value });
const invalid = <T = never>(error: MessageKey, ...checked: [T] | []): { ok: false; error: MessageKey; value?: T } =>
  checked.length > 0 ? { ok: false, error, value: checked[0] } : { ok: false, error };

/** Blank text, null and '' mean "any" in a search filter (legacy clients send them). */
const isBlank = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '');

/** A text, trimmed, at most `max` characters. */
const text =
  (key: MessageKey, max: number) =>
  (value: unknown): Reading<string> => {
    if (isBlank(value)) return valid(undefined);
    if (typeof value !== 'string') return invalid(key);
    const trimmed = value.trim();
    return trimmed.length <= max ? valid(trimmed) : invalid(key);
  };

/** A number, or digits as text (query strings), within the bounds; `integer` refuses fractions. */
const number =
  (key: MessageKey, { min, max = Number.MAX_SAFE_INTEGER, integer }: { min: number; max?: number; integer: boolean }) =>
  (value: unknown): Reading<number> => {
    if (isBlank(value)) return valid(undefined);
    const read = typeof value === 'string' ? (/^\d+(?:\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN) : value;
    if (typeof read !== 'number' || !Number.isFinite(read)) return invalid(key);
    if (integer && !Number.isInteger(read)) return invalid(key);
    if (integer && !Number.isSafeInteger(read)) return invalid(key, read);
    return read >= min && read <= max ? valid(read) : invalid(key, read);
  };

/** One of a list's values. */
const choice =
  <T>(key: MessageKey, choices: readonly T[]) =>
  (value: unknown): Reading<T> => {
    if (isBlank(value)) return valid(undefined);
    return choices.includes(value as T) ? valid(value as T) : invalid(key);
  };

const passengers = (value: unknown): Reading<PassengerChoice> => {
  const read = number('invalidPassengersNumber', { min: 0, integer: true })(value);
  if (!read.ok) return invalid('invalidPassengersNumber');
  if (read.value === undefined) return valid(undefined);
  return choice('invalidPassengersNumber', PASSENGER_CHOICES)(read.value);
};

const goodPrice = (value: unknown): Reading<boolean> => {
  if (value === 'true' || value === true) return valid(true);
  if (value === 'false' || value === false) return valid(false);
  return isBlank(value) ? valid(undefined) : invalid('invalidGoodPriceFilter');
};

type Rules = { [K in SearchFilterKey]-?: (value: unknown, maxYear: number) => Reading<NonNullable<SearchFilterValues[K]>> };

const year = (key: MessageKey) => (value: unknown, maxYear: number) => number(key, { min: AD_LIMITS.minYear, max: maxYear, integer: true })(value);
const price = number('invalidPriceRange', { min: 0, max: 1_000_000_000, integer: false });
const motorSize = number('invalidMotorSizeRange', { min: 0, max: AD_LIMITS.maxMotorSizeCC, integer: true });

const RULES: Rules = {
  text: text('invalidSearchText', SEARCH_TEXT_MAX_LENGTH),
  brand: text('invalidBrand', 60),
  model: text('invalidModel', AD_LIMITS.modelMaxLength),
  style: choice('invalidStyle', STYLES),
  fuelType: choice('invalidFuelType', FUEL_TYPES),
  transmissionType: choice('invalidTransmissionType', TRANSMISSION_TYPES),
  year: year('invalidYear'),
  exteriorColor: text('invalidExteriorColor', 40),
  interiorColor: text('invalidInteriorColor', 40),
  priceFrom: price,
  priceTo: price,
  currency: choice('invalidCurrency', CURRENCIES),
  yearFrom: year('invalidYearRange'),
  yearTo: year('invalidYearRange'),
  mileageMax: number('invalidMileageMax', { min: 0, integer: true }),
  passengersNumber: passengers,
  motorSizeCCFrom: motorSize,
  motorSizeCCTo: motorSize,
  province: (value) => {
    if (isBlank(value)) return valid(undefined);
    if (typeof value !== 'string') return invalid('invalidProvince');
    return findProvince(value) !== undefined ? valid(value) : invalid('invalidProvince', value);
  },
  canton: (value) => {
    if (isBlank(value)) return valid(undefined);
    if (typeof value !== 'string') return invalid('invalidCanton');
    return /^\d{3}$/.test(value) ? valid(value) : invalid('invalidCanton', value);
  },
  goodPriceOrBetter: goodPrice,
};

/**
 * One field of a search filter on its own: blank (null, '', spaces) is undefined; numbers may come
 * as text; texts are trimmed; years run from 1900 to `maxYear` (next calendar year).
 * `passengersNumber` is "at least" (5 is the "5+" choice; 888 is more than 7).
 */
export function readSearchFilterField<K extends SearchFilterKey>(key: K, value: unknown, maxYear: number): Reading<NonNullable<SearchFilterValues[K]>> {
  return RULES[key](value, maxYear) as Reading<NonNullable<SearchFilterValues[K]>>;
}

/**
 * What is wrong between fields of a filter whose fields are each valid: a range upside down (the
 * problem is on its upper bound), a canton without its province or outside it.
 */
export function searchFilterRelationErrors(filter: SearchFilterValues): Array<[SearchFilterKey, MessageKey]> {
  const errors: Array<[SearchFilterKey, MessageKey]> = [];
  const order = (from: number | undefined, to: number | undefined, key: SearchFilterKey, message: MessageKey) => {
    if (from !== undefined && to !== undefined && from > to) errors.push([key, message]);
  };
  order(filter.priceFrom, filter.priceTo, 'priceTo', 'invalidPriceRange');
  order(filter.yearFrom, filter.yearTo, 'yearTo', 'invalidYearRange');
  order(filter.motorSizeCCFrom, filter.motorSizeCCTo, 'motorSizeCCTo', 'invalidMotorSizeRange');
  // A canton needs its province, and must be one of its cantons.
  if (filter.canton !== undefined && (filter.province === undefined || !cantonBelongsTo(filter.canton, filter.province))) {
    errors.push(['canton', 'invalidCanton']);
  }
  return errors;
}
