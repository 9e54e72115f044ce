import { randomUUID } from 'node:crypto';
import {
  complaintFiled,
  complaintResolved,
  contactClicked,
  createEvent,
  impersonalUserRegistered,
  invoiceChanged,
  opportunityChanged,
  planChanged,
  searchPerformed,
  userConfirmed,
  userRegistered,
  type Envelope,
  type EventDefinition,
  type InvoiceSnapshot,
  type OpportunitySnapshot,
  type SearchFilterSnapshot,
  type UserSnapshot,
} from '@ruedas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fields, startModeration, type Json, type Moderation } from './harness';

/**
 * The dashboard, driven by a scripted sequence of events on the bus (what identity, listings,
 * billing, search and moderation publish), checked figure by figure. The period is the Costa Rica
 * days 2025-03-01 to 2025-03-03 (UTC-6: 2025-03-01T06:00Z to 2025-03-04T06:00Z).
 */
const QUERY = `query D($from: String, $to: String) { dashboard(from: $from, to: $to) {
  generalData { ...Summary }
  periodData {
    from to
    summary { ...Summary }
    chartSeries { free { labels data } paid { labels data } }
    totalReportedOpportunities searches usersPurchases
    clickedOpportunities { opportunityId opportunity { id } brand model year clicks }
    topBrandModelSearches { brand model searches }
    countedOpportunitiesByBrand { brand total }
  }
} }
fragment Ads on DashboardAdsSummary { totalCreated totalFree totalPaid totalGoldLevel totalSilverLevel totalBronzeLevel immediateApproval }
fragment Plans on DashboardPlanCount { totalCreated totalOpportunities totalGoldLevel totalSilverLevel totalBronzeLevel }
fragment Summary on DashboardSummary {
  totalRevenue
  opportunitiesSummary { ...Ads } inPlanOpportunitiesSummary { ...Ads } paidOpportunitiesSummary { ...Ads }
  plansSummary { paidPlans { ...Plans } sponsoredPlans { ...Plans } }
  renewingSummary { pending expired }
  usersSummary { totalCreated organic impersonalSummary { totalRegistered totalConfirmed totalNoConfirmed } }
}`;

const ads = (totalFree: number, gold: number, silver: number, bronze: number, immediateApproval: number) => ({
  totalCreated: totalFree + gold + silver + bronze,
  totalFree,
  totalPaid: gold + silver + bronze,
  totalGoldLevel: gold,
  totalSilverLevel: silver,
  totalBronzeLevel: bronze,
  immediateApproval,
});
const plans = (totalOpportunities: number, gold: number, silver: number, bronze: number) => ({
  totalCreated: gold + silver + bronze,
  totalOpportunities,
  totalGoldLevel: gold,
  totalSilverLevel: silver,
  totalBronzeLevel: bronze,
});
const users = (organic: number, confirmed: number, notConfirmed: number) => ({
  totalCreated: organic + confirmed + notConfirmed,
  organic,
  impersonalSummary: { totalRegistered: confirmed + notConfirmed, totalConfirmed: confirmed, totalNoConfirmed: notConfirmed },
});

describe('the dashboard read model', () => {
  let moderation: Moderation;
  let admin: { token: string };
  const versions = new Map<string, number>();
  const sent: Array<{ topic: string; envelope: Envelope }> = [];

  async function publish<P>(definition: EventDefinition<P>, aggregateId: string, at: string, payload: P, actorId = 'script') {
    const aggregateVersion = (versions.get(`${definition.topic}|${aggregateId}`) ?? 0) + 1;
    versions.set(`${definition.topic}|${aggregateId}`, aggregateVersion);
    const envelope = createEvent(definition, { aggregateId, aggregateVersion, actor: { kind: 'user', id: actorId }, payload, occurredAt: new Date(at) });
    await moderation.bus.publish(definition.topic, [{ key: aggregateId, value: envelope }]);
    sent.push({ topic: definition.topic, envelope });
    return envelope;
  }

  const userSnapshot = (id: string, dateCreated: string, overrides: Partial<UserSnapshot> = {}): UserSnapshot => ({
    id,
    email: `${id}@example.com`,
    name: 'Ana',
    lastName: 'Mora',
    lastName2: '',
    fullName: 'Ana Mora',
    userType: 'PERSON',
    merchantName: '',
    language: 'es',
    role: 'ADVERTISER',
    status: 'ACTIVE',
    impersonal: false,
    phoneList: [],
    province: '1',
    canton: '101',
    district: '10101',
    dateCreated,
    ...overrides,
  });
  const register = (id: string, at: string, overrides: Partial<UserSnapshot> = {}) =>
    publish(userRegistered, id, at, { user: userSnapshot(id, at, overrides) });
  const impersonal = (id: string, at: string, promotionalAds: number) =>
    publish(impersonalUserRegistered, id, at, {
      user: userSnapshot(id, at, { impersonal: true, status: 'NOT_CONFIRMED' }),
      registeredBy: 'impersonator',
      plan: { promotionalAds, planLevel: 'SILVER' },
    });

  const adSnapshots = new Map<string, OpportunitySnapshot>();
  /** An ad snapshot after a change; the first call creates it. */
  async function ad(
    id: string,
    at: string,
    change: 'CREATED' | 'STATUS_CHANGED' | 'RENEWED',
    fieldsChanged: Partial<OpportunitySnapshot> & { sellerId?: string; testUser?: boolean } = {},
  ) {
    const before = adSnapshots.get(id);
    const { sellerId, testUser, ...rest } = fieldsChanged;
    const snapshot: OpportunitySnapshot = {
      ...(before ?? {
        id,
        brand: 'TOYOTA',
        model: 'Corolla',
        year: 2018,
        style: 'SEDAN',
        fuelType: 'GASOLINE',
        transmissionType: 'AUTOMATIC',
        motorSizeCC: 1800,
        mileage: 1000,
        mileageUnit: 'KM',
        exteriorColor: 'Blanco',
        interiorColor: 'Negro',
        price: 9_000_000,
        transferPrice: 0,
        currency: 'CRC',
        priceCrc: 9_000_000,
        payTaxes: true,
        passengersNumber: 5,
        province: '1',
        canton: '101',
        district: '10101',
        knownDamage: '',
        extraList: [],
        attachmentIds: [],
        phoneList: [],
        status: 'PENDING_APPROVAL',
        level: 'FREE',
        message: '',
        autoApproval: false,
        paymentPending: false,
        publishedAt: null,
        expiresAt: null,
        seller: { id: sellerId ?? 'nobody', fullName: 'Ana Mora', userType: 'PERSON', testUser: testUser ?? false },
      }),
      ...rest,
    };
    adSnapshots.set(id, snapshot);
    return publish(opportunityChanged, id, at, {
      opportunity: snapshot,
      change,
      previousStatus: change === 'STATUS_CHANGED' ? (before?.status ?? null) : null,
    });
  }

  const invoiceSnapshots = new Map<string, InvoiceSnapshot>();
  async function invoice(id: string, at: string, change: 'CREATED' | 'PAID' | 'CANCELLED', fieldsChanged: Partial<InvoiceSnapshot> = {}) {
    const before = invoiceSnapshots.get(id);
    const snapshot: InvoiceSnapshot = {
      ...(before ?? {
        id,
        codigoint: id,
        kind: 'OPPORTUNITY',
        userId: 'nobody',
        opportunityId: null,
        level: 'FREE',
        quickApproval: false,
        planQuantity: 0,
        amount: 0,
        currency: 'CRC',
        status: 'NEW',
        paymentMethod: 'CARD',
        createdAt: at,
        paidAt: null,
        testUser: false,
      }),
      ...fieldsChanged,
      ...(change === 'PAID' ? { status: 'PAID' as const, paidAt: at } : {}),
      ...(change === 'CANCELLED' ? { status: 'CANCELLED' as const } : {}),
    };
    invoiceSnapshots.set(id, snapshot);
    return publish(invoiceChanged, id, at, { invoice: snapshot, change });
  }
  /** An ad of `level` paid by its own invoice, public at once. */
  async function paidAd(
    id: string,
    seller: string,
    level: 'GOLD' | 'SILVER' | 'BRONZE',
    amount: number,
    at: string,
    extra: Partial<OpportunitySnapshot> = {},
    testUser = false,
  ) {
    await ad(id, at, 'CREATED', { sellerId: seller, testUser, level, paymentPending: true, ...extra });
    await invoice(`inv-${id}`, at, 'CREATED', { userId: seller, opportunityId: id, level, quickApproval: true, amount, testUser });
    await invoice(`inv-${id}`, at, 'PAID');
    await ad(id, at, 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE', paymentPending: false });
  }

  const plan = (
    userId: string,
    level: 'GOLD' | 'SILVER' | 'BRONZE',
    change: 'PURCHASED' | 'GRANTED' | 'UNIT_USED',
    quantity: number,
    at: string,
    opportunityId: string | null = null,
  ) =>
    publish(planChanged, `${userId}:${level}`, at, {
      plan: { userId, level, availableOpportunities: 5, expiresAt: null, blocked: false },
      change,
      quantity,
      opportunityId,
      invoiceId: null,
    });
  const search = (at: string, filter: SearchFilterSnapshot, pageNumber = 1, role: 'ADVERTISER' | 'TESTUSER' | null = null) =>
    publish(searchPerformed, randomUUID(), at, {
      text: null,
      filter,
      sort: 'NEWEST',
      pageNumber,
      resultCount: 3,
      viewer: role ? { id: `who-${role}`, role } : null,
    });
  let complaints = 0;
  const complaint = (opportunityId: string, at: string, byTestUser = false) => {
    complaints += 1;
    const id = `complaint-${complaints}`;
    return publish(complaintFiled, id, at, { complaint: { id, opportunityId, details: 'x', dateCreated: at, resolved: false }, reporterId: null, byTestUser });
  };
  const click = (opportunityId: string, at: string, byTestUser = false) =>
    publish(contactClicked, opportunityId, at, { opportunityId, clickType: 'CONTACT_SELLER_BY_WHATSAPP', dateCreated: at, viewerId: null, byTestUser });

  beforeAll(async () => {
    moderation = await startModeration();
    admin = await moderation.user('ADMINISTRATOR', { dateCreated: '2025-01-05T12:00:00.000Z' });

    // Users: three organic (with the administrator), three impersonal (one confirmed), a TESTUSER.
    await register('u1', '2025-02-20T15:00:00.000Z');
    await register('u2', '2025-03-02T15:00:00.000Z');
    await impersonal('u3', '2025-03-02T16:00:00.000Z', 5);
    await impersonal('u4', '2025-03-01T16:00:00.000Z', 3);
    await publish(userConfirmed, 'u4', '2025-03-01T17:00:00.000Z', { user: userSnapshot('u4', '2025-03-01T16:00:00.000Z', { impersonal: true }) });
    await impersonal('u5', '2025-02-15T16:00:00.000Z', 0);
    await register('t1', '2025-03-01T16:00:00.000Z', { role: 'TESTUSER' });

    // Ads.
    await ad('a9', '2025-02-10T15:00:00.000Z', 'CREATED', { sellerId: 'u1', brand: 'MAZDA' });
    await ad('a9', '2025-02-10T16:00:00.000Z', 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE' });
    await ad('a9', '2025-02-24T16:00:00.000Z', 'STATUS_CHANGED', { status: 'EXPIRED' });
    await ad('a1', '2025-02-20T15:00:00.000Z', 'CREATED', { sellerId: 'u1' });
    await ad('a1', '2025-02-20T16:00:00.000Z', 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE' });
    await ad('a1', '2025-03-02T16:00:00.000Z', 'STATUS_CHANGED', { status: 'EXPIRED' });
    await paidAd('a8', 'u1', 'SILVER', 10_000, '2025-02-21T15:00:00.000Z');
    await ad('a8', '2025-03-03T15:00:00.000Z', 'RENEWED', { status: 'PUBLIC_ONLINE' });
    await ad('a10', '2025-02-22T15:00:00.000Z', 'CREATED', { sellerId: 'u1', level: 'GOLD', paymentPending: true });
    await plan('u1', 'GOLD', 'UNIT_USED', -1, '2025-02-22T15:00:00.000Z', 'a10');
    await ad('a10', '2025-02-22T15:00:01.000Z', 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE', paymentPending: false });
    // A free ad with quick approval, paid on 1 March.
    await ad('a2', '2025-03-01T15:00:00.000Z', 'CREATED', { sellerId: 'u2', autoApproval: true, paymentPending: true });
    await invoice('inv-a2', '2025-03-01T15:00:00.000Z', 'CREATED', { userId: 'u2', opportunityId: 'a2', level: 'FREE', quickApproval: true, amount: 2_000 });
    await invoice('inv-a2', '2025-03-01T15:05:00.000Z', 'PAID');
    await ad('a2', '2025-03-01T15:05:00.000Z', 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE', paymentPending: false });
    // 05:00 UTC on 2 March is 23:00 on 1 March in Costa Rica.
    await paidAd('a3', 'u2', 'GOLD', 15_000, '2025-03-02T05:00:00.000Z');
    await ad('a4', '2025-03-02T18:00:00.000Z', 'CREATED', { sellerId: 'u2', level: 'SILVER', brand: 'HONDA', model: 'Civic', paymentPending: true });
    await plan('u2', 'SILVER', 'UNIT_USED', -1, '2025-03-02T18:00:00.000Z', 'a4');
    await ad('a4', '2025-03-02T18:00:01.000Z', 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE', paymentPending: false });
    await paidAd('a11', 'u2', 'BRONZE', 5_000, '2025-03-02T19:00:00.000Z', { brand: 'HONDA', model: 'Fit' });
    // Abandoned at the payment step: never counted.
    await ad('a5', '2025-03-03T15:00:00.000Z', 'CREATED', { sellerId: 'u1', level: 'BRONZE', paymentPending: true });
    await invoice('inv-a5', '2025-03-03T15:00:00.000Z', 'CREATED', { userId: 'u1', opportunityId: 'a5', level: 'BRONZE', amount: 5_000 });
    // Paid then cancelled: the ad counts (it was settled) and expires; the money does not.
    await paidAd('a7', 'u2', 'GOLD', 15_000, '2025-03-03T15:00:00.000Z', { brand: 'NISSAN', model: 'Sentra' });
    await invoice('inv-a7', '2025-03-03T16:00:00.000Z', 'CANCELLED');
    await ad('a7', '2025-03-03T16:00:00.000Z', 'STATUS_CHANGED', { status: 'EXPIRED' });
    // The TESTUSER's paid ad and promotional plan.
    await paidAd('a6', 't1', 'GOLD', 15_000, '2025-03-02T15:00:00.000Z', {}, true);
    await plan('t1', 'GOLD', 'GRANTED', 5, '2025-03-01T16:00:00.000Z');

    // Plans: two bought (one before the period), two granted with impersonal registrations.
    await invoice('inv-p1', '2025-03-02T15:00:00.000Z', 'CREATED', {
      kind: 'PLAN',
      userId: 'u1',
      level: 'GOLD',
      quickApproval: true,
      planQuantity: 10,
      amount: 100_000,
    });
    await invoice('inv-p1', '2025-03-02T15:01:00.000Z', 'PAID');
    await plan('u1', 'GOLD', 'PURCHASED', 10, '2025-03-02T15:01:00.000Z');
    await invoice('inv-p2', '2025-02-25T15:00:00.000Z', 'CREATED', {
      kind: 'PLAN',
      userId: 'u2',
      level: 'BRONZE',
      quickApproval: true,
      planQuantity: 12,
      amount: 50_000,
    });
    await invoice('inv-p2', '2025-02-25T15:01:00.000Z', 'PAID');
    await plan('u3', 'SILVER', 'GRANTED', 5, '2025-03-02T16:00:00.000Z');
    await plan('u4', 'GOLD', 'GRANTED', 3, '2025-03-01T16:00:00.000Z');

    // Searches: a second page, a TESTUSER's and one before the period are not counted.
    await search('2025-03-01T15:00:00.000Z', { brand: 'TOYOTA', model: 'Corolla' });
    await search('2025-03-01T15:01:00.000Z', { brand: 'TOYOTA', model: 'corolla' }, 1, 'ADVERTISER');
    await search('2025-03-01T15:02:00.000Z', { brand: 'TOYOTA', model: 'Corolla' }, 2);
    await search('2025-03-02T15:00:00.000Z', { brand: 'TOYOTA' });
    await search('2025-03-02T15:00:00.000Z', { brand: 'HONDA', model: 'Civic' });
    await search('2025-03-03T15:00:00.000Z', { year: 2018 });
    await search('2025-03-03T15:00:00.000Z', { brand: 'TOYOTA', model: 'Corolla' }, 1, 'TESTUSER');
    await search('2025-02-20T15:00:00.000Z', { brand: 'TOYOTA', model: 'Corolla' });

    // Complaints: a3 twice, a4; left out: the TESTUSER's ad, a TESTUSER reporter, before the period.
    await complaint('a3', '2025-03-02T15:00:00.000Z');
    const second = await complaint('a3', '2025-03-02T16:00:00.000Z');
    await publish(complaintResolved, second.aggregateId, '2025-03-02T17:00:00.000Z', {
      complaint: { id: second.aggregateId, opportunityId: 'a3', details: 'x', dateCreated: '2025-03-02T16:00:00.000Z', resolved: true },
      resolvedBy: 'admin',
    });
    await complaint('a4', '2025-03-03T15:00:00.000Z');
    await complaint('a6', '2025-03-03T15:00:00.000Z');
    await complaint('a2', '2025-03-03T15:00:00.000Z', true);
    await complaint('a1', '2025-02-25T15:00:00.000Z');

    // Contact clicks: a3 ×3, a2 ×2, a4 ×1; left out as above.
    for (const minute of ['10', '20', '30']) await click('a3', `2025-03-02T15:${minute}:00.000Z`);
    await click('a2', '2025-03-01T16:00:00.000Z');
    await click('a2', '2025-03-03T16:00:00.000Z');
    await click('a2', '2025-03-03T16:10:00.000Z', true);
    await click('a4', '2025-03-03T16:00:00.000Z');
    await click('a4', '2025-02-27T16:00:00.000Z');
    await click('a6', '2025-03-03T16:00:00.000Z');

    // Every event delivered a second time (at least once delivery): nothing counts twice.
    for (const { topic, envelope } of [...sent]) await moderation.bus.publish(topic, [{ key: envelope.aggregateId, value: envelope }]);
  }, 60_000);
  afterAll(() => moderation.stop());

  const dashboard = async (variables: Record<string, unknown>, token = admin.token, language?: string) =>
    moderation.call('moderation', QUERY, variables, { token, ...(language ? { language } : {}) });

  it('answers every figure of the scripted sequence, TESTUSER activity left out', async () => {
    const expected = {
      generalData: {
        totalRevenue: 182_000,
        opportunitiesSummary: ads(3, 3, 2, 1, 1),
        inPlanOpportunitiesSummary: ads(0, 1, 1, 0, 0),
        paidOpportunitiesSummary: ads(1, 1, 1, 1, 1),
        plansSummary: { paidPlans: plans(22, 1, 0, 1), sponsoredPlans: plans(8, 1, 1, 0) },
        renewingSummary: { pending: 4, expired: 3 },
        usersSummary: users(3, 1, 2),
      },
      periodData: {
        from: '2025-03-01',
        to: '2025-03-03',
        summary: {
          totalRevenue: 122_000,
          opportunitiesSummary: ads(1, 2, 1, 1, 1),
          inPlanOpportunitiesSummary: ads(0, 0, 1, 0, 0),
          paidOpportunitiesSummary: ads(1, 1, 0, 1, 1),
          plansSummary: { paidPlans: plans(10, 1, 0, 0), sponsoredPlans: plans(8, 1, 1, 0) },
          renewingSummary: { pending: 3, expired: 2 },
          usersSummary: users(1, 1, 1),
        },
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
});
