import type { SearchFilterKey } from './search-filter-rules';

/**
 * The filter's bounds, currency, passengers and place: fields a search applies as they are given
 * (none is corrected, and only the year can also be read from the free text).
 */
export const SEARCH_FILTER_AS_GIVEN_KEYS = [
  'priceFrom',
  'priceTo',
  'currency',
  'yearFrom',
  'yearTo',
  'mileageMax',
  'passengersNumber',
  'motorSizeCCFrom',
  'motorSizeCCTo',
  'province',
  'canton',
] as const satisfies readonly SearchFilterKey[];

/** Every field of the filter, in the order of 01 §3 (the order the web's addresses write them in). */
export const SEARCH_FILTER_KEYS = [
  'text',
  'brand',
  'model',
  'style',
  'fuelType',
  'transmissionType',
  'year',
  'exteriorColor',
  'interiorColor',
  ...SEARCH_FILTER_AS_GIVEN_KEYS,
  'goodPriceOrBetter',
] as const satisfies readonly SearchFilterKey[];
