import { isPublicStatus } from '@ruedas/domain';
import { funnelVisitor, notFound, type RequestContext } from '@ruedas/platform';
import type { Funnel, FunnelCounts } from './funnel';
import type { AdInsights, Insights } from './insights';
import type { Opportunities } from './opportunities';
import { priceInColones, type Caller } from './rules';

type Args = Record<string, unknown>;
type Ctx = RequestContext;

/** The resolvers of insights.graphql (issue 20): the seller funnel, its comparison and hints. */
export function insightsResolvers(deps: { funnel: Funnel; insights: Insights; opportunities: Opportunities; caller: (ctx: Ctx) => Promise<Caller | null> }) {
  const { funnel, insights, opportunities, caller } = deps;
  return {
    types: {
      AdInsights: {
        opportunity: (one: AdInsights) => one.ad,
        days: (one: AdInsights) => one.days.map((day, index) => ({ day, ...one.series[index] })),
        totals: (one: AdInsights): FunnelCounts => one.totals,
        counts: (one: AdInsights): FunnelCounts => one.totals,
        similar: (one: AdInsights) => insights.similar(one),
        hints: (one: AdInsights) =>
          insights.hints(one, priceInColones(one.ad.price, one.ad.currency, opportunities.records.parameter('EXCHANGE_RATE_CRC_PER_USD'))),
      },
    },
    Query: {
      opportunityInsights: async (_: unknown, args: Args, ctx: Ctx) => insights.forAd(String(args.opportunityId), args.days, await caller(ctx)),
      myAdInsights: async (_: unknown, args: Args, ctx: Ctx) => insights.mine(args.days, await caller(ctx)),
      myAdInsightsPage: async (_: unknown, args: Args, ctx: Ctx) => insights.minePage(args.days, await caller(ctx), args),
    },
    Mutation: {
      recordOpportunityShare: async (_: unknown, args: Args, ctx: Ctx) => {
        const me = await caller(ctx);
        const ad = await opportunities.records.read(String(args.opportunityId), me);
        if (!isPublicStatus(ad.status)) throw notFound();
        // Each visitor counts once per ad and day (issue 28).
        await funnel.recordOnce('shares', [ad._id], funnelVisitor(me?.userId, ctx.clientAddress, new Date()));
        return true;
      },
    },
  };
}
