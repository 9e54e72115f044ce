import { z } from 'zod';
import { nextCalendarYear } from '../format';
import { SEARCH_TEXT_MAX_LENGTH } from '../rule-limits';
import { readSearchFilterField, SEARCH_FILTER_KEYS, searchFilterRelationErrors, type SearchFilterKey, type SearchFilterValues } from './search-filter-rules';

export { SEARCH_TEXT_MAX_LENGTH };
export * from './search-filter-rules';

/**
 * The search filter of 01 §3 with a free text, as the advanced form, GraphQL and the REST
 * `advanceSearch` body give it. Every field is optional; blank means any; numbers may come as text.
 * Ranges must be ordered; years run from 1900 to next year. `passengersNumber` is "at least" (5 is
 * the "5+" choice; 888 is more than 7).
 */
export function searchFilterSchema(now: Date = new Date()) {
  const maxYear = nextCalendarYear(now);
  let schema = schemasByMaxYear.get(maxYear);
  if (!schema) {
    schema = buildSearchFilterSchema(maxYear);
    schemasByMaxYear.set(maxYear, schema);
  }
  return schema;
}

// Built once per year limit (a search validates its filter on every request; zod schemas are immutable).
const schemasByMaxYear = new Map<number, ReturnType<typeof buildSearchFilterSchema>>();

function buildSearchFilterSchema(maxYear: number) {
  const field = <K extends SearchFilterKey>(key: K) =>
    z
      .unknown()
      .transform((value, context): NonNullable<SearchFilterValues[K]> | undefined => {
        const read = readSearchFilterField(key, value, maxYear);
        if (read.ok) return read.value;
        // A value of the right type that breaks a bound is kept, so the checks between fields still run
        // on it (zod's own checks behaved so); any other problem stops here.
        context.addIssue({ code: 'custom', message: read.error, continue: 'value' in read });
        return 'value' in read ? read.value : z.NEVER;
      })
      .optional();
  const shape = Object.fromEntries(SEARCH_FILTER_KEYS.map((key) => [key, field(key)])) as { [K in SearchFilterKey]: ReturnType<typeof field<K>> };
  return z.object(shape).superRefine((filter, context) => {
    for (const [key, message] of searchFilterRelationErrors(filter)) context.addIssue({ code: 'custom', path: [key], message });
  });
}
