import { formatPhone } from '@ruedas/domain';
import {
  DateScalar,
  DateTimeScalar,
  funnelVisitor,
  money,
  pageOfList,
  pageRequest,
  requestCaller,
  type RequestContext,
  type Resolvers,
  type SessionGuard,
} from '@ruedas/platform';
import type { Favourites } from './favourites';
import type { Funnel } from './funnel';
import { insightsResolvers } from './insights-resolvers';
import { placeNameFields } from './place-names';
import type { Insights } from './insights';
import type { Opportunities } from './opportunities';
import { daysOnMarket, firstPublished, priceChangeOut, recentPriceDrop } from './price-history';
import { isNew, mayReadPrivate, priceInColones, type Caller } from './rules';
import type { HistoryEntry, OpportunityDoc } from './store';

type Args = Record<string, unknown>;
type Ctx = RequestContext;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const page = (value: unknown) => (value ?? 1) as number;

/** What the groups of resolvers below share. */
/** The visitor a funnel count is de-duplicated by (issue 28): the signed-in user, else the client address. */
export const visitorOf = (me: Caller | null, ctx: Ctx, at: Date) => funnelVisitor(me?.userId, ctx.clientAddress, at);

interface Shared {
  opportunities: Opportunities;
  favourites: Favourites;
  funnel: Funnel;
  now: () => Date;
  /** The verified caller, once per request. */
  caller: (ctx: Ctx) => Promise<Caller | null>;
}

export function listingsResolvers(
  opportunities: Opportunities,
  favourites: Favourites,
  guard: SessionGuard,
  now: () => Date,
  seller: { funnel: Funnel; insights: Insights },
): Resolvers {
  const { funnel } = seller;
  /**
   * The verified caller, once per request. The role comes from identity's latest snapshot when
   * listings has it, since the one in the token may be stale.
   */
  const caller = requestCaller(guard, async (userId) => (await opportunities.records.user(userId))?.role);

  const insights = insightsResolvers({ ...seller, opportunities, caller });
  const shared: Shared = { opportunities, favourites, funnel, now, caller };
  return {
    DateTime: DateTimeScalar,
    Date: DateScalar,
    ...insights.types,
    // Issue 18 (decision 0104): the insights' day as a `Date` beside the deprecated String.
    AdFunnelDay: { date: (one: { day: string }) => one.day },
    // One format for a phone wherever the API answers it: "8888-1234" (issue 32 item 11).
    Phone: { phone: (entry: { phone: string }) => formatPhone(entry.phone) },
    Opportunity: { ...opportunityFields(shared), ...placeNameFields },
    User: {
      __resolveReference: (reference: { id: string }) => ({ id: reference.id }),
      wishList: async (user: { id: string }, args: Args, ctx: Ctx) => favourites.list(user.id, page(args.page), await caller(ctx)),
    },
    StatusHistoryEntry: {
      statusDate: (entry: HistoryEntry) => entry.statusDate.toISOString(),
      changedAt: (entry: HistoryEntry) => entry.statusDate,
    },
    Query: {
      ...insights.Query,
      ...queries(shared),
    },
    Mutation: {
      ...insights.Mutation,
      createOpportunity: async (_: unknown, args: { input: Args; requestId?: unknown }, ctx: Ctx) =>
        opportunities.commands.create(args.input, await caller(ctx), args.requestId),
      updateOpportunity: async (_: unknown, args: { id: string; input: Args }, ctx: Ctx) =>
        opportunities.commands.update(args.id, args.input, await caller(ctx)),
      markOpportunitySold: async (_: unknown, args: { id: string }, ctx: Ctx) => opportunities.commands.markSold(args.id, await caller(ctx)),
      updateOpportunityStatus: async (_: unknown, args: { id: string; status: string }, ctx: Ctx) =>
        opportunities.commands.setStatus(args.id, args.status, await caller(ctx)),
      incrementViewCount: async (_: unknown, args: { opportunityId: string }, ctx: Ctx) => {
        const me = await caller(ctx);
        const ad = await opportunities.records.read(String(args.opportunityId), me);
        // Each visitor counts once per ad and day (issue 28), in the ad's tally as in the seller's funnel.
        const first = await funnel.firstToday('views', [ad._id], visitorOf(me, ctx, now()));
        if (first.length === 0) return ad.viewCount;
        const count = await opportunities.commands.countView(ad._id, me);
        // Already de-duplicated above: counted as it is (null visitor).
        await funnel.note('views', first, null);
        return count;
      },
      addToWishList: async (_: unknown, args: { opportunityId: string }, ctx: Ctx) => favourites.add(args.opportunityId, await caller(ctx)),
      removeFromWishList: async (_: unknown, args: { opportunityId: string }, ctx: Ctx) => favourites.remove(args.opportunityId, await caller(ctx)),
    },
  };
}

/** The fields of an ad: prices in both currencies, the private ones for the owner and administrators, issue 19's time on market and price history. */
function opportunityFields({ opportunities, favourites, now, caller }: Shared) {
  /** A field only the owner and administrators read; null for anybody else. */
  const privateField = (read: (ad: OpportunityDoc) => unknown) => async (ad: OpportunityDoc, _args: Args, ctx: Ctx) =>
    mayReadPrivate(ad, await caller(ctx)) ? read(ad) : null;

  return {
    __resolveReference: async (reference: { id: string }, ctx: Ctx) => opportunities.records.read(reference.id, await caller(ctx)),
    id: (ad: OpportunityDoc) => ad._id,
    priceCrc: (ad: OpportunityDoc) => priceInColones(ad.price, ad.currency, opportunities.records.parameter('EXCHANGE_RATE_CRC_PER_USD')),
    askingPrice: (ad: OpportunityDoc) => money(ad.price, ad.currency),
    transferCost: (ad: OpportunityDoc) => money(ad.transferPrice ?? 0, ad.currency),
    priceInColones: (ad: OpportunityDoc) => money(priceInColones(ad.price, ad.currency, opportunities.records.parameter('EXCHANGE_RATE_CRC_PER_USD')), 'CRC'),
    createdAt: privateField((ad) => ad.dateCreated),
    lastPublishedAt: (ad: OpportunityDoc) => ad.publishedAt ?? null,
    periodEndsAt: privateField((ad) => ad.expiresAt ?? null),
    carIdNumber: privateField((ad) => ad.carIdNumber),
    dateCreated: privateField((ad) => iso(ad.dateCreated)),
    expiresAt: privateField((ad) => iso(ad.expiresAt)),
    paymentPending: privateField((ad) => ad.paymentPending ?? false),
    rejectionReason: privateField((ad) => (ad.status === 'REJECTED' ? (ad.rejectionReason ?? null) : null)),
    publishedAt: (ad: OpportunityDoc) => iso(ad.publishedAt),
    photos: (ad: OpportunityDoc) => ad.attachmentIds.map((id) => ({ id })),
    description: (ad: OpportunityDoc) => ad.description ?? '',
    user: (ad: OpportunityDoc) => ({ id: ad.sellerId }),
    isNew: (ad: OpportunityDoc) => isNew(ad, now()),
    isFavorite: async (ad: OpportunityDoc, _args: Args, ctx: Ctx) => favourites.has(ad._id, await caller(ctx)),
    isMine: async (ad: OpportunityDoc, _args: Args, ctx: Ctx) => (await caller(ctx))?.userId === ad.sellerId,
    // Issue 19: time on market and price history.
    firstPublishedAt: (ad: OpportunityDoc) => iso(firstPublished(ad)),
    publicSince: (ad: OpportunityDoc) => firstPublished(ad),
    daysOnMarket: (ad: OpportunityDoc) => daysOnMarket(ad, now()),
    priceHistory: (ad: OpportunityDoc) => (ad.priceHistory ?? []).map(priceChangeOut),
    priceDrop: (ad: OpportunityDoc) =>
      recentPriceDrop(ad, now(), opportunities.records.parameter('PRICE_DROP_DAYS'), opportunities.records.parameter('EXCHANGE_RATE_CRC_PER_USD')),
  };
}

/** The queries of ads and wish lists; the carousel's impressions and a contact are noted in the seller's funnel. */
function queries({ opportunities, favourites, funnel, caller, now }: Shared) {
  return {
    homeCarousel: async (_: unknown, _args: Args, ctx: Ctx) => {
      const ads = await opportunities.lists.carousel();
      await funnel.note(
        'impressions',
        ads.map((ad) => ad._id),
        visitorOf(await caller(ctx), ctx, now()),
      );
      return ads;
    },
    availableOpportunities: (_: unknown, args: Args) => opportunities.lists.available(page(args.page), args.after),
    sellerOpportunities: (_: unknown, args: Args) => opportunities.lists.sellerAds(String(args.sellerId), page(args.page), args.after, args.pageSize),
    opportunity: async (_: unknown, args: Args, ctx: Ctx) => opportunities.records.read(String(args.id), await caller(ctx)),
    unavailableOpportunity: (_: unknown, args: Args) => opportunities.lists.unavailable(String(args.id)),
    opportunityContact: async (_: unknown, args: Args, ctx: Ctx) => {
      const me = await caller(ctx);
      const contact = await opportunities.lists.contact(String(args.id), me);
      await funnel.note('phoneContacts', [String(args.id)], visitorOf(me, ctx, now()));
      return contact;
    },
    crcPerUsd: () => opportunities.records.parameter('EXCHANGE_RATE_CRC_PER_USD'),
    adDescriptionMaxLength: () => opportunities.records.parameter('AD_DESCRIPTION_MAX_LENGTH'),
    myOpportunityCounts: async (_: unknown, _args: Args, ctx: Ctx) => opportunities.lists.mineCounts(await caller(ctx)),
    myOpportunities: async (_: unknown, args: Args, ctx: Ctx) =>
      opportunities.lists.mine(args.status ?? 'PUBLIC_ONLINE', page(args.page), await caller(ctx), args.after),
    opportunitiesByStatus: async (_: unknown, args: Args, ctx: Ctx) =>
      opportunities.lists.byStatus(args.status, page(args.page), await caller(ctx), args.after),
    userActiveOpportunities: async (_: unknown, args: Args, ctx: Ctx) =>
      opportunities.lists.userActive(String(args.userId), page(args.page), await caller(ctx), args.after),
    userOpportunities: async (_: unknown, args: Args, ctx: Ctx) =>
      opportunities.lists.userAds(String(args.userId), page(args.page), await caller(ctx), args.after),
    statusHistory: async (_: unknown, args: Args, ctx: Ctx) => opportunities.lists.history(String(args.opportunityId), await caller(ctx)),
    // An ad's changes live in its document: the page is cut from them (who asks is checked first).
    statusHistoryPage: async (_: unknown, args: Args, ctx: Ctx) => {
      const entries = await opportunities.lists.history(String(args.opportunityId), await caller(ctx));
      return pageOfList(entries, pageRequest(args, opportunities.records.parameter('ITEMS_PER_LIST')));
    },
    viewCount: async (_: unknown, args: Args, ctx: Ctx) => (await opportunities.records.read(String(args.opportunityId), await caller(ctx))).viewCount,
    myWishList: async (_: unknown, args: Args, ctx: Ctx) => {
      const me = await caller(ctx);
      return favourites.list(me?.userId ?? '', page(args.page), me, args.after);
    },
  };
}
