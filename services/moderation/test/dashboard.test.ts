import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_QUERY, deliver } from './dashboard-history';
import { ads, plans, scriptedSequence, summary, users } from './dashboard-script';
import { randomUUID } from 'node:crypto';
import { topics } from '@ruedas/events';
import type { EmbeddedDocumentStore } from '@ruedas/store-embedded';
import { ACTIVITY_DAYS_KEPT_DAYS, openDashboardCollections, ROLLED_ACTIVITY_KEPT_DAYS } from '../src/dashboard/store';
import { eventually, fields, startModeration, type Json, type Moderation } from './harness';

const DAY = 24 * 3_600_000;

/**
 * The dashboard, driven by a scripted sequence of events on the bus (what identity, listings,
 * billing, search and moderation publish: `dashboard-script.ts`), checked figure by figure. The
 * period is the Costa Rica days 2025-03-01 to 2025-03-03 (UTC-6: 2025-03-01T06:00Z to 2025-03-04T06:00Z).
 */
describe('the dashboard read model', () => {
  let moderation: Moderation;
  let admin: { token: string };

  beforeAll(async () => {
    // The writer sums past days' activity every 100 ms (issue 30): the figures must not move when it does.
    moderation = await startModeration({ dashboardRollupMs: 100 });
    admin = await moderation.user('ADMINISTRATOR', { dateCreated: '2025-01-05T12:00:00.000Z' });
    const { events } = scriptedSequence();
    await deliver(moderation.bus, events);
    // Every event delivered a second time (at least once delivery): nothing counts twice.
    await deliver(moderation.bus, events);
  }, 60_000);
  afterAll(() => moderation.stop());

  const dashboard = async (variables: Record<string, unknown>, token = admin.token, language?: string) =>
    moderation.call('moderation', DASHBOARD_QUERY, variables, { token, ...(language ? { language } : {}) });

  it('answers every figure of the scripted sequence, TESTUSER activity left out', async () => {
    // The revenue; the ads (all, in a plan, paid); the plans (paid, sponsored); renewals pending, expired; the users.
    const [lifetime, period] = [
      summary(182_000, [ads(3, 3, 2, 1, 1), ads(0, 1, 1, 0, 0), ads(1, 1, 1, 1, 1)], [plans(22, 1, 0, 1), plans(8, 1, 1, 0)], [4, 3], users(3, 1, 2)),
      summary(122_000, [ads(1, 2, 1, 1, 1), ads(0, 0, 1, 0, 0), ads(1, 1, 0, 1, 1)], [plans(10, 1, 0, 0), plans(8, 1, 1, 0)], [3, 2], users(1, 1, 1)),
    ];
    const expected = {
      generalData: lifetime,
      periodData: {
        from: '2025-03-01',
        to: '2025-03-03',
        summary: period,
        chartSeries: {
          free: { labels: ['2025-03-01', '2025-03-02', '2025-03-03'], data: [1, 0, 0] },
          paid: { labels: ['2025-03-01', '2025-03-02', '2025-03-03'], data: [1, 2, 1] },
        },
        totalReportedOpportunities: 2,
        searches: 5,
        usersPurchases: 2,
        clickedOpportunities: [
          { opportunityId: 'a3', opportunity: { id: 'a3' }, brand: 'TOYOTA', model: 'Corolla', year: 2018, clicks: 3 },
          { opportunityId: 'a2', opportunity: { id: 'a2' }, brand: 'TOYOTA', model: 'Corolla', year: 2018, clicks: 2 },
          { opportunityId: 'a4', opportunity: { id: 'a4' }, brand: 'HONDA', model: 'Civic', year: 2018, clicks: 1 },
        ],
        topBrandModelSearches: [
          { brand: 'TOYOTA', model: 'Corolla', searches: 2 },
          { brand: 'HONDA', model: 'Civic', searches: 1 },
          { brand: 'TOYOTA', model: null, searches: 1 },
        ],
        countedOpportunitiesByBrand: [
          { brand: 'HONDA', total: 2 },
          { brand: 'TOYOTA', total: 2 },
          { brand: 'NISSAN', total: 1 },
        ],
        // The clock stands at 1 March 2025: activity is kept from 182 days before.
        activityFrom: '2024-08-31',
      },
    };
    let last: Json | undefined;
    await expect
      .poll(
        async () => {
          const result = await dashboard({ from: '2025-03-01', to: '2025-03-03' });
          last = result;
          return result.data?.dashboard;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toEqual(expected);
    expect(last?.errors).toBeUndefined();
    // Settled: a little later, after every redelivery, still the same.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await dashboard({ from: '2025-03-01', to: '2025-03-03' })).data?.dashboard).toEqual(expected);
  });

  it('a one-day period is one point of each series; the default period is the last 30 days up to today', async () => {
    const one = (await dashboard({ from: '2025-03-02', to: '2025-03-02' })).data!.dashboard.periodData;
    expect(one.chartSeries.paid).toEqual({ labels: ['2025-03-02'], data: [2] });
    expect(one.summary.totalRevenue).toBe(105_000);
    // The harness clock stands at 2025-03-01T12:00Z (06:00 on 1 March in Costa Rica).
    const byDefault = (await dashboard({})).data!.dashboard.periodData;
    expect([byDefault.from, byDefault.to, byDefault.chartSeries.free.labels.length]).toEqual(['2025-01-31', '2025-03-01', 30]);
  });

  it('refuses a malformed date, a start after the end and more than 366 days, in the caller language', async () => {
    for (const variables of [
      { from: '2025-02-30', to: '2025-03-03' },
      { from: '2025-03-04', to: '2025-03-03' },
      { from: '2024-01-01', to: '2025-03-03' },
      { to: '03-03-2025' },
    ]) {
      const result = await dashboard(variables);
      expect(result.errors?.[0]?.extensions?.code).toBe('VALIDATION');
      expect(Object.values(fields(result) ?? {})).toEqual(['invalidDateRange']);
    }
    const english = await dashboard({ from: '2025-03-04', to: '2025-03-03' }, admin.token, 'en');
    expect(JSON.stringify(english.errors)).toContain('Enter dates as yyyy-MM-dd');
  });

  it('sums the activity of past days into day totals and lets its documents go, the figures unchanged (issue 30)', async () => {
    // The figures; the first day whose activity is kept moves with the clock (the test after checks it).
    const figures = async (from: string, to: string) => {
      const { generalData, periodData } = (await dashboard({ from, to })).data!.dashboard;
      return { generalData, periodData: { ...periodData, activityFrom: undefined } };
    };
    const periods = [
      ['2025-03-01', '2025-03-03'],
      ['2025-03-02', '2025-03-02'],
      ['2025-01-01', '2025-03-10'],
    ] as const;
    const before = await Promise.all(periods.map(([from, to]) => figures(from, to)));
    const { activity, activityDays } = await openDashboardCollections(moderation.store);
    const documents = await activity.count({});
    expect(documents).toBeGreaterThan(0);
    // Five days later every day of the script is past: its activity is summed, then its documents expire.
    moderation.clock.advance(5 * DAY);
    await eventually(async () => (await activity.count({ rolledAt: null })) === 0, 10_000);
    expect(await Promise.all(periods.map(([from, to]) => figures(from, to)))).toEqual(before);
    await (moderation.store as EmbeddedDocumentStore).expire(new Date(moderation.clock.now().getTime() + (ROLLED_ACTIVITY_KEPT_DAYS + 1) * DAY));
    expect(await activity.count({})).toBe(0);
    expect(await activityDays.count({})).toBeGreaterThan(0);
    expect(await Promise.all(periods.map(([from, to]) => figures(from, to)))).toEqual(before);
    // An event of a day already summed (a late delivery) is summed at the next pass and counted once.
    const late = scriptedSequence().events.find((event) => event.topic === topics.searchQuery)!;
    await deliver(moderation.bus, [{ ...late, envelope: { ...late.envelope, id: randomUUID() } }]);
    await eventually(async () => (await figures('2025-03-01', '2025-03-03')).periodData.searches === before[0]!.periodData.searches + 1, 10_000);
    await eventually(async () => (await activity.count({ rolledAt: null })) === 0, 10_000);
    expect((await figures('2025-03-01', '2025-03-03')).periodData.searches).toBe(before[0]!.periodData.searches + 1);
  });

  it("keeps a day's activity totals ACTIVITY_DAYS_KEPT_DAYS, then lets them go; the other figures stay (decision 0242)", async () => {
    const figures = async () => (await dashboard({ from: '2025-03-01', to: '2025-03-03' })).data!.dashboard;
    const { activity, activityDays } = await openDashboardCollections(moderation.store);
    // Every day of the script past and summed into day totals (the test before did it; alone, this one does).
    if (moderation.clock.now().getTime() < Date.parse('2025-03-05T06:00:00.000Z')) moderation.clock.advance(5 * DAY);
    await eventually(async () => (await activity.count({ rolledAt: null })) === 0, 10_000);
    const before = await figures();
    // The answer says from which day the activity is whole: within the horizon, the period is.
    const dayOfNow = (back: number) => new Date(moderation.clock.now().getTime() - back * DAY - 6 * 3600_000).toISOString().slice(0, 10);
    expect(before.periodData.activityFrom).toBe(dayOfNow(ACTIVITY_DAYS_KEPT_DAYS - 1));
    expect(before.periodData.activityFrom < '2025-03-01').toBe(true);
    expect(before.periodData.searches).toBeGreaterThan(0);
    expect(before.periodData.clickedOpportunities.length).toBeGreaterThan(0);
    const store = moderation.store as EmbeddedDocumentStore;
    // The period's first day starts 2025-03-01T06:00Z: a day before its horizon, the period's totals are all there.
    await store.expire(new Date(Date.parse('2025-03-01T06:00:00.000Z') + (ACTIVITY_DAYS_KEPT_DAYS - 1) * DAY));
    expect(await figures()).toEqual(before);
    // Past the horizon of every day of the script, its day totals are gone: the activity figures are empty, the rest unchanged.
    await store.expire(new Date(Date.parse('2025-03-03T06:00:00.000Z') + (ACTIVITY_DAYS_KEPT_DAYS + 30) * DAY));
    expect(await activityDays.count({})).toBe(0);
    const after = await figures();
    expect(after.periodData).toMatchObject({ searches: 0, clickedOpportunities: [], topBrandModelSearches: [], totalReportedOpportunities: 0 });
    expect(after.generalData).toEqual(before.generalData);
    expect(after.periodData.summary).toEqual(before.periodData.summary);
    // Asked at that time, the answer says the activity of the period is no longer kept (the page says it in words).
    moderation.clock.advance(Date.parse('2025-03-03T06:00:00.000Z') + (ACTIVITY_DAYS_KEPT_DAYS + 30) * DAY - moderation.clock.now().getTime());
    const late = await figures();
    expect(late.periodData.activityFrom).toBe(dayOfNow(ACTIVITY_DAYS_KEPT_DAYS - 1));
    expect(late.periodData.activityFrom > '2025-03-03').toBe(true);
  });
});
