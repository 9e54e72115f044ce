import { validationFailed, type Clock } from '@ruedas/platform';
import { isPublicStatus, roundAmount, type AdStatus, type Level } from '@ruedas/domain';
import type { DashAdDoc, DashboardCollections, DashInvoiceDoc } from './dashboard-store';
import { asAdministrator, HOUR_MS, type Caller } from './rules';

/** Costa Rica keeps UTC-6 all year (no daylight saving time). */
const COSTA_RICA_OFFSET_MS = 6 * HOUR_MS;
const DAY_MS = 24 * HOUR_MS;
/** The longest period the dashboard answers, in days. */
export const DASHBOARD_MAX_DAYS = 366;
/** The default period: this many days up to today. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** How many entries the period's top lists hold. */
export const DASHBOARD_TOP = 10;

export interface AdsSummary {
  totalCreated: number;
  totalFree: number;
  totalPaid: number;
  totalGoldLevel: number;
  totalSilverLevel: number;
  totalBronzeLevel: number;
  immediateApproval: number;
}
export interface PlanCount {
  totalCreated: number;
  totalOpportunities: number;
  totalGoldLevel: number;
  totalSilverLevel: number;
  totalBronzeLevel: number;
}
export interface Summary {
  totalRevenue: number;
  opportunitiesSummary: AdsSummary;
  inPlanOpportunitiesSummary: AdsSummary;
  paidOpportunitiesSummary: AdsSummary;
  plansSummary: { paidPlans: PlanCount; sponsoredPlans: PlanCount };
  renewingSummary: { pending: number; expired: number };
  usersSummary: { totalCreated: number; organic: number; impersonalSummary: { totalRegistered: number; totalConfirmed: number; totalNoConfirmed: number } };
}
export interface Series {
  labels: string[];
  data: number[];
}
export interface DashboardView {
  generalData: Summary;
  periodData: {
    from: string;
    to: string;
    summary: Summary;
    chartSeries: { free: Series; paid: Series };
    totalReportedOpportunities: number;
    searches: number;
    usersPurchases: number;
    clickedOpportunities: Array<{ opportunityId: string; opportunity: { id: string }; brand: string; model: string; year: number; clicks: number }>;
    topBrandModelSearches: Array<{ brand: string; model: string | null; searches: number }>;
    countedOpportunitiesByBrand: Array<{ brand: string; total: number }>;
  };
}

/** A Costa Rica day `yyyy-MM-dd` → the instant it starts; null when not a real date. */
export function dayStart(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const date = new Date(ms);
  if (date.getUTCMonth() !== Number(match[2]) - 1 || date.getUTCDate() !== Number(match[3])) return null;
  return ms + COSTA_RICA_OFFSET_MS;
}

/** The Costa Rica day of an instant, `yyyy-MM-dd`. */
export const costaRicaDay = (instant: number): string => new Date(instant - COSTA_RICA_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The period asked: Costa Rica days, both included; `to` defaults to today and `from` to 29 days
 * before `to`. VALIDATION `invalidDateRange` for a malformed date, a start after the end or more
 * than DASHBOARD_MAX_DAYS days.
 */
export function dashboardPeriod(from: unknown, to: unknown, now: Date): { start: number; end: number; days: number } {
  const invalid = () => validationFailed({ [from !== undefined && from !== null && dayStart(String(from)) === null ? 'from' : 'to']: 'invalidDateRange' });
  const end = to === undefined || to === null ? dayStart(costaRicaDay(now.getTime())) : typeof to === 'string' ? dayStart(to) : null;
  if (end === null) throw invalid();
  const start = from === undefined || from === null ? end - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS : typeof from === 'string' ? dayStart(from) : null;
  if (start === null) throw invalid();
  const days = Math.round((end - start) / DAY_MS) + 1;
  if (days < 1 || days > DASHBOARD_MAX_DAYS) throw validationFailed({ from: 'invalidDateRange' });
  return { start, end: end + DAY_MS, days };
}

const emptyAds = (): AdsSummary => ({ totalCreated: 0, totalFree: 0, totalPaid: 0, totalGoldLevel: 0, totalSilverLevel: 0, totalBronzeLevel: 0, immediateApproval: 0 });
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

/**
 * The dashboard (spec 02 §3), computed on request from the read model the dashboard projections
 * keep. Rules (recorded in the README):
 * - an ad counts once settled: a free ad at creation, a paid one once its payment completed (ads
 *   abandoned at the payment step are not counted); it is dated by its creation;
 * - individually paid ads: their own invoice PAID (not cancelled), dated by the payment; in-plan ads:
 *   a plan unit used for them, dated by its use;
 * - revenue: invoices PAID (not cancelled), by payment date; paid plans: PLAN invoices PAID;
 *   sponsored plans: promotional plans granted at an impersonal registration;
 * - TESTUSER activity is left out: by the flag the event carried, and any user whose account is now
 *   a TESTUSER (and their ads) as well.
 */
export class Dashboard {
  constructor(private readonly deps: { dashboard: DashboardCollections; clock: Clock }) {}

  async view(from: unknown, to: unknown, caller: Caller | null): Promise<DashboardView> {
    asAdministrator(caller);
    const period = dashboardPeriod(from, to, this.deps.clock.now());
    const { dashboard } = this.deps;
    const users = await dashboard.users.find({});
    const testUsers = new Set(users.filter((user) => user.testUser).map((user) => user._id));
    const ads = (await dashboard.ads.find({})).filter((ad) => !ad.testUser && !testUsers.has(ad.sellerId));
    const adsById = new Map(ads.map((ad) => [ad._id, ad]));
    const invoices = (await dashboard.invoices.find({ status: 'PAID' })).filter((invoice) => !invoice.testUser && !testUsers.has(invoice.userId));
    const planChanges = (await dashboard.planChanges.find({})).filter((change) => !testUsers.has(change.userId));
    const inPeriod = (date: Date | null) => date !== null && date.getTime() >= period.start && date.getTime() < period.end;

    const summary = (within: (date: Date | null) => boolean): Summary => {
      const result: Summary = {
        totalRevenue: 0, opportunitiesSummary: emptyAds(), inPlanOpportunitiesSummary: emptyAds(), paidOpportunitiesSummary: emptyAds(),
        plansSummary: { paidPlans: emptyPlans(), sponsoredPlans: emptyPlans() }, renewingSummary: { pending: 0, expired: 0 },
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

    const byCountThenName = <T>(count: (t: T) => number, name: (t: T) => string) => (a: T, b: T) => count(b) - count(a) || name(a).localeCompare(name(b));
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
          .sort(byCountThenName(([, n]) => n, ([id]) => id))
          .slice(0, DASHBOARD_TOP)
          .map(([id, n]) => {
            const ad = adsById.get(id)!;
            return { opportunityId: id, opportunity: { id }, brand: ad.brand, model: ad.model, year: ad.year, clicks: n };
          }),
        topBrandModelSearches: [...pairs.values()].sort(byCountThenName((p) => p.searches, (p) => `${p.brand} ${p.model ?? ''}`)).slice(0, DASHBOARD_TOP),
        countedOpportunitiesByBrand: [...brands.entries()].sort(byCountThenName(([, n]) => n, ([b]) => b)).map(([brand, total]) => ({ brand, total })),
      },
    };
  }
}
