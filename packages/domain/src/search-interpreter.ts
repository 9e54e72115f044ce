import type { Currency, FuelType, PassengerChoice, Style, TransmissionType } from './enums';
import type { BrandCode } from './reference/brands';
import { bestMatchAt, looseBrandOf, nearBrand } from './search-match';
import { readPlace } from './search-places';
import { readQuantity, tokenize, type Token } from './search-quantities';
import { STOP_WORDS } from './search-vocabulary';

/**
 * The search interpreter (issue 27), the one reading of a free-text search: search, saved searches,
 * alerts, suggestions and the web all use it. A phrase becomes filters plus the words left over:
 * brand and model (the 5/9 typo rule, words split or joined), years and year ranges, prices in
 * colones or dollars, provinces and cantons, seats, transmission, fuel, style, colour, mileage.
 * Words every ad is ("usado", "se vende", "carro", "used", "for sale") never narrow the result;
 * "barato"/"cheap" asks for the cheapest first. A word it cannot place is searched as text.
 * Every understood part keeps the words it was read from, so a page can show it as a chip and
 * take it out again. Pure; no I/O.
 */

/** The filter fields a phrase can set. */
export interface InterpretedFilter {
  brand?: BrandCode;
  /** A model of the vocabulary, in its spelling ("Corolla"). */
  model?: string;
  /** One style, when the words name one. */
  style?: Style;
  /** Every style the words may mean ("4x4": TODO_TERRENO_4X4 and PICK_UP_4X4). */
  styles?: Style[];
  fuelType?: FuelType;
  transmissionType?: TransmissionType;
  year?: number;
  yearFrom?: number;
  yearTo?: number;
  priceFrom?: number;
  priceTo?: number;
  /** The currency of priceFrom / priceTo. */
  currency?: Currency;
  mileageMax?: number;
  passengersNumber?: PassengerChoice;
  /** Province code (1 to 7) and canton code (101). */
  province?: string;
  canton?: string;
  /** Colour code of the reference data (BLACK). */
  exteriorColor?: string;
}

export const SEARCH_PART_KINDS = [
  'BRAND',
  'MODEL',
  'YEAR',
  'PRICE',
  'PLACE',
  'PASSENGERS',
  'MILEAGE',
  'TRANSMISSION',
  'FUEL',
  'STYLE',
  'COLOUR',
  'TEXT',
] as const;
export type SearchPartKind = (typeof SEARCH_PART_KINDS)[number];

/** One understood part of a phrase (or, kind TEXT, one word searched as text). */
export interface SearchTextPart {
  kind: SearchPartKind;
  /** The words it was read from, as typed ("del 2014 al 2017", "en Guanacaste"). */
  text: string;
  /** The fields it sets (none for TEXT). */
  filter: InterpretedFilter;
  /** The word searched as text, folded (TEXT only). */
  word?: string;
  /** Where its words stand in the phrase: [start, end) of the characters. */
  from: number;
  to: number;
}

export interface SearchInterpretation {
  /** Every part's filter together. */
  filter: InterpretedFilter;
  /** The parts in the order typed. */
  parts: SearchTextPart[];
  /** The words searched as text, folded, in order. */
  textWords: string[];
  /** Words read and ignored ("usado", "se vende", "carro"), as typed. */
  ignoredWords: string[];
  /** "barato", "cheap": the cheapest first (when no other order is asked). */
  cheapestFirst: boolean;
}

/** Words common in ads that carry no filter: they never narrow the result. */
export const SEARCH_FILLER_WORDS: ReadonlySet<string> = new Set([
  'usado',
  'usada',
  'usados',
  'usadas',
  'seminuevo',
  'seminueva',
  'vende',
  'vendo',
  'venta',
  'ventas',
  'buen',
  'buena',
  'estado',
  'excelente',
  'impecable',
  'perfecto',
  'nitido',
  'traspaso',
  'marchamo',
  'dia',
  'papeles',
  'negociable',
  'oferta',
  'familiar',
  'family',
  'used',
  'sale',
  'selling',
  'good',
  'great',
  'condition',
  'excellent',
  'busco',
  'quiero',
  'comprar',
  'looking',
  'want',
  'buy',
  'precio',
  'price',
  'recibo',
  'financiamiento',
  'financing',
  'mas',
  'menos',
  'than',
  'less',
  'more',
  'under',
  'over',
  'hasta',
  'desde',
  'entre',
  'between',
  'se',
  'al',
  'que',
  'mi',
  'my',
  'i',
  'to',
  'up',
  'on',
  'at',
  'km',
  ...cheapWords(),
]);

function cheapWords(): string[] {
  return ['barato', 'barata', 'baratos', 'baratas', 'economico', 'economica', 'economicos', 'cheap', 'cheapest', 'affordable', 'bargain', 'ganga'];
}
const CHEAP = new Set(cheapWords());
/** Words after which a place name wins over a model of the same name ("en Santa Cruz"). */
const PLACE_WORDS = new Set(['en', 'de', 'in', 'desde', 'from']);

type Builder = {
  tokens: Token[];
  text: string;
  parts: SearchTextPart[];
  ignored: string[];
  cheapest: boolean;
  styles?: Style[];
};

const slice = (b: Builder, from: number, to: number) => b.text.slice(b.tokens[from]!.start, b.tokens[to - 1]!.end);

function addPart(b: Builder, kind: SearchPartKind, from: number, to: number, filter: InterpretedFilter, word?: string): void {
  b.parts.push({ kind, text: slice(b, from, to), filter, ...(word !== undefined ? { word } : {}), from: b.tokens[from]!.start, to: b.tokens[to - 1]!.end });
}

/** Whether a field of the filter is already set by an earlier part (the first part of each kind wins). */
const taken = (b: Builder, ...keys: Array<keyof InterpretedFilter>) => b.parts.some((part) => keys.some((key) => part.filter[key] !== undefined));

const QUANTITY_KEYS: Record<string, Array<keyof InterpretedFilter>> = {
  PRICE: ['priceFrom', 'priceTo'],
  YEAR: ['year', 'yearFrom', 'yearTo'],
  PASSENGERS: ['passengersNumber'],
  MILEAGE: ['mileageMax'],
};

function addText(b: Builder, from: number, to: number): void {
  for (let at = from; at < to; at++) {
    const word = b.tokens[at]!.word;
    if (STOP_WORDS.has(word) || !/[a-z0-9]/.test(word)) continue;
    addPart(b, 'TEXT', at, at + 1, {}, word);
  }
}

/** A vocabulary match at `index`: brand, model, fuel, transmission, style, colour or a car word. Returns the next index. */
function readVocabulary(b: Builder, words: string[], index: number): number | undefined {
  const brand = b.parts.find((part) => part.filter.brand)?.filter.brand;
  const match = bestMatchAt(words, index, (entry) => entry.kind !== 'model' || !brand || entry.brands.includes(brand));
  if (!match) return undefined;
  const { entry, length } = match;
  const end = index + length;
  switch (entry.kind) {
    case 'generic':
      b.ignored.push(slice(b, index, end));
      return end;
    case 'fuel':
      if (taken(b, 'fuelType')) return undefined;
      addPart(b, 'FUEL', index, end, { fuelType: entry.value });
      return end;
    case 'transmission':
      if (taken(b, 'transmissionType')) return undefined;
      addPart(b, 'TRANSMISSION', index, end, { transmissionType: entry.value });
      return end;
    case 'colour':
      if (taken(b, 'exteriorColor')) return undefined;
      addPart(b, 'COLOUR', index, end, { exteriorColor: entry.value });
      return end;
    case 'brand':
      if (taken(b, 'brand')) return undefined;
      addPart(b, 'BRAND', index, end, { brand: entry.value });
      return end;
    case 'model': {
      if (taken(b, 'model')) return undefined;
      const only = entry.brands.length === 1 && !brand ? { brand: entry.brands[0] } : {};
      addPart(b, 'MODEL', index, end, { ...only, model: entry.value });
      return end;
    }
    case 'style': {
      // "pick up" then "4x4" narrow each other to one style.
      const earlier = b.parts.find((part) => part.kind === 'STYLE');
      if (!earlier) {
        addPart(b, 'STYLE', index, end, styleFilter(entry.value));
        return end;
      }
      const both = (earlier.filter.styles ?? []).filter((style) => entry.value.includes(style));
      if (both.length === 0) return undefined;
      earlier.filter = styleFilter(both);
      earlier.text = `${earlier.text} ${slice(b, index, end)}`;
      earlier.to = b.tokens[end - 1]!.end;
      return end;
    }
  }
}

const styleFilter = (styles: Style[]): InterpretedFilter => ({ styles, ...(styles.length === 1 ? { style: styles[0] } : {}) });

function readPlaceAt(b: Builder, index: number, from: number): number | undefined {
  if (taken(b, 'province')) return undefined;
  const place = readPlace(b.tokens, index);
  if (!place) return undefined;
  addPart(b, 'PLACE', from, place.end, { province: place.province, ...(place.canton ? { canton: place.canton } : {}) });
  return place.end;
}

/**
 * Reads a free-text search. `interpretSearchText("toyota automatico menos de 10 millones")` →
 * brand TOYOTA, transmission AUTOMATIC, priceTo 10,000,000 CRC, each a part with its words.
 */
export function interpretSearchText(text: string, now: Date = new Date()): SearchInterpretation {
  const tokens = tokenize(text);
  const words = tokens.map((token) => token.word);
  const b: Builder = { tokens, text, parts: [], ignored: [], cheapest: false };
  let index = 0;
  while (index < tokens.length) {
    const word = words[index] as string;
    index = readOne(b, words, index, word, now);
  }
  looseBrand(b);
  const filter: InterpretedFilter = mergeParts(b.parts);
  return {
    filter,
    parts: b.parts,
    textWords: b.parts.filter((part) => part.kind === 'TEXT').map((part) => part.word as string),
    ignoredWords: b.ignored,
    cheapestFirst: b.cheapest,
  };
}

/** Reads what starts at `index`; returns the index after it. */
function readOne(b: Builder, words: string[], index: number, word: string, now: Date): number {
  // "peugeot 2008", "mazda 3": a model of the vocabulary, exactly, before a year or a number.
  // A quantity with a unit or a bound wins ("7 pasajeros"); a bare number may be a model's ("2008").
  const quantity = readQuantity(b.tokens, index, now);
  const bare = quantity?.kind === 'YEAR' && quantity.filter.year !== undefined && quantity.end === index + 1;
  const model = bare ? bestMatchAt(words, index, (entry) => entry.kind === 'model') : undefined;
  const brand = b.parts.find((part) => part.filter.brand)?.filter.brand;
  const exactModel = model && model.typos === 0 && model.entry.kind === 'model' && (!brand || model.entry.brands.includes(brand)) && !taken(b, 'model');
  if (quantity && !exactModel) {
    if (quantity.kind === 'NONE' || taken(b, ...QUANTITY_KEYS[quantity.kind]!)) b.ignored.push(slice(b, index, quantity.end));
    else addPart(b, quantity.kind, index, quantity.end, quantity.filter);
    return quantity.end;
  }
  if (SEARCH_FILLER_WORDS.has(word)) {
    b.ignored.push(b.tokens[index]!.raw);
    if (CHEAP.has(word)) b.cheapest = true;
    return index + 1;
  }
  if (PLACE_WORDS.has(word)) {
    const end = readPlaceAt(b, index + 1, index);
    if (end !== undefined) return end;
  }
  const vocabulary = readVocabulary(b, words, index);
  if (vocabulary !== undefined) return vocabulary;
  const place = readPlaceAt(b, index, index);
  if (place !== undefined) return place;
  addText(b, index, index + 1);
  return index + 1;
}

/**
 * A brand word misspelt beyond the 5/9 rule: beside words naming the brand ("hiunday tucson") it is
 * that brand; alone, it is the one brand it is close to ("hiunday"), if only one.
 */
function looseBrand(b: Builder): void {
  const brand = b.parts.find((part) => part.filter.brand)?.filter.brand;
  const loose = (part: SearchTextPart) => part.kind === 'TEXT' && (part.word as string).length >= 5 && !/\d/.test(part.word as string);
  for (const part of b.parts) {
    if (!loose(part)) continue;
    const code = brand ? (nearBrand(part.word as string, brand) ? brand : undefined) : looseBrandOf(part.word as string);
    if (!code) continue;
    part.kind = 'BRAND';
    part.filter = { brand: code };
    delete part.word;
    if (!brand) return;
  }
}

/** The filter of some parts together (the first part setting a field wins). */
export function mergeParts(parts: readonly SearchTextPart[]): InterpretedFilter {
  const filter: InterpretedFilter = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part.filter) as Array<[keyof InterpretedFilter, unknown]>) {
      if (value !== undefined && filter[key] === undefined) (filter as Record<string, unknown>)[key] = value;
    }
  }
  return filter;
}

/** The phrase without some parts' words (the chip's "remove"): the rest as typed, spaces tidied. */
export function searchTextWithout(text: string, parts: ReadonlyArray<Pick<SearchTextPart, 'from' | 'to'>>): string {
  let out = '';
  let at = 0;
  for (const part of [...parts].sort((a, b) => a.from - b.from)) {
    out += `${text.slice(at, part.from)} `;
    at = Math.max(at, part.to);
  }
  out += text.slice(at);
  return out.replace(/\s+/g, ' ').trim();
}
