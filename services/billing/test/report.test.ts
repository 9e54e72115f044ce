import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUY_PLAN, checkout, code, CONFIRM, createAd, DAY, messageKey, payAtSandbox, START, startBilling, type Harness, type Seller } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startBilling();
});
afterAll(() => h.stop());

const REPORT = `query R($s: String!, $e: String!) { userPurchases(startDate: $s, endDate: $e) { userId user { id }
  opportunities { userFullName totalPaid totalPurchasesQuantity goldQuantity goldAmount silverQuantity silverAmount bronzeQuantity bronzeAmount freeQuantity }
  plans { userFullName totalPaid totalPurchasesQuantity goldQuantity goldAmount silverQuantity silverAmount bronzeQuantity bronzeAmount freeQuantity } } }`;

async function paidAd(seller: Seller, overrides: Record<string, unknown>) {
  const id = await createAd(h, seller, overrides);
  const result = await checkout(h, seller, id);
  if (result.redirectUrl) await h.b(CONFIRM, { response: (await payAtSandbox(h, result.redirectUrl)).response });
  return id;
}

describe('purchases report', () => {
  it('counts per user the ads settled and the plans paid in the period, by level, free apart', async () => {
    const admin = await h.user('ADMINISTRATOR');
    const ana = await h.user();
    const luis = await h.user();
    // 2025-03-01 (Costa Rica): Ana buys a gold and a bronze ad, a free one, a free one with quick approval, and a silver plan of 10.
    await paidAd(ana, { level: 'GOLD' });
    await paidAd(ana, { level: 'BRONZE' });
    await paidAd(ana, { level: 'FREE' });
    await paidAd(ana, { level: 'FREE', autoApproval: true });
    const plan = await h.b(BUY_PLAN, { plan: { planLevel: 'SILVER', totalOpportunities: 10 } }, ana.token);
    await h.b(CONFIRM, { response: (await payAtSandbox(h, plan.data?.buyPlan.redirectUrl)).response });
    // ...and uses the plan for a silver ad (in the opportunities block with amount 0).
    await paidAd(ana, { level: 'SILVER' });
    // An unpaid gold ad is no purchase.
    await checkout(h, ana, await createAd(h, ana, { level: 'GOLD' }));
    // Two days later Luis buys a gold ad: outside a one-day report.
    h.clock.set(new Date(START.getTime() + 2 * DAY));
    try {
      await paidAd(luis, { level: 'GOLD' });
    } finally {
      h.clock.set(START);
    }
    const day = await h.b(REPORT, { s: '2025-03-01', e: '2025-03-01' }, admin.token);
    expect(day.data?.userPurchases).toEqual([
      {
        userId: ana.id,
        user: { id: ana.id },
        opportunities: {
          userFullName: ana.fullName,
          totalPaid: 36_000,
          totalPurchasesQuantity: 5,
          goldQuantity: 1,
          goldAmount: 25_000,
          silverQuantity: 1,
          silverAmount: 0,
          bronzeQuantity: 1,
          bronzeAmount: 8000,
          freeQuantity: 2,
        },
        plans: {
          userFullName: ana.fullName,
          totalPaid: 75_000,
          totalPurchasesQuantity: 1,
          goldQuantity: 0,
          goldAmount: 0,
          silverQuantity: 10,
          silverAmount: 75_000,
          bronzeQuantity: 0,
          bronzeAmount: 0,
          freeQuantity: 0,
        },
      },
    ]);
    const both = await h.b(REPORT, { s: '2025-03-01', e: '2025-03-03' }, admin.token);
    expect(both.data?.userPurchases.map((row: { userId: string }) => row.userId)).toEqual([ana.id, luis.id]);
    expect(both.data?.userPurchases[1].opportunities).toMatchObject({ totalPaid: 25_000, goldQuantity: 1, totalPurchasesQuantity: 1 });
  });

  it('refuses bad dates and anybody but an admin', async () => {
    const admin = await h.user('ADMINISTRATOR');
    const seller = await h.user();
    expect(messageKey(await h.b(REPORT, { s: '2025-03-05', e: '2025-03-01' }, admin.token))).toBe('validationFailed');
    expect(messageKey(await h.b(REPORT, { s: '2025-02-30', e: '2025-03-01' }, admin.token))).toBe('validationFailed');
    expect(code(await h.b(REPORT, { s: '2025-03-01', e: '2025-03-01' }, seller.token))).toBe('FORBIDDEN');
  });
});
