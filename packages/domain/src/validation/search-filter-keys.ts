import type { Currency, FuelType, PassengerChoice, Style, TransmissionType } from '../enums';
import type { MessageKey } from '../messages';
import { SEARCH_TEXT_MAX_LENGTH } from '../rule-limits';
import { AD_LIMITS } from './ad-limits';

/*
 * The search filter's fields: the one place their names are written (decision 0195). Everything
 * else derives from here: the filter's type, the list the web writes addresses in, the zod schema of
 * the services and the REST facade (search-filter.ts), the `SearchPerformed` event's snapshot, the
 * REST body's JSON Schema and the alerts' REST selection; the GraphQL input and type are checked
 * against it by the search service's tests. Code that does something with one field (the engine's
 * range on the engine size, the web's slider) names that field, typed against `SearchFilterKey`.
 * This file holds data only (its imports have none): the pages that only write search addresses
 * load it without the rules.
 */

/** What a field holds; `SearchFilterKinds` gives each its TypeScript type, search-filter-rules.ts its rule. */
export interface SearchFilterKinds {
  /** A text, trimmed, at most `max` characters. */
  text: string;
  /** A number from 0 to `max` (fractions allowed). */
  amount: number;
  /** A whole number from 0 to `max` (no bound without one). */
  integer: number;
  /** A model year from 1900 to next year. */
  year: number;
  /** At least this many passengers: 5 is the "5+" choice; 888 is more than 7. */
  passengers: PassengerChoice;
  style: Style;
  fuelType: FuelType;
  transmissionType: TransmissionType;
  currency: Currency;
  /** A province code (1 to 7), as text. */
  province: string;
  /** A canton code (101) within the province, as text. */
  canton: string;
  /** true or false ("true"/"false" accepted from query strings). */
  flag: boolean;
}
export type SearchFilterKind = keyof SearchFilterKinds;

/** A field: what it holds, the message of a value it refuses, and its upper bound where it has one. */
export interface SearchFilterField {
  kind: SearchFilterKind;
  error: MessageKey;
  max?: number;
}

const price = { kind: 'amount', max: 1_000_000_000, error: 'invalidPriceRange' } as const;
const motorSize = { kind: 'integer', max: AD_LIMITS.maxMotorSizeCC, error: 'invalidMotorSizeRange' } as const;

/**
 * The filter's bounds, currency, passengers and place: fields a search applies as they are given
 * (none is corrected, and only the year can also be read from the free text).
 */
const AS_GIVEN_FIELDS = {
  priceFrom: price,
  priceTo: price,
  currency: { kind: 'currency', error: 'invalidCurrency' },
  yearFrom: { kind: 'year', error: 'invalidYearRange' },
  yearTo: { kind: 'year', error: 'invalidYearRange' },
  mileageMax: { kind: 'integer', error: 'invalidMileageMax' },
  passengersNumber: { kind: 'passengers', error: 'invalidPassengersNumber' },
  motorSizeCCFrom: motorSize,
  motorSizeCCTo: motorSize,
  /** Where the car is (issue 13). */
  province: { kind: 'province', error: 'invalidProvince' },
  canton: { kind: 'canton', error: 'invalidCanton' },
} as const satisfies Record<string, SearchFilterField>;

/**
 * Every field of the filter (01 §3 with a free text), in the order of 01 §3 (the order the web's
 * addresses write them in).
 */
export const SEARCH_FILTER_FIELDS = {
  text: { kind: 'text', max: SEARCH_TEXT_MAX_LENGTH, error: 'invalidSearchText' },
  brand: { kind: 'text', max: 60, error: 'invalidBrand' },
  model: { kind: 'text', max: AD_LIMITS.modelMaxLength, error: 'invalidModel' },
  style: { kind: 'style', error: 'invalidStyle' },
  fuelType: { kind: 'fuelType', error: 'invalidFuelType' },
  transmissionType: { kind: 'transmissionType', error: 'invalidTransmissionType' },
  /** The exact model year. */
  year: { kind: 'year', error: 'invalidYear' },
  exteriorColor: { kind: 'text', max: 40, error: 'invalidExteriorColor' },
  interiorColor: { kind: 'text', max: 40, error: 'invalidInteriorColor' },
  ...AS_GIVEN_FIELDS,
  /** Issue 19: only ads rated a good price or better. */
  goodPriceOrBetter: { kind: 'flag', error: 'invalidGoodPriceFilter' },
} as const satisfies Record<string, SearchFilterField>;

export type SearchFilterKey = keyof typeof SEARCH_FILTER_FIELDS;

/** A validated search filter: every field optional; absent means any. */
export type SearchFilterValues = { -readonly [K in SearchFilterKey]?: SearchFilterKinds[(typeof SEARCH_FILTER_FIELDS)[K]['kind']] | undefined };

const keysOf = <T extends object>(fields: T) => Object.keys(fields) as Array<keyof T & string>;

/** Every field of the filter, in the order of 01 §3. */
export const SEARCH_FILTER_KEYS: readonly SearchFilterKey[] = keysOf(SEARCH_FILTER_FIELDS);

/** The fields a search applies as they are given (see `AS_GIVEN_FIELDS`). */
export const SEARCH_FILTER_AS_GIVEN_KEYS: ReadonlyArray<keyof typeof AS_GIVEN_FIELDS> = keysOf(AS_GIVEN_FIELDS);

/** The filter's ranges (lower bound, upper bound): one upside down is refused with its upper bound's message. */
export const SEARCH_FILTER_RANGES = [
  ['priceFrom', 'priceTo'],
  ['yearFrom', 'yearTo'],
  ['motorSizeCCFrom', 'motorSizeCCTo'],
] as const satisfies ReadonlyArray<readonly [SearchFilterKey, SearchFilterKey]>;
