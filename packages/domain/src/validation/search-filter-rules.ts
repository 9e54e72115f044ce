import { CURRENCIES, FUEL_TYPES, PASSENGER_CHOICES, STYLES, TRANSMISSION_TYPES, type PassengerChoice } from '../enums';
import type { MessageKey } from '../messages';
import { cantonBelongsTo, findProvince } from '../reference/locations';
import { AD_LIMITS } from './ad-limits';
import {
  SEARCH_FILTER_FIELDS,
  SEARCH_FILTER_KEYS,
  SEARCH_FILTER_RANGES,
  type SearchFilterField,
  type SearchFilterKey,
  type SearchFilterKind,
  type SearchFilterKinds,
  type SearchFilterValues,
} from './search-filter-keys';

/**
 * The search filter's rules as plain functions, without zod (decision 0113): `searchFilterSchema`
 * (search-filter.ts, what the services and the REST facade validate with) is built from them, and
 * the web's results page reads its address with them, so that its first load needs no validation
 * library. One definition: change a rule here.
 */

// The filter's fields, their kinds and each field's message are in search-filter-keys.ts (the one
// place their names are written, decision 0195): the pages that only write search addresses load it
// without these rules.
export * from './search-filter-keys';

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

const passengers =
  (error: MessageKey) =>
  (value: unknown): Reading<PassengerChoice> => {
    const read = number(error, { min: 0, integer: true })(value);
    if (!read.ok) return invalid(error);
    if (read.value === undefined) return valid(undefined);
    return choice(error, PASSENGER_CHOICES)(read.value);
  };

const flag =
  (error: MessageKey) =>
  (value: unknown): Reading<boolean> => {
    if (value === 'true' || value === true) return valid(true);
    if (value === 'false' || value === false) return valid(false);
    return isBlank(value) ? valid(undefined) : invalid(error);
  };

const province =
  (error: MessageKey) =>
  (value: unknown): Reading<string> => {
    if (isBlank(value)) return valid(undefined);
    if (typeof value !== 'string') return invalid(error);
    return findProvince(value) !== undefined ? valid(value) : invalid(error, value);
  };

const canton =
  (error: MessageKey) =>
  (value: unknown): Reading<string> => {
    if (isBlank(value)) return valid(undefined);
    if (typeof value !== 'string') return invalid(error);
    return /^\d{3}$/.test(value) ? valid(value) : invalid(error, value);
  };

type Rule<Kind extends SearchFilterKind> = (value: unknown, maxYear: number) => Reading<SearchFilterKinds[Kind]>;

/** The rule of each kind of field, given the field's message and upper bound. */
const RULES: { [Kind in SearchFilterKind]: (field: SearchFilterField) => Rule<Kind> } = {
  text: ({ error, max = Number.MAX_SAFE_INTEGER }) => text(error, max),
  amount: ({ error, max }) => number(error, { min: 0, max, integer: false }),
  integer: ({ error, max }) => number(error, { min: 0, max, integer: true }),
  year:
    ({ error }) =>
    (value, maxYear) =>
      number(error, { min: AD_LIMITS.minYear, max: maxYear, integer: true })(value),
  passengers: ({ error }) => passengers(error),
  style: ({ error }) => choice(error, STYLES),
  fuelType: ({ error }) => choice(error, FUEL_TYPES),
  transmissionType: ({ error }) => choice(error, TRANSMISSION_TYPES),
  currency: ({ error }) => choice(error, CURRENCIES),
  province: ({ error }) => province(error),
  canton: ({ error }) => canton(error),
  flag: ({ error }) => flag(error),
};

// Each field's rule, built once.
const FIELD_RULES = Object.fromEntries(
  SEARCH_FILTER_KEYS.map((key) => {
    const field: SearchFilterField = SEARCH_FILTER_FIELDS[key];
    return [key, (RULES[field.kind] as (field: SearchFilterField) => Rule<SearchFilterKind>)(field)];
  }),
) as Record<SearchFilterKey, Rule<SearchFilterKind>>;

/**
 * One field of a search filter on its own: blank (null, '', spaces) is undefined; numbers may come
 * as text; texts are trimmed; years run from 1900 to `maxYear` (next calendar year).
 * `passengersNumber` is "at least" (5 is the "5+" choice; 888 is more than 7).
 */
export function readSearchFilterField<K extends SearchFilterKey>(key: K, value: unknown, maxYear: number): Reading<NonNullable<SearchFilterValues[K]>> {
  return FIELD_RULES[key](value, maxYear) as Reading<NonNullable<SearchFilterValues[K]>>;
}

/**
 * What is wrong between fields of a filter whose fields are each valid: a range upside down (the
 * problem is on its upper bound), a canton without its province or outside it.
 */
export function searchFilterRelationErrors(filter: SearchFilterValues): Array<[SearchFilterKey, MessageKey]> {
  const errors: Array<[SearchFilterKey, MessageKey]> = [];
  for (const [from, to] of SEARCH_FILTER_RANGES) {
    const low = filter[from];
    const high = filter[to];
    if (low !== undefined && high !== undefined && low > high) errors.push([to, SEARCH_FILTER_FIELDS[to].error]);
  }
  // A canton needs its province, and must be one of its cantons.
  if (filter.canton !== undefined && (filter.province === undefined || !cantonBelongsTo(filter.canton, filter.province))) {
    errors.push(['canton', 'invalidCanton']);
  }
  return errors;
}
