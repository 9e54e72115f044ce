import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createEvent, photoUploaded, readEvent, opportunityChanged, topics, type Envelope, type UserSnapshot } from '@ruedas/events';
import { createSubgraphServer, generateTokenKeyPair, ManualClock, OutboxRelay, TokenSigner, type DocumentStore, type EventBus } from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createListings, type ListingsOptions } from '../src';
import { openCollections } from '../src/store';
import { eventually, recordingMailer } from '@ruedas/testing/helpers';
import {
  adInput as wizardAd,
  execute,
  parameterSetter,
  publishEvent,
  registeredEvent,
  sessionGuard,
  signedUpSnapshot,
  START,
  temporaryFolder,
  testContext,
  testLogger as logger,
  TOKEN_EXPIRY,
  type CallOptions,
} from '@ruedas/testing/services';
export { eventually, recordingMailer };
export { code, DAY, fields, START, type Json } from '@ruedas/testing/services';

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
  const guard = await sessionGuard(shared.keys, shared.clock);
  const listings = createListings({ guard, schedulerIntervalMs: 3_600_000, photoWaitMs: 300, ...options });
  const running = await listings.init(testContext({ store: shared.store, bus, mailer: shared.mailer, clock: shared.clock, outbox: relay }));
  return { bus, relay, running };
}

/** The listings service over embedded adapters in a temporary folder, executed in process as the gateway does. */
export async function startListings(options: Partial<ListingsOptions> = {}, place: { dir?: string; wrapStore?: (store: DocumentStore) => DocumentStore } = {}) {
  const dir = place.dir ?? temporaryFolder('listings');
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

  const call = (query: string, variables: Record<string, unknown> = {}, token?: string | CallOptions) => execute(server, query, variables, token);
  const publish = (topic: string, envelope: Envelope) => publishEvent(bus, topic, envelope);

  /** A user known to listings through identity's event, and a token of theirs. */
  async function user(role = 'ADVERTISER', overrides: Partial<UserSnapshot> = {}) {
    const id = randomUUID();
    const snapshot = signedUpSnapshot(id, role, overrides);
    await publish(topics.identityUser, registeredEvent(snapshot));
    const token = await signer.sign({ userId: id, sessionId: randomUUID(), role, expiresAt: TOKEN_EXPIRY });
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
  const setParameter = parameterSetter(bus);

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

/** A valid ad of the wizard (steps 1 and 2), with air conditioning. */
export const adInput = (overrides: Record<string, unknown> = {}) => wizardAd({ extraList: ['AIR_CONDITIONING'], ...overrides });

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
