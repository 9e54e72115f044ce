import { SEARCH_FILTER_KEYS, type BrandCode, type SearchFilterValues } from '@ruedas/domain';

/**
 * The search filter of spec 01 §3 plus the free text of the simple search box, as the web app
 * keeps it: the domain's fields (decision 0195), every one optional, an absent field is no
 * condition; the brand kept as its code, the passengers as the number the address gives. The page
 * and the sort are not part of it (they live beside it in the address).
 */
export type SearchFilter = Omit<SearchFilterValues, 'brand' | 'passengersNumber'> & { brand?: BrandCode; passengersNumber?: number };

export type SearchFilterField = keyof SearchFilter;

/** The fields in the order the address writes them, so one filter always gives one address (the domain's list). */
export const FILTER_FIELDS: readonly SearchFilterField[] = SEARCH_FILTER_KEYS;

export { TEXT_LIMITS } from './limits';

// Reading a filter from anything (`readFilter`) checks each field with the domain's schema (zod): it
// is in readFilter.ts, so the pages that only build search addresses (an ad's "similar cars" link)
// do not load zod.

/** The filter with only its set fields, in the fixed field order. */
export function compactFilter(filter: SearchFilter): SearchFilter {
  const compact: SearchFilter = {};
  for (const field of FILTER_FIELDS) {
    const value = filter[field];
    if (value !== undefined && value !== '' && value !== false) (compact as Record<string, unknown>)[field] = value;
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
