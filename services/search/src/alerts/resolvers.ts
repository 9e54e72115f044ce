import type { RequestContext, Resolvers, SessionGuard } from '@ruedas/platform';
import { filterOut, type SavedSearches } from './saved-searches';
import type { AlertCollections, SavedSearchDoc } from './store';

/** GraphQL of saved searches and their alerts (merged into the search subgraph's resolvers). */
export function savedSearchResolvers(deps: { savedSearches: SavedSearches; collections: AlertCollections; guard: SessionGuard }): Resolvers {
  const { savedSearches, collections, guard } = deps;
  return {
    SavedSearch: {
      filter: (doc: SavedSearchDoc) => filterOut(doc.filter),
      interpretation: (doc: SavedSearchDoc) => doc.applied ?? null,
      createdAt: (doc: SavedSearchDoc) => doc.createdAt.toISOString(),
      savedAt: (doc: SavedSearchDoc) => doc.createdAt,
      // Counted as they are sent (the sends expire); a search the one-off count has not reached yet counts its sends.
      alertsSent: (doc: SavedSearchDoc) => doc.alertsSent ?? collections.sends.count({ searchId: doc._id, state: 'SENT' }),
      id: (doc: SavedSearchDoc) => doc._id,
    },
    Query: {
      mySavedSearches: async (_: unknown, __: unknown, ctx: RequestContext) => savedSearches.list(await guard.viewer(ctx)),
      savedSearch: async (_: unknown, args: { id: string }, ctx: RequestContext) => savedSearches.get(args.id, await guard.viewer(ctx)),
    },
    Mutation: {
      saveSearch: async (_: unknown, args: { input: unknown }, ctx: RequestContext) => savedSearches.create(args.input, await guard.viewer(ctx)),
      updateSavedSearch: async (_: unknown, args: { id: string; change: unknown }, ctx: RequestContext) =>
        savedSearches.update(args.id, args.change, await guard.viewer(ctx)),
      deleteSavedSearch: async (_: unknown, args: { id: string }, ctx: RequestContext) => savedSearches.delete(args.id, await guard.viewer(ctx)),
      unsubscribeSavedSearch: async (_: unknown, args: { token: string }) => savedSearches.unsubscribe(args.token),
    },
  };
}
