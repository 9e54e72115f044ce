import { isPublicStatus, roundAmount, type AdStatus, type Level } from '@ruedas/domain';
import { costaRicaDay, dashboardPeriod, DASHBOARD_TOP, type AdsSummary, type DashboardView, type PlanCount, type Summary } from '../src/dashboard/view';
import type { DashAdDoc, DashboardCollections, DashInvoiceDoc } from '../src/dashboard/store';

/**
 * The oracle: the dashboard as it was computed before decision 0056, loading every user, ad,
 * invoice and plan change of the read model on each request (kept here only, to check the
 * incremental figures against, and in the bench as "before").
 */
const DAY_MS = 24 * 3_600_000;

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
  const period = dashboardPeriod(from, to, now);
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
  const labels = Array.from({ length: period.days }, (_, day) => costaRicaDay(period.start + day * DAY_MS));
  const free = labels.map(() => 0);
  const paid = labels.map(() => 0);
  for (const ad of ads) {
    if (ad.paymentPending || !inPeriod(ad.createdAt)) continue;
    const day = Math.floor((ad.createdAt.getTime() - period.start) / DAY_MS);
    (ad.level === 'FREE' ? free : paid)[day]! += 1;
  }

  const activity = (await dashboard.activity.find({ at: { $gte: new Date(period.start), $lt: new Date(period.end) } })).filter((item) => !item.testUser);
  // Complaints and clicks on an unknown or TESTUSER ad are left out.
  const onKnownAd = (item: { opportunityId: string | null }) => item.opportunityId !== null && adsById.has(item.opportunityId);
  const reported = new Set(activity.filter((item) => item.kind === 'COMPLAINT' && onKnownAd(item)).map((item) => item.opportunityId));
  const clicks = new Map<string, number>();
  for (const item of activity) if (item.kind === 'CLICK' && onKnownAd(item)) clicks.set(item.opportunityId!, (clicks.get(item.opportunityId!) ?? 0) + 1);
  const searches = activity.filter((item) => item.kind === 'SEARCH' && item.firstPage);
  const pairs = new Map<string, { brand: string; model: string | null; searches: number }>();
  for (const search of searches) {
    if (!search.brand) continue;
    const key = `${search.brand}|${search.model?.toLowerCase() ?? ''}`;
    const entry = pairs.get(key) ?? { brand: search.brand, model: search.model, searches: 0 };
    entry.searches += 1;
    pairs.set(key, entry);
  }
  const brands = new Map<string, number>();
  for (const ad of ads) if (!ad.paymentPending && inPeriod(ad.createdAt)) brands.set(ad.brand, (brands.get(ad.brand) ?? 0) + 1);
  const purchasers = new Set(invoices.filter((invoice: DashInvoiceDoc) => inPeriod(invoice.paidAt)).map((invoice) => invoice.userId));

  const byCountThenName =
    <T>(count: (t: T) => number, name: (t: T) => string) =>
    (a: T, b: T) =>
      count(b) - count(a) || name(a).localeCompare(name(b));
  return {
    generalData: summary(() => true),
    periodData: {
      from: labels[0]!,
      to: labels[labels.length - 1]!,
      summary: summary(inPeriod),
      chartSeries: { free: { labels, data: free }, paid: { labels, data: paid } },
      totalReportedOpportunities: reported.size,
      searches: searches.length,
      usersPurchases: purchasers.size,
      clickedOpportunities: [...clicks.entries()]
        .sort(
          byCountThenName(
            ([, n]) => n,
            ([id]) => id,
          ),
        )
        .slice(0, DASHBOARD_TOP)
        .map(([id, n]) => {
          const ad = adsById.get(id)!;
          return { opportunityId: id, opportunity: { id }, brand: ad.brand, model: ad.model, year: ad.year, clicks: n };
        }),
      topBrandModelSearches: [...pairs.values()]
        .sort(
          byCountThenName(
            (p) => p.searches,
            (p) => `${p.brand} ${p.model ?? ''}`,
          ),
        )
        .slice(0, DASHBOARD_TOP),
      countedOpportunitiesByBrand: [...brands.entries()]
        .sort(
          byCountThenName(
            ([, n]) => n,
            ([b]) => b,
          ),
        )
        .map(([brand, total]) => ({ brand, total })),
    },
  };
}
