import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, isObjectType, Kind, parse, type FieldNode, type OperationDefinitionNode } from 'graphql';
import { restRoutes } from '../src';
import { adInput, eventually, PASSWORD, startStack, type Json, type Stack } from './stack';

/**
 * Every admin operation of the composed supergraph and every admin path of the REST facade (02 §7),
 * called by each kind of caller through the gateway, with every real subgraph in process.
 *
 * Spec 02 §6 and DECISIONS.md (Roles): ADMINISTRATOR is the only role with isAdmin; the
 * IMPERSONALIZATOR registers accounts for others (with promotional ads or a plan) and sees users
 * maintenance, so it passes `users`, `user`, `impersonalRegister` and `adminUpdateUser` of an
 * advertiser's data (never a role, never a staff account) and nothing else; TESTUSER has the
 * rights of an ADVERTISER. "owner" is the advertiser whose ad, invoice, photo or account is acted
 * on; "other" is another advertiser.
 *
 * Complete by construction: every Query or Mutation field and every object field whose description
 * names administrators, impersonators, *Private.* or *Owner.* must have a case here, and so must
 * every REST path that runs one of those operations; a new admin operation fails this file until
 * its row is added.
 */

const WHO = ['visitor', 'owner', 'other', 'testUser', 'impersonator', 'admin'] as const;
type Who = (typeof WHO)[number];
type Expected = Record<Who, string>;

const row = (visitor: string, owner: string, other: string, testUser: string, impersonator: string, admin: string): Expected => ({ visitor, owner, other, testUser, impersonator, admin });
const gql = {
  adminOnly: row('0003', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'ok'),
  staff: row('0003', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'ok', 'ok'),
  ownerOrAdmin: row('0003', 'ok', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'ok'),
  ownerOrStaff: row('0003', 'ok', 'FORBIDDEN', 'FORBIDDEN', 'ok', 'ok'),
  /** A private field inside a public answer: FORBIDDEN at that field for everybody else, visitors too (issue 18). */
  privateField: row('FORBIDDEN', 'ok', 'FORBIDDEN', 'FORBIDDEN', 'ok', 'ok'),
  hiddenUnlessOwnerOrAdmin: row('NOT_FOUND', 'ok', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'ok'),
  sellers: row('0003', 'ok', 'ok', 'ok', 'FORBIDDEN', 'ok'),
  invoiceReaders: row('0003', 'ok', 'NOT_FOUND', 'NOT_FOUND', 'FORBIDDEN', 'ok'),
  shownToOwnerOrAdmin: row('hidden', 'shown', 'hidden', 'hidden', 'hidden', 'shown'),
  shownToAdmin: row('hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'shown'),
};
const rest = {
  adminOnly: row('401 0003', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '200'),
  staff: row('401 0003', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '200', '200'),
  ownerOrAdmin: row('401 0003', '200', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '200'),
  ownerOrStaff: row('401 0003', '200', '403 FORBIDDEN', '403 FORBIDDEN', '200', '200'),
  /** Allowed callers get past the permission check and meet the validation of their bad input. */
  adminValidates: row('401 0003', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '400 VALIDATION'),
  staffValidates: row('401 0003', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '400 VALIDATION', '400 VALIDATION'),
  /** A malformed path: the facade refuses it before any service runs, but a visitor still hears 0003 first. */
  malformedPath: row('401 0003', '400 VALIDATION', '400 VALIDATION', '400 VALIDATION', '400 VALIDATION', '400 VALIDATION'),
};

// ---------------------------------------------------------------------------------------------
// The stack and its fixtures

let stack: Stack;
let tokens: Record<Who, string | undefined>;
const ids = {} as Record<'owner' | 'other' | 'testUser' | 'impersonator' | 'admin' | 'staff' | 'demoted', string>;
let pub: string;
let pending: string;
let addresses = 0;
/** A client address of its own for each call that reports an ad (complaints are limited per address). */
const nextAddress = () => `10.88.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const today = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);
let people = 0;
const person = (overrides: Json = {}) => ({
  userType: 'PERSON', name: 'Lucía', lastName: 'Vega', email: `persona${++people}-${Date.now()}@example.com`, phoneList: [{ phone: '88887777', phoneType: 'WHATSAPP' }],
  province: '1', canton: '101', district: '10101', ...overrides,
});
/** 48×32 pixels, red. */
const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAgADADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAQG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AkAJGoAAAAAAAAAAf/9k=',
  'base64',
);

/** An ad of the owner: waiting for review, or approved by the admin and public. */
async function ad(options: { public?: boolean; level?: string } = {}): Promise<string> {
  const created = await stack.data('mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }', { input: adInput({ level: options.level ?? 'FREE' }) }, tokens.owner);
  const id = created.createOpportunity.id as string;
  if (options.public) {
    await eventually(() => stack.data('mutation($id: ID!) { approveOpportunity(id: $id) { reviewId } }', { id }, tokens.admin));
    await eventually(async () => {
      const status = (await stack.data('query($id: ID!) { opportunity(id: $id) { status } }', { id })).opportunity?.status;
      if (status !== 'PUBLIC_ONLINE') throw new Error(`still ${status}`);
    });
  }
  return id;
}

/** A fresh gold ad of the owner with an open invoice (billing learns the ad from listings' events). */
async function openInvoice() {
  const adId = await ad({ level: 'GOLD' });
  const result = await eventually(() =>
    stack.data('mutation($id: ID!) { checkoutOpportunity(opportunityId: $id, level: GOLD, autoApproval: false) { redirectUrl invoice { id } } }', { id: adId }, tokens.owner),
  );
  return { adId, invoiceId: result.checkoutOpportunity.invoice.id as string, redirectUrl: result.checkoutOpportunity.redirectUrl as string };
}

async function pendingTransfer() {
  const { invoiceId } = await openInvoice();
  await stack.data('mutation($id: ID!) { submitTransferReference(invoiceId: $id, refnum: "REF12345") { status } }', { id: invoiceId }, tokens.owner);
  return invoiceId;
}

/** Pays an open invoice on the sandbox page as a browser does, and confirms the signed response. */
async function paidAd() {
  const opened = await openInvoice();
  const url = new URL(opened.redirectUrl);
  const posted = await stack.inject({
    method: 'POST', url: url.pathname + url.search, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', holder: 'Ana Mora', action: 'pay' }).toString(),
  });
  if (posted.statusCode !== 303) throw new Error(`the sandbox answered ${posted.statusCode}`);
  const response = new URL(posted.headers.location as string, 'https://ruedas.test').searchParams.get('response');
  await stack.data('mutation($r: String!) { confirmPayment(response: $r) { isPayed } }', { r: response });
  return opened;
}

/** A refund waiting for an admin: a paid ad its owner cancelled. */
async function refund() {
  const { adId } = await paidAd();
  const cancelled = await stack.data('mutation($id: ID!) { cancelOpportunityPayment(opportunityId: $id) { refund { id } } }', { id: adId }, tokens.owner);
  return cancelled.cancelOpportunityPayment.refund.id as string;
}

/** An unresolved complaint about the public ad, filed by a visitor. */
async function complaint() {
  const filed = await eventually(async () => {
    const answer = await stack.graphql('mutation($id: ID!) { reportOpportunity(input: { opportunityId: $id, details: "Las fotos son de otro carro" }) { id } }', { id: pub }, { remoteAddress: nextAddress() });
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!;
  });
  return filed.reportOpportunity.id as string;
}

/** A photo of the owner, uploaded through the media service's REST path. */
async function photo() {
  const boundary = `----ruedas${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    JPEG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await stack.api('POST', '/attachment/protected', { token: tokens.owner, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  if (uploaded.status !== 200) throw new Error(JSON.stringify(uploaded.body));
  return (uploaded.body as unknown as string[])[0]!;
}

/** A fresh advertiser registered on their behalf by the admin (a target for user edits). */
async function advertiser() {
  const user = person();
  const registered = await stack.data('mutation($input: ImpersonalRegistrationInput!) { impersonalRegister(input: $input) { id } }', { input: { user } }, tokens.admin);
  return { ...user, id: registered.impersonalRegister.id as string };
}

beforeAll(async () => {
  stack = await startStack({ owner: 'ADVERTISER', other: 'ADVERTISER', testUser: 'TESTUSER', impersonator: 'IMPERSONALIZATOR', admin: 'ADMINISTRATOR', staff: 'ADMINISTRATOR', demoted: 'ADMINISTRATOR' });
  for (const [name, account] of Object.entries(stack.accounts)) ids[name as keyof typeof ids] = account.id;
  tokens = { visitor: undefined, owner: stack.accounts.owner!.token, other: stack.accounts.other!.token, testUser: stack.accounts.testUser!.token, impersonator: stack.accounts.impersonator!.token, admin: stack.accounts.admin!.token };
  // Moderation, listings and billing learn of the users (and their roles) from identity's events.
  await eventually(() => stack.data('{ globalParameters { id } }', {}, tokens.admin));
  await eventually(() => stack.data('{ myPlanStatus { planLevel } }', {}, tokens.owner));
  // Many visitors report the public ad across these cases: keep it public (issue 20 hides an ad
  // reported by REPORTS_TO_HIDE different people until an admin decides; tested in risk-signals).
  const raised = await stack.api('PUT', '/globalParameter/protected', { token: tokens.admin, body: [{ id: 'REPORTS_TO_HIDE', quantity: 100 }] });
  if (raised.status !== 200) throw new Error(JSON.stringify(raised.body));
  pub = await ad({ public: true });
  pending = await ad();
}, 120_000);

afterAll(async () => stack?.stop());

// ---------------------------------------------------------------------------------------------
// GraphQL: the composed schema

interface GraphCase {
  name: string;
  /** The schema coordinates (`Query.users`, `User.email`) whose permission this case checks. */
  covers: string[];
  request: (who: Who) => Promise<[string, Json]> | [string, Json];
  /** Reads the outcome of an answer without errors (default 'ok'). */
  outcome?: (data: Json) => string;
  expected: Expected;
}

const privateUserFields: Record<string, string> = {
  email: 'email', phoneList: 'phoneList { phone }', province: 'province', canton: 'canton', district: 'district', language: 'language', idType: 'idType',
  identification: 'identification', role: 'role', status: 'status', isAdmin: 'isAdmin', isImpersonalizator: 'isImpersonalizator', impersonal: 'impersonal', dateCreated: 'dateCreated',
  createdAt: 'createdAt',
};
/** 'shown' when every value is there, 'hidden' when none is. */
const shown = (values: unknown[]) => (values.every((v) => v !== null && v !== undefined) ? 'shown' : values.every((v) => v === null || v === undefined) ? 'hidden' : `partly: ${JSON.stringify(values)}`);
const userEdit = (user: Json, changes: Json = {}) => ({ id: user.id, userType: 'PERSON', name: 'Marta', lastName: 'Vega', email: user.email, phoneList: [{ phone: '88887777', phoneType: 'WHATSAPP' }], province: '1', canton: '101', district: '10101', ...changes });
const ADMIN_UPDATE = 'mutation($input: AdminUserInput!) { adminUpdateUser(input: $input) { id role } }';

const GRAPH_CASES: GraphCase[] = [
  // identity
  { name: 'users', covers: ['Query.users'], request: () => ['{ users { totalItems items { id email } } }', {}], expected: gql.staff },
  { name: "user (the owner's account, private fields)", covers: ['Query.user'], request: () => ['query($id: ID!) { user(id: $id) { id fullName email role } }', { id: ids.owner }], expected: gql.ownerOrStaff },
  ...Object.entries(privateUserFields).map(([field, selection]): GraphCase => ({
    name: `User.${field} of the seller of a public ad`,
    covers: [`User.${field}`],
    request: () => [`query($id: ID!) { opportunity(id: $id) { id user { id ${selection} } } }`, { id: pub }],
    expected: gql.privateField,
  })),
  { name: "adminUpdateUser (an advertiser's data)", covers: ['Mutation.adminUpdateUser'], request: async () => [ADMIN_UPDATE, { input: userEdit(await advertiser()) }], expected: gql.staff },
  { name: "adminUpdateUser (an advertiser's role)", covers: ['Mutation.adminUpdateUser'], request: async () => [ADMIN_UPDATE, { input: userEdit(await advertiser(), { role: 'TESTUSER' }) }], expected: gql.adminOnly },
  { name: "adminUpdateUser (blocking an advertiser)", covers: ['Mutation.adminUpdateUser'], request: async () => [ADMIN_UPDATE, { input: userEdit(await advertiser(), { status: 'BLOCKED_BY_FAILS' }) }], expected: gql.adminOnly },
  { name: "adminUpdateUser (an advertiser's e-mail)", covers: ['Mutation.adminUpdateUser'], request: async () => [ADMIN_UPDATE, { input: userEdit(await advertiser(), { email: person().email }) }], expected: gql.adminOnly },
  { name: 'adminUpdateUser (an administrator account)', covers: ['Mutation.adminUpdateUser'], request: () => [ADMIN_UPDATE, { input: userEdit({ id: ids.staff, email: 'staff@example.com' }, { role: 'ADMINISTRATOR' }) }], expected: gql.adminOnly },
  {
    name: 'adminUpdateUser (oneself to ADMINISTRATOR)',
    covers: ['Mutation.adminUpdateUser'],
    request: (who) => {
      const self = who === 'visitor' ? 'owner' : who;
      return [ADMIN_UPDATE, { input: userEdit({ id: ids[self], email: `${self.toLowerCase()}@example.com` }, { name: 'Persona', lastName: 'Mora', role: 'ADMINISTRATOR' }) }];
    },
    expected: gql.adminOnly,
  },
  {
    name: 'impersonalRegister',
    covers: ['Mutation.impersonalRegister'],
    request: () => ['mutation($input: ImpersonalRegistrationInput!) { impersonalRegister(input: $input) { id role } }', { input: { user: person(), promotionalAds: 2, planLevel: 'SILVER' } }],
    expected: gql.staff,
  },
  {
    // The owner is a private person: who may act reaches the merchant-only rule (VALIDATION); nobody else gets past FORBIDDEN.
    name: "updateDealerInfo (the owner's account)",
    covers: ['Mutation.updateDealerInfo'],
    request: () => [
      'mutation($userId: ID, $input: DealerInfoInput!) { updateDealerInfo(userId: $userId, input: $input) { id } }',
      { userId: ids.owner, input: { province: '1', canton: '101', district: '10101', directions: 'Frente al parque', hours: [] } },
    ],
    expected: row('0003', 'VALIDATION', 'FORBIDDEN', 'FORBIDDEN', 'VALIDATION', 'VALIDATION'),
  },
  // listings
  { name: 'opportunity (waiting for approval)', covers: ['Query.opportunity'], request: () => ['query($id: ID!) { opportunity(id: $id) { id status } }', { id: pending }], expected: gql.hiddenUnlessOwnerOrAdmin },
  {
    name: 'the plate, dates and payment state of a public ad',
    covers: ['Opportunity.carIdNumber', 'Opportunity.dateCreated', 'Opportunity.expiresAt', 'Opportunity.paymentPending', 'Opportunity.createdAt', 'Opportunity.periodEndsAt'],
    request: () => ['query($id: ID!) { opportunity(id: $id) { carIdNumber dateCreated expiresAt paymentPending createdAt periodEndsAt } }', { id: pub }],
    outcome: (data) => shown(Object.values(data.opportunity as Json)),
    expected: gql.shownToOwnerOrAdmin,
  },
  {
    name: 'the reason of a rejection (issue 13)',
    covers: ['Opportunity.rejectionReason'],
    request: async () => {
      const id = await ad();
      await eventually(() => stack.data('mutation($id: ID!) { rejectOpportunity(id: $id, reason: "Fotos de otro carro") { reviewId } }', { id }, tokens.admin));
      await eventually(async () => {
        const status = (await stack.data('query($id: ID!) { opportunity(id: $id) { status } }', { id }, tokens.admin)).opportunity?.status;
        if (status !== 'REJECTED') throw new Error(`still ${status}`);
      });
      return ['query($id: ID!) { opportunity(id: $id) { rejectionReason } }', { id }];
    },
    expected: gql.hiddenUnlessOwnerOrAdmin,
  },
  {
    name: 'the plate and creation date in search results',
    covers: ['Opportunity.carIdNumber', 'Opportunity.dateCreated'],
    request: async () => {
      await eventually(async () => {
        const found = await stack.data('{ searchOpportunities(filter: { brand: "TOYOTA" }) { items { id } } }');
        if (!(found.searchOpportunities.items as Json[]).some((item) => item.id === pub)) throw new Error('not indexed yet');
      });
      return ['{ searchOpportunities(filter: { brand: "TOYOTA" }) { items { id carIdNumber dateCreated } } }', {}];
    },
    outcome: (data) => {
      const items = data.searchOpportunities.items as Json[];
      return items.length === 0 ? 'nothing found' : shown(items.flatMap((item) => [item.carIdNumber, item.dateCreated]));
    },
    expected: gql.shownToOwnerOrAdmin,
  },
  { name: 'myOpportunities', covers: [], request: () => ['{ myOpportunities { totalItems } }', {}], expected: gql.sellers },
  { name: 'opportunitiesByStatus', covers: ['Query.opportunitiesByStatus'], request: () => ['{ opportunitiesByStatus(status: PENDING_APPROVAL) { totalItems } }', {}], expected: gql.adminOnly },
  { name: 'userActiveOpportunities', covers: ['Query.userActiveOpportunities'], request: () => ['query($id: ID!) { userActiveOpportunities(userId: $id) { totalItems } }', { id: ids.owner }], expected: gql.ownerOrAdmin },
  { name: 'userOpportunities', covers: ['Query.userOpportunities'], request: () => ['query($id: ID!) { userOpportunities(userId: $id) { totalItems } }', { id: ids.owner }], expected: gql.adminOnly },
  { name: 'statusHistory (public ad)', covers: ['Query.statusHistory'], request: () => ['query($id: ID!) { statusHistory(opportunityId: $id) { status } }', { id: pub }], expected: gql.ownerOrAdmin },
  {
    name: "statusHistory: who made an administrator's change",
    covers: ['StatusHistoryEntry.email'],
    request: () => ['query($id: ID!) { statusHistory(opportunityId: $id) { email fullName status } }', { id: pub }],
    outcome: (data) => (JSON.stringify(data).includes(stack.accounts.admin!.email) ? 'the staff e-mail' : 'the system'),
    expected: row('0003', 'the system', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'the staff e-mail'),
  },
  // Seller insights (issue 20): an ad's figures to its owner and administrators only.
  { name: 'opportunityInsights (public ad)', covers: ['Query.opportunityInsights'], request: () => ['query($id: ID!) { opportunityInsights(opportunityId: $id) { totals { views } } }', { id: pub }], expected: gql.ownerOrAdmin },
  { name: 'opportunityInsights (waiting ad)', covers: ['Query.opportunityInsights'], request: () => ['query($id: ID!) { opportunityInsights(opportunityId: $id) { totals { views } } }', { id: pending }], expected: gql.hiddenUnlessOwnerOrAdmin },
  { name: 'statusHistory (waiting ad)', covers: ['Query.statusHistory'], request: () => ['query($id: ID!) { statusHistory(opportunityId: $id) { status } }', { id: pending }], expected: gql.hiddenUnlessOwnerOrAdmin },
  { name: 'updateOpportunity (public ad)', covers: ['Mutation.updateOpportunity'], request: async () => ['mutation($id: ID!) { updateOpportunity(id: $id, input: { model: "Yaris" }) { id } }', { id: await ad({ public: true }) }], expected: gql.ownerOrAdmin },
  { name: 'markOpportunitySold', covers: [], request: async () => ['mutation($id: ID!) { markOpportunitySold(id: $id) { id } }', { id: await ad({ public: true }) }], expected: gql.ownerOrAdmin },
  { name: 'updateOpportunityStatus', covers: ['Mutation.updateOpportunityStatus'], request: async () => ['mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id: await ad() }], expected: gql.adminOnly },
  // billing
  { name: 'invoice', covers: ['Query.invoice'], request: async () => ['query($id: ID!) { invoice(id: $id) { id } }', { id: (await openInvoice()).invoiceId }], expected: gql.invoiceReaders },
  { name: 'refreshPayment', covers: ['Mutation.refreshPayment'], request: async () => ['mutation($id: ID!) { refreshPayment(invoiceId: $id) { outcome } }', { id: (await openInvoice()).invoiceId }], expected: gql.invoiceReaders },
  { name: 'opportunityInvoice', covers: ['Query.opportunityInvoice'], request: async () => ['query($id: ID!) { opportunityInvoice(opportunityId: $id) { id } }', { id: (await openInvoice()).adId }], expected: gql.invoiceReaders },
  { name: 'userInvoices', covers: ['Query.userInvoices'], request: () => ['query($id: ID!) { userInvoices(userId: $id) { id } }', { id: ids.owner }], expected: gql.adminOnly },
  { name: 'pendingTransfers', covers: ['Query.pendingTransfers'], request: () => ['{ pendingTransfers { id } }', {}], expected: gql.adminOnly },
  { name: 'refunds', covers: ['Query.refunds'], request: () => ['{ refunds { id } }', {}], expected: gql.adminOnly },
  { name: 'userPurchases', covers: ['Query.userPurchases'], request: () => ['query($d: String!) { userPurchases(startDate: $d, endDate: $d) { userId } }', { d: today }], expected: gql.adminOnly },
  {
    name: 'submitTransferReference',
    covers: ['Mutation.submitTransferReference'],
    request: async () => ['mutation($id: ID!) { submitTransferReference(invoiceId: $id, refnum: "REF12345") { status } }', { id: (await openInvoice()).invoiceId }],
    expected: gql.invoiceReaders,
  },
  { name: 'confirmTransfer', covers: ['Mutation.confirmTransfer'], request: async () => ['mutation($id: ID!) { confirmTransfer(invoiceId: $id) { status } }', { id: await pendingTransfer() }], expected: gql.adminOnly },
  { name: 'rejectTransfer', covers: ['Mutation.rejectTransfer'], request: async () => ['mutation($id: ID!) { rejectTransfer(invoiceId: $id) { status } }', { id: await pendingTransfer() }], expected: gql.adminOnly },
  {
    name: 'cancelOpportunityPayment',
    covers: ['Mutation.cancelOpportunityPayment'],
    request: async () => ['mutation($id: ID!) { cancelOpportunityPayment(opportunityId: $id) { status } }', { id: (await paidAd()).adId }],
    expected: row('0003', 'ok', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'ok'),
  },
  { name: 'markRefundDone', covers: ['Mutation.markRefundDone'], request: async () => ['mutation($id: ID!) { markRefundDone(refundId: $id) { status } }', { id: await refund() }], expected: gql.adminOnly },
  // moderation
  { name: 'globalParameters', covers: ['Query.globalParameters'], request: () => ['{ globalParameters { id quantity } }', {}], expected: gql.adminOnly },
  { name: 'reviewQueue', covers: ['Query.reviewQueue'], request: () => ['{ reviewQueue { totalItems } }', {}], expected: gql.adminOnly },
  { name: 'complaints', covers: ['Query.complaints'], request: () => ['{ complaints { totalItems } }', {}], expected: gql.adminOnly },
  { name: 'dashboard', covers: ['Query.dashboard'], request: () => ['{ dashboard { generalData { totalRevenue } } }', {}], expected: gql.adminOnly },
  { name: 'staffActions', covers: ['Query.staffActions'], request: () => ['{ staffActions(filter: { action: PARAMETER_CHANGED }) { totalItems items { id actor { email } before after } } }', {}], expected: gql.adminOnly },
  { name: 'updateGlobalParameters', covers: ['Mutation.updateGlobalParameters'], request: () => ['mutation { updateGlobalParameters(parameters: [{ id: "GOLD_CAROUSEL_COUNT", quantity: 12 }]) { id } }', {}], expected: gql.adminOnly },
  { name: 'updateGlobalParameter', covers: ['Mutation.updateGlobalParameter'], request: () => ['mutation { updateGlobalParameter(id: "GOLD_CAROUSEL_COUNT", quantity: 12) { id } }', {}], expected: gql.adminOnly },
  { name: 'approveOpportunity', covers: ['Mutation.approveOpportunity'], request: async () => ['mutation($id: ID!) { approveOpportunity(id: $id) { reviewId } }', { id: await waitingForReview() }], expected: gql.adminOnly },
  { name: 'rejectOpportunity', covers: ['Mutation.rejectOpportunity'], request: async () => ['mutation($id: ID!) { rejectOpportunity(id: $id, reason: "Fotos de otro carro") { reviewId } }', { id: await waitingForReview() }], expected: gql.adminOnly },
  { name: 'resolveComplaint', covers: ['Mutation.resolveComplaint'], request: async () => ['mutation($id: ID!) { resolveComplaint(id: $id) { id } }', { id: await complaint() }], expected: gql.adminOnly },
  {
    name: "a complaint's ad, read by whoever filed it",
    covers: ['Complaint.ad', 'Complaint.opportunity'],
    request: () => ['mutation($id: ID!) { reportOpportunity(input: { opportunityId: $id, details: "Precio falso" }) { ad { brand } opportunity { id } } }', { id: pub }],
    outcome: (data) => shown([data.reportOpportunity.ad, data.reportOpportunity.opportunity]),
    expected: gql.shownToAdmin,
  },
];

/** A fresh ad that moderation already holds in its review queue. */
async function waitingForReview() {
  const id = await ad();
  await eventually(async () => {
    // Oldest first: the newest ad is on the last page.
    const last = (await stack.data('{ reviewQueue { totalPages } }', {}, tokens.admin)).reviewQueue.totalPages as number;
    const queue = await stack.data('query($page: Int) { reviewQueue(page: $page) { items { id } } }', { page: Math.max(1, last) }, tokens.admin);
    if (!(queue.reviewQueue.items as Json[]).some((item) => item.id === id)) throw new Error('not queued yet');
  });
  return id;
}

/** Names of the statements of who may do something in a description. */
const PERMISSION_WORDS = /admin|impersonat|\*private\.\*|\*owner\.\*/i;
/** Fields whose description names admins without saying who may read them. */
const NOT_PERMISSION_STATEMENTS = new Set(['DashboardImpersonalSummary.totalRegistered', 'DashboardUsersSummary.organic', 'SessionUser.isAdmin']);

function documentedPermissions(): string[] {
  const schema = buildSchema(readFileSync(new URL('../generated/schema.graphql', import.meta.url), 'utf8'));
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const coordinate = `${type.name}.${field.name}`;
      if (PERMISSION_WORDS.test(field.description ?? '') && !NOT_PERMISSION_STATEMENTS.has(coordinate)) found.push(coordinate);
    }
  }
  return found;
}

function outcomeOf(answer: { data?: Json | null; errors?: Json[] }, read?: (data: Json) => string): string {
  if (answer.errors?.length) return (answer.errors[0]!.extensions?.code as string | undefined) ?? `error: ${answer.errors[0]!.message}`;
  return read ? read(answer.data!) : 'ok';
}

describe('GraphQL: every admin operation of the composed schema, by role', () => {
  it('has a case for every operation and field the schema documents as admin, impersonator, private or owner only', () => {
    const covered = new Set(GRAPH_CASES.flatMap((c) => c.covers));
    const documented = documentedPermissions();
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((coordinate) => !covered.has(coordinate))).toEqual([]);
  });

  it('covers only coordinates that exist', () => {
    const schema = buildSchema(readFileSync(new URL('../generated/schema.graphql', import.meta.url), 'utf8'));
    const missing = GRAPH_CASES.flatMap((c) => c.covers).filter((coordinate) => {
      const [type, field] = coordinate.split('.');
      const found = schema.getType(type!);
      return !isObjectType(found) || !found.getFields()[field!];
    });
    expect(missing).toEqual([]);
  });

  for (const graphCase of GRAPH_CASES) {
    it(`${graphCase.name}: ${WHO.map((who) => `${who} ${graphCase.expected[who]}`).join(', ')}`, async () => {
      const outcomes = {} as Expected;
      for (const who of WHO) {
        const [query, variables] = await graphCase.request(who);
        const answer = await stack.graphql(query, variables, { ...(tokens[who] ? { token: tokens[who] } : {}), remoteAddress: nextAddress() });
        outcomes[who] = outcomeOf(answer, graphCase.outcome);
      }
      expect(outcomes).toEqual(graphCase.expected);
    }, 60_000);
  }
});

// ---------------------------------------------------------------------------------------------
// REST: the admin paths of 02 §7 (and every facade path that runs an admin operation)

interface RestCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route's path as the facade declares it (`/users/protected/:userId`). */
  route: string;
  note?: string;
  /** The concrete path and body for one caller. */
  request: (who: Who) => Promise<{ path: string; body?: unknown }> | { path: string; body?: unknown };
  expected: Expected;
}

const legacyEdit = (user: Json, changes: Json = {}) => ({ ...userEdit(user), ...changes });

const REST_CASES: RestCase[] = [
  // identity
  { method: 'GET', route: '/users/protected/all', request: () => ({ path: '/users/protected/all' }), expected: rest.staff },
  { method: 'GET', route: '/users/protected/:userId', note: "the owner's account", request: () => ({ path: `/users/protected/${ids.owner}` }), expected: rest.ownerOrStaff },
  { method: 'PUT', route: '/users/protected/adminUpdate', note: "an advertiser's data", request: async () => ({ path: '/users/protected/adminUpdate', body: legacyEdit(await advertiser()) }), expected: rest.staff },
  { method: 'PUT', route: '/users/protected/adminUpdate', note: "an advertiser's role", request: async () => ({ path: '/users/protected/adminUpdate', body: legacyEdit(await advertiser(), { role: 'TESTUSER' }) }), expected: rest.adminOnly },
  { method: 'PUT', route: '/users/protected/adminUpdate', note: "an advertiser's e-mail", request: async () => ({ path: '/users/protected/adminUpdate', body: legacyEdit(await advertiser(), { email: person().email }) }), expected: rest.adminOnly },
  { method: 'PUT', route: '/users/protected/adminUpdate', note: 'an administrator account', request: () => ({ path: '/users/protected/adminUpdate', body: legacyEdit({ id: ids.staff, email: 'staff@example.com' }, { role: 'ADMINISTRATOR' }) }), expected: rest.adminOnly },
  {
    method: 'PUT', route: '/users/protected/adminUpdate', note: 'oneself to ADMINISTRATOR',
    request: (who) => {
      const self = who === 'visitor' ? 'owner' : who;
      return { path: '/users/protected/adminUpdate', body: legacyEdit({ id: ids[self], email: `${self.toLowerCase()}@example.com` }, { name: 'Persona', lastName: 'Mora', role: 'ADMINISTRATOR' }) };
    },
    expected: rest.adminOnly,
  },
  { method: 'PUT', route: '/users/protected/adminUpdate', note: 'a one-letter name', request: async () => ({ path: '/users/protected/adminUpdate', body: legacyEdit(await advertiser(), { name: 'X' }) }), expected: rest.staffValidates },
  {
    method: 'POST', route: '/users/impersonalRegister',
    request: () => ({ path: '/users/impersonalRegister', body: { user: person(), plan: { planLevel: 'GOLD', totalOpportunities: 2 } } }), expected: rest.staff,
  },
  {
    method: 'POST', route: '/users/impersonalRegister', note: 'a bad e-mail',
    request: () => ({ path: '/users/impersonalRegister', body: { user: person({ email: 'no-es-un-correo' }), plan: { planLevel: 'GOLD', totalOpportunities: 2 } } }), expected: rest.staffValidates,
  },
  // listings
  { method: 'GET', route: '/opportunity/:id', note: 'an ad waiting for approval', request: () => ({ path: `/opportunity/${pending}` }), expected: row('404 NOT_FOUND', '200', '404 NOT_FOUND', '404 NOT_FOUND', '404 NOT_FOUND', '200') },
  { method: 'GET', route: '/opportunity/protected/userActiveOpportunities/:page/:userId', request: () => ({ path: `/opportunity/protected/userActiveOpportunities/1/${ids.owner}` }), expected: rest.ownerOrAdmin },
  { method: 'GET', route: '/opportunity/protected/userOpportunities/:userId/:page', request: () => ({ path: `/opportunity/protected/userOpportunities/${ids.owner}/1` }), expected: rest.adminOnly },
  { method: 'GET', route: '/opportunity/protected/statusHistory/:opportunityId', request: () => ({ path: `/opportunity/protected/statusHistory/${pub}` }), expected: rest.ownerOrAdmin },
  { method: 'GET', route: '/opportunity/protected/:status/:page', request: () => ({ path: '/opportunity/protected/PENDING_APPROVAL/1' }), expected: rest.adminOnly },
  { method: 'PUT', route: '/opportunity/protected/updateStatus', request: async () => ({ path: '/opportunity/protected/updateStatus', body: { id: await ad(), newStatus: 'PUBLIC_ONLINE' } }), expected: rest.adminOnly },
  {
    method: 'PUT', route: '/opportunity/protected/updateMyOpportunity', note: 'a public free ad',
    request: async () => ({ path: '/opportunity/protected/updateMyOpportunity', body: { opportunity: { id: await ad({ public: true }), model: 'Yaris' }, invoice: null } }), expected: rest.ownerOrAdmin,
  },
  // billing
  { method: 'GET', route: '/opportunity/protected/invoice/:id', request: async () => ({ path: `/opportunity/protected/invoice/${(await openInvoice()).adId}` }), expected: row('401 0003', '200', '404 NOT_FOUND', '404 NOT_FOUND', '403 FORBIDDEN', '200') },
  { method: 'GET', route: '/opportunity/protected/userPurchases/:startDate/:endDate', request: () => ({ path: `/opportunity/protected/userPurchases/${today}/${today}` }), expected: rest.adminOnly },
  { method: 'GET', route: '/opportunity/protected/invoices/:userId', request: () => ({ path: `/opportunity/protected/invoices/${ids.owner}` }), expected: rest.adminOnly },
  // moderation
  { method: 'GET', route: '/globalParameter/protected', request: () => ({ path: '/globalParameter/protected' }), expected: rest.adminOnly },
  { method: 'PUT', route: '/globalParameter/protected', request: () => ({ path: '/globalParameter/protected', body: [{ id: 'GOLD_CAROUSEL_COUNT', quantity: 12 }] }), expected: rest.adminOnly },
  { method: 'PUT', route: '/globalParameter/protected', note: 'a value above 100', request: () => ({ path: '/globalParameter/protected', body: [{ id: 'GOLD_CAROUSEL_COUNT', quantity: 101 }] }), expected: rest.adminValidates },
  { method: 'GET', route: '/complaint/protected/unresolved/:page', request: () => ({ path: '/complaint/protected/unresolved/1' }), expected: rest.adminOnly },
  { method: 'POST', route: '/complaint/protected/:id/resolve/', request: async () => ({ path: `/complaint/protected/${await complaint()}/resolve/` }), expected: rest.adminOnly },
  { method: 'GET', route: '/dashboard/protected', request: () => ({ path: '/dashboard/protected' }), expected: rest.adminOnly },
  { method: 'GET', route: '/dashboard/protected/:startDate/:endDate', request: () => ({ path: `/dashboard/protected/${today}/${today}` }), expected: rest.adminOnly },
  { method: 'GET', route: '/dashboard/protected/:startDate/:endDate', note: 'a date not yyyy-MM-dd', request: () => ({ path: `/dashboard/protected/${today}/tomorrow` }), expected: rest.malformedPath },
  { method: 'GET', route: '/dashboard/protected/:startDate/:endDate', note: 'the end before the start', request: () => ({ path: '/dashboard/protected/2025-03-04/2025-03-03' }), expected: rest.adminValidates },
  // media (a path the service answers itself)
  {
    method: 'DELETE', route: '/attachment/protected/:id', note: "the owner's photo",
    request: async () => ({ path: `/attachment/protected/${await photo()}` }),
    expected: row('401 0003', '204', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '204'),
  },
];

/** Paths a service answers itself, outside the facade's table, that act on someone else's data. */
const SERVICE_ADMIN_PATHS = ['DELETE /attachment/protected/:id'];

/** Root fields of the GraphQL operations a REST route runs. */
const rootFields = (operation: string) =>
  parse(operation).definitions.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION ? (d as OperationDefinitionNode).selectionSet.selections.map((s) => (s as FieldNode).name.value) : []));

describe('REST: every admin path of the facade, by role', () => {
  it('has a case for every path that runs an admin operation or says it is for administrators, and for the service paths', () => {
    const documented = new Set(documentedPermissions().filter((c) => c.startsWith('Query.') || c.startsWith('Mutation.')).map((c) => c.split('.')[1]));
    const adminPaths = restRoutes
      .filter((route) => rootFields(route.operation).some((field) => documented.has(field)) || /administrator|admin\b|impersonat/i.test(route.summary))
      .map((route) => `${route.method} ${route.path}`);
    expect(adminPaths.length).toBeGreaterThan(15);
    const covered = new Set(REST_CASES.map((c) => `${c.method} ${c.route}`));
    expect([...adminPaths, ...SERVICE_ADMIN_PATHS].filter((path) => !covered.has(path))).toEqual([]);
    // Each case names a path of the facade or a service path.
    const known = new Set([...restRoutes.map((route) => `${route.method} ${route.path}`), ...SERVICE_ADMIN_PATHS]);
    expect([...covered].filter((path) => !known.has(path))).toEqual([]);
  });

  for (const restCase of REST_CASES) {
    it(`${restCase.method} ${restCase.route}${restCase.note ? ` (${restCase.note})` : ''}: ${WHO.map((who) => `${who} ${restCase.expected[who]}`).join(', ')}`, async () => {
      const outcomes = {} as Expected;
      for (const who of WHO) {
        const { path, body } = await restCase.request(who);
        const answer = await stack.api(restCase.method, path, { ...(tokens[who] ? { token: tokens[who] } : {}), ...(body !== undefined ? { body } : {}), remoteAddress: nextAddress() });
        outcomes[who] = answer.status >= 400 ? `${answer.status} ${answer.body.code}` : String(answer.status);
      }
      expect(outcomes).toEqual(restCase.expected);
    }, 60_000);
  }
});

describe('a role taken away', () => {
  it('an administrator made ADVERTISER loses every admin operation of every service at once, old token and new', async () => {
    const demoted = stack.accounts.demoted!;
    const probes: Array<[string, string]> = [
      ['identity', '{ users { totalItems } }'],
      ['listings', '{ opportunitiesByStatus(status: PENDING_APPROVAL) { totalItems } }'],
      ['billing', '{ refunds { id } }'],
      ['moderation', '{ globalParameters { id } }'],
    ];
    const outcomes = async (token: string) => {
      const seen: Record<string, string> = {};
      for (const [service, query] of probes) seen[service] = outcomeOf(await stack.graphql(query, {}, { token }));
      return seen;
    };
    expect(await outcomes(demoted.token)).toEqual({ identity: 'ok', listings: 'ok', billing: 'ok', moderation: 'ok' });
    await stack.data(ADMIN_UPDATE, { input: userEdit({ id: demoted.id, email: demoted.email }, { name: 'Persona', lastName: 'Mora', role: 'ADVERTISER' }) }, tokens.admin);
    // The change of role ends the account's sessions: the old token is refused everywhere.
    expect(await outcomes(demoted.token)).toEqual({ identity: '0003', listings: '0003', billing: '0003', moderation: '0003' });
    const again = await stack.api('POST', '/users/login', { body: { email: demoted.email, password: PASSWORD } });
    expect(again.status).toBe(200);
    // A new session carries the new role, and each service has it from identity's events too.
    await eventually(async () => {
      const seen = await outcomes(again.body.token as string);
      expect(seen).toEqual({ identity: 'FORBIDDEN', listings: 'FORBIDDEN', billing: 'FORBIDDEN', moderation: 'FORBIDDEN' });
    });
  });
});
