import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createEvent, readEvent, searchPerformed, topics, userRegistered, type Envelope, type OpportunitySnapshot } from '@ruedas/events';
import {
  createSubgraphServer,
  ManualClock,
  OutboxRelay,
  type DocumentStore,
  type EventBus,
  type MailMessage,
  type Mailer,
  type SearchIndex,
} from '@ruedas/platform';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createOutboxMailer, type OutboxMailer } from '@ruedas/mail-outbox';
import { createEmbeddedSearchIndex } from '@ruedas/search-embedded';
import { createSearch, type SearchDocument, type SearchInstance } from '../src';
import { openCollections } from '../src/store';
import { eventually, withLatency } from '@ruedas/testing/helpers';
import {
  adSnapshot,
  execute,
  opportunityChangedEvent,
  parameterSetter,
  sessionKeys,
  START,
  temporaryFolder,
  testContext,
  testLogger as logger,
  userSnapshot,
  type Json,
} from '@ruedas/testing/services';
export { eventually };
export { code, fields, START, type Json } from '@ruedas/testing/services';

/** A public ad snapshot as listings publishes it; `overrides` change any field. */
export function snapshot(overrides: Partial<OpportunitySnapshot> = {}): OpportunitySnapshot {
  return adSnapshot(randomUUID(), {
    year: 2015,
    mileage: 90_000,
    price: 8_000_000,
    priceCrc: 8_000_000,
    phoneList: [{ phone: '88881234', phoneType: 'WHATSAPP' }],
    status: 'PUBLIC_ONLINE',
    publishedAt: START.toISOString(),
    seller: { id: 'seller-1', fullName: 'Ana Mora', userType: 'PERSON', testUser: false },
    ...overrides,
  });
}

interface StartOptions {
  /** Reuse a data folder (a restart). */
  dir?: string;
  rebuild?: boolean;
  /** The search index (a new embedded one when not given). */
  index?: SearchIndex<SearchDocument>;
  /** The mails sent so far (a restart passes the previous run's, as the outbox folder keeps them). */
  mails?: MailMessage[];
  /** Where the clock starts (START when not given). */
  start?: Date;
  /** The embedded mailer (files in <dir>/mail, read back with `outbox.list()`) instead of the recording one. */
  outbox?: boolean;
  /** Each of the service's store calls waits up to this long first, as a store over the network does (races show). */
  storeLatencyMs?: number;
}

/**
 * A mailer that keeps what it is given (the outbox adapter's own behaviour is its contract suite's
 * business): one mail per idempotency key, as every adapter promises; `mails` survives a restart
 * when passed to the next start, as the outbox folder does.
 */
export function recordingMailer(mails: MailMessage[] = []): Mailer & { mails: MailMessage[] } {
  return {
    kind: 'recording',
    mails,
    async send(message) {
      const earlier = message.idempotencyKey !== undefined && mails.findIndex((mail) => mail.idempotencyKey === message.idempotencyKey);
      if (earlier !== false && earlier >= 0) return { id: String(earlier), location: String(earlier) };
      mails.push(message);
      return { id: String(mails.length - 1), location: String(mails.length - 1) };
    },
    async close() {},
  };
}

/** The search service over embedded adapters in a temporary folder, executed in process as the gateway does. */
export async function startSearch(options: StartOptions = {}) {
  const dir = options.dir ?? temporaryFolder('search');
  const store: DocumentStore = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
  const bus: EventBus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
  const clock = new ManualClock(options.start ?? START);
  const mailer = recordingMailer(options.mails);
  const outbox: OutboxMailer | undefined = options.outbox
    ? await createOutboxMailer({ dir: join(dir, 'mail'), from: 'alertas@ruedas.test', logger })
    : undefined;
  const { guard, sign } = await sessionKeys(clock);
  const relay = new OutboxRelay({ bus, logger });
  const module = createSearch({ guard, ...(options.rebuild ? { rebuild: true } : {}), index: options.index ?? createEmbeddedSearchIndex<SearchDocument>() });
  const running: SearchInstance = await module.init(
    testContext({ store: options.storeLatencyMs ? withLatency(store, options.storeLatencyMs) : store, bus, mailer: outbox ?? mailer, clock, outbox: relay }),
  );
  const server = await createSubgraphServer({ definition: module.subgraph, resolvers: running.resolvers, logger, translate: (key) => key });
  const collections = await openCollections(store);

  // Every analytics event, as a consumer sees it.
  const analytics: Envelope[] = [];
  const watching = await bus.subscribe({
    group: `test-watch-${randomUUID()}`,
    topics: [topics.searchQuery],
    handler: async (message) => void analytics.push(message.value as Envelope),
  });

  const call = (query: string, variables: Record<string, unknown> = {}, token?: string) => execute(server, query, variables, token);

  /** A call from a client address (as the gateway forwards it). */
  const callFrom = (query: string, variables: Record<string, unknown>, address: string) => execute(server, query, variables, { address });

  /** Publishes snapshots of ads (as listings' relay would) and waits until the projection has them. */
  async function publish(...ads: Array<{ ad: OpportunitySnapshot; version: number; wait?: boolean }>) {
    await bus.publish(
      topics.listingsOpportunity,
      ads.map(({ ad, version }) => ({ key: ad.id, value: opportunityChangedEvent(ad, version) })),
    );
    for (const { ad, version, wait } of ads) {
      if (wait !== false) await eventually(async () => ((await collections.ads.findById(ad.id))?.version ?? 0) >= version);
    }
  }

  /** Public ads, each at version 1. */
  async function publishAds(ads: OpportunitySnapshot[]) {
    await publish(...ads.map((ad) => ({ ad, version: 1 })));
    return ads;
  }

  const setParameter = parameterSetter(bus);

  async function token(role = 'ADVERTISER', userId: string = randomUUID()) {
    return { userId, token: await sign(userId, role) };
  }

  /** The analytics events seen so far. */
  async function searches() {
    await running.drain();
    await new Promise((resolve) => setTimeout(resolve, 30));
    return analytics.flatMap((envelope) => readEvent(searchPerformed, envelope) ?? []);
  }

  let userVersion = 0;
  /** A user as identity publishes it (e-mail and language, for the alerts). */
  async function publishUser(user: { id: string; email: string; language: 'es' | 'en' }) {
    userVersion += 1;
    const snapshot = userSnapshot(user.id, { email: user.email, language: user.language });
    await bus.publish(topics.identityUser, [
      {
        key: user.id,
        value: createEvent(userRegistered, {
          aggregateId: user.id,
          aggregateVersion: userVersion,
          actor: { kind: 'system', id: 'test' },
          payload: { user: snapshot },
        }),
      },
    ]);
  }

  let stopped = false;
  /** Stops; `keep` keeps the data folder (a restart follows); `crash` skips the service's own stop. */
  async function stop(keep = false, crash = false) {
    if (stopped) return;
    stopped = true;
    await watching.stop();
    if (!crash) await running.stop();
    await server.stop();
    await relay.stop();
    await bus.close();
    await store.close();
    await outbox?.close();
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }

  return {
    dir,
    store,
    bus,
    clock,
    collections,
    running,
    call,
    callFrom,
    publish,
    publishAds,
    setParameter,
    token,
    searches,
    stop,
    mailer,
    outbox,
    publishUser,
  };
}

export type Search = Awaited<ReturnType<typeof startSearch>>;

/** A signed-in buyer whose e-mail and language the service knows (as identity publishes them). */
export async function buyer(search: Search, language: 'es' | 'en') {
  const { userId, token } = await search.token();
  const email = `${userId.slice(0, 8)}@example.cr`;
  await search.publishUser({ id: userId, email, language });
  return { userId, token, email };
}

const INTERPRETATION =
  'text brand model style styles fuelType transmissionType year exteriorColor interiorColor priceFrom priceTo currency yearFrom yearTo mileageMax ' +
  'passengersNumber motorSizeCCFrom motorSizeCCTo province canton textWords ignoredWords droppedWords cheapestFirst ' +
  'parts { kind text textWithout filter { brand model styles fuelType transmissionType exteriorColor year yearFrom yearTo priceFrom priceTo currency mileageMax passengersNumber province canton } }';
export const SEARCH = `query S($filter: SearchFilterInput!, $pageNumber: Int, $sort: SearchSort) {
  searchOpportunities(filter: $filter, pageNumber: $pageNumber, sort: $sort) {
    items { id } totalItems perPage pageNumber totalPages
    facets { field values { value count } }
    interpretation { ${INTERPRETATION} }
    alternatives { kind totalItems filter { text brand model year yearFrom yearTo priceFrom priceTo currency } }
  }
}`;
export const SUGGEST = 'query G($text: String!) { searchSuggestions(text: $text) { kind label filter { brand model text year transmissionType } } }';

/** Runs a search and answers its page (throws on errors). */
export async function search(s: Search, filter: Record<string, unknown>, extra: { pageNumber?: number; sort?: string; token?: string } = {}) {
  const { token, ...variables } = extra;
  return (await dataOf(s, SEARCH, { filter, ...variables }, token)).searchOpportunities as Json;
}

/** The data of one GraphQL call to search (throws on errors). */
export async function dataOf(s: Search, query: string, variables: Json, token?: string): Promise<Json> {
  const result = await s.call(query, variables, token);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!;
}

/** Saves a search as `token`'s user; answers what `saveSearch` answers (throws on errors). */
export const SAVE_SEARCH =
  `mutation S($input: SavedSearchInput!) { saveSearch(input: $input) { id name frequency paused createdAt alertsSent filter { text brand ` +
  `model priceTo currency yearFrom } interpretation { brand model province textWords droppedWords } } }`;
export const saveSearch = async (s: Search, token: string, input: Json) => (await dataOf(s, SAVE_SEARCH, { input }, token)).saveSearch as Json;

export const ids = (page: Json) => (page.items as Array<{ id: string }>).map((item) => item.id);
export const facet = (page: Json, field: string) =>
  Object.fromEntries(
    ((page.facets as Json[]).find((f) => f.field === field)?.values as Array<{ value: string; count: number }>).map((v) => [v.value, v.count]),
  );
