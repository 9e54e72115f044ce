import { COMPLAINT_CATEGORY_LABELS, RISK_REASON_LABELS, RISK_REASONS, RISK_WEIGHTS, type RiskReason } from '@ruedas/domain';
import {
  isAdministrator,
  money,
  requestCaller,
  type Collection,
  type DocumentStore,
  type RequestContext,
  type Resolvers,
  type SessionGuard,
} from '@ruedas/platform';
import { dayRange, namingDays, withApiFields } from './api-fields';
import type { AuditEntryView, AuditFilter, AuditTrail } from './audit';
import type { Complaints, ComplaintView } from './complaints';
import type { Contacts, ContactClick } from './contacts';
import type { Dashboard } from './dashboard/view';
import type { ParameterAdmin, ParameterView } from './parameters';
import type { QueuedAd, Reviews } from './reviews';
import type { MarketPriceDoc } from './market-prices';
import type { RiskEvidence, RiskSignals } from './risk';
import type { AdDoc, ComplaintDoc, ModerationCollections } from './store';

type Args = Record<string, unknown>;
const isRiskReason = (value: string): value is RiskReason => (RISK_REASONS as readonly string[]).includes(value);
type Ctx = RequestContext;
const page = (value: unknown) => (value ?? 1) as number;
const iso = (date: Date | null) => date?.toISOString() ?? null;

export interface ModerationResolverDeps {
  store: DocumentStore;
  backEndVersion: string;
  guard: SessionGuard;
  collections: ModerationCollections;
  parameters: ParameterAdmin;
  reviews: Reviews;
  complaints: Complaints;
  contacts: Contacts;
  dashboard: Dashboard;
  audit: AuditTrail;
  risk: RiskSignals;
  /** Moderation's copy of search's market estimates (decision 0099). */
  prices: Collection<MarketPriceDoc>;
}

export function moderationResolvers(deps: ModerationResolverDeps): Resolvers {
  /**
   * The verified caller, once per request. The role comes from identity's latest snapshot when
   * moderation has it, since the one in the token may be stale.
   */
  const caller = requestCaller(deps.guard, async (userId) => (await deps.collections.users.findById(userId))?.role);
  const isAdmin = async (ctx: Ctx) => isAdministrator(await caller(ctx));

  return withApiFields({
    ...typeResolvers(deps, isAdmin),
    Query: {
      systemsVersion: async () => {
        const info = await deps.store.info();
        return { backEndVersion: deps.backEndVersion, databaseVersion: `${info.engine} ${info.version}` };
      },
      globalParameters: async (_: unknown, _args: Args, ctx: Ctx) => deps.parameters.list(await caller(ctx), ctx.locale),
      reviewQueue: async (_: unknown, args: Args, ctx: Ctx) =>
        deps.reviews.queue(page(args.page), await caller(ctx), args.orderBy === 'OLDEST' ? 'OLDEST' : 'RISK', args.after),
      reviewQueueItem: async (_: unknown, args: { id: string }, ctx: Ctx) => deps.reviews.item(args.id, await caller(ctx)),
      complaints: async (_: unknown, args: Args, ctx: Ctx) => deps.complaints.list(args.resolved === true, page(args.page), await caller(ctx), args.after),
      dashboard: async (_: unknown, args: Args, ctx: Ctx) => {
        const { from, to, typed } = dayRange(args);
        const who = await caller(ctx);
        return namingDays(typed, () => deps.dashboard.view(from, to, who));
      },
      staffActions: async (
        _: unknown,
        args: { filter?: (AuditFilter & { firstDay?: unknown; lastDay?: unknown }) | null; page?: number | null; after?: string | null },
        ctx: Ctx,
      ) => {
        const { from, to, typed } = dayRange(args.filter);
        const who = await caller(ctx);
        return namingDays(typed, () => deps.audit.list(args.filter ? { ...args.filter, from, to } : args.filter, page(args.page), who, args.after));
      },
    },
    Mutation: {
      updateGlobalParameters: async (_: unknown, args: { parameters: Array<{ id: string; quantity: number }> }, ctx: Ctx) =>
        deps.parameters.update(args.parameters, await caller(ctx), ctx.locale),
      updateGlobalParameter: async (_: unknown, args: { id: string; quantity: number }, ctx: Ctx) => {
        const all = await deps.parameters.update([{ id: args.id, quantity: args.quantity }], await caller(ctx), ctx.locale);
        return all.find((parameter) => parameter.id === args.id);
      },
      approveOpportunity: async (_: unknown, args: { id: string; version?: number | null }, ctx: Ctx) =>
        deps.reviews.approve(args.id, await caller(ctx), args.version),
      rejectOpportunity: async (_: unknown, args: { id: string; reason: string; version?: number | null }, ctx: Ctx) =>
        deps.reviews.reject(args.id, args.reason, await caller(ctx), args.version),
      reportOpportunity: async (_: unknown, args: { input: Args }, ctx: Ctx) => {
        const complaint = await deps.complaints.report(args.input, await caller(ctx), ctx.clientAddress, ctx.rateLimits);
        // Enough different people reporting hides the ad until an administrator decides (issue 20).
        await deps.risk.reported(complaint.opportunityId);
        return complaint;
      },
      resolveComplaint: async (_: unknown, args: { id: string; outcome?: string | null }, ctx: Ctx) =>
        deps.complaints.resolve(args.id, await caller(ctx), args.outcome),
      recordContactClick: async (_: unknown, args: { opportunityId: string; clickType: string }, ctx: Ctx) =>
        deps.contacts.record(args.opportunityId, args.clickType, await caller(ctx), ctx.clientAddress),
    },
  });
}

/** A seller as the review screen reads them; the history is computed once per request object. */
interface SellerView {
  id: string;
  history?: ReturnType<Reviews['sellerHistory']>;
}

/** The fields of the review queue's items, complaints (the ad only for administrators), audit entries, parameters and clicks. */
function typeResolvers(deps: ModerationResolverDeps, isAdmin: (ctx: Ctx) => Promise<boolean>) {
  const sellerHistory = (seller: SellerView) => (seller.history ??= deps.reviews.sellerHistory(seller.id));
  return {
    GlobalParameter: {
      unit: (parameter: ParameterView) => parameter.unit.toUpperCase(),
    },
    ReviewQueueItem: {
      id: (ad: QueuedAd) => ad._id,
      opportunity: (ad: QueuedAd) => ({ id: ad._id }),
      queuedAt: (ad: QueuedAd) => iso(ad.queuedAt),
      riskScore: (ad: QueuedAd) => ad.riskScore ?? 0,
      riskReasons: (ad: QueuedAd, _args: Args, ctx: Ctx) =>
        (ad.riskReasons ?? []).filter(isRiskReason).map((reason) => ({ reason, weight: RISK_WEIGHTS[reason], label: RISK_REASON_LABELS[reason][ctx.locale] })),
      heldFor: (ad: QueuedAd) => ad.heldFor ?? null,
      price: (ad: QueuedAd) => (typeof ad.priceCrc === 'number' ? money(ad.priceCrc, 'CRC') : null),
      marketEstimate: async (ad: QueuedAd) => {
        const estimate = (await deps.prices.findById(ad._id))?.estimateCrc;
        return typeof estimate === 'number' ? money(estimate, 'CRC') : null;
      },
      seller: async (ad: QueuedAd) => {
        const user = await deps.collections.users.findById(ad.sellerId);
        return {
          id: ad.sellerId,
          fullName: user?.fullName ?? '',
          email: user?.email ?? '',
          memberSince: user?.dateCreated ?? null,
        };
      },
      evidence: async (ad: QueuedAd) => deps.risk.evidence(ad, (await deps.prices.findById(ad._id))?.estimateCrc ?? null),
    },
    // The history is read only when asked (the review screen), once for its four figures.
    ReviewSeller: {
      adCount: async (seller: SellerView) => (await sellerHistory(seller)).adCount,
      publicAdCount: async (seller: SellerView) => (await sellerHistory(seller)).publicAdCount,
      rejectedAdCount: async (seller: SellerView) => (await sellerHistory(seller)).rejectedAdCount,
      openComplaints: async (seller: SellerView) => (await sellerHistory(seller)).openComplaints,
    },
    RiskEvidence: {
      weight: (item: RiskEvidence) => RISK_WEIGHTS[item.reason],
      label: (item: RiskEvidence, _args: Args, ctx: Ctx) => RISK_REASON_LABELS[item.reason][ctx.locale],
    },
    RiskOtherAd: {
      id: (ad: AdDoc) => ad._id,
      sellerName: async (ad: AdDoc) => (await deps.collections.users.findById(ad.sellerId))?.fullName ?? '',
    },
    Complaint: {
      id: (complaint: ComplaintDoc) => complaint._id,
      dateCreated: (complaint: ComplaintDoc) => complaint.dateCreated.toISOString(),
      category: (complaint: ComplaintDoc) => complaint.category ?? 'OTHER',
      categoryLabel: (complaint: ComplaintDoc, _args: Args, ctx: Ctx) => COMPLAINT_CATEGORY_LABELS[complaint.category ?? 'OTHER'][ctx.locale],
      outcome: (complaint: ComplaintDoc) => complaint.outcome ?? null,
      ad: async (complaint: ComplaintDoc & Partial<Pick<ComplaintView, 'ad'>>, _args: Args, ctx: Ctx) => {
        if (!(await isAdmin(ctx))) return null;
        const ad = complaint.ad !== undefined ? complaint.ad : await deps.collections.ads.findById(complaint.opportunityId);
        return ad ? { id: complaint.opportunityId, brand: ad.brand, model: ad.model, year: ad.year, status: ad.status } : null;
      },
      opportunity: async (complaint: ComplaintDoc, _args: Args, ctx: Ctx) => ((await isAdmin(ctx)) ? { id: complaint.opportunityId } : null),
    },
    StaffActionEntry: {
      id: (entry: AuditEntryView) => entry._id,
      at: (entry: AuditEntryView) => entry.at.toISOString(),
      actor: (entry: AuditEntryView) => ({ id: entry.actorId, email: entry.actorEmail, fullName: entry.actorName, role: entry.actorRole }),
      before: (entry: AuditEntryView) => (entry.before ? JSON.stringify(entry.before) : null),
      after: (entry: AuditEntryView) => (entry.after ? JSON.stringify(entry.after) : null),
    },
    ContactClick: {
      dateCreated: (click: ContactClick) => click.dateCreated.toISOString(),
    },
  };
}
