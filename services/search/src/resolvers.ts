import { pageSizeOf } from '@ruedas/domain';
import { validationFailed, type Clock, type RequestContext, type Resolvers, type SessionGuard } from '@ruedas/platform';
import type { SearchAnalytics } from './analytics';
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

export function searchResolvers(deps: { searcher: Searcher; suggestions: Suggestions; analytics: SearchAnalytics; guard: SessionGuard; clock: Clock }): Resolvers {
  const { searcher, suggestions, analytics, guard, clock } = deps;
  return {
    SearchPage: {
      page: (page: { pageNumber: number }) => page.pageNumber,
      pageSize: (page: { perPage: number }) => page.perPage,
    },
    SearchFacet: {
      key: (facet: SearchFacetOut) => FACET_KEYS[facet.field as keyof typeof FACET_KEYS],
      // Numeric fields answer their values as numbers too (`number`), beside the text the filter takes.
      values: (facet: SearchFacetOut) =>
        facet.values.map((value) => ({ ...value, number: NUMERIC_FACETS.has(facet.field) && Number.isFinite(Number(value.value)) ? Number(value.value) : null })),
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
        });
        return page;
      },
      searchSuggestions: (_: unknown, args: { text: string }) => suggestions.suggest(String(args.text ?? '').slice(0, 200)),
    },
  };
}
