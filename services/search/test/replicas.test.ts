import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEvent, topics, userRegistered } from '@ruedas/events';
import { createSubgraphServer, Leases, ManualClock, OutboxRelay, type MailMessage, type Mailer, type SearchIndex } from '@ruedas/platform';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createEmbeddedSearchIndex } from '@ruedas/search-embedded';
import { eventually } from '@ruedas/testing/helpers';
import {
  execute,
  opportunityChangedEvent,
  sessionGuard,
  sessionKeys,
  START,
  DAY,
  temporaryFolder,
  testContext,
  testLogger as logger,
  userSnapshot,
} from '@ruedas/testing/services';
import { createSearch, type SearchDocument, type SearchInstance } from '../src';
import { openCollections } from '../src/store';
import { openAlertCollections } from '../src/alerts/store';
import { SAVE_SEARCH, snapshot } from './harness';

/**
 * The replica harness of search: copies of the service in one process over one shared embedded
 * store, bus and search index (as copies share MongoDB, Kafka and Meilisearch), each with its own
 * consumers in the same groups, its own outbox relay and its own mailer (SMTP de-duplication is
 * per process). Requests go to the copies in turn.
 */
async function startCopies() {
  const dir = temporaryFolder('search-replicas');
  const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
  const bus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
  const shared = createEmbeddedSearchIndex<SearchDocument>();
  /** The fewest documents the shared index held after any write (what shoppers could see at worst). */
  const watch = { lowest: Infinity, on: false };
  const note = async () => {
    if (watch.on) watch.lowest = Math.min(watch.lowest, await shared.count());
  };
  const index: SearchIndex<SearchDocument> = {
    ...shared,
    kind: shared.kind,
    clear: async () => {
      await shared.clear();
      await note();
    },
    upsert: async (documents) => {
      await shared.upsert(documents);
      await note();
    },
    remove: async (ids) => {
      await shared.remove(ids);
      await note();
    },
  };
  const clock = new ManualClock(START);
  const leases = await Leases.open(store);
  const { keys, sign } = await sessionKeys(clock);
  const mails: Array<MailMessage & { copy: number }> = [];
  /** While closed (a promise), every mail waits for it: a mail being sent while the test acts; `sending` counts them. */
  const post = { gate: null as Promise<void> | null, sending: 0 };
  const copies: Array<{ instance: SearchInstance; server: Awaited<ReturnType<typeof createSubgraphServer>>; relay: OutboxRelay }> = [];

  async function startCopy() {
    const number = copies.length;
    const owner = `search-copy-${number}`;
    const mailer: Mailer = {
      kind: 'counting',
      async send(message) {
        // A mail takes a moment, as SMTP does: another copy's pass runs meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 5));
        post.sending += 1;
        await post.gate;
        post.sending -= 1;
        mails.push({ ...message, copy: number });
        return { id: String(mails.length), location: String(mails.length) };
      },
      async close() {},
    };
    const relay = new OutboxRelay({ bus, logger, leases: { leases, owner } });
    relay.start();
    const module = createSearch({ guard: await sessionGuard(keys, clock), index, alertIntervalMs: 3_600_000, ratingsLeaseMs: 600 });
    const instance = await module.init(testContext({ store, bus, clock, outbox: relay, mailer, instance: owner }));
    const server = await createSubgraphServer({ definition: module.subgraph, resolvers: instance.resolvers, logger, translate: (key) => key });
    copies.push({ instance, server, relay });
    return instance;
  }

  let turn = 0;
  /** A call to the next copy in turn, as the gateway's balancing does. */
  const call = (query: string, variables: Record<string, unknown>, token?: string) => execute(copies[turn++ % copies.length]!.server, query, variables, token);

  const versions = new Map<string, number>();
  async function publishAds(ads: ReturnType<typeof snapshot>[]) {
    await bus.publish(
      topics.listingsOpportunity,
      ads.map((ad) => {
        const version = (versions.get(ad.id) ?? 0) + 1;
        versions.set(ad.id, version);
        return { key: ad.id, value: opportunityChangedEvent(ad, version) };
      }),
    );
  }

  async function buyer(n: number) {
    const userId = randomUUID();
    const snap = userSnapshot(userId, { email: `buyer-${n}@example.cr`, language: 'es' });
    await bus.publish(topics.identityUser, [
      {
        key: userId,
        value: createEvent(userRegistered, { aggregateId: userId, aggregateVersion: 1, actor: { kind: 'system', id: 'test' }, payload: { user: snap } }),
      },
    ]);
    return { userId, token: await sign(userId, 'ADVERTISER') };
  }

  async function stop() {
    for (const copy of copies.reverse()) {
      await copy.instance.stop();
      await copy.server.stop();
      await copy.relay.stop();
    }
    await bus.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }

  return { store, index, watch, clock, mails, post, copies, startCopy, call, publishAds, buyer, stop, collections: await openCollections(store) };
}

let harness: Awaited<ReturnType<typeof startCopies>> | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

describe('search with three copies', () => {
  it('a copy started during a stream of ad changes never leaves search with fewer public ads', async () => {
    harness = await startCopies();
    await harness.startCopy();
    const first = Array.from({ length: 400 }, () => snapshot());
    await harness.publishAds(first);
    await eventually(async () => (await harness!.index.count()) === 400);
    harness.watch.on = true;
    const stream = (async () => {
      for (let batch = 0; batch < 30; batch += 1) {
        await harness!.publishAds(Array.from({ length: 5 }, () => snapshot()));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    await harness.startCopy();
    await harness.startCopy();
    await stream;
    await eventually(async () => (await harness!.index.count()) === 550);
    expect(harness.watch.lowest).toBeGreaterThanOrEqual(400);
  }, 60_000);

  it('every copy rates and quotes alike, and a copy taking over the ratings writes what the stopped one left', async () => {
    harness = await startCopies();
    for (let copy = 0; copy < 3; copy += 1) await harness.startCopy();
    const years = [2012, 2013, 2014, 2015, 2016];
    const ads = Array.from({ length: 40 }, (_, n) =>
      snapshot({ brand: 'TOYOTA', model: 'Corolla', year: years[n % 5]!, price: 6_000_000 + n * 97_000, priceCrc: 6_000_000 + n * 97_000 }),
    );
    await harness.publishAds(ads);
    const ratings = (copies: Awaited<ReturnType<typeof startCopies>>['copies'], ids: string[]) =>
      copies.map((copy) => JSON.stringify(ids.map((id) => copy.instance.rater.rating(id) ?? null)));
    const alike = async (copies: Awaited<ReturnType<typeof startCopies>>['copies'], ids: string[]) => {
      await eventually(() => {
        // Every copy has rated the changes it saw (ratings are computed 25 ms after a change).
        if (copies.some((copy) => copy.instance.rater.market.unsettled)) return false;
        const each = ratings(copies, ids);
        return each.every((one) => one === each[0]) && ids.every((id) => copies[0]!.instance.rater.rating(id)?.label);
      });
      // What shoppers filter and sort by: the index holds the market's rating of every public ad.
      await eventually(async () => {
        for (const id of ids) if ((await harness!.index.get(id))?.priceLabel !== copies[0]!.instance.rater.rating(id)!.label) return false;
        return true;
      });
    };
    const ids = ads.map((ad) => ad.id);
    await alike(harness.copies, ids);
    expect(ids.filter((id) => harness!.copies[0]!.instance.rater.rating(id)!.label !== 'NONE').length).toBeGreaterThan(30);
    // The wizard's range is the same whichever copy answers.
    const car = { brand: 'TOYOTA', model: 'Corolla', year: 2014, mileage: 90_000, mileageUnit: 'KM', currency: 'CRC' };
    const RANGE = 'query R($car: MarketPriceCarInput!) { marketPriceRange(car: $car) { enough estimateCrc lowCrc highCrc comparableCount } }';
    const ranges = await Promise.all(harness.copies.map((copy) => execute(copy.server, RANGE, { car })));
    expect(ranges[0]!.errors).toBeUndefined();
    expect(ranges[0]!.data!.marketPriceRange.enough).toBe(true);
    for (const range of ranges) expect(range.data).toEqual(ranges[0]!.data);

    // The first copy (following the ads and writing the ratings) stops; the others go on alike.
    const first = harness.copies.shift()!;
    await first.instance.stop();
    await first.server.stop();
    await first.relay.stop();
    const more = Array.from({ length: 10 }, (_, n) =>
      snapshot({ brand: 'TOYOTA', model: 'Corolla', year: 2014, price: 4_000_000 + n * 50_000, priceCrc: 4_000_000 + n * 50_000 }),
    );
    await harness.publishAds(more);
    // Five of the first ads are sold: out of the market and the index.
    const sold = ads.slice(0, 5).map((ad) => ({ ...ad, status: 'SOLD' as const }));
    await harness.publishAds(sold);
    await eventually(async () => {
      for (const ad of sold) if (harness!.copies.some((copy) => copy.instance.rater.rating(ad.id)) || (await harness!.index.get(ad.id))) return false;
      return true;
    });
    const left = [...ads.slice(5), ...more].map((ad) => ad.id);
    await alike(harness.copies, left);
  }, 60_000);

  it('the market-range limit of a client address counts its requests on every copy together', async () => {
    harness = await startCopies();
    for (let copy = 0; copy < 2; copy += 1) await harness.startCopy();
    const car = { brand: 'TOYOTA', model: 'Corolla', year: 2014, mileage: 90_000 };
    const RANGE = 'query R($car: MarketPriceCarInput!) { marketPriceRange(car: $car) { enough } }';
    // 61 requests from one address, to the two copies in turn: one limit of 60 between them.
    const answers = await Promise.all(
      Array.from({ length: 61 }, (_, n) => execute(harness!.copies[n % 2]!.server, RANGE, { car }, { address: '203.0.113.9' })),
    );
    const refused = answers.filter((answer) => answer.errors);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.errors![0]!.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await execute(harness.copies[1]!.server, RANGE, { car }, { address: '203.0.113.10' })).errors).toBeUndefined();
  }, 30_000);

  it('an alert being mailed when the business clock jumps a day is not mailed again by another copy', async () => {
    harness = await startCopies();
    for (let copy = 0; copy < 2; copy += 1) await harness.startCopy();
    await Promise.all(harness.copies.map((copy) => copy.instance.alerts.loaded));
    const { token } = await harness.buyer(0);
    const saved = await harness.call(SAVE_SEARCH, { input: { name: 'Corolla', frequency: 'INSTANT', filter: { text: 'toyota corolla' } } }, token);
    expect(saved.errors).toBeUndefined();
    harness.clock.advance(60_000);
    let open!: () => void;
    harness.post.gate = new Promise((resolve) => (open = resolve));
    await harness.publishAds([snapshot({ brand: 'TOYOTA', model: 'Corolla', publishedAt: harness.clock.now().toISOString() })]);
    // The copy that matched the ad is mailing it (claimed) when the clock jumps (tests and the demo move it).
    await eventually(() => harness!.post.sending === 1);
    harness.clock.advance(DAY);
    const passes = Promise.all(harness.copies.map((copy) => copy.instance.alerts.runOnce()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    await passes;
    await eventually(() => harness!.mails.length >= 1);
    await Promise.all(harness.copies.map((copy) => copy.instance.alerts.runOnce()));
    expect(harness.mails).toHaveLength(1);
  }, 30_000);

  it('each alert is mailed once, whichever copies took the saved searches and run their passes', async () => {
    harness = await startCopies();
    for (let copy = 0; copy < 3; copy += 1) await harness.startCopy();
    await Promise.all(harness.copies.map((copy) => copy.instance.alerts.loaded));
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, n) => harness!.buyer(n)));
    // Saved through the copies in turn: the copy that matches the ads learns of the others' from the store.
    for (const [n, { token }] of buyers.entries()) {
      const frequency = n % 2 === 0 ? 'INSTANT' : 'DAILY';
      const saved = await harness.call(SAVE_SEARCH, { input: { name: `Corolla ${n}`, frequency, filter: { text: 'toyota corolla' } } }, token);
      expect(saved.errors).toBeUndefined();
    }
    harness.clock.advance(60_000);
    const ads = Array.from({ length: 4 }, () => snapshot({ brand: 'TOYOTA', model: 'Corolla', publishedAt: harness!.clock.now().toISOString() }));
    await harness.publishAds(ads);
    // Every copy runs its passes while the sends are written and mailed.
    const alertSends = await openAlertCollections(harness.store);
    const sends = () => alertSends.sends.count({});
    const passes = async () => {
      for (let round = 0; round < 5; round += 1) await Promise.all(harness!.copies.map((copy) => copy.instance.alerts.runOnce()));
    };
    await passes();
    // Three INSTANT searches and three DAILY ones, four ads each.
    await eventually(async () => (await sends()) === 24);
    // The day is over: the digests are due, and every copy's pass reaches them at once.
    harness.clock.advance(DAY);
    await passes();
    const instant = harness.mails.filter((mail) => !mail.idempotencyKey?.startsWith('digest:'));
    const digests = harness.mails.filter((mail) => mail.idempotencyKey?.startsWith('digest:'));
    // Three INSTANT searches, four ads each: twelve mails; three DAILY searches: one digest each.
    await eventually(() => instant.length === 12 || instant.length > 12);
    expect(instant).toHaveLength(12);
    expect(new Set(instant.map((mail) => mail.idempotencyKey)).size).toBe(12);
    expect(digests).toHaveLength(3);
    expect(new Set(digests.map((mail) => mail.idempotencyKey)).size).toBe(3);
  }, 60_000);
});
