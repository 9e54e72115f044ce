import { SEARCH_LIMITS, yearSliderRange, type Currency } from '@ruedas/domain';
import type { SearchFilter } from './filter';

/** A range slider's bounds and step. */
export interface SliderLimits {
  min: number;
  max: number;
  step: number;
}

export type Range = [number, number];

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const snap = (value: number, { min, step }: SliderLimits) => min + Math.round((value - min) / step) * step;

/**
 * The slider rule of spec 01 §5: the minimum never goes below the slider's minimum and stays one
 * step below the maximum; the maximum never exceeds the slider's maximum and stays above the minimum.
 * Values snap to the step. `moved` says which thumb the person moved: the other one gives way only
 * when the moved one would cross it, and the moved one is stopped one step short of the other.
 */
export function clampRange([from, to]: Range, limits: SliderLimits, moved?: 'from' | 'to'): Range {
  const { min, max, step } = limits;
  let low = clamp(snap(Number.isFinite(from) ? from : min, limits), min, max - step);
  let high = clamp(snap(Number.isFinite(to) ? to : max, limits), min + step, max);
  if (high - low < step) {
    if (moved === 'to') high = Math.min(max, low + step);
    else if (moved === 'from') low = Math.max(min, high - step);
    else if (low > high) [low, high] = [clamp(high, min, max - step), clamp(low, min + step, max)];
    else high = Math.min(max, low + step);
    if (high - low < step) low = high - step;
  }
  return [low, high];
}

/**
 * The price slider of a currency (spec 01 §9); without one, the colones' (the search reads bounds
 * without a currency in colones: issue 31, the price is never disabled).
 */
export function priceSlider(currency: Currency | undefined): SliderLimits {
  return SEARCH_LIMITS.priceSlider[currency ?? 'CRC'];
}

/** The year slider: 1990 to next calendar year, step 1. */
export function yearSlider(now: Date = new Date()): SliderLimits {
  return { ...yearSliderRange(now), step: 1 };
}

/**
 * A range as filter bounds: a thumb at its end of the slider is no bound (the price slider's top
 * means "and above", the year slider's bottom "and older").
 */
export function rangeToBounds([from, to]: Range, limits: SliderLimits): { from?: number; to?: number } {
  return { ...(from > limits.min ? { from } : {}), ...(to < limits.max ? { to } : {}) };
}

/** Filter bounds as the slider shows them (absent bounds at the ends), following the slider rule. */
export function boundsToRange(from: number | undefined, to: number | undefined, limits: SliderLimits): Range {
  return clampRange([from ?? limits.min, to ?? limits.max], limits);
}

/** The filter's price range on its currency's slider (colones without one). */
export function priceRange(filter: SearchFilter): Range {
  return boundsToRange(filter.priceFrom, filter.priceTo, priceSlider(filter.currency));
}

/** The filter's year range on the year slider. */
export function yearRange(filter: SearchFilter, now: Date = new Date()): Range {
  return boundsToRange(filter.yearFrom, filter.yearTo, yearSlider(now));
}

/** The filter with the price range set from the slider. */
export function withPriceRange(filter: SearchFilter, range: Range): SearchFilter {
  const limits = priceSlider(filter.currency);
  const { from, to } = rangeToBounds(clampRange(range, limits), limits);
  return withPriceBounds(filter, { from, to });
}

/** The filter with the year range set from the slider. */
export function withYearRange(filter: SearchFilter, range: Range, now: Date = new Date()): SearchFilter {
  const limits = yearSlider(now);
  const { from, to } = rangeToBounds(clampRange(range, limits), limits);
  const { yearFrom: _from, yearTo: _to, ...rest } = filter;
  return { ...rest, ...(from !== undefined ? { yearFrom: from } : {}), ...(to !== undefined ? { yearTo: to } : {}) };
}

/**
 * The filter with price bounds; a bound comes with its currency written out (colones when none was
 * chosen, issue 31), since an address's amount without a currency is dropped (`readFilter`).
 */
export function withPriceBounds(filter: SearchFilter, { from, to }: { from?: number; to?: number }): SearchFilter {
  const { priceFrom: _from, priceTo: _to, ...rest } = filter;
  if (from === undefined && to === undefined) return rest;
  return { ...rest, currency: filter.currency ?? 'CRC', ...(from !== undefined ? { priceFrom: from } : {}), ...(to !== undefined ? { priceTo: to } : {}) };
}

function withoutPrice(filter: SearchFilter): SearchFilter {
  const { priceFrom: _from, priceTo: _to, ...rest } = filter;
  return rest;
}

/**
 * The filter in another currency (none is colones): the price bounds are dropped when the currency
 * really changes, since the amounts of one currency's slider mean nothing on the other's.
 */
export function withCurrency(filter: SearchFilter, currency: Currency | undefined): SearchFilter {
  if (currency === filter.currency) return filter;
  const { currency: _currency, ...rest } = (filter.currency ?? 'CRC') === (currency ?? 'CRC') ? filter : withoutPrice(filter);
  return currency ? { ...rest, currency } : rest;
}

/** The engine size choices of spec 01 §9, by key; `any` (0 to 10,000 cc) is no condition. */
export const ENGINE_SIZE_CHOICES = SEARCH_LIMITS.motorSizeRanges.slice(1).map(({ from, to }) => ({ key: `${from}-${to}`, from, to }));

/** The key of the filter's engine size range: '' for none, a choice's key, or `from-to` for another range. */
export function engineSizeKey(filter: SearchFilter): string {
  const { motorSizeCCFrom: from, motorSizeCCTo: to } = filter;
  if (from === undefined && to === undefined) return '';
  const any = SEARCH_LIMITS.motorSizeRanges[0];
  if ((from ?? any.from) === any.from && (to ?? any.to) === any.to) return '';
  return `${from ?? any.from}-${to ?? any.to}`;
}

/** The filter with the engine size range of a key ('' removes it). */
export function withEngineSize(filter: SearchFilter, key: string): SearchFilter {
  const { motorSizeCCFrom: _from, motorSizeCCTo: _to, ...rest } = filter;
  const match = /^(\d+)-(\d+)$/.exec(key);
  if (!match) return rest;
  return { ...rest, motorSizeCCFrom: Number(match[1]), motorSizeCCTo: Number(match[2]) };
}
