import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUY_PLAN, CONFIRM, DAY, eventually, payAtSandbox, PLAN_STATUS, START, startBilling, type Harness } from './harness';

let h: Harness;

// The harness's own scheduler ticks once an hour: only a pass at start can block a plan here in time.
beforeAll(async () => {
  h = await startBilling({ schedulerIntervalMs: 3_600_000 });
});
afterAll(() => h.stop());

describe('a billing started after a plan expired', () => {
  it('blocks the plan at start (a restart, or a moved development clock), not a scheduler period later', async () => {
    const seller = await h.user();
    const bought = await h.b(BUY_PLAN, { plan: { planLevel: 'BRONZE', totalOpportunities: 10 } }, seller.token);
    const paid = await payAtSandbox(h, bought.data!.buyPlan.redirectUrl);
    expect((await h.b(CONFIRM, { response: paid.response })).data?.confirmPayment).toMatchObject({ outcome: 'APPROVED', kind: 'PLAN' });
    const blockWritten = () =>
      h.published.some((event) => event.aggregateId === `${seller.id}:BRONZE` && (event.payload as { change: string }).change === 'BLOCKED');

    // Restarted within the plan's month: nothing to block.
    await h.restartBilling();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(blockWritten()).toBe(false);

    h.clock.set(new Date(START.getTime() + 32 * DAY));
    try {
      await h.restartBilling();
      await eventually(blockWritten);
      const plans = (await h.b(PLAN_STATUS, {}, seller.token)).data?.myPlanStatus as Array<{
        planLevel: string;
        blocked: boolean;
        availableOpportunities: number;
      }>;
      expect(plans.find((plan) => plan.planLevel === 'BRONZE')).toMatchObject({ blocked: true, availableOpportunities: 10 });
    } finally {
      h.clock.set(START);
    }
  });
});
