import { createEvent, planChanged, topics, type OpportunitySnapshot } from '@ruedas/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adInput, eventually, seen, startModeration, type Json, type Moderation } from './harness';

/**
 * Issue 20 in the moderation and listings subgraphs: an ad above RISK_SCORE_TO_HOLD that its payment
 * would publish at once waits for review; the price signal through the market-price port (a fake
 * estimator here: the fair-price rating is wired in later, decision 0075).
 */
const QUEUE = '{ reviewQueue { items { id status heldFor riskScore riskReasons { reason } } } }';
const CREATE = 'mutation C($input: OpportunityInput!) { createOpportunity(input: $input) { id } }';
const APPROVE = 'mutation A($id: ID!) { approveOpportunity(id: $id) { decision } }';
const HISTORY = 'query H($id: ID!) { statusHistory(opportunityId: $id) { email status } }';

/** Estimates 10,000,000 colones for a Corolla, nothing for anything else. */
const estimator = { estimateCrc: async (ad: OpportunitySnapshot) => (ad.model === 'Corolla' ? 10_000_000 : null) };

describe('risk holds and the price signal (issue 20)', () => {
  let moderation: Moderation;
  let admin: Awaited<ReturnType<Moderation['user']>>;
  let seller: Awaited<ReturnType<Moderation['user']>>;
  let planVersion = 0;
  const item = async (id: string) =>
    ((await moderation.call('moderation', QUEUE, {}, admin.token)).data!.reviewQueue.items as Json[]).find((entry) => entry.id === id);

  /** A unit of the seller's plan pays for the ad: listings publishes it at once (auto-approval). */
  async function payWithPlan(opportunityId: string) {
    planVersion += 1;
    const event = createEvent(planChanged, {
      aggregateId: `${seller.id}:GOLD`,
      aggregateVersion: planVersion,
      actor: { kind: 'user', id: seller.id },
      payload: {
        plan: { userId: seller.id, level: 'GOLD', availableOpportunities: 5, expiresAt: '2026-01-01T00:00:00.000Z', blocked: false },
        change: 'UNIT_USED',
        quantity: -1,
        opportunityId,
        invoiceId: null,
      },
    });
    await moderation.bus.publish(topics.billingPlan, [{ key: event.aggregateId, value: event }]);
  }
  async function create(overrides: Json) {
    const created = await moderation.call('listings', CREATE, { input: adInput({ level: 'GOLD', ...overrides }) }, seller.token);
    if (created.errors) throw new Error(JSON.stringify(created.errors));
    return created.data!.createOpportunity.id as string;
  }

  beforeAll(async () => {
    moderation = await startModeration({ marketPrice: estimator });
    admin = await moderation.user('ADMINISTRATOR', { email: 'admin@ruedas.test', phoneList: [{ phone: '22223333', phoneType: 'HOME' }] });
    seller = await moderation.user('ADVERTISER', { email: 'vende@example.com', phoneList: [{ phone: '87654321', phoneType: 'WHATSAPP' }] });
  });
  afterAll(() => moderation.stop());

  it('flags a price far below the estimate (40% or more), not one near it nor one without an estimate', async () => {
    const cheap = await create({ price: 5_500_000, phoneList: [{ phone: '8765-4321', phoneType: 'WHATSAPP' }] });
    const fair = await create({ price: 9_000_000, phoneList: [{ phone: '8765-4321', phoneType: 'WHATSAPP' }] });
    const unknown = await create({ model: 'Yaris', price: 1_000_000, phoneList: [{ phone: '8765-4321', phoneType: 'WHATSAPP' }] });
    for (const id of [cheap, fair, unknown]) await seen(moderation, id, 'PENDING_APPROVAL');
    await eventually(async () => (await moderation.collections.ads.findById(cheap))?.riskReasons?.includes('PRICE_FAR_BELOW_ESTIMATE'));
    expect((await moderation.collections.ads.findById(cheap))?.riskReasons).toEqual(['PRICE_FAR_BELOW_ESTIMATE']);
    expect((await moderation.collections.ads.findById(fair))?.riskReasons).toEqual([]);
    expect((await moderation.collections.ads.findById(unknown))?.riskReasons).toEqual([]);
  });

  it('holds a paid ad above RISK_SCORE_TO_HOLD for review instead of publishing it, and an approval publishes it; a clean one stays public', async () => {
    const risky = await create({
      model: 'Hilux',
      description: 'Solo por WhatsApp. Pida el depósito por Western Union antes de verlo.',
      phoneList: [{ phone: '8765-4321', phoneType: 'WHATSAPP' }],
    });
    const clean = await create({
      model: 'Rav4',
      description: 'Único dueño, papeles al día, se puede revisar en agencia.',
      phoneList: [{ phone: '8765-4321', phoneType: 'WHATSAPP' }],
    });
    for (const id of [risky, clean]) {
      await seen(moderation, id, 'PENDING_APPROVAL');
      await payWithPlan(id);
    }
    await seen(moderation, clean, 'PUBLIC_ONLINE');
    const held = await eventually(async () => ((await item(risky))?.heldFor ? item(risky) : null));
    // Its fourth and fifth ads make the brand-new account a burst too (20 points).
    expect(held).toMatchObject({
      status: 'PENDING_APPROVAL',
      heldFor: 'RISK',
      riskScore: 80,
      riskReasons: [{ reason: 'ADVANCE_PAYMENT_TEXT' }, { reason: 'NEW_ACCOUNT_BURST' }],
    });
    // The clean ad has the burst alone (20 < 50): public, not in the queue.
    expect(await item(clean)).toBeUndefined();
    expect(await moderation.collections.ads.findById(clean)).toMatchObject({ status: 'PUBLIC_ONLINE', riskScore: 20, heldFor: null });
    const [event] = (await moderation.events('OpportunityHeld')).filter((e) => e.aggregateId === risky);
    expect(event?.payload).toMatchObject({ opportunityId: risky, cause: 'RISK', riskScore: 80, reasons: ['ADVANCE_PAYMENT_TEXT', 'NEW_ACCOUNT_BURST'] });

    await moderation.call('moderation', APPROVE, { id: risky }, admin.token);
    await seen(moderation, risky, 'PUBLIC_ONLINE');
    const history = (await moderation.call('listings', HISTORY, { id: risky }, admin.token)).data!.statusHistory.map((entry: Json) => [
      entry.email,
      entry.status,
    ]);
    expect(history).toEqual([
      ['vende@example.com', 'PENDING_APPROVAL'],
      ['system', 'PUBLIC_ONLINE'],
      ['system', 'PENDING_APPROVAL'],
      ['admin@ruedas.test', 'APPROVED'],
      ['admin@ruedas.test', 'PUBLIC_ONLINE'],
    ]);
    // Approved at this score: it is not held again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await moderation.collections.ads.findById(risky))?.status).toBe('PUBLIC_ONLINE');
  });
});
