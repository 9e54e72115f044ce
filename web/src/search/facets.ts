import { SEARCH_LIMITS } from '@ruedas/domain';
import { ENGINE_SIZE_CHOICES } from './slider';

/** Counts per value of one filter field over the current result, as the search service gives them. */
export interface Facet {
  /** The field, as the API's SearchFacetField names it (MOTOR_SIZE_CC_TO for the form's motorSizeCCTo). */
  key: string;
  values: ReadonlyArray<{ value: string; count: number }>;
}

/** What a choice of the form shows beside its label: the count of ads it would find, when known. */
export type Counts = ReadonlyMap<string, number>;

const EMPTY: Counts = new Map();

/** The API's facet key of a form field: motorSizeCCTo is MOTOR_SIZE_CC_TO. */
export const facetKey = (field: string): string =>
  field
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toUpperCase();

/** The counts of one field, keyed by the value as the form's choice holds it. */
export function facetCounts(facets: readonly Facet[] | undefined, field: string): Counts {
  const facet = facets?.find((candidate) => candidate.key === facetKey(field));
  if (!facet) return EMPTY;
  const raw = new Map(facet.values.map(({ value, count }) => [value, count]));
  switch (field) {
    // "At least n passengers": a choice counts every ad with n or more (5 is "5+"; 888 is more than 7).
    case 'passengersNumber':
      return new Map(
        SEARCH_LIMITS.passengerFilterOptions.map((choice) => [
          String(choice),
          [...raw].reduce((sum, [value, count]) => (Number(value) >= choice ? sum + count : sum), 0),
        ]),
      );
    // The service counts each engine size range by its upper bound (1000, 2000, ..., 10000).
    case 'motorSizeCCTo':
      return new Map(ENGINE_SIZE_CHOICES.map(({ key, to }) => [key, raw.get(String(to)) ?? 0]));
    default:
      return raw;
  }
}

/** The facet's values, most frequent first, as the service orders them. */
export function facetValues(facets: readonly Facet[] | undefined, field: string): string[] {
  return facets?.find((candidate) => candidate.key === facetKey(field))?.values.map(({ value }) => value) ?? [];
}
