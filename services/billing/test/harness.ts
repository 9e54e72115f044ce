import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { join } from 'node:path';
import Fastify from 'fastify';
import { createEvent, impersonalUserRegistered, topics, userRegistered, type Envelope, type UserSnapshot } from '@ruedas/events';
import { createSubgraphServer, type ServiceInstance } from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createListings } from '@ruedas/listings';
import { createOutboxMailer } from '@ruedas/mail-outbox';
import { createSandboxProvider } from '@ruedas/payment-sandbox';
import { createBilling, type BillingOptions, type PaymentProviderFactory } from '../src';
import { openCollections } from '../src/store';
import { eventually, shutDown } from '@ruedas/testing/helpers';
import {
  adInput,
  execute,
  parameterSetter,
  publishEvent,
  signedUpSnapshot,
  temporaryFolder,
  testContext,
  testLogger as logger,
  testSession,
  type Json,
} from '@ruedas/testing/services';
export { eventually };
export { adInput, code, DAY, messageKey, START, type Json } from '@ruedas/testing/services';

export const SECRET = 'test-payment-secret';

/**
 * The billing service and the listings service (billing learns ads from its snapshots, listings
 * publishes paid ads from billing's events) over embedded adapters in a temporary folder, one bus
 * and one store, each subgraph executed in process as the gateway does; the sandbox checkout pages
 * on an HTTP server driven by `inject`.
 */
/** The sandbox payment provider (the launcher's default outside production), signing with SECRET. */
const sandboxPayments: PaymentProviderFactory = (context) =>
  createSandboxProvider({ store: context.store, clock: context.clock, secret: SECRET, publicUrl: context.publicUrl, logger: context.logger });

export async function startBilling(options: Partial<BillingOptions> = {}) {
  const dir = temporaryFolder('billing');
  const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
  const bus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
  const { clock, guard, sign, relay } = await testSession(bus);
  // The embedded mailer: receipts are files in <dir>/mail, read by `mails()`.
  const mailer = await createOutboxMailer({ dir: join(dir, 'mail'), from: 'no-reply@ruedas.test', logger });
  const context = testContext({ store, bus, mailer, clock, outbox: relay });
  const billingModule = createBilling({ guard, provider: sandboxPayments, schedulerIntervalMs: 3_600_000, adWaitMs: 1000, ...options });
  const listingsModule = createListings({ guard, schedulerIntervalMs: 3_600_000, photoWaitMs: 300 });
  let billing: ServiceInstance = await billingModule.init(context);
  const listings: ServiceInstance = await listingsModule.init(context);
  const servers = {
    billing: await createSubgraphServer({ definition: billingModule.subgraph, resolvers: billing.resolvers, logger, translate: (key) => key }),
    listings: await createSubgraphServer({ definition: listingsModule.subgraph, resolvers: listings.resolvers, logger, translate: (key) => key }),
  };
  const web = Fastify();
  await billing.routes?.(web);
  await web.ready();
  const collections = await openCollections(store);

  const published: Envelope[] = [];
  const watching = await bus.subscribe({
    group: 'test-watch',
    topics: [topics.billingInvoice, topics.billingPlan],
    handler: async (message) => void published.push(message.value as Envelope),
  });

  const call = (service: keyof typeof servers, query: string, variables: Record<string, unknown> = {}, token?: string) =>
    execute(servers[service], query, variables, token);
  const b = (query: string, variables: Record<string, unknown> = {}, token?: string) => call('billing', query, variables, token);
  const l = (query: string, variables: Record<string, unknown> = {}, token?: string) => call('listings', query, variables, token);

  const publish = (topic: string, envelope: Envelope) => publishEvent(bus, topic, envelope);

  /** A user known to both services through identity's event, and a token of theirs. */
  async function user(
    role = 'ADVERTISER',
    overrides: Partial<UserSnapshot> = {},
    promotional?: { promotionalAds: number; planLevel: 'GOLD' | 'SILVER' | 'BRONZE' },
  ) {
    const id = randomUUID();
    const snapshot = signedUpSnapshot(id, role, {
      fullName: `Ana Mora ${id.slice(0, 4)}`,
      impersonal: Boolean(promotional),
      dateCreated: clock.now().toISOString(),
      ...overrides,
    });
    const actor = { kind: 'user' as const, id };
    const registration: Envelope = promotional
      ? createEvent(impersonalUserRegistered, {
          aggregateId: id,
          aggregateVersion: 1,
          actor,
          occurredAt: clock.now(),
          payload: { user: snapshot, registeredBy: randomUUID(), plan: promotional },
        })
      : createEvent(userRegistered, { aggregateId: id, aggregateVersion: 1, actor, occurredAt: clock.now(), payload: { user: snapshot } });
    await publish(topics.identityUser, registration);
    const token = await sign(id, role);
    // Billing knows the user (name, role) before the test goes on; listings reads the token's role meanwhile.
    await eventually(() => collections.users.findById(id));
    return { id, token, fullName: snapshot.fullName, email: snapshot.email, registration };
  }

  const setParameter = parameterSetter(bus);

  /** Billing stopped and started again over the same store and bus (a restarted process), read by `b` from then on. */
  async function restartBilling(more: Partial<BillingOptions> = {}): Promise<void> {
    await billing.stop();
    await servers.billing.stop();
    const restarted = createBilling({ guard, provider: sandboxPayments, schedulerIntervalMs: 3_600_000, adWaitMs: 1000, ...options, ...more });
    billing = await restarted.init(context);
    servers.billing = await createSubgraphServer({ definition: restarted.subgraph, resolvers: billing.resolvers, logger, translate: (key) => key });
  }

  /** The mails sent to `to` so far (the embedded mailer's files). */
  async function mails(to: string) {
    return (await mailer.list()).filter((mail) => mail.to === to);
  }

  return {
    dir,
    store,
    bus,
    clock,
    relay,
    web,
    published,
    collections,
    call,
    b,
    l,
    user,
    setParameter,
    publish,
    restartBilling,
    mails,
    stop: () => shutDown([watching, billing, listings, relay, web, servers.billing, servers.listings, bus, mailer, store], dir),
  };
}

export type Harness = Awaited<ReturnType<typeof startBilling>>;
export type Seller = Awaited<ReturnType<Harness['user']>>;

/** Billing started before a file's tests with one signed-up seller (given to `use`), stopped after them. */
export function billingWithSeller(use: (harness: Harness, seller: Seller) => void) {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startBilling();
    use(harness, await harness.user());
  });
  afterAll(() => harness?.stop());
}

export const INVOICE_FIELDS =
  'id codigoint kind opportunityId plan { planLevel totalOpportunities } level quickApproval amount currency status paymentMethod refnum ' +
  'electronicInvoice { idType identification fullname } creationDate paidAt redirectUrl cancellable refund { id status amount } user { id }';
export const CREATE =
  'mutation C($input: OpportunityInput!, $requestId: String) { createOpportunity(input: $input, requestId: $requestId) { id status paymentPending } }';
export const CHECKOUT =
  `mutation K($id: ID!, $invoice: ElectronicInvoiceInput, $level: Level, $autoApproval: Boolean) { ` +
  `checkoutOpportunity(opportunityId: $id, invoice: $invoice, level: $level, autoApproval: $autoApproval) { opportunityId isPayed redirectUrl total ` +
  `coveredByPlan invoice { ${INVOICE_FIELDS} } } }`;
export const CONFIRM =
  'mutation P($response: String!) { confirmPayment(response: $response) { outcome invoiceId kind opportunityId plan { planLevel totalOpportunities } ' +
  'amount isPayed } }';
export const BUY_PLAN =
  `mutation B($plan: PlanInput!, $invoice: ElectronicInvoiceInput) { buyPlan(plan: $plan, invoice: $invoice) { redirectUrl ` +
  `invoice { ${INVOICE_FIELDS} } } }`;
export const PLAN_STATUS = '{ myPlanStatus { planLevel availableOpportunities expirationDate blocked } }';
export const AD = 'query O($id: ID!) { opportunity(id: $id) { id status level paymentPending publishedAt } }';

/** Creates an ad as `seller` through listings. */
export async function createAd(h: Harness, seller: Seller, overrides: Record<string, unknown> = {}, requestId?: string): Promise<string> {
  const created = await h.l(CREATE, { input: adInput(overrides), ...(requestId ? { requestId } : {}) }, seller.token);
  if (created.errors) throw new Error(JSON.stringify(created.errors));
  return created.data!.createOpportunity.id as string;
}

export async function checkout(h: Harness, seller: Seller, id: string, invoice?: Record<string, unknown>) {
  const result = await h.b(CHECKOUT, { id, ...(invoice ? { invoice } : {}) }, seller.token);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.checkoutOpportunity as Json;
}

/**
 * Pays on the sandbox page the way a browser does: opens the redirect URL, posts the card form,
 * and answers the signed response from the redirect back to the result page.
 */
export async function payAtSandbox(h: Harness, redirectUrl: string, form: Record<string, string> = {}) {
  const url = new URL(redirectUrl);
  const page = await h.web.inject({ method: 'GET', url: url.pathname + url.search });
  if (page.statusCode !== 200) throw new Error(`sandbox page answered ${page.statusCode}`);
  const posted = await h.web.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', holder: 'Ana Mora', action: 'pay', ...form }).toString(),
  });
  const location = posted.headers.location as string | undefined;
  if (posted.statusCode !== 303 || !location) return { status: posted.statusCode, body: posted.body, location: null, response: null };
  const back = new URL(location, 'https://ruedas.test');
  return { status: posted.statusCode, body: posted.body, location: back.pathname, response: back.searchParams.get('response') as string };
}

/** Waits until the ad has the status, as its owner reads it. */
export async function adStatus(h: Harness, seller: Seller, id: string, status: string) {
  return eventually(async () => {
    const ad = (await h.l(AD, { id }, seller.token)).data?.opportunity;
    return ad?.status === status ? ad : null;
  });
}
