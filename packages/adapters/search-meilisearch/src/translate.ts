import { DEFAULT_MAX_TOTAL_HITS, type SearchFilter, type SearchIndexSettings, type SearchQuery, type SearchScalar } from '@ruedas/platform';

/**
 * Pure translations from the port to Meilisearch's API (settings, filter expressions, paging),
 * kept apart from the client so they are tested without a server.
 */

/** Meilisearch's ranking rules with `sort` first: a chosen sort is strict, relevance breaks its ties. */
export const RANKING_RULES = ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'];
export const MAX_VALUES_PER_FACET = 1_000;
/**
 * How deep results can be paged (500 pages of 20). Meilisearch ranks up to this many matches for
 * every query, so its tuning guide warns against large values (1,000,000 was the anti-pattern).
 * `totalHits` is capped by it; the exact total comes from the facet count of `COUNT_FIELD`
 * (facet counts cover every match). Decision 0045.
 */
export const MAX_TOTAL_HITS = DEFAULT_MAX_TOTAL_HITS;
/** A constant field every document is written with, faceted to count the matches exactly. */
export const COUNT_FIELD = '_ruedas';

export class SearchQueryError extends Error {
  override readonly name = 'SearchQueryError';
}

/** The index settings Meilisearch gets for the port's settings. */
export function meilisearchSettings(settings: SearchIndexSettings) {
  const typos = settings.typoTolerance ?? { oneTypo: 5, twoTypos: 9 };
  return {
    searchableAttributes: [...settings.searchableAttributes],
    filterableAttributes: [...settings.filterableAttributes, COUNT_FIELD],
    sortableAttributes: [...settings.sortableAttributes],
    synonyms: synonymsMap(settings.synonyms),
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: typos.oneTypo, twoTypos: typos.twoTypos } },
    rankingRules: [...RANKING_RULES],
    faceting: { maxValuesPerFacet: MAX_VALUES_PER_FACET },
    pagination: { maxTotalHits: settings.maxTotalHits ?? MAX_TOTAL_HITS },
  };
}

const phraseKey = (phrase: string) => phrase.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Groups of equivalent words or phrases as Meilisearch's synonyms map: every member maps to every
 * other member of its groups (multi-way), so [["carro", "auto"]] is { carro: ["auto"], auto: ["carro"] }.
 */
export function synonymsMap(groups: string[][]): Record<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const group of groups) {
    const members = [...new Set(group.map(phraseKey).filter((phrase) => phrase !== ''))];
    for (const member of members) {
      const others = map.get(member) ?? new Set<string>();
      for (const other of members) if (other !== member) others.add(other);
      map.set(member, others);
    }
  }
  const result: Record<string, string[]> = {};
  for (const [member, others] of map) if (others.size > 0) result[member] = [...others];
  return result;
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;

/** A value of a filter expression: numbers and booleans bare, strings double-quoted with escapes. */
export function filterValue(value: SearchScalar): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new SearchQueryError(`filter values must be finite numbers, got ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') throw new SearchQueryError(`filter values must be strings, numbers or booleans, got ${typeof value}`);
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function field(name: string): string {
  if (!FIELD.test(name)) throw new SearchQueryError(`${JSON.stringify(name)} is not a field name a filter can use`);
  return name;
}

function bound(value: number | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new SearchQueryError(`range ${what} must be a finite number, got ${String(value)}`);
  return value;
}

/**
 * The filter expression for conditions combined with AND; `null` when a condition can match nothing
 * (an empty oneOf), which Meilisearch's syntax cannot say; `undefined` when there is no condition.
 */
export function filterExpression(filters: readonly SearchFilter[]): string | null | undefined {
  const parts: string[] = [];
  for (const filter of filters) {
    const name = field(filter.field);
    if ('equals' in filter) parts.push(`${name} = ${filterValue(filter.equals)}`);
    else if ('oneOf' in filter) {
      if (!Array.isArray(filter.oneOf)) throw new SearchQueryError(`oneOf on ${name} must be a list`);
      if (filter.oneOf.length === 0) return null;
      parts.push(`${name} IN [${filter.oneOf.map(filterValue).join(', ')}]`);
    } else {
      const min = bound(filter.min, 'min');
      const max = bound(filter.max, 'max');
      if (min !== undefined) parts.push(`${name} >= ${min}`);
      if (max !== undefined) parts.push(`${name} <= ${max}`);
    }
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : parts.map((part) => `(${part})`).join(' AND ');
}

export interface PagePlan {
  /** Meilisearch's exhaustive pagination (exact totalHits). */
  page: number;
  hitsPerPage: number;
  /** Hits of the answered page to drop first. */
  skip: number;
}

/**
 * Offset/limit as Meilisearch's page/hitsPerPage, the mode with an exact total. An offset that is
 * not a multiple of the limit asks for one page holding offset + limit hits and drops the first ones.
 */
export function pagePlan(query: Pick<SearchQuery, 'offset' | 'limit'>): PagePlan {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 20;
  if (!Number.isInteger(offset) || offset < 0) throw new SearchQueryError(`offset must be a whole number >= 0, got ${offset}`);
  if (!Number.isInteger(limit) || limit < 0) throw new SearchQueryError(`limit must be a whole number >= 0, got ${limit}`);
  if (limit === 0) return { page: 1, hitsPerPage: 0, skip: 0 };
  if (offset % limit === 0) return { page: offset / limit + 1, hitsPerPage: limit, skip: 0 };
  return { page: 1, hitsPerPage: offset + limit, skip: offset };
}

export function sortRules(query: Pick<SearchQuery, 'sort'>): string[] | undefined {
  if (!query.sort || query.sort.length === 0) return undefined;
  return query.sort.map((rule) => {
    if (rule.order !== 'asc' && rule.order !== 'desc') throw new SearchQueryError(`sort order must be asc or desc, got ${JSON.stringify(rule.order)}`);
    return `${field(rule.field)}:${rule.order}`;
  });
}
