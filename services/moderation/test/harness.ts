import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMessageKey, translate as translateMessage } from '@ruedas/domain';
import { createEvent, topics, userRegistered, type Envelope, type UserSnapshot } from '@ruedas/events';
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
  type DocumentStore,
  type ServiceContext,
  type Translator,
} from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createListings } from '@ruedas/listings';
import { createModeration, type MarketPriceEstimator } from '../src';
import { openCollections } from '../src/store';
import { eventually, recordingMailer } from '@ruedas/testing/helpers';
export { eventually, recordingMailer };

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions on GraphQL answers

export const START = new Date('2025-03-01T12:00:00Z');
const logger = createLogger('test', 'silent');
const translate: Translator = (key, locale, params) => (isMessageKey(key) ? translateMessage(key, locale, params) : key);

/**
 * The moderation service and the listings service (moderation learns ads from listings' snapshots,
 * listings applies moderation's review decisions) over embedded adapters in a temporary folder,
 * one bus and one store, each subgraph executed in process as the gateway does.
 */
export async function startModeration(options: { dir?: string; wrapStore?: (store: DocumentStore) => DocumentStore; marketPrice?: MarketPriceEstimator } = {}) {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'ruedas-moderation-'));
  const embedded = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
  const store = options.wrapStore ? options.wrapStore(embedded) : embedded;
  const bus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
  const clock = new ManualClock(START);
  const keys = generateTokenKeyPair();
  const relay = new OutboxRelay({ bus, logger });
  const mailer = recordingMailer();
  const guard = new SessionGuard(await TokenVerifier.fromPem(keys.publicKey, clock), clock);
  const context: ServiceContext = {
    store,
    bus,
    mailer,
    blobs: undefined as never,
    logger,
    clock,
    translate,
    outbox: relay,
    publicUrl: 'https://ruedas.test',
    versions: { backEnd: '9.8.7' },
  };
  const moderationModule = createModeration({ guard, ...(options.marketPrice ? { marketPrice: options.marketPrice } : {}) });
  const listingsModule = createListings({ guard, schedulerIntervalMs: 3_600_000, photoWaitMs: 300 });
  const moderation = await moderationModule.init(context);
  const listings = await listingsModule.init(context);
  const servers = {
    moderation: await createSubgraphServer({ definition: moderationModule.subgraph, resolvers: moderation.resolvers, logger, translate }),
    listings: await createSubgraphServer({ definition: listingsModule.subgraph, resolvers: listings.resolvers, logger, translate }),
  };
  const signer = await TokenSigner.fromPem(keys.privateKey);
  const collections = await openCollections(store);

  // Every event moderation publishes, as a consumer sees it.
  const published: Envelope[] = [];
  const moderationTopics = [topics.moderationParameter, topics.moderationReview, topics.moderationComplaint, topics.moderationContact];
  const watching = await bus.subscribe({
    group: 'test-watch',
    topics: moderationTopics,
    handler: async (message) => void published.push(message.value as Envelope),
  });

  interface CallOptions {
    token?: string;
    /** The client address the gateway would forward. */
    address?: string;
    language?: string;
  }
  async function call(service: keyof typeof servers, query: string, variables: Record<string, unknown> = {}, options: CallOptions | string = {}) {
    const { token, address, language } = typeof options === 'string' ? { token: options } : options;
    const headers: Record<string, string> = {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(address ? { 'x-forwarded-for': address } : {}),
      ...(language ? { 'accept-language': language } : {}),
    };
    const result = await executeInProcess(servers[service], { query, variables }, headers);
    return result as { data?: Json | null; errors?: Json[] };
  }

  /** A user known to both services through identity's event, and a token of theirs. */
  async function user(role = 'ADVERTISER', overrides: Partial<UserSnapshot> = {}) {
    const id = randomUUID();
    const snapshot: UserSnapshot = {
      id,
      email: `${id.slice(0, 8)}@example.com`,
      name: 'Ana',
      lastName: 'Mora',
      lastName2: 'Solís',
      fullName: 'Ana Mora Solís',
      userType: 'PERSON',
      merchantName: '',
      language: 'es',
      role: role as UserSnapshot['role'],
      status: 'ACTIVE',
      impersonal: false,
      phoneList: [{ phone: '88881234', phoneType: 'WHATSAPP' }],
      province: '1',
      canton: '101',
      district: '10101',
      dateCreated: START.toISOString(),
      ...overrides,
    };
    const event = createEvent(userRegistered, { aggregateId: id, aggregateVersion: 1, actor: { kind: 'user', id }, payload: { user: snapshot } });
    await bus.publish(topics.identityUser, [{ key: id, value: event }]);
    const token = await signer.sign({ userId: id, sessionId: randomUUID(), role, expiresAt: new Date('2035-01-01T00:00:00Z') });
    await eventually(async () => (await collections.users.findById(id)) !== null);
    return { id, token, email: snapshot.email, fullName: snapshot.fullName };
  }

  /** Events moderation published, once the relay has drained (deduped by event id). */
  async function events(type?: string) {
    await relay.flush();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const unique = new Map(published.map((e) => [e.id, e]));
    return [...unique.values()].filter((e) => !type || e.type === type);
  }

  return {
    dir,
    store,
    bus,
    clock,
    mailer,
    relay,
    collections,
    call,
    user,
    events,
    published,
    /** Stops everything; `keep` leaves the folder for a restart on it. */
    async stop(stopOptions: { keep?: boolean } = {}) {
      await watching.stop();
      await moderation.stop();
      await listings.stop();
      await relay.stop();
      await servers.moderation.stop();
      await servers.listings.stop();
      await bus.close();
      await store.close();
      if (!stopOptions.keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Moderation = Awaited<ReturnType<typeof startModeration>>;

export const code = (result: { errors?: Json[] }) => result.errors?.[0]?.extensions?.code as string | undefined;
export const messageKey = (result: { errors?: Json[] }) => result.errors?.[0]?.extensions?.messageKey as string | undefined;
/** Field → message key of a validation error. */
export const fields = (result: { errors?: Json[] }) => {
  const found = result.errors?.[0]?.extensions?.fields as Record<string, { messageKey: string }> | undefined;
  return found && Object.fromEntries(Object.entries(found).map(([field, problem]) => [field, problem.messageKey]));
};

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

const CREATE = 'mutation C($input: OpportunityInput!) { createOpportunity(input: $input) { id status } }';
const SET_STATUS = 'mutation S($id: ID!, $status: OpportunityStatus!) { updateOpportunityStatus(id: $id, status: $status) { id status } }';

/** Waits until moderation's copy of the ad is in `status`. */
export async function seen(moderation: Moderation, id: string, status: string) {
  return eventually(async () => {
    const ad = await moderation.collections.ads.findById(id);
    return ad?.status === status ? ad : null;
  });
}

/** An ad created by `seller` (PENDING_APPROVAL), made public by `admin` through listings when given; moderation has seen it. */
export async function createAd(moderation: Moderation, seller: { token: string }, overrides: Record<string, unknown> = {}, publishWith?: { token: string }) {
  const created = await moderation.call('listings', CREATE, { input: adInput(overrides) }, seller.token);
  if (created.errors) throw new Error(JSON.stringify(created.errors));
  const id = created.data!.createOpportunity.id as string;
  if (publishWith) {
    const published = await moderation.call('listings', SET_STATUS, { id, status: 'PUBLIC_ONLINE' }, publishWith.token);
    if (published.errors) throw new Error(JSON.stringify(published.errors));
  }
  await seen(moderation, id, publishWith ? 'PUBLIC_ONLINE' : 'PENDING_APPROVAL');
  return id;
}
