import type { Role } from '@ruedas/domain';
import type { RequestContext, Resolvers, SessionGuard } from '@ruedas/platform';
import type { FavouriteAlerts, FavouriteAlertSettingsDoc } from './favourite-alerts';
import type { Opportunities } from './opportunities';
import type { Caller } from './rules';

/** GraphQL of the alerts on favourites (merged into the listings subgraph's resolvers). */
export function favouriteAlertResolvers(alerts: FavouriteAlerts, opportunities: Opportunities, guard: SessionGuard): Resolvers {
  const caller = async (ctx: RequestContext): Promise<Caller | null> => {
    const viewer = await guard.optionalViewer(ctx);
    if (!viewer) return null;
    const user = await opportunities.records.user(viewer.userId);
    return { userId: viewer.userId, role: user?.role ?? (viewer.role as Role) };
  };
  return {
    FavouriteAlertSettings: {
      chosen: (doc: FavouriteAlertSettingsDoc) => doc.chosen,
    },
    Query: {
      myFavouriteAlerts: async (_: unknown, __: unknown, ctx: RequestContext) => alerts.get(await caller(ctx)),
    },
    Mutation: {
      setFavouriteAlerts: async (_: unknown, args: { allFavourites?: boolean | null; paused?: boolean | null }, ctx: RequestContext) =>
        alerts.set(args, await caller(ctx)),
      setFavouriteAlert: async (_: unknown, args: { opportunityId: string; enabled: boolean }, ctx: RequestContext) =>
        alerts.choose(args.opportunityId, args.enabled, await caller(ctx)),
      unsubscribeFavouriteAlerts: (_: unknown, args: { token: string }) => alerts.unsubscribe(args.token),
    },
  };
}
