import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, invoiceChanged, planChanged, topics, type InvoiceSnapshot } from '@ruedas/events';
import { adInput, code, createAd, eventually, fields, HISTORY, READ, startListings, START, type Listings } from './harness';

/** Billing's side, as listings sees it: invoice and plan events on the bus. */
const CREATE_KEYED =
  'mutation C($input: OpportunityInput!, $requestId: String) { createOpportunity(input: $input, requestId: $requestId) { id status paymentPending } }';
const PENDING = 'query O($id: ID!) { opportunity(id: $id) { id status level paymentPending publishedAt expiresAt } }';

let listings: Listings;
let seller: Awaited<ReturnType<Listings['user']>>;
let versions = 0;

function invoice(opportunityId: string, overrides: Partial<InvoiceSnapshot> = {}): InvoiceSnapshot {
  return {
    id: randomUUID(),
    codigoint: '1',
    kind: 'OPPORTUNITY',
    userId: seller.id,
    opportunityId,
    level: 'GOLD',
    quickApproval: true,
    planQuantity: 0,
    amount: 25_000,
    currency: 'CRC',
    status: 'PAID',
    paymentMethod: 'CARD',
    createdAt: START.toISOString(),
    paidAt: START.toISOString(),
    testUser: false,
    ...overrides,
  };
}

async function publishInvoice(snapshot: InvoiceSnapshot, change: 'PAID' | 'CANCELLED') {
  versions += 1;
  const event = createEvent(invoiceChanged, {
    aggregateId: snapshot.id,
    aggregateVersion: versions,
    actor: { kind: 'system', id: 'billing' },
    payload: { invoice: snapshot, change },
  });
  await listings.bus.publish(topics.billingInvoice, [{ key: event.aggregateId, value: event }]);
}

async function publishPlanUnit(opportunityId: string, level: 'GOLD' | 'SILVER' | 'BRONZE') {
  versions += 1;
  const event = createEvent(planChanged, {
    aggregateId: `${seller.id}:${level}`,
    aggregateVersion: versions,
    actor: { kind: 'user', id: seller.id },
    payload: {
      plan: { userId: seller.id, level, availableOpportunities: 3, expiresAt: START.toISOString(), blocked: false },
      change: 'UNIT_USED',
      quantity: -1,
      opportunityId,
      invoiceId: null,
    },
  });
  await listings.bus.publish(topics.billingPlan, [{ key: event.aggregateId, value: event }]);
}

const read = async (id: string) => (await listings.call(PENDING, { id }, seller.token)).data?.opportunity;

beforeAll(async () => {
  listings = await startListings();
  seller = await listings.user();
});
afterAll(() => listings.stop());

describe('payment pending', () => {
  it('marks ads that need a payment: a paid level, or a free ad with quick approval; the snapshot says so', async () => {
    const gold = await createAd(listings, seller, { level: 'GOLD' });
    const quick = await createAd(listings, seller, { level: 'FREE', autoApproval: true });
    const free = await createAd(listings, seller, { level: 'FREE' });
    expect((await read(gold)).paymentPending).toBe(true);
    expect((await read(quick)).paymentPending).toBe(true);
    expect((await read(free)).paymentPending).toBe(false);
    const [snapshot] = await listings.snapshots(gold);
    expect(snapshot?.payload.opportunity.paymentPending).toBe(true);
  });

  it('follows the level while the ad waits: a free ad changed to silver needs a payment', async () => {
    const id = await createAd(listings, seller, { level: 'FREE' });
    const updated = await listings.call(
      'mutation U($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { paymentPending level } }',
      { id, input: { level: 'SILVER' } },
      seller.token,
    );
    expect(updated.data?.updateOpportunity).toEqual({ paymentPending: true, level: 'SILVER' });
  });

  it('shows paymentPending to the owner only', async () => {
    const other = await listings.user();
    const id = await createAd(listings, seller, { level: 'GOLD' });
    const admin = await listings.user('ADMINISTRATOR');
    expect((await listings.call(PENDING, { id }, admin.token)).data?.opportunity.paymentPending).toBe(true);
    expect(code(await listings.call(PENDING, { id }, other.token))).toBe('NOT_FOUND');
  });
});

describe('idempotent creation', () => {
  it('answers the same ad for the same seller and request id, a new one for another key or seller', async () => {
    const requestId = randomUUID();
    const first = await listings.call(CREATE_KEYED, { input: adInput({ level: 'GOLD' }), requestId }, seller.token);
    const again = await listings.call(CREATE_KEYED, { input: adInput({ level: 'GOLD' }), requestId }, seller.token);
    expect(first.data?.createOpportunity.id).toBeTruthy();
    expect(again.data?.createOpportunity.id).toBe(first.data?.createOpportunity.id);
    const other = await listings.call(CREATE_KEYED, { input: adInput({ level: 'GOLD' }), requestId: randomUUID() }, seller.token);
    expect(other.data?.createOpportunity.id).not.toBe(first.data?.createOpportunity.id);
    const someoneElse = await listings.user();
    const theirs = await listings.call(CREATE_KEYED, { input: adInput({ level: 'GOLD' }), requestId }, someoneElse.token);
    expect(theirs.data?.createOpportunity.id).not.toBe(first.data?.createOpportunity.id);
    const mine = await listings.call('query { myOpportunities(status: PENDING_APPROVAL) { items { id } } }', {}, seller.token);
    expect(mine.data?.myOpportunities.items.filter((ad: { id: string }) => ad.id === first.data?.createOpportunity.id)).toHaveLength(1);
  });

  it('creates one ad from two concurrent submits', async () => {
    const requestId = randomUUID();
    const [a, b] = await Promise.all([0, 1].map(() => listings.call(CREATE_KEYED, { input: adInput(), requestId }, seller.token)));
    expect(a?.data?.createOpportunity.id).toBe(b?.data?.createOpportunity.id);
  });

  it('refuses a request id longer than 100 characters', async () => {
    const result = await listings.call(CREATE_KEYED, { input: adInput(), requestId: 'x'.repeat(101) }, seller.token);
    expect(fields(result)).toEqual({ requestId: 'invalidRequestId' });
  });
});

describe('completed payments (billing events)', () => {
  it('publishes a gold ad at once when its invoice is paid, with the step in the history', async () => {
    const id = await createAd(listings, seller, { level: 'GOLD' });
    await publishInvoice(invoice(id), 'PAID');
    const ad = await eventually(async () => {
      const found = await read(id);
      return found.status === 'PUBLIC_ONLINE' ? found : null;
    });
    expect(ad.paymentPending).toBe(false);
    expect(ad.publishedAt).toBe(START.toISOString());
    expect(ad.expiresAt).toBe(new Date(START.getTime() + 30 * 86_400_000).toISOString());
    const history = (await listings.call(HISTORY, { id }, seller.token)).data?.statusHistory;
    expect(history.map((entry: { status: string }) => entry.status)).toEqual(['PENDING_APPROVAL', 'PUBLIC_ONLINE']);
    // A second delivery of the same kind of event changes nothing more.
    await publishInvoice(invoice(id), 'PAID');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await listings.call(HISTORY, { id }, seller.token)).data?.statusHistory).toHaveLength(2);
  });

  it('publishes a free ad whose quick approval was paid', async () => {
    const id = await createAd(listings, seller, { level: 'FREE', autoApproval: true });
    await publishInvoice(invoice(id, { level: 'FREE', quickApproval: true, amount: 3000 }), 'PAID');
    await eventually(async () => (await read(id)).status === 'PUBLIC_ONLINE');
  });

  it('publishes a silver ad covered by a unit of a silver plan', async () => {
    const id = await createAd(listings, seller, { level: 'SILVER' });
    await publishPlanUnit(id, 'SILVER');
    await eventually(async () => (await read(id)).status === 'PUBLIC_ONLINE');
  });

  it('changes nothing when what was paid does not match the ad', async () => {
    const gold = await createAd(listings, seller, { level: 'GOLD' });
    const free = await createAd(listings, seller, { level: 'FREE' });
    await publishInvoice(invoice(gold, { level: 'BRONZE', amount: 8000 }), 'PAID');
    await publishPlanUnit(gold, 'SILVER');
    await publishInvoice(invoice(free, { level: 'FREE', quickApproval: true, amount: 3000 }), 'PAID');
    // A later matching payment of another ad proves the mismatching events were consumed first.
    const marker = await createAd(listings, seller, { level: 'BRONZE' });
    await publishInvoice(invoice(marker, { level: 'BRONZE', amount: 8000 }), 'PAID');
    await publishPlanUnit(marker, 'BRONZE');
    await eventually(async () => (await read(marker)).status === 'PUBLIC_ONLINE');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await read(gold)).toMatchObject({ status: 'PENDING_APPROVAL', paymentPending: true });
    expect(await read(free)).toMatchObject({ status: 'PENDING_APPROVAL', paymentPending: false });
  });

  it('takes a paid ad off the public lists (EXPIRED) when its payment is cancelled', async () => {
    const id = await createAd(listings, seller, { level: 'GOLD' });
    const paid = invoice(id);
    await publishInvoice(paid, 'PAID');
    await eventually(async () => (await read(id)).status === 'PUBLIC_ONLINE');
    await publishInvoice({ ...paid, status: 'CANCELLED' }, 'CANCELLED');
    const ad = await eventually(async () => {
      const found = await read(id);
      return found.status === 'EXPIRED' ? found : null;
    });
    expect(ad.expiresAt).toBeNull();
    expect(code(await listings.call(READ, { id }))).toBe('NOT_FOUND');
  });
});
