import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adStatus,
  BUY_PLAN,
  checkout,
  CONFIRM,
  createAd,
  DAY,
  eventually,
  payAtSandbox,
  PLAN_STATUS,
  START,
  startBilling,
  type Harness,
  type Seller,
} from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startBilling({ schedulerIntervalMs: 50 });
});
afterAll(() => h.stop());

async function buyPlan(seller: Seller, planLevel: string, totalOpportunities: number) {
  const bought = await h.b(BUY_PLAN, { plan: { planLevel, totalOpportunities } }, seller.token);
  if (bought.errors) throw new Error(JSON.stringify(bought.errors));
  const paid = await payAtSandbox(h, bought.data!.buyPlan.redirectUrl);
  expect(paid.location).toBe('/buyPlanResult');
  const confirmed = await h.b(CONFIRM, { response: paid.response });
  expect(confirmed.data?.confirmPayment).toMatchObject({ outcome: 'APPROVED', kind: 'PLAN', isPayed: true, plan: { planLevel, totalOpportunities } });
  return bought.data!.buyPlan.invoice;
}

const balance = async (seller: Seller, level: string) =>
  ((await h.b(PLAN_STATUS, {}, seller.token)).data?.myPlanStatus as Array<{ planLevel: string; availableOpportunities: number }>).find(
    (plan) => plan.planLevel === level,
  );

describe('plans', () => {
  it('a new seller has three empty plans', async () => {
    const seller = await h.user();
    expect((await h.b(PLAN_STATUS, {}, seller.token)).data?.myPlanStatus).toEqual([
      { planLevel: 'GOLD', availableOpportunities: 0, expirationDate: null, blocked: false },
      { planLevel: 'SILVER', availableOpportunities: 0, expirationDate: null, blocked: false },
      { planLevel: 'BRONZE', availableOpportunities: 0, expirationDate: null, blocked: false },
    ]);
  });

  it('refuses a quantity under the minimum parameter or above 100; the level defaults to GOLD', async () => {
    const seller = await h.user();
    expect((await h.b(BUY_PLAN, { plan: { totalOpportunities: 9 } }, seller.token)).errors?.[0]?.extensions?.fields).toMatchObject({
      totalOpportunities: { messageKey: 'planQuantityBelowMinimum' },
    });
    expect((await h.b(BUY_PLAN, { plan: { totalOpportunities: 101 } }, seller.token)).errors?.[0]?.extensions?.fields).toMatchObject({
      totalOpportunities: { messageKey: 'planQuantityAboveMaximum' },
    });
    const bought = await h.b(BUY_PLAN, { plan: { totalOpportunities: 10 } }, seller.token);
    expect(bought.data?.buyPlan.invoice).toMatchObject({
      kind: 'PLAN',
      level: 'GOLD',
      plan: { planLevel: 'GOLD', totalOpportunities: 10 },
      amount: 125_000,
      status: 'NEW',
      opportunityId: null,
    });
    await h.setParameter('MIN_ADS_IN_PLAN', 5);
    await eventually(async () => (await h.b('{ minPlanQuantity }')).data?.minPlanQuantity === 5);
    expect((await h.b(BUY_PLAN, { plan: { planLevel: 'BRONZE', totalOpportunities: 5 } }, seller.token)).data?.buyPlan.invoice.amount).toBe(20_000);
    await h.setParameter('MIN_ADS_IN_PLAN', 10);
    await eventually(async () => (await h.b('{ minPlanQuantity }')).data?.minPlanQuantity === 10);
  });

  it('a paid plan adds its quantity for a month; a silver ad is then published from the balance with no payment', async () => {
    const seller = await h.user();
    await buyPlan(seller, 'SILVER', 12);
    expect(await balance(seller, 'SILVER')).toEqual({
      planLevel: 'SILVER',
      availableOpportunities: 12,
      expirationDate: new Date(Date.UTC(2025, 3, 1, 12)).toISOString(),
      blocked: false,
    });
    const id = await createAd(h, seller, { level: 'SILVER' });
    const result = await checkout(h, seller, id);
    expect(result).toMatchObject({ isPayed: true, coveredByPlan: true, invoice: null, redirectUrl: null, total: 0 });
    await adStatus(h, seller, id, 'PUBLIC_ONLINE');
    expect((await balance(seller, 'SILVER'))?.availableOpportunities).toBe(11);
    // Checking out again consumes nothing more.
    expect(await checkout(h, seller, id)).toMatchObject({ isPayed: true, coveredByPlan: true });
    expect((await balance(seller, 'SILVER'))?.availableOpportunities).toBe(11);
    // A gold ad is not covered by a silver plan.
    const gold = await createAd(h, seller, { level: 'GOLD' });
    expect(await checkout(h, seller, gold)).toMatchObject({ isPayed: false, coveredByPlan: false, total: 25_000 });
  });

  it('two concurrent checkouts of the last unit: one ad covered, the other invoiced', async () => {
    const promoted = await h.user('ADVERTISER', {}, { promotionalAds: 1, planLevel: 'BRONZE' });
    await eventually(async () => (await balance(promoted, 'BRONZE'))?.availableOpportunities === 1);
    const [a, b] = await Promise.all([createAd(h, promoted, { level: 'BRONZE' }), createAd(h, promoted, { level: 'BRONZE' })]);
    const results = await Promise.all([checkout(h, promoted, a), checkout(h, promoted, b)]);
    expect(results.map((result) => result.coveredByPlan).sort()).toEqual([false, true]);
    expect((await balance(promoted, 'BRONZE'))?.availableOpportunities).toBe(0);
  });

  it('expires a month after purchase: blocked, its units unusable; a new plan of the level unblocks them and adds its quantity', async () => {
    const seller = await h.user();
    await buyPlan(seller, 'GOLD', 10);
    const first = await createAd(h, seller, { level: 'GOLD' });
    expect((await checkout(h, seller, first)).coveredByPlan).toBe(true);
    h.clock.set(new Date(START.getTime() + 32 * DAY));
    try {
      // The scheduler writes the block and publishes it.
      await eventually(() =>
        h.published.some((event) => event.aggregateId === `${seller.id}:GOLD` && (event.payload as { change: string }).change === 'BLOCKED'),
      );
      expect(await balance(seller, 'GOLD')).toMatchObject({ availableOpportunities: 9, blocked: true });
      const blockedAd = await createAd(h, seller, { level: 'GOLD' });
      expect(await checkout(h, seller, blockedAd)).toMatchObject({ isPayed: false, coveredByPlan: false, total: 25_000 });
      // A new gold plan: 9 unused + 10 new, a new month, and the waiting ad is covered on its next checkout.
      await buyPlan(seller, 'GOLD', 10);
      expect(await balance(seller, 'GOLD')).toEqual({
        planLevel: 'GOLD',
        availableOpportunities: 19,
        expirationDate: new Date(Date.UTC(2025, 4, 2, 12)).toISOString(),
        blocked: false,
      });
      const resumed = await checkout(h, seller, blockedAd);
      expect(resumed).toMatchObject({ isPayed: true, coveredByPlan: true });
      await adStatus(h, seller, blockedAd, 'PUBLIC_ONLINE');
      expect((await balance(seller, 'GOLD'))?.availableOpportunities).toBe(18);
      // The voided invoice of the blocked period can't be paid any more.
      const invoices = (await h.b('{ myInvoices { opportunityId status } }', {}, seller.token)).data?.myInvoices;
      expect(invoices.filter((invoice: { opportunityId: string }) => invoice.opportunityId === blockedAd)).toEqual([
        { opportunityId: blockedAd, status: 'VOID' },
      ]);
    } finally {
      h.clock.set(START);
    }
  });

  it('an impersonal registration with promotional ads grants a plan of that level, once', async () => {
    const promoted = await h.user('ADVERTISER', {}, { promotionalAds: 5, planLevel: 'SILVER' });
    await eventually(async () => (await balance(promoted, 'SILVER'))?.availableOpportunities === 5);
    // A second delivery of the registration grants nothing more.
    await h.publish('identity.user', { ...promoted.registration, id: randomUUID() });
    await h.publish('identity.user', { ...promoted.registration, id: randomUUID(), aggregateVersion: 2 });
    const marker = await h.user();
    void marker;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await balance(promoted, 'SILVER'))?.availableOpportunities).toBe(5);
  });
});
