import { isPublicStatus, roundAmount, type AdStatus, type Level } from '@ruedas/domain';
import type { AdsSummary, DashboardView, PlanCount, Summary } from '../src/dashboard/view';
import { ACTIVITY_DAYS_KEPT_DAYS, type DashActivityDoc, type DashAdDoc, type DashboardCollections, type DashInvoiceDoc } from '../src/dashboard/store';

/**
 * The oracle: the dashboard as it was computed before decision 0056, loading every user, ad,
 * invoice and plan change of the read model on each request (kept here only, to check the
 * incremental figures against, and in the bench as "before").
 */
const DAY_MS = 24 * 3_600_000;
/** Costa Rica keeps UTC-6 all year: its day starts at 06:00 UTC. */
const COSTA_RICA_OFFSET_MS = 6 * 3_600_000;
/** The spec's top lists (02 §3) hold ten entries. */
const TOP = 10;

/** The Costa Rica day (yyyy-MM-dd) of an instant. */
const dayOf = (instant: number) => new Date(instant - COSTA_RICA_OFFSET_MS).toISOString().slice(0, 10);
/** The instant a Costa Rica day starts. */
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`) + COSTA_RICA_OFFSET_MS;

/** The period asked (both days included; 30 days up to today by default), as the spec says it; the oracle is only asked valid ones. */
function periodOf(from: unknown, to: unknown, now: Date): { start: number; end: number; days: number } {
  const last = typeof to === 'string' ? to : dayOf(now.getTime());
  const start = typeof from === 'string' ? startOf(from) : startOf(last) - 29 * DAY_MS;
  const end = startOf(last) + DAY_MS;
  return { start, end, days: Math.round((end - start) / DAY_MS) };
}

/** Entries ranked: the larger count first, then by name (as the locale orders names). */
function ranked<T>(entries: T[], count: (entry: T) => number, name: (entry: T) => string): T[] {
  return [...entries].sort((a, b) => (count(a) === count(b) ? name(a).localeCompare(name(b)) : count(b) - count(a)));
}

/** The period's activity as the spec counts it: reported ads, clicks per ad, first-page searches per brand and model. */
function activityFigures(activity: Array<Omit<DashActivityDoc, '_id'> & { count: number }>, countedAd: (id: string | null) => id is string) {
  const reported = new Set<string>();
  const clicks: Record<string, number> = {};
  const searchesByPair: Record<string, { brand: string; model: string | null; searches: number }> = {};
  let searches = 0;
  for (const item of activity) {
    if (item.testUser) continue;
    if (item.kind === 'COMPLAINT' && countedAd(item.opportunityId)) reported.add(item.opportunityId);
    else if (item.kind === 'CLICK' && countedAd(item.opportunityId)) clicks[item.opportunityId] = (clicks[item.opportunityId] ?? 0) + item.count;
    else if (item.kind === 'SEARCH' && item.firstPage) {
      searches += item.count;
      if (!item.brand) continue;
      // The same brand and model whatever the model's case; the earliest search's spelling is shown.
      const pair = `${item.brand}|${(item.model ?? '').toLowerCase()}`;
      searchesByPair[pair] ??= { brand: item.brand, model: item.model ?? null, searches: 0 };
      searchesByPair[pair].searches += item.count;
    }
  }
  return { reported: reported.size, clicks: Object.entries(clicks), searches, pairs: Object.values(searchesByPair) };
}

const emptyAds = (): AdsSummary => ({
  totalCreated: 0,
  totalFree: 0,
  totalPaid: 0,
  totalGoldLevel: 0,
  totalSilverLevel: 0,
  totalBronzeLevel: 0,
  immediateApproval: 0,
});
const emptyPlans = (): PlanCount => ({ totalCreated: 0, totalOpportunities: 0, totalGoldLevel: 0, totalSilverLevel: 0, totalBronzeLevel: 0 });

function countAd(summary: AdsSummary, level: Level, immediateApproval: boolean): void {
  summary.totalCreated += 1;
  if (level === 'FREE') summary.totalFree += 1;
  else summary.totalPaid += 1;
  if (level === 'GOLD') summary.totalGoldLevel += 1;
  if (level === 'SILVER') summary.totalSilverLevel += 1;
  if (level === 'BRONZE') summary.totalBronzeLevel += 1;
  if (immediateApproval) summary.immediateApproval += 1;
}

function countPlan(count: PlanCount, level: Level, quantity: number): void {
  count.totalCreated += 1;
  count.totalOpportunities += quantity;
  if (level === 'GOLD') count.totalGoldLevel += 1;
  if (level === 'SILVER') count.totalSilverLevel += 1;
  if (level === 'BRONZE') count.totalBronzeLevel += 1;
}

/** A free ad that bought quick approval and got it (its payment completed). */
const quickApproved = (ad: DashAdDoc) => ad.level === 'FREE' && ad.autoApproval && !ad.paymentPending;

/** The full-scan dashboard of the period (the old `Dashboard.view`, without the permission check). */
export async function fullScanDashboard(dashboard: DashboardCollections, from: unknown, to: unknown, now: Date): Promise<DashboardView> {
  const period = periodOf(from, to, now);
  const users = await dashboard.users.find({});
  const testUsers = new Set(users.filter((user) => user.testUser).map((user) => user._id));
  const ads = (await dashboard.ads.find({})).filter((ad) => !ad.testUser && !testUsers.has(ad.sellerId));
  const adsById = new Map(ads.map((ad) => [ad._id, ad]));
  const invoices = (await dashboard.invoices.find({})).filter((invoice) => invoice.status === 'PAID' && !invoice.testUser && !testUsers.has(invoice.userId));
  const planChanges = (await dashboard.planChanges.find({})).filter((change) => !testUsers.has(change.userId));
  const inPeriod = (date: Date | null) => date !== null && date.getTime() >= period.start && date.getTime() < period.end;

  const summary = (within: (date: Date | null) => boolean): Summary => {
    const result: Summary = {
      totalRevenue: 0,
      opportunitiesSummary: emptyAds(),
      inPlanOpportunitiesSummary: emptyAds(),
      paidOpportunitiesSummary: emptyAds(),
      plansSummary: { paidPlans: emptyPlans(), sponsoredPlans: emptyPlans() },
      renewingSummary: { pending: 0, expired: 0 },
      usersSummary: { totalCreated: 0, organic: 0, impersonalSummary: { totalRegistered: 0, totalConfirmed: 0, totalNoConfirmed: 0 } },
    };
    for (const ad of ads) {
      if (!ad.paymentPending && within(ad.createdAt)) {
        countAd(result.opportunitiesSummary, ad.level, quickApproved(ad));
        if (ad.level !== 'FREE' && !ad.renewed && isPublicStatus(ad.status as AdStatus)) result.renewingSummary.pending += 1;
      }
      if (ad.expiredAt && within(ad.expiredAt)) result.renewingSummary.expired += 1;
    }
    for (const invoice of invoices) {
      if (!within(invoice.paidAt)) continue;
      result.totalRevenue = roundAmount(result.totalRevenue + invoice.amount);
      if (invoice.kind === 'PLAN') countPlan(result.plansSummary.paidPlans, invoice.level, invoice.planQuantity);
      else countAd(result.paidOpportunitiesSummary, invoice.level, invoice.level === 'FREE' && invoice.quickApproval);
    }
    for (const change of planChanges) {
      if (!within(change.at)) continue;
      if (change.change === 'GRANTED') countPlan(result.plansSummary.sponsoredPlans, change.level, change.quantity);
      else if (change.opportunityId === null || adsById.has(change.opportunityId)) countAd(result.inPlanOpportunitiesSummary, change.level, false);
    }
    for (const user of users) {
      if (user.testUser || !within(user.createdAt)) continue;
      const figures = result.usersSummary;
      figures.totalCreated += 1;
      if (!user.impersonal) figures.organic += 1;
      else {
        figures.impersonalSummary.totalRegistered += 1;
        if (user.confirmed) figures.impersonalSummary.totalConfirmed += 1;
        else figures.impersonalSummary.totalNoConfirmed += 1;
      }
    }
    return result;
  };

  // The period's chart: settled ads created per Costa Rica day, free and paid.
  const labels = Array.from({ length: period.days }, (_, day) => dayOf(period.start + day * DAY_MS));
  const free = labels.map(() => 0);
  const paid = labels.map(() => 0);
  for (const ad of ads) {
    if (ad.paymentPending || !inPeriod(ad.createdAt)) continue;
    const day = Math.floor((ad.createdAt.getTime() - period.start) / DAY_MS);
    (ad.level === 'FREE' ? free : paid)[day]! += 1;
  }

  // The period's activity documents not summed yet, and its day totals (issue 30: what was summed), in time order.
  const raw = await dashboard.activity.find({ at: { $gte: new Date(period.start), $lt: new Date(period.end) } });
  const totals = await dashboard.activityDays.find({ day: { $in: labels } });
  const activity = [
    ...raw.filter((item) => !item.rolledAt).map((item) => ({ ...item, count: 1 })),
    ...totals.map((total) => ({ ...total, at: new Date(startOf(total.day)), testUser: false, firstPage: true })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const figures = activityFigures(activity, (id): id is string => id !== null && adsById.has(id));
  const brands = new Map<string, number>();
  for (const ad of ads) if (!ad.paymentPending && inPeriod(ad.createdAt)) brands.set(ad.brand, (brands.get(ad.brand) ?? 0) + 1);
  const purchasers = new Set(invoices.filter((invoice: DashInvoiceDoc) => inPeriod(invoice.paidAt)).map((invoice) => invoice.userId));

  // The first day whose activity is still whole: each day's totals go ACTIVITY_DAYS_KEPT_DAYS after the day starts.
  let kept = now.getTime() - (ACTIVITY_DAYS_KEPT_DAYS + 1) * DAY_MS;
  while (startOf(dayOf(kept)) + ACTIVITY_DAYS_KEPT_DAYS * DAY_MS <= now.getTime()) kept += DAY_MS;
  const firstKeptDay = dayOf(kept);

  return {
    generalData: summary(() => true),
    periodData: {
      from: labels[0]!,
      to: labels[labels.length - 1]!,
      summary: summary(inPeriod),
      chartSeries: { free: { labels, data: free }, paid: { labels, data: paid } },
      totalReportedOpportunities: figures.reported,
      searches: figures.searches,
      usersPurchases: purchasers.size,
      clickedOpportunities: ranked(
        figures.clicks,
        ([, clicks]) => clicks,
        ([id]) => id,
      )
        .slice(0, TOP)
        .map(([id, clicks]) => {
          const ad = adsById.get(id)!;
          return { opportunityId: id, opportunity: { id }, brand: ad.brand, model: ad.model, year: ad.year, clicks };
        }),
      topBrandModelSearches: ranked(
        figures.pairs,
        (pair) => pair.searches,
        (pair) => `${pair.brand} ${pair.model ?? ''}`,
      ).slice(0, TOP),
      countedOpportunitiesByBrand: ranked(
        [...brands.entries()],
        ([, total]) => total,
        ([brand]) => brand,
      ).map(([brand, total]) => ({ brand, total })),
      activityFrom: firstKeptDay,
    },
  };
}
