import {
  colourCodeOf,
  findBrand,
  findColour,
  findExtra,
  foldSearchText,
  LEVEL_CODES,
  SEARCH_LIMITS,
  SEARCH_SYNONYMS,
  SEARCH_TYPO_RULES,
  searchWords,
  toCrc,
} from '@ruedas/domain';
import type { SearchIndexSettings } from '@ruedas/platform';
import type { PriceRating } from './pricing/market';
import type { IndexedAd } from './store';

/** One ad as the search index holds it: flat, with the price in colones and the mileage in km. */
export interface SearchDocument {
  id: string;
  /** Brand code (TOYOTA). */
  brand: string;
  /** Brand name (Toyota), searchable. */
  brandName: string;
  /** Model as the seller wrote it, searchable and a facet. */
  model: string;
  /** The model's words run together ("CR-V" → "crv"), searchable, so "crv" finds it. */
  modelCompact: string;
  /**
   * The ad's other words, searchable after the model and brand (issue 27): the colours as written and
   * named in both languages, the extras in both languages, the seller's description.
   */
  words: string;
  style: string;
  fuelType: string;
  transmissionType: string;
  year: number;
  /** Colour code (BLACK) when the ad's colour text names a known colour, else the text folded. */
  exteriorColor: string;
  interiorColor: string;
  /** The price normalised to colones at the service's exchange rate. */
  priceCrc: number;
  currency: string;
  price: number;
  mileageKm: number;
  /** The smallest mileage choice of 01 §9 at or above the mileage (0 when over every choice). */
  mileageBucket: number;
  passengersNumber: number;
  motorSizeCC: number;
  /** The upper bound of the engine-size range of 01 §9 the engine falls in. */
  motorBucket: number;
  level: number;
  /** When the ad went public (ms since 1970); 0 when unknown. */
  publishedAt: number;
  /** Province code (1 to 7) and canton code (101); '' when unknown. */
  province: string;
  canton: string;
  /** The fair-price label (GREAT, GOOD, FAIR, HIGH, NONE; issue 19), filterable. */
  priceLabel: string;
  /** Price / estimated market price (the best deals first when ascending); NO_DEAL_SCORE without a rating. */
  dealScore: number;
}

/** The deal score of an ad without a rating: after every rated one in the best-deals sort. */
export const NO_DEAL_SCORE = 1_000;

const KM_PER_MILE = 1.609344;

/** Colour texts already keyed: sellers write few different ones, and matching one is a fuzzy search. */
const colourKeys = new Map<string, string>();
const COLOUR_KEYS_KEPT = 10_000;

/** A colour text as the index and the filters compare it. */
export function colourKey(text: string): string {
  let key = colourKeys.get(text);
  if (key === undefined) {
    key = colourCodeOf(text) ?? foldSearchText(text).trim();
    if (colourKeys.size >= COLOUR_KEYS_KEPT) colourKeys.clear();
    colourKeys.set(text, key);
  }
  return key;
}

export function mileageInKm(mileage: number, unit: string): number {
  return unit === 'MI' ? Math.round(mileage * KM_PER_MILE) : mileage;
}

function mileageBucket(km: number): number {
  return SEARCH_LIMITS.mileageMaxOptions.find((max) => km <= max) ?? 0;
}

/** Upper bounds of the engine-size ranges of 01 §9 (under 1000, 1000-2000, ..., over 4000). */
export const MOTOR_BUCKETS = [1_000, 2_000, 3_000, 4_000, 10_000] as const;

function motorBucket(cc: number): number {
  return MOTOR_BUCKETS.find((max) => cc <= max) ?? 10_000;
}

export function searchDocument(id: string, ad: IndexedAd, crcPerUsd: number, rating?: PriceRating): SearchDocument {
  const mileageKm = mileageInKm(ad.mileage, ad.mileageUnit);
  return {
    id,
    brand: ad.brand,
    brandName: findBrand(ad.brand)?.label.es ?? ad.brand,
    model: ad.model,
    modelCompact: searchWords(ad.model).join(''),
    words: adWords(ad),
    style: ad.style,
    fuelType: ad.fuelType,
    transmissionType: ad.transmissionType,
    year: ad.year,
    exteriorColor: colourKey(ad.exteriorColor),
    interiorColor: colourKey(ad.interiorColor),
    priceCrc: toCrc(ad.price, ad.currency, crcPerUsd),
    currency: ad.currency,
    price: ad.price,
    mileageKm,
    mileageBucket: mileageBucket(mileageKm),
    passengersNumber: ad.passengersNumber,
    motorSizeCC: ad.motorSizeCC,
    motorBucket: motorBucket(ad.motorSizeCC),
    level: LEVEL_CODES[ad.level],
    publishedAt: ad.publishedAt ? Date.parse(ad.publishedAt) : 0,
    province: ad.province ?? '',
    canton: ad.canton ?? '',
    priceLabel: rating?.label ?? 'NONE',
    dealScore: rating?.ratio == null ? NO_DEAL_SCORE : Math.round(rating.ratio * 1_000) / 1_000,
  };
}

/** Colour labels and extras in both languages: what an ad's words hold beyond its own texts. */
function adWords(ad: IndexedAd): string {
  const words: string[] = [];
  for (const colour of [ad.exteriorColor, ad.interiorColor]) {
    const known = findColour(colourKey(colour));
    words.push(colour, ...(known ? [known.label.es, known.label.en] : []));
  }
  for (const key of ad.extraList ?? []) {
    const extra = findExtra(key);
    if (extra) words.push(extra.label.es, extra.label.en);
  }
  if (ad.description) words.push(ad.description);
  return words.join(' ');
}

/** Facet fields of the index, by the filter field they count for. */
export const FACET_FIELDS = {
  brand: 'brand',
  model: 'model',
  style: 'style',
  fuelType: 'fuelType',
  transmissionType: 'transmissionType',
  year: 'year',
  exteriorColor: 'exteriorColor',
  interiorColor: 'interiorColor',
  currency: 'currency',
  passengersNumber: 'passengersNumber',
  mileageMax: 'mileageBucket',
  motorSizeCCTo: 'motorBucket',
  province: 'province',
  canton: 'canton',
} as const;

/** The index settings: model before brand name before the ad's other words in relevance; the domain's synonyms and typo rules. */
export const SEARCH_INDEX_SETTINGS: SearchIndexSettings = {
  searchableAttributes: ['model', 'modelCompact', 'brandName', 'words'],
  filterableAttributes: [...new Set([...Object.values(FACET_FIELDS), 'priceCrc', 'mileageKm', 'motorSizeCC', 'priceLabel'])],
  sortableAttributes: ['publishedAt', 'priceCrc', 'year', 'mileageKm', 'level', 'dealScore'],
  synonyms: SEARCH_SYNONYMS.map((group) => [...group]),
  typoTolerance: { ...SEARCH_TYPO_RULES },
};
