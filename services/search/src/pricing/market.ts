import { searchWords } from '@ruedas/domain';
import {
  DEFAULT_KM_SLOPE,
  DEFAULT_YEAR_SLOPE,
  estimate,
  fit,
  insertSorted,
  nearest,
  removeFrom,
  touchedEntries,
  type Entry,
  type Group,
  type TouchedWindows,
} from './comparables';

export { LABEL_LIMITS, labelOf, MAX_COMPARABLES } from './comparables';

/**
 * The fair-price rating (issue 19), without I/O: an in-memory market of the public ads, grouped by
 * brand and model, that estimates each ad's market price from comparable ads and labels its price.
 *
 * - **Exact basis**: ads of the same brand and model within ±2 years; of those, the ones with the
 *   same fuel and transmission when there are enough of them. Each comparable's price is carried to
 *   this car's year and mileage with the group's own depreciation (a least-squares fit of the
 *   logarithm of the price on year and km), and the estimate is their median; the range is their
 *   25th to 75th percentile.
 * - **Broader basis** (too few): the model family (brand and first model word) of the same body
 *   within ±3 years, then the segment (body style and fuel, any brand) within ±1 year.
 * - **Label**: price / estimate at most 0.85 GREAT, 0.95 GOOD, 1.10 FAIR, above HIGH; NONE when
 *   neither basis has MIN_COMPARABLES ads.
 *
 * An ad is never its own comparable, so the estimate of an ad is a leave-one-out estimate.
 */

export type PriceLabel = 'GREAT' | 'GOOD' | 'FAIR' | 'HIGH' | 'NONE';
export type PriceBasis = 'EXACT' | 'MODEL_FAMILY' | 'SEGMENT' | 'NONE';

/** What the market needs of a public ad. */
export interface MarketAd {
  id: string;
  brand: string;
  model: string;
  style: string;
  fuelType: string;
  transmissionType: string;
  year: number;
  mileageKm: number;
  /** The price in colones (dollars converted at the exchange-rate parameter). */
  priceCrc: number;
}

export interface PriceRating {
  label: PriceLabel;
  basis: PriceBasis;
  /** The estimated market price in colones; null with NONE. */
  estimateCrc: number | null;
  lowCrc: number | null;
  highCrc: number | null;
  comparableCount: number;
  /** price / estimate (1 = at the estimate); null with NONE. */
  ratio: number | null;
}

/** The evidence of a rating: the comparables' prices carried to this car (for the chart). */
export interface PriceEvidence extends PriceRating {
  priceCrc: number;
  comparablePricesCrc: number[];
}

export const MIN_COMPARABLES = 5;
const EXACT_YEARS = 2;
const FAMILY_YEARS = 3;
const SEGMENT_YEARS = 1;
const NO_RATING: PriceRating = { label: 'NONE', basis: 'NONE', estimateCrc: null, lowCrc: null, highCrc: null, comparableCount: 0, ratio: null };

function keysOf(ad: MarketAd): { modelKey: string; familyKey: string } {
  const words = searchWords(ad.model);
  return { modelKey: `${ad.brand}|${words.join('')}`, familyKey: `${ad.brand}|${words[0] ?? ''}|${ad.style}` };
}

/** An ad as the market holds it: one literal shape for every entry (the loops read these fields millions of times). */
function entryFrom(ad: MarketAd): Entry {
  const { modelKey, familyKey } = keysOf(ad);
  return {
    id: ad.id,
    brand: ad.brand,
    model: ad.model,
    style: ad.style,
    fuelType: ad.fuelType,
    transmissionType: ad.transmissionType,
    year: ad.year,
    mileageKm: ad.mileageKm,
    priceCrc: ad.priceCrc,
    modelKey,
    familyKey,
    logPrice: Math.log(Math.max(1, ad.priceCrc)),
  };
}

const kindKey = (entry: Entry) => `${entry.modelKey}|${entry.fuelType}|${entry.transmissionType}`;

export class Market {
  private readonly byId = new Map<string, Entry>();
  private readonly models = new Map<string, Group>();
  /** The model groups split by fuel and transmission. */
  private readonly kinds = new Map<string, Group>();
  private readonly families = new Map<string, Group>();
  private readonly segments = new Map<string, Group>();
  private readonly ratings = new Map<string, PriceRating>();
  /** Per ad, how far in years its comparables reach: a change farther away cannot move its estimate. */
  private readonly reach = new Map<string, number>();

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  rating(id: string): PriceRating | undefined {
    return this.byId.has(id) ? (this.ratings.get(id) ?? NO_RATING) : undefined;
  }

  /** The price in colones of an ad in the market (what its rating was computed for). */
  priceCrc(id: string): number | undefined {
    return this.byId.get(id)?.priceCrc;
  }

  private static group(map: Map<string, Group>, key: string): Group {
    let group = map.get(key);
    if (!group) map.set(key, (group = { entries: [], yearSlope: DEFAULT_YEAR_SLOPE, kmSlope: DEFAULT_KM_SLOPE, fitted: false }));
    return group;
  }

  private groupsOf(entry: Entry): Group[] {
    return [
      Market.group(this.models, entry.modelKey),
      Market.group(this.kinds, kindKey(entry)),
      Market.group(this.families, entry.familyKey),
      Market.group(this.segments, `${entry.style}|${entry.fuelType}`),
    ];
  }

  /** Adds many ads at once (no rating computed: call `rateAll`). */
  load(ads: Iterable<MarketAd>): void {
    this.touchedKeys = 'all';
    const groups = new Set<Group>();
    for (const ad of ads) {
      this.drop(ad.id);
      const entry = this.entryOf(ad);
      for (const group of this.groupsOf(entry)) {
        group.entries.push(entry);
        groups.add(group);
      }
    }
    for (const group of groups) {
      group.entries.sort((a, b) => a.year - b.year);
      group.fitted = false;
    }
  }

  private entryOf(ad: MarketAd): Entry {
    const entry = entryFrom(ad);
    this.byId.set(ad.id, entry);
    return entry;
  }

  private put(ad: MarketAd): Entry {
    const entry = this.entryOf(ad);
    for (const group of this.groupsOf(entry)) {
      insertSorted(group.entries, entry);
      group.fitted = false;
    }
    return entry;
  }

  private drop(id: string): Entry | undefined {
    const entry = this.byId.get(id);
    if (!entry) return undefined;
    this.byId.delete(id);
    this.ratings.delete(id);
    this.reach.delete(id);
    for (const group of this.groupsOf(entry)) {
      removeFrom(group.entries, id);
      group.fitted = false;
    }
    return entry;
  }

  /** The windows changes touched since the last `settle` (each group once, with the years changed in it). */
  private readonly touched: TouchedWindows = new Map();
  private readonly changedIds = new Set<string>();
  /** The groups (model, family, segment) changes touched since the last `takeTouched`; every group after a load. */
  private touchedKeys: Set<string> | 'all' = 'all';

  /**
   * Whether a quote of an ad may have moved since the last call (its model, family or segment
   * changed), and starts counting again: the waiting ads are quoted again only when their groups
   * moved, not all of them at every change (a stream of 100,000 snapshots spent most of its time
   * quoting the same waiting ads again).
   */
  takeTouched(): (ad: MarketAd) => boolean {
    const keys = this.touchedKeys;
    this.touchedKeys = new Set();
    if (keys === 'all') return () => true;
    return (ad) => {
      const { modelKey, familyKey } = keysOf(ad);
      return keys.has(`m|${modelKey}`) || keys.has(`f|${familyKey}`) || keys.has(`s|${ad.style}|${ad.fuelType}`);
    };
  }

  /**
   * Records one change (an ad public with these values, or `null`: no longer public); the ads whose
   * comparables it touches are rated again by `settle`.
   */
  change(id: string, ad: MarketAd | null): void {
    const before = this.drop(id);
    const after = ad ? this.put(ad) : undefined;
    for (const entry of [before, after]) {
      if (!entry) continue;
      if (this.touchedKeys !== 'all') this.touchedKeys.add(`m|${entry.modelKey}`).add(`f|${entry.familyKey}`).add(`s|${entry.style}|${entry.fuelType}`);
      this.touch(Market.group(this.models, entry.modelKey).entries, entry.year, EXACT_YEARS, 'EXACT');
      this.touch(Market.group(this.families, entry.familyKey).entries, entry.year, FAMILY_YEARS, 'MODEL_FAMILY');
      this.touch(Market.group(this.segments, `${entry.style}|${entry.fuelType}`).entries, entry.year, SEGMENT_YEARS, 'SEGMENT');
    }
    if (after) this.changedIds.add(id);
  }

  private touch(entries: Entry[], year: number, years: number, basis: PriceBasis): void {
    if (!this.touched.has(entries)) this.touched.set(entries, { years, basis, changed: new Set() });
    this.touched.get(entries)!.changed.add(year);
  }

  /** Whether changes wait for `settle`. */
  get unsettled(): boolean {
    return this.touched.size > 0;
  }

  /**
   * Rates again the ads whose comparables changed since the last call: the members of the changed
   * ads' model groups within their year windows, and of the broader groups those without an exact
   * basis. Answers the ids whose rating changed (label, basis or ratio at 1%) and the changed ads.
   */
  settle(): string[] {
    const entries = new Set<Entry>();
    touchedEntries(this.touched, this.ratings, this.reach, entries);
    this.touched.clear();
    const changed = new Set<string>();
    for (const id of this.changedIds) {
      const entry = this.byId.get(id);
      if (entry) entries.add(entry);
      changed.add(id);
    }
    this.changedIds.clear();
    for (const entry of entries) {
      this.rated.add(entry.id);
      if (this.rate(entry)) changed.add(entry.id);
    }
    return [...changed].filter((id) => this.byId.has(id));
  }

  /** Every ad rated again by `settle` since the last call, changed at 1 % or not (what search publishes compares them). */
  private readonly rated = new Set<string>();
  takeRated(): string[] {
    const ids = [...this.rated].filter((id) => this.byId.has(id));
    this.rated.clear();
    return ids;
  }

  /** One change rated at once (`change` then `settle`). */
  update(id: string, ad: MarketAd | null): string[] {
    this.change(id, ad);
    return this.settle();
  }

  /** Forgets every ad. */
  clear(): void {
    this.byId.clear();
    this.models.clear();
    this.kinds.clear();
    this.families.clear();
    this.segments.clear();
    this.ratings.clear();
    this.reach.clear();
    this.touched.clear();
    this.changedIds.clear();
    this.rated.clear();
    this.touchedKeys = 'all';
  }

  /** Rates every ad (after `load`, or changes not settled); answers the ids whose rating changed. */
  rateAll(): string[] {
    this.touchedKeys = 'all';
    this.touched.clear();
    this.changedIds.clear();
    const changed: string[] = [];
    for (const entry of this.byId.values()) if (this.rate(entry)) changed.push(entry.id);
    return changed;
  }

  /** Rates one ad; true when its rating changed (label, basis or ratio at 1%). */
  private rate(entry: Entry): boolean {
    const { rating: next, reach } = this.compute(entry);
    this.reach.set(entry.id, reach);
    const previous = this.ratings.get(entry.id);
    this.ratings.set(entry.id, next);
    if (!previous) return true;
    return previous.label !== next.label || previous.basis !== next.basis || Math.round((previous.ratio ?? 0) * 100) !== Math.round((next.ratio ?? 0) * 100);
  }

  /**
   * The rating an ad with these values has against the market as it is, whether or not the market
   * holds it yet (an alert mailed as the ad's event arrives); never its own comparable.
   */
  quote(ad: MarketAd): PriceRating {
    return this.compute(entryFrom(ad)).rating;
  }

  /** As `quote`, with the comparables' prices carried to this car (an ad waiting for publication, issue 32). */
  quoteEvidence(ad: MarketAd): PriceEvidence {
    const entry = entryFrom(ad);
    const { rating, prices } = this.compute(entry);
    return { ...rating, priceCrc: entry.priceCrc, comparablePricesCrc: prices };
  }

  /** The rating and the comparables' prices carried to this ad; undefined for an ad not in the market. */
  evidence(id: string): PriceEvidence | undefined {
    const entry = this.byId.get(id);
    if (!entry) return undefined;
    const { rating, prices } = this.compute(entry);
    return { ...rating, priceCrc: entry.priceCrc, comparablePricesCrc: prices };
  }

  /**
   * The estimate for a car that is not in the market: the one a seller is describing in the ad
   * wizard (issue 20). As an ad's own estimate, from the same groups and fallbacks; style, fuel and
   * transmission narrow it when known (without them only the model's comparables serve). Reads the
   * groups without creating any, so unknown models cost nothing. NONE when too few comparables.
   */
  estimateFor(car: {
    brand: string;
    model: string;
    year: number;
    mileageKm: number;
    style?: string | null;
    fuelType?: string | null;
    transmissionType?: string | null;
  }): PriceRating {
    const ad: MarketAd = {
      id: '',
      brand: car.brand,
      model: car.model,
      style: car.style ?? '',
      fuelType: car.fuelType ?? '',
      transmissionType: car.transmissionType ?? '',
      year: car.year,
      mileageKm: car.mileageKm,
      priceCrc: 1,
    };
    const { modelKey, familyKey } = keysOf(ad);
    const entry: Entry = { ...ad, modelKey, familyKey, logPrice: 0 };
    const tries: Array<[Group | undefined, PriceBasis, number, Group | undefined]> = [
      [car.fuelType && car.transmissionType ? this.kinds.get(kindKey(entry)) : undefined, 'EXACT', EXACT_YEARS, this.models.get(modelKey)],
      [this.models.get(modelKey), 'EXACT', EXACT_YEARS, undefined],
      [car.style ? this.families.get(familyKey) : undefined, 'MODEL_FAMILY', FAMILY_YEARS, undefined],
      [car.style && car.fuelType ? this.segments.get(`${car.style}|${car.fuelType}`) : undefined, 'SEGMENT', SEGMENT_YEARS, undefined],
    ];
    for (const [group, basis, years, fitted] of tries) {
      if (!group) continue;
      const slopes = fitted ?? group;
      if (!slopes.fitted) fit(slopes);
      const comparables = nearest(group.entries, entry, years);
      if (comparables.length >= MIN_COMPARABLES) {
        const { rating } = estimate(entry, comparables, slopes, basis, years);
        return { ...rating, label: 'NONE', ratio: null };
      }
    }
    return NO_RATING;
  }

  /** The estimate of an ad from its comparables (never itself). */
  private compute(entry: Entry): { rating: PriceRating; prices: number[]; reach: number } {
    const model = Market.group(this.models, entry.modelKey);
    if (!model.fitted) fit(model);
    const sameKind = nearest(Market.group(this.kinds, kindKey(entry)).entries, entry, EXACT_YEARS);
    if (sameKind.length >= MIN_COMPARABLES) return estimate(entry, sameKind, model, 'EXACT', EXACT_YEARS);
    const exact = nearest(model.entries, entry, EXACT_YEARS);
    if (exact.length >= MIN_COMPARABLES) return estimate(entry, exact, model, 'EXACT', EXACT_YEARS);
    const family = Market.group(this.families, entry.familyKey);
    if (!family.fitted) fit(family);
    const familyAds = nearest(family.entries, entry, FAMILY_YEARS);
    if (familyAds.length >= MIN_COMPARABLES) return estimate(entry, familyAds, family, 'MODEL_FAMILY', FAMILY_YEARS);
    const segment = Market.group(this.segments, `${entry.style}|${entry.fuelType}`);
    if (!segment.fitted) fit(segment);
    const segmentAds = nearest(segment.entries, entry, SEGMENT_YEARS);
    if (segmentAds.length >= MIN_COMPARABLES) return estimate(entry, segmentAds, segment, 'SEGMENT', SEGMENT_YEARS);
    return { rating: NO_RATING, prices: [], reach: SEGMENT_YEARS };
  }
}
