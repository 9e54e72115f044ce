import { correctBrand, nextCalendarYear, readSearchFilterField, SEARCH_FILTER_FIELDS, SEARCH_FILTER_RANGES } from '@ruedas/domain';
import { FILTER_FIELDS, type SearchFilter, type SearchFilterField } from './filter';

/**
 * One field's value, or undefined when it is not valid. Each field's rule is the domain's (the one
 * the service's schema is built from, without zod: decision 0113). Texts have their spaces tidied;
 * a brand is kept as its code (a name or a misspelling is corrected, as the service does).
 */
function readField(field: SearchFilterField, value: unknown): unknown {
  const read = readSearchFilterField(field, value, nextCalendarYear());
  if (!read.ok || read.value === undefined) return undefined;
  if (field === 'brand') return correctBrand(String(read.value));
  if (SEARCH_FILTER_FIELDS[field].kind === 'text') return String(read.value).replace(/\s+/g, ' ');
  return read.value;
}

const isField = (key: string): key is SearchFilterField => (FILTER_FIELDS as readonly string[]).includes(key);

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
    const read = isField(key) ? readField(key, value) : undefined;
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
  for (const [from, to] of SEARCH_FILTER_RANGES) {
    const low = filter[from];
    const high = filter[to];
    if (low !== undefined && high !== undefined && low > high) {
      filter[from] = high;
      filter[to] = low;
    }
  }
  return { filter, dropped };
}
