import { compactFilter, isEmptyFilter, type SearchFilter } from './filter';

/** The results page (spec 01 §2). */
export const SEARCH_PATH = '/searchingOpportunities';

/** The orders the search service offers; RELEVANCE is its default. */
export const SEARCH_SORTS = ['RELEVANCE', 'NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'YEAR_DESC', 'YEAR_ASC', 'MILEAGE_ASC', 'BEST_DEAL'] as const;
export type SearchSortName = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SORT: SearchSortName = 'RELEVANCE';

/** What the results page shows, as its address says it. */
export interface SearchRequest {
  filter: SearchFilter;
  page: number;
  sort: SearchSortName;
}

// Reading an address (`readSearchAddress`) checks its filter with the domain's schema (zod): it is in
// readAddress.ts, so the pages that only build search addresses do not load zod.

/** The query string of a search: `filters` first, then `sort` (unless the default), then `page` (unless 1). */
export function searchQueryString({ filter, page = 1, sort = DEFAULT_SORT }: { filter: SearchFilter; page?: number; sort?: SearchSortName }): string {
  const params = new URLSearchParams();
  if (!isEmptyFilter(filter)) params.set('filters', JSON.stringify(compactFilter(filter)));
  if (sort !== DEFAULT_SORT) params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The address of a search, to navigate to or to share. */
export function searchHref(request: { filter: SearchFilter; page?: number; sort?: SearchSortName }): string {
  return `${SEARCH_PATH}${searchQueryString(request)}`;
}
