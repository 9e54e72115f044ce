import {
  pageNumberOf,
  SEARCH_LIMITS,
  searchModelVocabulary,
  searchTextWithout,
  searchWords,
  suggestSearchText,
  toCrc,
  type SearchFilterValues,
  type SearchInterpretation,
  type SearchTextPart,
  type Style,
} from '@ruedas/domain';
import { DomainError, type GlobalParameters, type SearchFilter, type SearchIndex, type SearchSort } from '@ruedas/platform';
import { FACET_FIELDS, MOTOR_BUCKETS, type SearchDocument } from './documents';
import { compose, dropSequence, givenFilter, interpret, readingOf, type AppliedFilter } from './interpretation';

export { interpret, interpretMemo, type AppliedFilter, type InterpretMemo } from './interpretation';

export const SORTS = ['RELEVANCE', 'NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'YEAR_DESC', 'YEAR_ASC', 'MILEAGE_ASC', 'BEST_DEAL'] as const;
export type SortName = (typeof SORTS)[number];

export interface SearchFacetOut {
  field: string;
  values: Array<{ value: string; count: number }>;
}

/** What to offer when a search finds nothing (GraphQL `SearchAlternative`). */
export const ALTERNATIVE_KINDS = ['DID_YOU_MEAN', 'DROP_YEAR', 'WIDEN_PRICE'] as const;
export interface SearchAlternativeOut {
  kind: (typeof ALTERNATIVE_KINDS)[number];
  /** The filter to search instead, as SearchFilterInput takes it (the free text rewritten when the change is in it). */
  filter: AppliedFilter;
  totalItems: number;
}

export interface SearchPageOut {
  items: Array<{ id: string }>;
  totalItems: number;
  perPage: number;
  pageNumber: number;
  totalPages: number;
  facets: SearchFacetOut[];
  interpretation: AppliedFilter;
  alternatives: SearchAlternativeOut[];
}

/** How far "widen the price" goes first: a quarter below the lower bound and above the upper one. */
const PRICE_WIDENING = 0.25;

const invalid = (fields: Record<string, string>, params?: Record<string, string | number>) => new DomainError('VALIDATION', 'validationFailed', fields, params);

/** The index conditions of an applied filter (the model is matched as text, typo-tolerant). */
export function conditions(filter: AppliedFilter, crcPerUsd: number): { text: string; filters: SearchFilter[] } {
  const filters: SearchFilter[] = [];
  if (filter.brand) filters.push({ field: 'brand', equals: filter.brand });
  if (filter.styles)
    filters.push(filter.styles.length === 1 ? { field: 'style', equals: filter.styles[0] as Style } : { field: 'style', oneOf: filter.styles });
  if (filter.fuelType) filters.push({ field: 'fuelType', equals: filter.fuelType });
  if (filter.transmissionType) filters.push({ field: 'transmissionType', equals: filter.transmissionType });
  if (filter.exteriorColor) filters.push({ field: 'exteriorColor', equals: filter.exteriorColor });
  if (filter.interiorColor) filters.push({ field: 'interiorColor', equals: filter.interiorColor });
  if (filter.year !== undefined) filters.push({ field: 'year', equals: filter.year });
  else if (filter.yearFrom !== undefined || filter.yearTo !== undefined) filters.push({ field: 'year', ...range(filter.yearFrom, filter.yearTo) });
  if (filter.priceFrom !== undefined || filter.priceTo !== undefined) {
    // Bounds in the chosen currency (colones when none), against the price normalised to colones.
    const currency = filter.currency ?? 'CRC';
    const crc = (amount: number | undefined) => (amount === undefined ? undefined : toCrc(amount, currency, crcPerUsd));
    filters.push({ field: 'priceCrc', ...range(crc(filter.priceFrom), crc(filter.priceTo)) });
  }
  if (filter.mileageMax !== undefined) filters.push({ field: 'mileageKm', max: filter.mileageMax });
  if (filter.province) filters.push({ field: 'province', equals: filter.province });
  if (filter.canton) filters.push({ field: 'canton', equals: filter.canton });
  if (filter.goodPriceOrBetter) filters.push({ field: 'priceLabel', oneOf: ['GREAT', 'GOOD'] });
  const passengers = filter.passengersNumber;
  if (passengers !== undefined) {
    // 2, 3, 4 exactly; 5 is "5+" (5, 7 and 888), 7 is 7 or more; 888 is more than 7.
    filters.push(passengers >= 5 ? { field: 'passengersNumber', min: passengers } : { field: 'passengersNumber', equals: passengers });
  }
  if (filter.motorSizeCCFrom !== undefined || filter.motorSizeCCTo !== undefined) {
    // The top of the slider (10,000 cc, "over 4000") has no upper bound.
    const to = filter.motorSizeCCTo !== undefined && filter.motorSizeCCTo < 10_000 ? filter.motorSizeCCTo : undefined;
    filters.push({ field: 'motorSizeCC', ...range(filter.motorSizeCCFrom, to) });
  }
  // The model, then the free text's words searched as text across the ad's words (issue 27).
  return { text: [modelText(filter.model), ...(filter.textWords ?? [])].filter((word) => word !== '').join(' '), filters };
}

let knownModels: Set<string> | undefined;

/**
 * The text the index is asked for the model: a model of the vocabulary as its words run together
 * ("CR-V" → "crv", "RAV4" → "rav4"), so it meets the model however the seller split or joined it
 * (the index holds each model run together too); other words as they are.
 */
function modelText(model: string | undefined): string {
  if (!model) return '';
  knownModels ??= new Set(searchModelVocabulary().map((entry) => entry.model));
  return knownModels.has(model) ? searchWords(model).join('') : model;
}

function range(min: number | undefined, max: number | undefined): { min?: number; max?: number } {
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

export function sortOf(sort: SortName, hasText: boolean): SearchSort[] {
  const newest: SearchSort = { field: 'publishedAt', order: 'desc' };
  switch (sort) {
    case 'RELEVANCE':
      return hasText ? [] : [newest];
    case 'NEWEST':
      return [newest];
    case 'PRICE_ASC':
      return [{ field: 'priceCrc', order: 'asc' }, newest];
    case 'PRICE_DESC':
      return [{ field: 'priceCrc', order: 'desc' }, newest];
    case 'YEAR_DESC':
      return [{ field: 'year', order: 'desc' }, newest];
    case 'YEAR_ASC':
      return [{ field: 'year', order: 'asc' }, newest];
    case 'MILEAGE_ASC':
      return [{ field: 'mileageKm', order: 'asc' }, newest];
    case 'BEST_DEAL':
      return [{ field: 'dealScore', order: 'asc' }, newest];
  }
}

function facetsOf(raw: Record<string, Record<string, number>>): SearchFacetOut[] {
  const out: SearchFacetOut[] = [];
  for (const [field, indexField] of Object.entries(FACET_FIELDS)) {
    const counts = raw[indexField] ?? {};
    let values = Object.entries(counts).map(([value, count]) => ({ value, count }));
    if (field === 'mileageMax') {
      // Cumulative: ads at or under each choice.
      values = SEARCH_LIMITS.mileageMaxOptions.map((max) => ({
        value: String(max),
        count: Object.entries(counts).reduce((sum, [bucket, count]) => (Number(bucket) > 0 && Number(bucket) <= max ? sum + count : sum), 0),
      }));
    } else if (field === 'motorSizeCCTo') {
      values = MOTOR_BUCKETS.map((max) => ({ value: String(max), count: counts[String(max)] ?? 0 }));
    } else if (field === 'year' || field === 'passengersNumber') {
      values.sort((a, b) => Number(a.value) - Number(b.value));
    } else {
      values.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    }
    out.push({ field, values });
  }
  return out;
}

export class Searcher {
  constructor(
    private readonly index: SearchIndex<SearchDocument>,
    private readonly parameters: Pick<GlobalParameters, 'get'>,
  ) {}

  /** One page of the search; `pageSize` (already bounded by the caller) defaults to the ITEMS_PER_LIST global parameter. */
  async search(input: unknown, asked: unknown, sort: SortName, now: Date, pageSize?: number): Promise<SearchPageOut> {
    const page = pageNumberOf(asked);
    if ('error' in page) throw invalid({ pageNumber: page.error });
    const pageNumber = page.page;
    if (!SORTS.includes(sort)) throw invalid({ sort: 'errorOccurred' });
    const given = givenFilter(input, now);
    const reading = readingOf(given.text, now);
    let interpretation = compose(given, reading, []);
    const rate = this.parameters.get('EXCHANGE_RATE_CRC_PER_USD');
    const perPage = pageSize ?? this.parameters.get('ITEMS_PER_LIST');
    // "barato", "cheap": the cheapest first, unless another order is asked.
    const order = sort === 'RELEVANCE' && interpretation.cheapestFirst ? 'PRICE_ASC' : sort;
    const run = (applied: AppliedFilter) => {
      const { text, filters } = conditions(applied, rate);
      return this.index.search({
        text,
        filters,
        sort: sortOf(order, text.trim() !== ''),
        facets: Object.values(FACET_FIELDS),
        offset: (pageNumber - 1) * perPage,
        limit: perPage,
      });
    };
    let result = await run(interpretation);
    if (result.total === 0 && reading) {
      const relaxed = await this.relax(given, reading, rate);
      if (relaxed) {
        interpretation = relaxed;
        result = await run(relaxed);
      }
    }
    return {
      items: result.hits.map((hit) => ({ id: hit.id })),
      totalItems: result.total,
      perPage,
      pageNumber,
      totalPages: Math.ceil(result.total / perPage),
      facets: facetsOf(result.facets),
      interpretation,
      alternatives: result.total === 0 && pageNumber === 1 ? await this.alternatives(input, now) : [],
    };
  }

  /**
   * A phrase that found nothing: its parts left out one at a time, least informative first
   * (Meilisearch's `last`), until something is found; undefined when nothing is found even so.
   */
  private async relax(given: SearchFilterValues, reading: SearchInterpretation, rate: number): Promise<AppliedFilter | undefined> {
    const dropped: SearchTextPart[] = [];
    for (const part of dropSequence(reading)) {
      dropped.push(part);
      const relaxed = compose(given, reading, dropped);
      const { text, filters } = conditions(relaxed, rate);
      if ((await this.index.search({ text, filters, sort: [], facets: [], offset: 0, limit: 0 })).total > 0) return relaxed;
    }
    return undefined;
  }

  /**
   * The filter a search page shows for this input: the interpretation, with the parts left out that
   * the page leaves out when the whole phrase finds nothing (what a saved search stores, issue 27).
   */
  async shownInterpretation(input: unknown, now: Date): Promise<AppliedFilter> {
    const given = givenFilter(input, now);
    const reading = readingOf(given.text, now);
    const interpretation = compose(given, reading, []);
    if (!reading) return interpretation;
    const rate = this.parameters.get('EXCHANGE_RATE_CRC_PER_USD');
    const { text, filters } = conditions(interpretation, rate);
    if ((await this.index.search({ text, filters, sort: [], facets: [], offset: 0, limit: 0 })).total > 0) return interpretation;
    return (await this.relax(given, reading, rate)) ?? interpretation;
  }

  /** How many public ads a filter (as SearchFilterInput takes it) finds; undefined when it is not valid. */
  private async count(input: AppliedFilter, now: Date): Promise<number | undefined> {
    let applied: AppliedFilter;
    try {
      applied = interpret(input, now);
    } catch {
      return undefined;
    }
    const { text, filters } = conditions(applied, this.parameters.get('EXCHANGE_RATE_CRC_PER_USD'));
    return (await this.index.search({ text, filters, sort: [], facets: [], offset: 0, limit: 1 })).total;
  }

  /**
   * The nearest searches that find something, for a search that found nothing (first page only): the
   * free text spelt as the vocabulary does ("did you mean"), the same search without its year, and
   * with its price range widened by a quarter each way (or without price bounds when that is not
   * enough). Each carries the filter to search and what it finds.
   */
  async alternatives(input: unknown, now: Date): Promise<SearchAlternativeOut[]> {
    let original: AppliedFilter;
    try {
      original = givenFilter(input, now) as AppliedFilter;
    } catch {
      return [];
    }
    const out: SearchAlternativeOut[] = [];
    const offer = async (kind: SearchAlternativeOut['kind'], filter: AppliedFilter) => {
      const clean = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as AppliedFilter;
      const totalItems = await this.count(clean, now);
      if (totalItems) out.push({ kind, filter: clean, totalItems });
      return totalItems ?? 0;
    };
    const reading = readingOf(original.text, now);
    if (original.text && reading) {
      const corrected = suggestSearchText(original.text, now);
      const correctedReading = readingOf(corrected, now);
      if (corrected && JSON.stringify(correctedReading?.filter) !== JSON.stringify(reading.filter))
        await offer('DID_YOU_MEAN', { ...original, text: corrected });
    }
    const yearParts = reading?.parts.filter((part) => part.kind === 'YEAR') ?? [];
    if (original.year !== undefined || original.yearFrom !== undefined || original.yearTo !== undefined || yearParts.length > 0) {
      const withoutYear: AppliedFilter = { ...original, year: undefined, yearFrom: undefined, yearTo: undefined };
      if (original.text && yearParts.length > 0) withoutYear.text = searchTextWithout(original.text, yearParts);
      await offer('DROP_YEAR', withoutYear);
    }
    if (original.priceFrom !== undefined || original.priceTo !== undefined) {
      const widened: AppliedFilter = {
        ...original,
        priceFrom: original.priceFrom !== undefined ? Math.floor(original.priceFrom * (1 - PRICE_WIDENING)) : undefined,
        priceTo: original.priceTo !== undefined ? Math.ceil(original.priceTo * (1 + PRICE_WIDENING)) : undefined,
      };
      if (widened.priceFrom === 0) widened.priceFrom = undefined;
      if ((await this.count(widened, now)) === 0) {
        widened.priceFrom = undefined;
        widened.priceTo = undefined;
      }
      await offer('WIDEN_PRICE', widened);
    }
    return out;
  }
}
