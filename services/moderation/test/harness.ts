import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { isMessageKey, translate as translateMessage } from '@ruedas/domain';
import { topics, type Envelope, type UserSnapshot } from '@ruedas/events';
import { createSubgraphServer, type DocumentStore, type Translator } from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createListings } from '@ruedas/listings';
import { createModeration, type MarketPriceEstimator } from '../src';
import { openCollections } from '../src/store';
import { eventually, recordingMailer, shutDown } from '@ruedas/testing/helpers';
import {
  adInput,
  execute,
  publishEvent,
  registeredEvent,
  signedUpSnapshot,
  temporaryFolder,
  testContext,
  testLogger as logger,
  testSession,
  type CallOptions,
} from '@ruedas/testing/services';
export { eventually, recordingMailer };
export { adInput, code, fields, messageKey, START, type Json } from '@ruedas/testing/services';

const translate: Translator = (key, locale, params) => (isMessageKey(key) ? translateMessage(key, locale, params) : key);

/**
 * The moderation service and the listings service (moderation learns ads from listings' snapshots,
 * listings applies moderation's review decisions) over embedded adapters in a temporary folder,
 * one bus and one store, each subgraph executed in process as the gateway does.
 */
export async function startModeration(
  options: {
    dir?: string;
    wrapStore?: (store: DocumentStore) => DocumentStore;
    marketPrice?: MarketPriceEstimator;
    dashboardLeaseMs?: number;
    dashboardRollupMs?: number;
  } = {},
) {
  const dir = options.dir ?? temporaryFolder('moderation');
  const embedded = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
  const store = options.wrapStore ? options.wrapStore(embedded) : embedded;
  const bus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
  const { clock, guard, sign, relay } = await testSession(bus);
  const mailer = recordingMailer();
  const context = testContext({ store, bus, mailer, clock, translate, outbox: relay, versions: { backEnd: '9.8.7' } });
  const moderationModule = createModeration({
    guard,
    ...(options.marketPrice ? { marketPrice: options.marketPrice } : {}),
    ...(options.dashboardLeaseMs ? { dashboardLeaseMs: options.dashboardLeaseMs } : {}),
    ...(options.dashboardRollupMs ? { dashboardRollupMs: options.dashboardRollupMs } : {}),
  });
  const listingsModule = createListings({ guard, schedulerIntervalMs: 3_600_000, photoWaitMs: 300 });
  const moderation = await moderationModule.init(context);
  const listings = await listingsModule.init(context);
  const servers = {
    moderation: await createSubgraphServer({ definition: moderationModule.subgraph, resolvers: moderation.resolvers, logger, translate }),
    listings: await createSubgraphServer({ definition: listingsModule.subgraph, resolvers: listings.resolvers, logger, translate }),
  };
  const collections = await openCollections(store);

  // Every event moderation publishes, as a consumer sees it.
  const published: Envelope[] = [];
  const moderationTopics = [topics.moderationParameter, topics.moderationReview, topics.moderationComplaint, topics.moderationContact];
  const watching = await bus.subscribe({
    group: 'test-watch',
    topics: moderationTopics,
    handler: async (message) => void published.push(message.value as Envelope),
  });

  const call = (service: keyof typeof servers, query: string, variables: Record<string, unknown> = {}, options: CallOptions | string = {}) =>
    execute(servers[service], query, variables, options);

  /** A user known to both services through identity's event, and a token of theirs. */
  async function user(role = 'ADVERTISER', overrides: Partial<UserSnapshot> = {}) {
    const id = randomUUID();
    const snapshot = signedUpSnapshot(id, role, overrides);
    await publishEvent(bus, topics.identityUser, registeredEvent(snapshot));
    const token = await sign(id, role);
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
    /** The moderation service's running instance (a test stops it as a copy that goes away). */
    instance: moderation,
    guard,
    /** Stops everything; `keep` leaves the folder for a restart on it. */
    stop: (stopOptions: { keep?: boolean } = {}) =>
      shutDown([watching, moderation, listings, relay, servers.moderation, servers.listings, bus, store], dir, stopOptions.keep),
  };
}

export type Moderation = Awaited<ReturnType<typeof startModeration>>;

/** The operations several tests send: a report of an ad, its owner's edit. */
export const REPORT = 'mutation R($input: ComplaintInput!) { reportOpportunity(input: $input) { id } }';
export const UPDATE = 'mutation U($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id status } }';

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
