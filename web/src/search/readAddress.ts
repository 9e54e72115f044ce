import { pageNumberOf } from '@ruedas/domain';
import { DEFAULT_SORT, SEARCH_SORTS, type SearchRequest, type SearchSortName } from './address';
import { compactFilter, type SearchFilter } from './filter';
import { readFilter } from './readFilter';

export interface ReadAddress extends SearchRequest {
  /** Whether the address carried a filter at all (`filters` or `q`); if not, the stored query may stand in. */
  hasFilter: boolean;
  /** Why (part of) the `filters` parameter was not used, for the console (spec 01 §8). */
  problem?: string;
}

const isSort = (value: string | null): value is SearchSortName => (SEARCH_SORTS as readonly string[]).includes(value ?? '');
/** The domain's page-number rule; an unreadable page is left out (the default applies). */
const pageNumber = (value: unknown): number | undefined => {
  const result = pageNumberOf(value);
  return 'page' in result ? result.page : undefined;
};

/** Parses the `filters` value: JSON, tolerating a value encoded twice. */
function parseFiltersParameter(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch (error) {
    if (/^%7B/i.test(value.trim())) return JSON.parse(decodeURIComponent(value));
    throw error;
  }
}

/**
 * Reads the results page's address: `filters` (URL-encoded JSON of the filter object, spec 01 §2;
 * its `pageNumber` is honoured when there is no `page`), `q` (free text, the home banner's older
 * links), `sort` and `page`. Nothing here throws: an unparseable or partly invalid `filters` gives
 * what could be read plus a `problem` to log.
 */
export function readSearchAddress(params: URLSearchParams): ReadAddress {
  let filter: SearchFilter = {};
  let problem: string | undefined;
  let pageInFilter: number | undefined;
  const raw = params.get('filters');
  if (raw !== null && raw.trim() !== '') {
    try {
      const parsed = parseFiltersParameter(raw);
      const read = readFilter(parsed);
      filter = read.filter;
      if (read.dropped.length > 0) problem = `Ignored invalid search filter fields: ${read.dropped.join(', ')}`;
      if (parsed && typeof parsed === 'object') pageInFilter = pageNumber((parsed as Record<string, unknown>).pageNumber);
    } catch (error) {
      problem = `Unparseable filters parameter: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  const q = params.get('q');
  if (q !== null && !filter.text) filter = { ...filter, ...readFilter({ text: q }).filter };
  const sort = params.get('sort');
  return {
    filter: compactFilter(filter),
    page: pageNumber(params.get('page')) ?? pageInFilter ?? 1,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    hasFilter: raw !== null || q !== null,
    ...(problem ? { problem } : {}),
  };
}
