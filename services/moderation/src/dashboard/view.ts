import { validationFailed, type Clock } from '@ruedas/platform';
import { costaRicaDayStart, roundAmount } from '@ruedas/domain';
import { brandOf, C, costaRicaDay, type AdsPrefix, type Counters, type PlansPrefix } from './contributions';
import { ALL } from './model';
import { periodActivity } from './rollup';
import { ACTIVITY_DAYS_KEPT_DAYS, type DashboardCollections } from './store';
import { asAdministrator, HOUR_MS, type Caller } from '../rules';

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
    /** The first day whose activity is still kept (ACTIVITY_DAYS_KEPT_DAYS, decision 0242). */
    activityFrom: string;
  };
}

/** A Costa Rica day `yyyy-MM-dd` → the instant it starts; null when not a real date. */
export const dayStart = costaRicaDayStart;

export { costaRicaDay };

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

const adsSummary = (c: Counters, prefix: AdsPrefix): AdsSummary => ({
  totalCreated: c[`${prefix}_n`] ?? 0,
  totalFree: c[`${prefix}_f`] ?? 0,
  totalPaid: c[`${prefix}_p`] ?? 0,
  totalGoldLevel: c[`${prefix}_g`] ?? 0,
  totalSilverLevel: c[`${prefix}_s`] ?? 0,
  totalBronzeLevel: c[`${prefix}_b`] ?? 0,
  immediateApproval: c[`${prefix}_a`] ?? 0,
});
const planCount = (c: Counters, prefix: PlansPrefix): PlanCount => ({
  totalCreated: c[`${prefix}_n`] ?? 0,
  totalOpportunities: c[`${prefix}_q`] ?? 0,
  totalGoldLevel: c[`${prefix}_g`] ?? 0,
  totalSilverLevel: c[`${prefix}_s`] ?? 0,
  totalBronzeLevel: c[`${prefix}_b`] ?? 0,
});

/** The figures of summed counters. */
function summaryOf(c: Counters): Summary {
  return {
    totalRevenue: roundAmount((c[C.revenue] ?? 0) / 100),
    opportunitiesSummary: adsSummary(c, 'o'),
    inPlanOpportunitiesSummary: adsSummary(c, 'i'),
    paidOpportunitiesSummary: adsSummary(c, 'q'),
    plansSummary: { paidPlans: planCount(c, 'pp'), sponsoredPlans: planCount(c, 'sp') },
    renewingSummary: { pending: c[C.renewPending] ?? 0, expired: c[C.renewExpired] ?? 0 },
    usersSummary: {
      totalCreated: c[C.usersCreated] ?? 0,
      organic: c[C.usersOrganic] ?? 0,
      impersonalSummary: {
        totalRegistered: c[C.usersImpersonal] ?? 0,
        totalConfirmed: c[C.usersImpersonalConfirmed] ?? 0,
        totalNoConfirmed: c[C.usersImpersonalNotConfirmed] ?? 0,
      },
    },
  };
}

function sum(target: Counters, source: Counters | undefined): Counters {
  for (const [name, value] of Object.entries(source ?? {})) target[name] = (target[name] ?? 0) + value;
  return target;
}

/**
 * The dashboard (spec 02 §3), read from the incremental figures the model keeps (decision 0056):
 * the all-time bucket, the period's day buckets, the period's purchasers' documents, and the
 * period's activity. Rules (recorded in the README):
 * - an ad counts once settled: a free ad at creation, a paid one once its payment completed (ads
 *   abandoned at the payment step are not counted); it is dated by its creation;
 * - individually paid ads: their own invoice PAID (not cancelled), dated by the payment; in-plan ads:
 *   a plan unit used for them, dated by its use;
 * - revenue: invoices PAID (not cancelled), by payment date; paid plans: PLAN invoices PAID;
 *   sponsored plans: promotional plans granted at an impersonal registration;
 * - TESTUSER activity is left out: by the flag the event carried, and any user whose account is now
 *   a TESTUSER (and their ads) as well.
 */
/** Most first, then by name. */
const byCountThenName =
  <T>(count: (t: T) => number, name: (t: T) => string) =>
  (a: T, b: T) =>
    count(b) - count(a) || name(a).localeCompare(name(b));

/** The searches per brand and model (the model's case ignored). */
function brandModelPairs(searches: ReadonlyArray<{ brand?: string | null; model?: string | null; count: number }>) {
  const pairs = new Map<string, { brand: string; model: string | null; searches: number }>();
  for (const search of searches) {
    if (!search.brand) continue;
    const key = `${search.brand}|${search.model?.toLowerCase() ?? ''}`;
    const entry = pairs.get(key) ?? { brand: search.brand, model: search.model ?? null, searches: 0 };
    entry.searches += search.count;
    pairs.set(key, entry);
  }
  return pairs;
}

/**
 * The first Costa Rica day whose activity totals are all still kept: a day's go
 * ACTIVITY_DAYS_KEPT_DAYS after it starts, so the day that started before that horizon is gone and
 * the next one is whole.
 */
export const activityFrom = (now: Date): string => costaRicaDay(now.getTime() - (ACTIVITY_DAYS_KEPT_DAYS - 1) * DAY_MS);

export class Dashboard {
  constructor(private readonly deps: { dashboard: DashboardCollections; clock: Clock }) {}

  async view(from: unknown, to: unknown, caller: Caller | null): Promise<DashboardView> {
    asAdministrator(caller);
    const period = dashboardPeriod(from, to, this.deps.clock.now());
    const { dashboard } = this.deps;
    const labels = Array.from({ length: period.days }, (_, day) => costaRicaDay(period.start + day * DAY_MS));
    const buckets = new Map((await dashboard.buckets.find({ _id: { $in: [...labels, ALL] } })).map((bucket) => [bucket._id, bucket.c ?? {}]));
    const periodCounters = labels.reduce((total, day) => sum(total, buckets.get(day)), {} as Counters);
    // The period's chart: settled ads created per Costa Rica day, free and paid.
    const free = labels.map((day) => buckets.get(day)?.o_f ?? 0);
    const paid = labels.map((day) => buckets.get(day)?.o_p ?? 0);
    const brands = Object.entries(periodCounters)
      .filter(([name, total]) => name.startsWith('b:') && total > 0)
      .map(([name, total]) => [brandOf(name), total] as const);
    // Distinct purchasers do not add up day by day: the period's invoice owner documents (one per purchaser and day).
    const purchases = await dashboard.owners.find({ pday: { $in: labels }, counted: true, [`c.${C.purchases}`]: { $gt: 0 } }, { projection: { owners: 1 } });
    const purchasers = new Set(purchases.map((doc) => doc.owners[0]));

    // The period's activity: its day totals and its activity not summed into them yet (issue 30), TESTUSER activity left out.
    const activity = await periodActivity(dashboard, labels, period);
    // Complaints and clicks on an unknown or TESTUSER ad are left out: only the ads they name are read.
    const named = [...new Set(activity.map((item) => item.opportunityId).filter((id): id is string => id !== null))];
    const namedAds = named.length === 0 ? [] : await dashboard.ads.find({ _id: { $in: named } });
    const sellers = [...new Set(namedAds.map((ad) => ad.sellerId))];
    const testSellers = new Set((sellers.length === 0 ? [] : await dashboard.users.find({ _id: { $in: sellers }, testUser: true })).map((user) => user._id));
    const adsById = new Map(namedAds.filter((ad) => !ad.testUser && !testSellers.has(ad.sellerId)).map((ad) => [ad._id, ad]));
    const onKnownAd = (item: { opportunityId: string | null }) => item.opportunityId !== null && adsById.has(item.opportunityId);
    const reported = new Set(activity.filter((item) => item.kind === 'COMPLAINT' && onKnownAd(item)).map((item) => item.opportunityId));
    const clicks = new Map<string, number>();
    for (const item of activity)
      if (item.kind === 'CLICK' && onKnownAd(item)) clicks.set(item.opportunityId!, (clicks.get(item.opportunityId!) ?? 0) + item.count);
    const searches = activity.filter((item) => item.kind === 'SEARCH');
    const pairs = brandModelPairs(searches);

    return {
      generalData: summaryOf(buckets.get(ALL) ?? {}),
      periodData: {
        from: labels[0]!,
        to: labels[labels.length - 1]!,
        summary: summaryOf(periodCounters),
        chartSeries: { free: { labels, data: free }, paid: { labels, data: paid } },
        totalReportedOpportunities: reported.size,
        searches: searches.reduce((total, item) => total + item.count, 0),
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
        countedOpportunitiesByBrand: [...brands]
          .sort(
            byCountThenName(
              ([, n]) => n,
              ([b]) => b,
            ),
          )
          .map(([brand, total]) => ({ brand, total })),
        activityFrom: activityFrom(this.deps.clock.now()),
      },
    };
  }
}
