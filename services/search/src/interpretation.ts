import {
  correctBrand,
  correctModel,
  findBrand,
  interpretSearchText,
  nextCalendarYear,
  SEARCH_FILTER_AS_GIVEN_KEYS,
  searchFilterSchema,
  searchTextWithout,
  validate,
  type InterpretedFilter,
  type SearchFilterValues,
  type SearchInterpretation,
  type SearchPartKind,
  type SearchTextPart,
} from '@ruedas/domain';
import type { SearchFilterSnapshot } from '@ruedas/events';
import { DomainError } from '@ruedas/platform';
import { colourKey } from './documents';

/** One understood part of the free text as a search answers it (GraphQL `SearchTextPart`). */
export interface AppliedPart {
  kind: SearchPartKind;
  /** The words it was read from, as typed. */
  text: string;
  /** The fields it sets. */
  filter: InterpretedFilter;
  /** The free text without this part's words (the chip's "remove"). */
  textWithout: string;
}

/** The filter a search applied (GraphQL `SearchFilter`): the fields, and how the free text was read (issue 27). */
export interface AppliedFilter extends SearchFilterSnapshot {
  text?: string;
  /** The free text's words searched as text across the ad's words, folded. */
  textWords?: string[];
  /** The free text's words read and ignored ("usado", "se vende"). */
  ignoredWords?: string[];
  /** Words or parts of the free text left out because the whole phrase found nothing, as typed. */
  droppedWords?: string[];
  /** The understood parts (and the words searched as text), in the order typed. */
  parts?: AppliedPart[];
  /** "barato", "cheap": the cheapest first when the search's order is RELEVANCE. */
  cheapestFirst?: boolean;
}

/** The fields of the filter that carry how the text was read, not a condition. */
export const READING_KEYS = ['text', 'textWords', 'ignoredWords', 'droppedWords', 'parts', 'cheapestFirst'] as const;

const invalid = (fields: Record<string, string>, params?: Record<string, string | number>) => new DomainError('VALIDATION', 'validationFailed', fields, params);

/**
 * Remembered readings of texts, brands and models for many filters read at once (the saved searches
 * loaded at start repeat the same few thousand texts): `interpret(filter, now, memo)`.
 */
export interface InterpretMemo {
  texts: Map<string, SearchInterpretation>;
  words: Map<string, string | undefined>;
}

export const interpretMemo = (): InterpretMemo => ({ texts: new Map(), words: new Map() });

function remembered<T>(map: Map<string, T> | undefined, key: string, read: () => T): T {
  if (!map) return read();
  if (map.has(key)) return map.get(key) as T;
  const value = read();
  map.set(key, value);
  return value;
}

/** A structured field given wins over the text's reading of the same thing (its whole group: a year range over a year). */
const GROUPS: ReadonlyArray<ReadonlyArray<keyof InterpretedFilter>> = [
  ['brand'],
  ['model'],
  ['style', 'styles'],
  ['fuelType'],
  ['transmissionType'],
  ['exteriorColor'],
  ['year', 'yearFrom', 'yearTo'],
  ['priceFrom', 'priceTo', 'currency'],
  ['mileageMax'],
  ['passengersNumber'],
  ['province', 'canton'],
];
/** The currency alone (a form's default) does not override a price read from the text. */
const NOT_TRIGGERS = new Set<string>(['currency']);

function overridden(given: SearchFilterValues): Set<keyof InterpretedFilter> {
  const out = new Set<keyof InterpretedFilter>();
  const values = given as Record<string, unknown>;
  for (const group of GROUPS) {
    if (group.some((key) => !NOT_TRIGGERS.has(key) && values[key] !== undefined)) for (const key of group) out.add(key);
  }
  return out;
}

/** The validated filter; a clear error (es/en) when it is not valid. */
export function givenFilter(input: unknown, now: Date): SearchFilterValues {
  const result = validate(searchFilterSchema(now), input ?? {});
  if (!result.ok) throw invalid(result.errors, { maxYear: nextCalendarYear(now), max: 200 });
  return result.data;
}

/** The free text's reading (remembered). */
export function readingOf(text: string | undefined, now: Date, memo?: InterpretMemo): SearchInterpretation | undefined {
  return text ? remembered(memo?.texts, text, () => interpretSearchText(text, now)) : undefined;
}

/**
 * The filter to apply: the structured fields validated (brand and model corrected against the
 * vocabulary), the free text read by the domain's interpreter; a structured field wins over what
 * the text says of the same thing. `dropped` parts of the text are left out (a phrase that found nothing).
 */
export function interpret(input: unknown, now: Date, memo?: InterpretMemo): AppliedFilter {
  const given = givenFilter(input, now);
  return compose(given, readingOf(given.text, now, memo), [], memo);
}

export function compose(
  given: SearchFilterValues,
  reading: SearchInterpretation | undefined,
  dropped: readonly SearchTextPart[],
  memo?: InterpretMemo,
): AppliedFilter {
  const text = given.text;
  const over = overridden(given);
  const parts = (reading?.parts ?? []).filter(
    (part) => !dropped.includes(part) && (part.kind === 'TEXT' || Object.keys(part.filter).some((key) => !over.has(key as keyof InterpretedFilter))),
  );
  const read: InterpretedFilter = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part.filter) as Array<[keyof InterpretedFilter, unknown]>) {
      if (!over.has(key) && read[key] === undefined) (read as Record<string, unknown>)[key] = value;
    }
  }
  const applied: AppliedFilter = {};
  if (text) applied.text = text;
  // The brand: structured (corrected; unknown stays as written, so it matches nothing), else read.
  const givenBrand = given.brand;
  const brand = givenBrand !== undefined ? (remembered(memo?.words, `b|${givenBrand}`, () => correctBrand(givenBrand)) ?? givenBrand) : read.brand;
  if (brand) applied.brand = brand;
  const knownBrand = brand && findBrand(brand) ? (brand as Parameters<typeof correctModel>[1]) : undefined;
  const givenModel = given.model;
  if (givenModel !== undefined) applied.model = remembered(memo?.words, `m|${knownBrand ?? ''}|${givenModel}`, () => correctModel(givenModel, knownBrand));
  else if (read.model) applied.model = read.model;
  if (given.style) {
    applied.style = given.style;
    applied.styles = [given.style];
  } else if (read.styles) {
    applied.styles = read.styles;
    if (read.style) applied.style = read.style;
  }
  const fuelType = given.fuelType ?? read.fuelType;
  if (fuelType) applied.fuelType = fuelType;
  const transmissionType = given.transmissionType ?? read.transmissionType;
  if (transmissionType) applied.transmissionType = transmissionType;
  const exteriorColor = given.exteriorColor !== undefined ? colourKey(given.exteriorColor) : read.exteriorColor;
  if (exteriorColor) applied.exteriorColor = exteriorColor;
  if (given.interiorColor !== undefined) applied.interiorColor = colourKey(given.interiorColor);
  for (const key of SEARCH_FILTER_AS_GIVEN_KEYS) {
    const fromText = over.has(key as keyof InterpretedFilter) ? undefined : read[key as keyof InterpretedFilter];
    // A price read from the text comes with its currency, over the form's.
    const value = key === 'currency' && fromText !== undefined ? fromText : (given[key] ?? fromText);
    if (value !== undefined) (applied as Record<string, unknown>)[key] = value;
  }
  if (given.goodPriceOrBetter) applied.goodPriceOrBetter = true;
  const year = given.year ?? (over.has('year') ? undefined : read.year);
  if (year !== undefined && applied.yearFrom === undefined && applied.yearTo === undefined) applied.year = year;
  if (reading && text) {
    applied.textWords = parts.filter((part) => part.kind === 'TEXT').map((part) => part.word as string);
    applied.ignoredWords = reading.ignoredWords;
    applied.droppedWords = dropped.map((part) => part.text);
    applied.parts = parts.map((part) => ({ kind: part.kind, text: part.text, filter: part.filter, textWithout: searchTextWithout(text, [part]) }));
    if (reading.cheapestFirst) applied.cheapestFirst = true;
  }
  return applied;
}

/**
 * The order in which the parts of a phrase that found nothing are left out, least informative
 * first: words searched as text (the last typed first), then colour, mileage, place, seats, fuel,
 * gearbox, style, price, year, model, brand.
 */
const DROP_ORDER: readonly SearchPartKind[] = [
  'TEXT',
  'COLOUR',
  'MILEAGE',
  'PLACE',
  'PASSENGERS',
  'FUEL',
  'TRANSMISSION',
  'STYLE',
  'PRICE',
  'YEAR',
  'MODEL',
  'BRAND',
];

/** The parts to leave out one after another (each step leaves out one more); never the last part. */
export function dropSequence(reading: SearchInterpretation): SearchTextPart[] {
  const ordered = [...reading.parts].reverse().sort((a, b) => DROP_ORDER.indexOf(a.kind) - DROP_ORDER.indexOf(b.kind));
  return ordered.slice(0, Math.max(0, ordered.length - 1));
}
