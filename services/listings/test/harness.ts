import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createEvent,
  parameterChanged,
  photoUploaded,
  readEvent,
  opportunityChanged,
  topics,
  userRegistered,
  type Envelope,
  type UserSnapshot,
} from '@ruedas/events';
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
  type EventBus,
  type ServiceContext,
} from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createListings, type ListingsOptions } from '../src';
import { openCollections } from '../src/store';
import { eventually, recordingMailer } from '@ruedas/testing/helpers';
export { eventually, recordingMailer };

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions on GraphQL answers

export const START = new Date('2025-03-01T12:00:00Z');
export const DAY = 86_400_000;
const logger = createLogger('test', 'silent');

interface Shared {
  dir: string;
  store: DocumentStore;
  clock: ManualClock;
  mailer: ReturnType<typeof recordingMailer>;
  keys: ReturnType<typeof generateTokenKeyPair>;
}

/**
 * One listings instance over a shared store. Another process would have its own consumers (here its
 * own bus, since a group has one member per embedded bus) but publish to the same topics.
 */
async function instance(shared: Shared, name: string, options: Partial<ListingsOptions>, publishTo?: EventBus) {
  const bus = await createEmbeddedBus({ dir: join(shared.dir, `bus-${name}`), logger });
  const relay = new OutboxRelay({ bus: publishTo ?? bus, logger });
  const guard = new SessionGuard(await TokenVerifier.fromPem(shared.keys.publicKey, shared.clock), shared.clock);
  const listings = createListings({ guard, schedulerIntervalMs: 3_600_000, photoWaitMs: 300, ...options });
  const running = await listings.init({
    store: shared.store,
    bus,
    mailer: shared.mailer,
    blobs: undefined as never,
    logger,
    clock: shared.clock,
    translate: (key: string) => key,
    outbox: relay,
    publicUrl: 'https://ruedas.test',
    versions: { backEnd: 'test' },
  } satisfies ServiceContext);
  return { bus, relay, running };
}

/** The listings service over embedded adapters in a temporary folder, executed in process as the gateway does. */
export async function startListings(options: Partial<ListingsOptions> = {}, place: { dir?: string; wrapStore?: (store: DocumentStore) => DocumentStore } = {}) {
  const dir = place.dir ?? mkdtempSync(join(tmpdir(), 'ruedas-listings-'));
  const embedded = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
  const shared: Shared = {
    dir,
    store: place.wrapStore ? place.wrapStore(embedded) : embedded,
    clock: new ManualClock(START),
    mailer: recordingMailer(),
    keys: generateTokenKeyPair(),
  };
  const main = await instance(shared, 'main', options);
  const { bus, relay } = main;
  const server = await createSubgraphServer({
    definition: createListings({ guard: undefined as never }).subgraph,
    resolvers: main.running.resolvers,
    logger,
    translate: (key) => key,
  });
  const signer = await TokenSigner.fromPem(shared.keys.privateKey);
  const collections = await openCollections(shared.store);
  const others: Array<Awaited<ReturnType<typeof instance>>> = [];

  // Every snapshot published on listings.opportunity, as a consumer sees it.
  const published: Envelope[] = [];
  const watching = await bus.subscribe({
    group: 'test-watch',
    topics: [topics.listingsOpportunity],
    handler: async (message) => void published.push(message.value as Envelope),
  });

  async function call(query: string, variables: Record<string, unknown> = {}, token?: string) {
    const result = await executeInProcess(server, { query, variables }, token ? { authorization: `Bearer ${token}` } : {});
    return result as { data?: Json | null; errors?: Json[] };
  }

  let versions = 0;
  async function publish(topic: string, envelope: Envelope) {
    await bus.publish(topic, [{ key: envelope.aggregateId, value: envelope }]);
  }

  /** A user known to listings through identity's event, and a token of theirs. */
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
    await publish(
      topics.identityUser,
      createEvent(userRegistered, { aggregateId: id, aggregateVersion: 1, actor: { kind: 'user', id }, payload: { user: snapshot } }),
    );
    const token = await signer.sign({ userId: id, sessionId: randomUUID(), role, expiresAt: new Date('2035-01-01T00:00:00Z') });
    await eventually(() => collections.users.findById(id));
    return { id, token, email: snapshot.email, fullName: snapshot.fullName };
  }

  /** A photo uploaded by `ownerId`, announced by the media service's event. */
  async function photo(ownerId: string, options: { waitKnown?: boolean } = {}) {
    const id = randomUUID();
    await publish(
      topics.mediaPhoto,
      createEvent(photoUploaded, {
        aggregateId: id,
        aggregateVersion: 1,
        actor: { kind: 'user', id: ownerId },
        payload: { photo: { id, ownerId, width: 800, height: 600 } },
      }),
    );
    if (options.waitKnown !== false) await eventually(() => collections.photos.findById(id));
    return id;
  }

  /** The moderation service changes a global parameter. */
  async function setParameter(key: string, value: number) {
    versions += 1;
    await publish(
      topics.moderationParameter,
      createEvent(parameterChanged, {
        aggregateId: key,
        aggregateVersion: versions,
        actor: { kind: 'system', id: 'test' },
        payload: { id: key, quantity: value, previous: null },
      }),
    );
  }

  /** The snapshots published so far for an ad, oldest first, once the relay has drained. */
  async function snapshots(opportunityId: string) {
    await relay.flush();
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Delivery is at least once (two relays may publish one entry): consumers, like this, dedupe by event id.
    const unique = new Map(published.filter((e) => e.aggregateId === opportunityId).map((e) => [e.id, e]));
    return [...unique.values()].flatMap((e) => readEvent(opportunityChanged, e) ?? []);
  }

  return {
    dir,
    store: shared.store,
    collections,
    clock: shared.clock,
    mailer: shared.mailer,
    bus,
    relay,
    call,
    user,
    photo,
    setParameter,
    snapshots,
    published,
    publish,
    /** Another listings instance over the same store, as a second process would run it. */
    async another(extra: Partial<ListingsOptions> = {}) {
      const started = await instance(shared, `other-${others.length}`, { ...options, ...extra }, bus);
      others.push(started);
      return started;
    },
    /** Stops; `keep` keeps the data folder (a restart follows, `startListings(options, { dir })`). */
    async stop(keep = false) {
      await watching.stop();
      for (const other of [main, ...others]) {
        await other.running.stop();
        await other.relay.stop();
        await other.bus.close();
      }
      await server.stop();
      await shared.store.close();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Listings = Awaited<ReturnType<typeof startListings>>;

export const code = (result: { errors?: Json[] }) => result.errors?.[0]?.extensions?.code as string | undefined;
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
    extraList: ['AIR_CONDITIONING'],
    attachmentIds: [],
    phoneList: [{ phone: '8888-1234', phoneType: 'WHATSAPP' }],
    level: 'FREE',
    ...overrides,
  };
}

export const AD_FIELDS =
  'id brand model year status level carIdNumber dateCreated publishedAt expiresAt isNew isMine isFavorite viewCount priceCrc attachmentIds user { id }';
export const CREATE = `mutation C($input: OpportunityInput!) { createOpportunity(input: $input) { ${AD_FIELDS} } }`;
export const UPDATE = `mutation U($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { ${AD_FIELDS} } }`;
export const SET_STATUS = `mutation S($id: ID!, $status: OpportunityStatus!) { updateOpportunityStatus(id: $id, status: $status) { ${AD_FIELDS} } }`;
export const SOLD = `mutation M($id: ID!) { markOpportunitySold(id: $id) { ${AD_FIELDS} } }`;
export const READ = `query O($id: ID!) { opportunity(id: $id) { ${AD_FIELDS} } }`;
export const HISTORY = 'query H($id: ID!) { statusHistory(opportunityId: $id) { email fullName status statusDate } }';
const PAGE = `items { ${AD_FIELDS} } page pageSize totalItems totalPages`;
export const AVAILABLE = `query A($page: Int) { availableOpportunities(page: $page) { ${PAGE} } }`;
export const MINE = `query M($status: OpportunityStatus, $page: Int) { myOpportunities(status: $status, page: $page) { ${PAGE} } }`;
export const WISH_LIST = `query W($page: Int) { myWishList(page: $page) { ${PAGE} } }`;

/** Creates an ad as `seller` and, when asked, has `admin` approve it (PUBLIC_ONLINE). */
export async function createAd(listings: Listings, seller: { token: string }, overrides: Record<string, unknown> = {}, approveWith?: { token: string }) {
  const created = await listings.call(CREATE, { input: adInput(overrides) }, seller.token);
  if (created.errors) throw new Error(JSON.stringify(created.errors));
  const id = created.data!.createOpportunity.id as string;
  if (approveWith) {
    const approved = await listings.call(SET_STATUS, { id, status: 'PUBLIC_ONLINE' }, approveWith.token);
    if (approved.errors) throw new Error(JSON.stringify(approved.errors));
  }
  return id;
}
