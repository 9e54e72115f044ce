import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kind, type ObjectTypeDefinitionNode } from 'graphql';
import { subgraph } from '../src';
import { checkout, code, CONFIRM, createAd, payAtSandbox, startBilling, type Harness, type Seller } from './harness';

/**
 * Every billing operation for every kind of caller. The owner owns the ad, invoice or refund;
 * "other" is another advertiser acting on it. 'ok' is allowed; otherwise the error code (0003: sign in).
 */
const ROLES = ['visitor', 'owner', 'other', 'impersonator', 'admin'] as const;
type Who = (typeof ROLES)[number];

interface Fixtures {
  owner: Seller;
  /** A fresh gold ad of the owner with an open invoice. */
  openInvoice: () => Promise<{ adId: string; invoiceId: string; redirectUrl: string }>;
  /** A fresh invoice of the owner waiting for a transfer confirmation. */
  pendingTransfer: () => Promise<string>;
  /** A fresh ad of the owner paid by card (cancellable), and its invoice. */
  paidAd: () => Promise<{ adId: string; invoiceId: string }>;
}

interface Operation {
  name: string;
  request: (fixtures: Fixtures) => Promise<[string, Record<string, unknown>]>;
  expected: Record<Who, string>;
}

const all = (outcome: string): Record<Who, string> => ({ visitor: outcome, owner: outcome, other: outcome, impersonator: outcome, admin: outcome });
const sellers = { visitor: '0003', owner: 'ok', other: 'ok', impersonator: 'FORBIDDEN', admin: 'ok' };
const ownerOrAdmin = { visitor: '0003', owner: 'ok', other: 'NOT_FOUND', impersonator: 'FORBIDDEN', admin: 'ok' };
const ownerOnly = { visitor: '0003', owner: 'ok', other: 'FORBIDDEN', impersonator: 'FORBIDDEN', admin: 'FORBIDDEN' };
const adminOnly = { visitor: '0003', owner: 'FORBIDDEN', other: 'FORBIDDEN', impersonator: 'FORBIDDEN', admin: 'ok' };

const OPERATIONS: Operation[] = [
  { name: 'prices', request: async () => ['{ prices { quickApproval } }', {}], expected: all('ok') },
  { name: 'minPlanQuantity', request: async () => ['{ minPlanQuantity }', {}], expected: all('ok') },
  { name: 'maxPlanQuantity', request: async () => ['{ maxPlanQuantity }', {}], expected: all('ok') },
  { name: 'myPlanStatus', request: async () => ['{ myPlanStatus { planLevel } }', {}], expected: sellers },
  { name: 'myInvoices', request: async () => ['{ myInvoices { id } }', {}], expected: sellers },
  { name: 'invoice', request: async (f) => ['query($id: ID!) { invoice(id: $id) { id } }', { id: (await f.openInvoice()).invoiceId }], expected: ownerOrAdmin },
  {
    name: 'opportunityInvoice',
    request: async (f) => ['query($id: ID!) { opportunityInvoice(opportunityId: $id) { id } }', { id: (await f.openInvoice()).adId }],
    expected: ownerOrAdmin,
  },
  { name: 'userInvoices', request: async (f) => ['query($id: ID!) { userInvoices(userId: $id) { id } }', { id: f.owner.id }], expected: adminOnly },
  { name: 'pendingTransfers', request: async () => ['{ pendingTransfers { id } }', {}], expected: adminOnly },
  { name: 'refunds', request: async () => ['{ refunds { id } }', {}], expected: adminOnly },
  { name: 'userPurchases', request: async () => ['{ userPurchases(startDate: "2025-03-01", endDate: "2025-03-31") { userId } }', {}], expected: adminOnly },
  { name: 'myInvoicePage', request: async () => ['{ myInvoicePage { totalItems } }', {}], expected: sellers },
  {
    name: 'userInvoicePage',
    request: async (f) => ['query($id: ID!) { userInvoicePage(userId: $id) { totalItems } }', { id: f.owner.id }],
    expected: adminOnly,
  },
  { name: 'pendingTransferPage', request: async () => ['{ pendingTransferPage { totalItems } }', {}], expected: adminOnly },
  { name: 'refundPage', request: async () => ['{ refundPage { totalItems } }', {}], expected: adminOnly },
  {
    name: 'userPurchasePage',
    request: async () => ['{ userPurchasePage(firstDay: "2025-03-01", lastDay: "2025-03-31") { totalItems } }', {}],
    expected: adminOnly,
  },
  {
    name: 'checkoutOpportunity',
    request: async (f) => ['mutation($id: ID!) { checkoutOpportunity(opportunityId: $id) { isPayed } }', { id: await createAd(h, f.owner, { level: 'GOLD' }) }],
    expected: ownerOnly,
  },
  { name: 'buyPlan', request: async () => ['mutation { buyPlan(plan: { totalOpportunities: 10 }) { redirectUrl } }', {}], expected: sellers },
  {
    name: 'confirmPayment',
    request: async (f) => {
      const { redirectUrl } = await f.openInvoice();
      return [CONFIRM, { response: (await payAtSandbox(h, redirectUrl, { cardNumber: '4000000000000002' })).response }];
    },
    expected: all('ok'),
  },
  {
    name: 'refreshPayment',
    request: async (f) => ['mutation($id: ID!) { refreshPayment(invoiceId: $id) { outcome } }', { id: (await f.openInvoice()).invoiceId }],
    expected: ownerOrAdmin,
  },
  {
    name: 'submitTransferReference',
    request: async (f) => [
      'mutation($id: ID!) { submitTransferReference(invoiceId: $id, refnum: "REF12345") { status } }',
      { id: (await f.openInvoice()).invoiceId },
    ],
    expected: ownerOrAdmin,
  },
  {
    name: 'confirmTransfer',
    request: async (f) => ['mutation($id: ID!) { confirmTransfer(invoiceId: $id) { status } }', { id: await f.pendingTransfer() }],
    expected: adminOnly,
  },
  {
    name: 'rejectTransfer',
    request: async (f) => ['mutation($id: ID!) { rejectTransfer(invoiceId: $id) { status } }', { id: await f.pendingTransfer() }],
    expected: adminOnly,
  },
  {
    name: 'cancelOpportunityPayment',
    request: async (f) => ['mutation($id: ID!) { cancelOpportunityPayment(opportunityId: $id) { status } }', { id: (await f.paidAd()).adId }],
    expected: { visitor: '0003', owner: 'ok', other: 'FORBIDDEN', impersonator: 'FORBIDDEN', admin: 'ok' },
  },
  {
    name: 'markRefundDone',
    request: async (f) => {
      const { adId, invoiceId } = await f.paidAd();
      await h.b('mutation($id: ID!) { cancelOpportunityPayment(opportunityId: $id) { status } }', { id: adId }, f.owner.token);
      return ['mutation($id: ID!) { markRefundDone(refundId: $id) { status } }', { id: invoiceId }];
    },
    expected: adminOnly,
  },
];

let h: Harness;
let callers: Record<Who, Seller | null>;
let fixtures: Fixtures;

beforeAll(async () => {
  h = await startBilling();
  const owner = await h.user();
  callers = { visitor: null, owner, other: await h.user(), impersonator: await h.user('IMPERSONALIZATOR'), admin: await h.user('ADMINISTRATOR') };
  const openInvoice = async () => {
    const adId = await createAd(h, owner, { level: 'GOLD' });
    const result = await checkout(h, owner, adId);
    return { adId, invoiceId: result.invoice.id as string, redirectUrl: result.redirectUrl as string };
  };
  fixtures = {
    owner,
    openInvoice,
    async pendingTransfer() {
      const { invoiceId } = await openInvoice();
      await h.b('mutation($id: ID!) { submitTransferReference(invoiceId: $id, refnum: "REF12345") { status } }', { id: invoiceId }, owner.token);
      return invoiceId;
    },
    async paidAd() {
      const opened = await openInvoice();
      await h.b(CONFIRM, { response: (await payAtSandbox(h, opened.redirectUrl)).response });
      return opened;
    },
  };
});
afterAll(() => h.stop());

describe('permissions', () => {
  it('covers every operation of the schema', () => {
    const names = subgraph.typeDefs.definitions
      .filter((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION && (d.name.value === 'Query' || d.name.value === 'Mutation'))
      .flatMap((d) => d.fields?.map((field) => field.name.value) ?? []);
    expect(OPERATIONS.map((operation) => operation.name).sort()).toEqual(names.sort());
  });

  for (const operation of OPERATIONS) {
    it(`${operation.name}: ${ROLES.map((who) => `${who} ${operation.expected[who]}`).join(', ')}`, async () => {
      const outcomes: Record<string, string> = {};
      for (const who of ROLES) {
        const [query, variables] = await operation.request(fixtures);
        const result = await h.b(query, variables, callers[who]?.token);
        outcomes[who] = result.errors ? (code(result) ?? JSON.stringify(result.errors)) : 'ok';
      }
      expect(outcomes).toEqual(operation.expected);
    });
  }
});
