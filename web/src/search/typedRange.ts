import { nextCalendarYear, parseCurrencyInput, searchFilterSchema, type MessageKey } from '@ruedas/domain';
import type { SearchFilter } from './filter';
import { withPriceBounds } from './slider';

/** The two typed bounds of a range, as a person wrote them ('' is no bound). */
export interface TypedTexts {
  from: string;
  to: string;
}

export type TypedRangeKind = 'price' | 'year';

export type TypedRangeResult =
  { ok: true; from?: number; to?: number } | { ok: false; field: 'from' | 'to'; message: MessageKey; params: Record<string, string | number> };

/**
 * Reads typed price or year bounds under the search filter's own rules (the domain's
 * `searchFilterSchema`: prices from 0, years from 1900 to next year, from at most to). A price is
 * digits with the usual separators and ₡ or $ (the domain's `parseCurrencyInput`); a year is four
 * digits. Anything else is refused with the domain's message for that range.
 */
export function readTypedRange(kind: TypedRangeKind, texts: TypedTexts, filter: SearchFilter, now: Date = new Date()): TypedRangeResult {
  const message: MessageKey = kind === 'price' ? 'invalidPriceRange' : 'invalidYearRange';
  const params: Record<string, string | number> = kind === 'year' ? { maxYear: nextCalendarYear(now) } : {};
  const bounds: { from?: number; to?: number } = {};
  for (const field of ['from', 'to'] as const) {
    const text = texts[field].trim();
    if (text === '') continue;
    const valid = kind === 'price' ? /^[\d,. $₡]*\d[\d,. $₡]*$/.test(text) : /^\d{4}$/.test(text);
    if (!valid) return { ok: false, field, message, params };
    bounds[field] = kind === 'price' ? parseCurrencyInput(text) : Number(text);
  }
  const candidate = kind === 'price' ? { currency: filter.currency, priceFrom: bounds.from, priceTo: bounds.to } : { yearFrom: bounds.from, yearTo: bounds.to };
  const parsed = searchFilterSchema(now).safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'priceTo' || issue?.path[0] === 'yearTo' ? 'to' : 'from';
    return { ok: false, field, message, params };
  }
  return { ok: true, ...bounds };
}

/** The filter with typed price bounds (exact amounts, not the slider's steps); the currency stays (colones written out when none). */
export function withTypedPrice(filter: SearchFilter, bounds: { from?: number; to?: number }): SearchFilter {
  return withPriceBounds(filter, bounds);
}

/** The filter with typed year bounds (any year the search accepts, also before the slider's 1990). */
export function withTypedYears(filter: SearchFilter, { from, to }: { from?: number; to?: number }): SearchFilter {
  const { yearFrom: _from, yearTo: _to, ...rest } = filter;
  return { ...rest, ...(from !== undefined ? { yearFrom: from } : {}), ...(to !== undefined ? { yearTo: to } : {}) };
}
