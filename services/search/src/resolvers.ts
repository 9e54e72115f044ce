import type { Clock, RequestContext, Resolvers, SessionGuard } from '@ruedas/platform';
import type { SearchAnalytics } from './analytics';
import type { Searcher, SortName } from './searcher';
import type { Suggestions } from './suggestions';

type Ctx = RequestContext;

export function searchResolvers(deps: { searcher: Searcher; suggestions: Suggestions; analytics: SearchAnalytics; guard: SessionGuard; clock: Clock }): Resolvers {
  const { searcher, suggestions, analytics, guard, clock } = deps;
  return {
    Query: {
      searchOpportunities: async (_: unknown, args: { filter: unknown; pageNumber?: number | null; sort?: SortName | null }, ctx: Ctx) => {
        // A token that is not valid is refused (0003) even here, as on every public read.
        const viewer = await guard.optionalViewer(ctx);
        const now = clock.now();
        const sort = args.sort ?? 'RELEVANCE';
        const page = await searcher.search(args.filter, args.pageNumber ?? 1, sort, now);
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
