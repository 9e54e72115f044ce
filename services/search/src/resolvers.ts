import { pageSizeOf } from '@ruedas/domain';
import { DateTimeScalar, funnelVisitor, money, validationFailed, type Clock, type RequestContext, type Resolvers, type SessionGuard } from '@ruedas/platform';
import type { SearchAnalytics } from './analytics';
import type { PriceEvidence } from './pricing/market';
import type { PriceRater } from './pricing/rater';
import type { Searcher, SearchFacetOut, SortName } from './searcher';
import type { Suggestions } from './suggestions';

type Ctx = RequestContext;

/** SearchFacetField of each facet (the SearchFilterInput field it counts). */
const FACET_KEYS = {
  brand: 'BRAND',
  model: 'MODEL',
  style: 'STYLE',
  fuelType: 'FUEL_TYPE',
  transmissionType: 'TRANSMISSION_TYPE',
  year: 'YEAR',
  exteriorColor: 'EXTERIOR_COLOR',
  interiorColor: 'INTERIOR_COLOR',
  currency: 'CURRENCY',
  passengersNumber: 'PASSENGERS_NUMBER',
  mileageMax: 'MILEAGE_MAX',
  motorSizeCCTo: 'MOTOR_SIZE_CC_TO',
  province: 'PROVINCE',
  canton: 'CANTON',
} as const;
const NUMERIC_FACETS = new Set(['year', 'passengersNumber', 'mileageMax', 'motorSizeCCTo']);

/** At most this many comparable prices go to the chart (evenly picked from the sorted list). */
const CHART_POINTS = 60;

function chartPoints(prices: number[]): number[] {
  if (prices.length <= CHART_POINTS) return prices;
  return Array.from({ length: CHART_POINTS }, (_, at) => prices[Math.round((at * (prices.length - 1)) / (CHART_POINTS - 1))]!);
}

const colones = (amount: number | null) => (amount === null ? null : money(amount, 'CRC'));

/** The GraphQL `PriceRating` of an ad's evidence. */
export function priceRatingOut(evidence: PriceEvidence) {
  return {
    label: evidence.label,
    basis: evidence.basis,
    estimateCrc: evidence.estimateCrc,
    lowCrc: evidence.lowCrc,
    highCrc: evidence.highCrc,
    comparableCount: evidence.comparableCount,
    priceCrc: evidence.priceCrc,
    differencePercent: evidence.ratio === null ? null : Math.round((evidence.ratio - 1) * 1_000) / 10,
    comparablePricesCrc: chartPoints(evidence.comparablePricesCrc),
    // Issue 18 (decision 0104): the same figures as Money, beside the deprecated Floats.
    estimate: colones(evidence.estimateCrc),
    rangeLow: colones(evidence.lowCrc),
    rangeHigh: colones(evidence.highCrc),
    price: money(evidence.priceCrc, 'CRC'),
    comparablePrices: chartPoints(evidence.comparablePricesCrc).map((amount) => money(amount, 'CRC')),
  };
}

export function searchResolvers(deps: {
  searcher: Searcher;
  suggestions: Suggestions;
  analytics: SearchAnalytics;
  guard: SessionGuard;
  clock: Clock;
  rater: PriceRater;
}): Resolvers {
  const { searcher, suggestions, analytics, guard, clock, rater } = deps;
  return {
    DateTime: DateTimeScalar,
    Opportunity: {
      __resolveReference: (reference: { id: string }) => ({ id: reference.id }),
      priceRating: (ad: { id: string }) => {
        const evidence = rater.evidence(String(ad.id));
        return evidence ? priceRatingOut(evidence) : null;
      },
    },
    SearchPage: {
      page: (page: { pageNumber: number }) => page.pageNumber,
      pageSize: (page: { perPage: number }) => page.perPage,
    },
    SearchFacet: {
      key: (facet: SearchFacetOut) => FACET_KEYS[facet.field as keyof typeof FACET_KEYS],
      // Numeric fields answer their values as numbers too (`number`), beside the text the filter takes.
      values: (facet: SearchFacetOut) =>
        facet.values.map((value) => ({
          ...value,
          number: NUMERIC_FACETS.has(facet.field) && Number.isFinite(Number(value.value)) ? Number(value.value) : null,
        })),
    },
    Query: {
      searchOpportunities: async (
        _: unknown,
        args: { filter: unknown; pageNumber?: number | null; page?: number | null; pageSize?: number | null; sort?: SortName | null },
        ctx: Ctx,
      ) => {
        // A token that is not valid is refused (0003) even here, as on every public read.
        const viewer = await guard.optionalViewer(ctx);
        const now = clock.now();
        const sort = args.sort ?? 'RELEVANCE';
        const size = pageSizeOf(args.pageSize, 0);
        if ('error' in size) throw validationFailed({ pageSize: size.error });
        const page = await searcher.search(args.filter, args.page ?? args.pageNumber ?? 1, sort, now, size.size || undefined);
        analytics.record({
          filter: page.interpretation,
          sort,
          pageNumber: page.pageNumber,
          resultCount: page.totalItems,
          viewer: viewer ? { id: viewer.userId, role: viewer.role } : null,
          at: now,
          shownIds: page.items.map((item) => item.id),
          visitor: funnelVisitor(viewer?.userId, ctx.clientAddress, now),
        });
        return page;
      },
      searchSuggestions: (_: unknown, args: { text: string }) => suggestions.suggest(String(args.text ?? '').slice(0, 200)),
    },
  };
}
