import { randomUUID } from 'node:crypto';
import { complaintResolved, searchPerformed, type OpportunitySnapshot, type SearchFilterSnapshot } from '@ruedas/events';
import { HistoryWriter } from './dashboard-history';

/**
 * The scripted sequence of events the dashboard test checks figure by figure: what identity,
 * listings, billing, search and moderation publish over the Costa Rica days 2025-03-01 to 2025-03-03
 * (UTC-6: 2025-03-01T06:00Z to 2025-03-04T06:00Z), and a little before. Written with the random
 * histories' writer, in the order the services would publish it.
 */
export function scriptedSequence(): HistoryWriter {
  const w = new HistoryWriter('script');

  /** An ad of `level` paid by its own invoice, public at once. */
  const paidAd = (id: string, seller: string, level: 'GOLD' | 'SILVER' | 'BRONZE', amount: number, at: string, extra: Partial<OpportunitySnapshot> = {}) => {
    w.ad(id, at, 'CREATED', { sellerId: seller, level, paymentPending: true, ...extra });
    w.invoice(`inv-${id}`, at, 'CREATED', { userId: seller, opportunityId: id, level, quickApproval: true, amount });
    w.invoice(`inv-${id}`, at, 'PAID');
    w.ad(id, at, 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE', paymentPending: false });
  };
  /** A plan's invoice (quick approval included), created at `at` and paid at `paidAt`. */
  const paidPlanInvoice = (
    id: string,
    userId: string,
    level: 'GOLD' | 'SILVER' | 'BRONZE',
    planQuantity: number,
    amount: number,
    at: string,
    paidAt: string,
  ) => {
    w.invoice(id, at, 'CREATED', { kind: 'PLAN', userId, level, quickApproval: true, planQuantity, amount });
    w.invoice(id, paidAt, 'PAID');
  };
  const search = (at: string, filter: SearchFilterSnapshot, pageNumber = 1, role: 'ADVERTISER' | 'TESTUSER' | null = null) =>
    w.emit(searchPerformed, randomUUID(), at, {
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
    return w.complaint(`complaint-${complaints}`, opportunityId, at, byTestUser);
  };

  // Users: three organic (with the administrator), three impersonal (one confirmed), a TESTUSER.
  w.register('u1', '2025-02-20T15:00:00.000Z', false, false);
  w.register('u2', '2025-03-02T15:00:00.000Z', false, false);
  w.register('u3', '2025-03-02T16:00:00.000Z', true, false, 5);
  w.register('u4', '2025-03-01T16:00:00.000Z', true, false, 3);
  w.confirm('u4', '2025-03-01T17:00:00.000Z');
  w.register('u5', '2025-02-15T16:00:00.000Z', true, false, 0);
  w.register('t1', '2025-03-01T16:00:00.000Z', false, true);

  // Ads.
  w.ad('a9', '2025-02-10T15:00:00.000Z', 'CREATED', { sellerId: 'u1', brand: 'MAZDA' });
  w.ad('a9', '2025-02-10T16:00:00.000Z', 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE' });
  w.ad('a9', '2025-02-24T16:00:00.000Z', 'STATUS_CHANGED', { status: 'EXPIRED' });
  w.ad('a1', '2025-02-20T15:00:00.000Z', 'CREATED', { sellerId: 'u1' });
  w.ad('a1', '2025-02-20T16:00:00.000Z', 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE' });
  w.ad('a1', '2025-03-02T16:00:00.000Z', 'STATUS_CHANGED', { status: 'EXPIRED' });
  paidAd('a8', 'u1', 'SILVER', 10_000, '2025-02-21T15:00:00.000Z');
  w.ad('a8', '2025-03-03T15:00:00.000Z', 'RENEWED', { status: 'PUBLIC_ONLINE' });
  w.ad('a10', '2025-02-22T15:00:00.000Z', 'CREATED', { sellerId: 'u1', level: 'GOLD', paymentPending: true });
  w.plan('u1', 'GOLD', 'UNIT_USED', -1, '2025-02-22T15:00:00.000Z', 'a10');
  w.ad('a10', '2025-02-22T15:00:01.000Z', 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE', paymentPending: false });
  // A free ad with quick approval, paid on 1 March.
  w.ad('a2', '2025-03-01T15:00:00.000Z', 'CREATED', { sellerId: 'u2', autoApproval: true, paymentPending: true });
  w.invoice('inv-a2', '2025-03-01T15:00:00.000Z', 'CREATED', { userId: 'u2', opportunityId: 'a2', level: 'FREE', quickApproval: true, amount: 2_000 });
  w.invoice('inv-a2', '2025-03-01T15:05:00.000Z', 'PAID');
  w.ad('a2', '2025-03-01T15:05:00.000Z', 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE', paymentPending: false });
  // 05:00 UTC on 2 March is 23:00 on 1 March in Costa Rica.
  paidAd('a3', 'u2', 'GOLD', 15_000, '2025-03-02T05:00:00.000Z');
  w.ad('a4', '2025-03-02T18:00:00.000Z', 'CREATED', { sellerId: 'u2', level: 'SILVER', brand: 'HONDA', model: 'Civic', paymentPending: true });
  w.plan('u2', 'SILVER', 'UNIT_USED', -1, '2025-03-02T18:00:00.000Z', 'a4');
  w.ad('a4', '2025-03-02T18:00:01.000Z', 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE', paymentPending: false });
  paidAd('a11', 'u2', 'BRONZE', 5_000, '2025-03-02T19:00:00.000Z', { brand: 'HONDA', model: 'Fit' });
  // Abandoned at the payment step: never counted.
  w.ad('a5', '2025-03-03T15:00:00.000Z', 'CREATED', { sellerId: 'u1', level: 'BRONZE', paymentPending: true });
  w.invoice('inv-a5', '2025-03-03T15:00:00.000Z', 'CREATED', { userId: 'u1', opportunityId: 'a5', level: 'BRONZE', amount: 5_000 });
  // Paid then cancelled: the ad counts (it was settled) and expires; the money does not.
  paidAd('a7', 'u2', 'GOLD', 15_000, '2025-03-03T15:00:00.000Z', { brand: 'NISSAN', model: 'Sentra' });
  w.invoice('inv-a7', '2025-03-03T16:00:00.000Z', 'CANCELLED');
  w.ad('a7', '2025-03-03T16:00:00.000Z', 'STATUS_CHANGED', { status: 'EXPIRED' });
  // The TESTUSER's paid ad (the writer marks it and its invoice as a TESTUSER's) and promotional plan.
  paidAd('a6', 't1', 'GOLD', 15_000, '2025-03-02T15:00:00.000Z');
  w.plan('t1', 'GOLD', 'GRANTED', 5, '2025-03-01T16:00:00.000Z');

  // Plans: two bought (one before the period), two granted with impersonal registrations.
  paidPlanInvoice('inv-p1', 'u1', 'GOLD', 10, 100_000, '2025-03-02T15:00:00.000Z', '2025-03-02T15:01:00.000Z');
  w.plan('u1', 'GOLD', 'PURCHASED', 10, '2025-03-02T15:01:00.000Z');
  paidPlanInvoice('inv-p2', 'u2', 'BRONZE', 12, 50_000, '2025-02-25T15:00:00.000Z', '2025-02-25T15:01:00.000Z');
  w.plan('u3', 'SILVER', 'GRANTED', 5, '2025-03-02T16:00:00.000Z');
  w.plan('u4', 'GOLD', 'GRANTED', 3, '2025-03-01T16:00:00.000Z');

  // Searches: a second page, a TESTUSER's and one before the period are not counted.
  search('2025-03-01T15:00:00.000Z', { brand: 'TOYOTA', model: 'Corolla' });
  search('2025-03-01T15:01:00.000Z', { brand: 'TOYOTA', model: 'corolla' }, 1, 'ADVERTISER');
  search('2025-03-01T15:02:00.000Z', { brand: 'TOYOTA', model: 'Corolla' }, 2);
  search('2025-03-02T15:00:00.000Z', { brand: 'TOYOTA' });
  search('2025-03-02T15:00:00.000Z', { brand: 'HONDA', model: 'Civic' });
  search('2025-03-03T15:00:00.000Z', { year: 2018 });
  search('2025-03-03T15:00:00.000Z', { brand: 'TOYOTA', model: 'Corolla' }, 1, 'TESTUSER');
  search('2025-02-20T15:00:00.000Z', { brand: 'TOYOTA', model: 'Corolla' });

  // Complaints: a3 twice, a4; left out: the TESTUSER's ad, a TESTUSER reporter, before the period.
  complaint('a3', '2025-03-02T15:00:00.000Z');
  const second = complaint('a3', '2025-03-02T16:00:00.000Z');
  w.emit(complaintResolved, second.aggregateId, '2025-03-02T17:00:00.000Z', {
    complaint: { id: second.aggregateId, opportunityId: 'a3', details: 'x', dateCreated: '2025-03-02T16:00:00.000Z', resolved: true },
    resolvedBy: 'admin',
  });
  complaint('a4', '2025-03-03T15:00:00.000Z');
  complaint('a6', '2025-03-03T15:00:00.000Z');
  complaint('a2', '2025-03-03T15:00:00.000Z', true);
  complaint('a1', '2025-02-25T15:00:00.000Z');

  // Contact clicks: a3 ×3, a2 ×2, a4 ×1; left out as above.
  for (const minute of ['10', '20', '30']) w.click('a3', `2025-03-02T15:${minute}:00.000Z`);
  w.click('a2', '2025-03-01T16:00:00.000Z');
  w.click('a2', '2025-03-03T16:00:00.000Z');
  w.click('a2', '2025-03-03T16:10:00.000Z', true);
  w.click('a4', '2025-03-03T16:00:00.000Z');
  w.click('a4', '2025-02-27T16:00:00.000Z');
  w.click('a6', '2025-03-03T16:00:00.000Z');
  return w;
}

/** The expected figures of an ads summary. */
export const ads = (totalFree: number, gold: number, silver: number, bronze: number, immediateApproval: number) => ({
  totalCreated: totalFree + gold + silver + bronze,
  totalFree,
  totalPaid: gold + silver + bronze,
  totalGoldLevel: gold,
  totalSilverLevel: silver,
  totalBronzeLevel: bronze,
  immediateApproval,
});
/** The expected figures of a plan count. */
export const plans = (totalOpportunities: number, gold: number, silver: number, bronze: number) => ({
  totalCreated: gold + silver + bronze,
  totalOpportunities,
  totalGoldLevel: gold,
  totalSilverLevel: silver,
  totalBronzeLevel: bronze,
});
/** The expected figures of a users summary. */
export const users = (organic: number, confirmed: number, notConfirmed: number) => ({
  totalCreated: organic + confirmed + notConfirmed,
  organic,
  impersonalSummary: { totalRegistered: confirmed + notConfirmed, totalConfirmed: confirmed, totalNoConfirmed: notConfirmed },
});
type AdFigures = ReturnType<typeof ads>;
type PlanFigures = ReturnType<typeof plans>;
/**
 * The expected figures of a summary (the whole life's, or a period's): the revenue; the ads' counts
 * (all, in a plan, paid); the plans' (paid, sponsored); the renewals (pending, expired); the users'.
 */
export const summary = (
  totalRevenue: number,
  [opportunitiesSummary, inPlanOpportunitiesSummary, paidOpportunitiesSummary]: [AdFigures, AdFigures, AdFigures],
  [paidPlans, sponsoredPlans]: [PlanFigures, PlanFigures],
  [pending, expired]: [number, number],
  usersSummary: ReturnType<typeof users>,
) => ({
  totalRevenue,
  opportunitiesSummary,
  inPlanOpportunitiesSummary,
  paidOpportunitiesSummary,
  plansSummary: { paidPlans, sponsoredPlans },
  renewingSummary: { pending, expired },
  usersSummary,
});
