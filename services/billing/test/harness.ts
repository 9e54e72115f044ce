import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { createEvent, impersonalUserRegistered, parameterChanged, topics, userRegistered, type Envelope, type UserSnapshot } from '@ruedas/events';
import {
  createLogger,
  createSubgraphServer,
  executeInProcess,
  generateTokenKeyPair,
  ManualClock,
  OutboxRelay,
  SessionGuard,
  TokenSigner,
  TokenVerifier,
  type ServiceContext,
  type ServiceInstance,
} from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createListings } from '@ruedas/listings';
import { createOutboxMailer } from '@ruedas/mail-outbox';
import { createSandboxProvider } from '@ruedas/payment-sandbox';
import { createBilling, type BillingOptions, type PaymentProviderFactory } from '../src';
import { openCollections } from '../src/store';
import { eventually } from '@ruedas/testing/helpers';
export { eventually };

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions on GraphQL answers

export const START = new Date('2025-03-01T12:00:00Z');
export const DAY = 86_400_000;
export const SECRET = 'test-payment-secret';
const logger = createLogger('test', 'silent');

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
  const dir = mkdtempSync(join(tmpdir(), 'ruedas-billing-'));
  const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
  const bus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
  const clock = new ManualClock(START);
  const keys = generateTokenKeyPair();
  const relay = new OutboxRelay({ bus, logger });
  const guard = new SessionGuard(await TokenVerifier.fromPem(keys.publicKey, clock), clock);
  // The embedded mailer: receipts are files in <dir>/mail, read by `mails()`.
  const mailer = await createOutboxMailer({ dir: join(dir, 'mail'), from: 'no-reply@ruedas.test', logger });
  const context: ServiceContext = {
    store,
    bus,
    mailer,
    blobs: undefined as never,
    logger,
    clock,
    translate: (key: string) => key,
    outbox: relay,
    publicUrl: 'https://ruedas.test',
    versions: { backEnd: 'test' },
  };
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
  const signer = await TokenSigner.fromPem(keys.privateKey);
  const collections = await openCollections(store);

  const published: Envelope[] = [];
  const watching = await bus.subscribe({
    group: 'test-watch',
    topics: [topics.billingInvoice, topics.billingPlan],
    handler: async (message) => void published.push(message.value as Envelope),
  });

  async function call(service: keyof typeof servers, query: string, variables: Record<string, unknown> = {}, token?: string) {
    const result = await executeInProcess(servers[service], { query, variables }, token ? { authorization: `Bearer ${token}` } : {});
    return result as { data?: Json | null; errors?: Json[] };
  }
  const b = (query: string, variables: Record<string, unknown> = {}, token?: string) => call('billing', query, variables, token);
  const l = (query: string, variables: Record<string, unknown> = {}, token?: string) => call('listings', query, variables, token);

  async function publish(topic: string, envelope: Envelope) {
    await bus.publish(topic, [{ key: envelope.aggregateId, value: envelope }]);
  }

  /** A user known to both services through identity's event, and a token of theirs. */
  async function user(
    role = 'ADVERTISER',
    overrides: Partial<UserSnapshot> = {},
    promotional?: { promotionalAds: number; planLevel: 'GOLD' | 'SILVER' | 'BRONZE' },
  ) {
    const id = randomUUID();
    const snapshot: UserSnapshot = {
      id,
      email: `${id.slice(0, 8)}@example.com`,
      name: 'Ana',
      lastName: 'Mora',
      lastName2: 'Solís',
      fullName: `Ana Mora ${id.slice(0, 4)}`,
      userType: 'PERSON',
      merchantName: '',
      language: 'es',
      role: role as UserSnapshot['role'],
      status: 'ACTIVE',
      impersonal: Boolean(promotional),
      phoneList: [{ phone: '88881234', phoneType: 'WHATSAPP' }],
      province: '1',
      canton: '101',
      district: '10101',
      dateCreated: clock.now().toISOString(),
      ...overrides,
    };
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
    const token = await signer.sign({ userId: id, sessionId: randomUUID(), role, expiresAt: new Date('2035-01-01T00:00:00Z') });
    // Billing knows the user (name, role) before the test goes on; listings reads the token's role meanwhile.
    await eventually(() => collections.users.findById(id));
    return { id, token, fullName: snapshot.fullName, email: snapshot.email, registration };
  }

  let parameterVersions = 0;
  async function setParameter(key: string, value: number) {
    parameterVersions += 1;
    await publish(
      topics.moderationParameter,
      createEvent(parameterChanged, {
        aggregateId: key,
        aggregateVersion: parameterVersions,
        actor: { kind: 'system', id: 'test' },
        payload: { id: key, quantity: value, previous: null },
      }),
    );
  }

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
    async stop() {
      await watching.stop();
      await billing.stop();
      await listings.stop();
      await relay.stop();
      await web.close();
      await servers.billing.stop();
      await servers.listings.stop();
      await bus.close();
      await mailer.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startBilling>>;
export type Seller = Awaited<ReturnType<Harness['user']>>;

export const code = (result: { errors?: Json[] }) => result.errors?.[0]?.extensions?.code as string | undefined;
export const messageKey = (result: { errors?: Json[] }) => result.errors?.[0]?.extensions?.messageKey as string | undefined;

/** A valid ad of the wizard (steps 1 and 2). */
export function adInput(overrides: Record<string, unknown> = {}) {
  return {
    brand: 'TOYOTA',
    model: 'Corolla',
    year: 2018,
    style: 'SEDAN',
    fuelType: 'GASOLINE',
    transmissionType: 'AUTOMATIC',
    motorSizeCC: 1800,
    mileage: 85000,
    mileageUnit: 'KM',
    exteriorColor: 'Blanco',
    interiorColor: 'Negro',
    price: 9_500_000,
    currency: 'CRC',
    payTaxes: true,
    carIdNumber: 'BXR123',
    passengersNumber: 5,
    province: '1',
    canton: '101',
    district: '10101',
    knownDamage: '',
    extraList: [],
    attachmentIds: [],
    phoneList: [{ phone: '8888-1234', phoneType: 'WHATSAPP' }],
    level: 'FREE',
    ...overrides,
  };
}

export const INVOICE_FIELDS =
  'id codigoint kind opportunityId plan { planLevel totalOpportunities } level quickApproval amount currency status paymentMethod refnum electronicInvoice { idType identification fullname } creationDate paidAt redirectUrl cancellable refund { id status amount } user { id }';
export const CREATE =
  'mutation C($input: OpportunityInput!, $requestId: String) { createOpportunity(input: $input, requestId: $requestId) { id status paymentPending } }';
export const CHECKOUT = `mutation K($id: ID!, $invoice: ElectronicInvoiceInput, $level: Level, $autoApproval: Boolean) { checkoutOpportunity(opportunityId: $id, invoice: $invoice, level: $level, autoApproval: $autoApproval) { opportunityId isPayed redirectUrl total coveredByPlan invoice { ${INVOICE_FIELDS} } } }`;
export const CONFIRM =
  'mutation P($response: String!) { confirmPayment(response: $response) { outcome invoiceId kind opportunityId plan { planLevel totalOpportunities } amount isPayed } }';
export const BUY_PLAN = `mutation B($plan: PlanInput!, $invoice: ElectronicInvoiceInput) { buyPlan(plan: $plan, invoice: $invoice) { redirectUrl invoice { ${INVOICE_FIELDS} } } }`;
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
