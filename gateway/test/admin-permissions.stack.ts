// Full services, not light subgraph fixtures: the admin-permissions cases run against every real service (see
// admin-permissions.test.ts).
import { adInput, eventually, startStack, type Json, type Stack } from './stack';
import { JPEG } from './fixtures/red-jpeg';

/**
 * The callers of admin-permissions.test.ts, what each kind of answer looks like for them, and the
 * stack with its fixtures (ads, invoices, refunds, complaints, photos, advertisers). The `let`s are
 * set by `startAdminStack` (the test file's beforeAll) and read live by the cases.
 */

export const WHO = ['visitor', 'owner', 'other', 'testUser', 'impersonator', 'admin'] as const;
export type Who = (typeof WHO)[number];
export type Expected = Record<Who, string>;

export const row = (visitor: string, owner: string, other: string, testUser: string, impersonator: string, admin: string): Expected => ({
  visitor,
  owner,
  other,
  testUser,
  impersonator,
  admin,
});
export const gql = {
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
export const rest = {
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

export let stack: Stack;
export let tokens: Record<Who, string | undefined>;
export const ids = {} as Record<'owner' | 'other' | 'testUser' | 'impersonator' | 'admin' | 'staff' | 'demoted', string>;
export let pub: string;
export let pending: string;
let addresses = 0;
/** A client address of its own for each call that reports an ad (complaints are limited per address). */
export const nextAddress = () => `10.88.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

export const today = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);
let people = 0;
export const person = (overrides: Json = {}) => ({
  userType: 'PERSON',
  name: 'Lucía',
  lastName: 'Vega',
  email: `persona${++people}-${Date.now()}@example.com`,
  phoneList: [{ phone: '88887777', phoneType: 'WHATSAPP' }],
  province: '1',
  canton: '101',
  district: '10101',
  ...overrides,
});

/** An ad of the owner: waiting for review, or approved by the admin and public. */
export async function ad(options: { public?: boolean; level?: string } = {}): Promise<string> {
  const created = await stack.data(
    'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
    { input: adInput({ level: options.level ?? 'FREE' }) },
    tokens.owner,
  );
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
export async function openInvoice() {
  const adId = await ad({ level: 'GOLD' });
  const result = await eventually(() =>
    stack.data(
      'mutation($id: ID!) { checkoutOpportunity(opportunityId: $id, level: GOLD, autoApproval: false) { redirectUrl invoice { id } } }',
      { id: adId },
      tokens.owner,
    ),
  );
  return { adId, invoiceId: result.checkoutOpportunity.invoice.id as string, redirectUrl: result.checkoutOpportunity.redirectUrl as string };
}

export async function pendingTransfer() {
  const { invoiceId } = await openInvoice();
  await stack.data('mutation($id: ID!) { submitTransferReference(invoiceId: $id, refnum: "REF12345") { status } }', { id: invoiceId }, tokens.owner);
  return invoiceId;
}

/** Pays an open invoice on the sandbox page as a browser does, and confirms the signed response. */
export async function paidAd() {
  const opened = await openInvoice();
  const url = new URL(opened.redirectUrl);
  const posted = await stack.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', holder: 'Ana Mora', action: 'pay' }).toString(),
  });
  if (posted.statusCode !== 303) throw new Error(`the sandbox answered ${posted.statusCode}`);
  const response = new URL(posted.headers.location as string, 'https://ruedas.test').searchParams.get('response');
  await stack.data('mutation($r: String!) { confirmPayment(response: $r) { isPayed } }', { r: response });
  return opened;
}

/** A refund waiting for an admin: a paid ad its owner cancelled. */
export async function refund() {
  const { adId } = await paidAd();
  const cancelled = await stack.data('mutation($id: ID!) { cancelOpportunityPayment(opportunityId: $id) { refund { id } } }', { id: adId }, tokens.owner);
  return cancelled.cancelOpportunityPayment.refund.id as string;
}

/** An unresolved complaint about the public ad, filed by a visitor. */
export async function complaint() {
  const filed = await eventually(async () => {
    const answer = await stack.graphql(
      'mutation($id: ID!) { reportOpportunity(input: { opportunityId: $id, details: "Las fotos son de otro carro" }) { id } }',
      { id: pub },
      { remoteAddress: nextAddress() },
    );
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!;
  });
  return filed.reportOpportunity.id as string;
}

/** A photo of the owner, uploaded through the media service's REST path. */
export async function photo() {
  const boundary = `----ruedas${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    JPEG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await stack.api('POST', '/attachment/protected', {
    token: tokens.owner,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (uploaded.status !== 200) throw new Error(JSON.stringify(uploaded.body));
  return (uploaded.body as unknown as string[])[0]!;
}

/** A fresh advertiser registered on their behalf by the admin (a target for user edits). */
export async function advertiser() {
  const user = person();
  const registered = await stack.data(
    'mutation($input: ImpersonalRegistrationInput!) { impersonalRegister(input: $input) { id } }',
    { input: { user } },
    tokens.admin,
  );
  return { ...user, id: registered.impersonalRegister.id as string };
}

/** Starts the stack with every kind of caller, the public ad and the ad waiting for review. */
export async function startAdminStack(): Promise<void> {
  stack = await startStack({
    owner: 'ADVERTISER',
    other: 'ADVERTISER',
    testUser: 'TESTUSER',
    impersonator: 'IMPERSONALIZATOR',
    admin: 'ADMINISTRATOR',
    staff: 'ADMINISTRATOR',
    demoted: 'ADMINISTRATOR',
  });
  for (const [name, account] of Object.entries(stack.accounts)) ids[name as keyof typeof ids] = account.id;
  tokens = {
    visitor: undefined,
    owner: stack.accounts.owner!.token,
    other: stack.accounts.other!.token,
    testUser: stack.accounts.testUser!.token,
    impersonator: stack.accounts.impersonator!.token,
    admin: stack.accounts.admin!.token,
  };
  // Moderation, listings and billing learn of the users (and their roles) from identity's events.
  await eventually(() => stack.data('{ globalParameters { id } }', {}, tokens.admin));
  await eventually(() => stack.data('{ myPlanStatus { planLevel } }', {}, tokens.owner));
  // Many visitors report the public ad across these cases: keep it public (issue 20 hides an ad
  // reported by REPORTS_TO_HIDE different people until an admin decides; tested in risk-signals).
  const raised = await stack.api('PUT', '/globalParameter/protected', { token: tokens.admin, body: [{ id: 'REPORTS_TO_HIDE', quantity: 100 }] });
  if (raised.status !== 200) throw new Error(JSON.stringify(raised.body));
  pub = await ad({ public: true });
  pending = await ad();
}

export async function stopAdminStack(): Promise<void> {
  await stack?.stop();
}

export const userEdit = (user: Json, changes: Json = {}) => ({
  id: user.id,
  userType: 'PERSON',
  name: 'Marta',
  lastName: 'Vega',
  email: user.email,
  phoneList: [{ phone: '88887777', phoneType: 'WHATSAPP' }],
  province: '1',
  canton: '101',
  district: '10101',
  ...changes,
});
export const ADMIN_UPDATE = 'mutation($input: AdminUserInput!) { adminUpdateUser(input: $input) { id role } }';

/** A fresh ad that moderation already holds in its review queue. */
export async function waitingForReview() {
  const id = await ad();
  await eventually(async () => {
    // Oldest first: the newest ad is on the last page.
    const last = (await stack.data('{ reviewQueue { totalPages } }', {}, tokens.admin)).reviewQueue.totalPages as number;
    const queue = await stack.data('query($page: Int) { reviewQueue(page: $page) { items { id } } }', { page: Math.max(1, last) }, tokens.admin);
    if (!(queue.reviewQueue.items as Json[]).some((item) => item.id === id)) throw new Error('not queued yet');
  });
  return id;
}
