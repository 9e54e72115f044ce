import { join } from 'node:path';
import { topics } from '@ruedas/events';
import { createLogger, OutboxRelay } from '@ruedas/platform';
import { testContext, testLogger } from '@ruedas/testing/services';
import { createModeration } from '../src';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { afterEach, describe, expect, it } from 'vitest';
import { costaRicaDay } from '../src/dashboard/view';
import { openDashboardCollections, type DashboardCollections } from '../src/dashboard/store';
import { fullScanDashboard } from './dashboard-oracle';
import { DASHBOARD_QUERY, deliver, HISTORY_START, random, randomHistory, type HistoryWriter, type Published } from './dashboard-history';
import { faultyStore, noFaults } from './faulty-store';
import { scriptedSequence } from './dashboard-script';
import { eventually, startModeration, type Moderation } from './harness';

/**
 * The incremental dashboard (decision 0056) against the old full-scan computation (the oracle,
 * over the same facts), on random histories: through TESTUSER roles flipped on and off, events
 * delivered again, handlers repeated, a restart and an operation interrupted by a failing store.
 */
const DAY = 24 * 3_600_000;
const DAYS = 70;

let running: Moderation | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
});

async function start(options: Parameters<typeof startModeration>[0] = {}) {
  running = await startModeration(options);
  const admin = await running.user('ADMINISTRATOR', { dateCreated: '2024-12-01T12:00:00.000Z' });
  return { moderation: running, admin, collections: await openDashboardCollections(running.store) };
}

const publish = (moderation: Moderation, events: Published[]) => deliver(moderation.bus, events);

/** Periods to compare: the whole history, single days, random stretches. */
function periods(seed: number): Array<{ from: string; to: string }> {
  const rnd = random(seed);
  const day = (offset: number) => costaRicaDay(HISTORY_START + offset * DAY);
  const list = [
    { from: day(-5), to: day(DAYS + 20) },
    { from: day(3), to: day(3) },
    { from: day(DAYS - 1), to: day(DAYS - 1) },
  ];
  for (let i = 0; i < 5; i++) {
    const first = rnd.int(-2, DAYS);
    list.push({ from: day(first), to: day(first + rnd.int(0, 40)) });
  }
  return list;
}

/**
 * Waits until the facts are those the whole history leaves (every user's role, every ad's and
 * invoice's last status, every plan change) and no operation is pending, so a comparison never
 * passes on a history half applied.
 */
async function settled(collections: DashboardCollections, writer: HistoryWriter) {
  const digest = (testUsers: string[], ads: string[], invoices: string[], planChanges: number, clicks: number, complaints: number) => ({
    testUsers: testUsers.sort(),
    ads: ads.sort(),
    invoices: invoices.sort(),
    planChanges,
    clicks,
    complaints,
  });
  // Each click and complaint once (their activity documents are keyed by event and complaint id).
  const activity = (type: string) => new Set(writer.events.filter((event) => event.envelope.type === type).map((event) => event.envelope.id)).size;
  const expected = digest(
    [...writer.users.values()].filter((user) => user.role === 'TESTUSER').map((user) => user.id),
    [...writer.ads.values()].map((ad) => `${ad.id}:${ad.status}:${ad.seller.testUser}`),
    [...writer.invoices.values()].map((invoice) => `${invoice.id}:${invoice.status}`),
    writer.planChanges,
    activity('ContactClicked'),
    activity('ComplaintFiled'),
  );
  await expect
    .poll(
      async () =>
        digest(
          (await collections.users.find({})).filter((user) => user.testUser).map((user) => user._id),
          (await collections.ads.find({})).map((ad) => `${ad._id}:${ad.status}:${ad.testUser}`),
          (await collections.invoices.find({})).map((invoice) => `${invoice._id}:${invoice.status}`),
          await collections.planChanges.count({}),
          await collections.activity.count({ kind: 'CLICK' }),
          await collections.activity.count({ kind: 'COMPLAINT' }),
        ),
      { timeout: 60_000, interval: 100 },
    )
    .toEqual(expected);
  await expect.poll(async () => (await collections.journal.findById('journal'))?.pending ?? null, { timeout: 60_000 }).toBeNull();
}

/** Every period: the GraphQL answer equals the oracle's, once the events are all applied. */
async function compare(moderation: Moderation, admin: { token: string }, collections: DashboardCollections, seed: number) {
  for (const period of periods(seed)) {
    await expect
      .poll(
        async () => {
          const answer = await moderation.call('moderation', DASHBOARD_QUERY, period, admin.token);
          const oracle = await fullScanDashboard(collections, period.from, period.to, moderation.clock.now());
          return { answer: answer.data?.dashboard, errors: answer.errors, same: JSON.stringify(answer.data?.dashboard) === JSON.stringify(oracle), oracle };
        },
        { timeout: 60_000, interval: 200 },
      )
      .toMatchObject({ same: true, errors: undefined });
  }
}

describe('the incremental dashboard', () => {
  it('answers what the full scan answers on a random history, through TESTUSER roles flipped on and off', async () => {
    const { moderation, admin, collections } = await start();
    const writer = randomHistory(17, { users: 40, ads: 160, days: DAYS });
    const half = Math.floor(writer.events.length / 2);
    await publish(moderation, writer.events.slice(0, half));
    await publish(moderation, writer.events.slice(half));
    await expect.poll(() => collections.ads.count({}), { timeout: 60_000 }).toBe(160);
    await settled(collections, writer);
    const general = (await fullScanDashboard(collections, null, null, moderation.clock.now())).generalData;
    // The history is rich enough to mean something.
    expect(general.opportunitiesSummary.totalCreated).toBeGreaterThan(60);
    expect(general.inPlanOpportunitiesSummary.totalCreated).toBeGreaterThan(5);
    expect(general.plansSummary.sponsoredPlans.totalCreated).toBeGreaterThan(3);
    expect(general.renewingSummary.expired).toBeGreaterThan(10);
    expect((await collections.users.find({})).filter((user) => user.testUser).length).toBeGreaterThan(3);
    await compare(moderation, admin, collections, 1);

    // Half the users flip (TESTUSER on or off), later than everything else; then some flip back.
    const rnd = random(99);
    const late = HISTORY_START + (DAYS + 1) * DAY;
    const flipped = [...writer.users.keys()].filter(() => rnd.chance(0.5));
    const before = writer.events.length;
    flipped.forEach((id, i) => writer.flip(id, late + i));
    await publish(moderation, writer.events.slice(before));
    await settled(collections, writer);
    await compare(moderation, admin, collections, 2);
    const again = writer.events.length;
    flipped.filter(() => rnd.chance(0.5)).forEach((id, i) => writer.flip(id, late + DAY + i));
    await publish(moderation, writer.events.slice(again));
    await settled(collections, writer);
    await compare(moderation, admin, collections, 3);
  }, 300_000);

  it('with three copies of moderation, gives the figures one copy gives, the writer changing half-way', async () => {
    const { moderation, admin, collections } = await start({ dashboardLeaseMs: 1_500 });
    // Two more copies over the same store and bus, each with its own consumers and relay.
    const copies = await Promise.all(
      [1, 2].map(async (n) => {
        const relay = new OutboxRelay({ bus: moderation.bus, logger: testLogger });
        const instance = await createModeration({ guard: moderation.guard, dashboardLeaseMs: 1_500 }).init(
          testContext({ store: moderation.store, bus: moderation.bus, clock: moderation.clock, outbox: relay, instance: `moderation-copy-${n}` }),
        );
        return { relay, instance };
      }),
    );
    try {
      const writer = randomHistory(23, { users: 30, ads: 120, days: DAYS });
      const half = Math.floor(writer.events.length / 2);
      await publish(moderation, writer.events.slice(0, half));
      // The first copy (the dashboard's writer) goes away mid-history: another takes its lease over.
      await moderation.instance.stop();
      await publish(moderation, writer.events.slice(half));
      await expect.poll(() => collections.ads.count({}), { timeout: 60_000 }).toBe(120);
      await settled(collections, writer);
      await compare(moderation, admin, collections, 4);
    } finally {
      for (const copy of copies) {
        await copy.instance.stop();
        await copy.relay.stop();
      }
    }
  }, 300_000);

  it('counts nothing twice when every event is delivered again, or a handler runs again on what it applied', async () => {
    const faults = noFaults();
    // Every dashboard mark fails to be written the first time: each event's handler runs twice.
    faults.marks = true;
    const { moderation, admin, collections } = await start({ wrapStore: (store) => faultyStore(store, faults) });
    const writer = randomHistory(5, { users: 25, ads: 80, days: DAYS });
    await publish(moderation, writer.events);
    await expect.poll(() => collections.ads.count({}), { timeout: 60_000 }).toBe(80);
    await settled(collections, writer);
    expect(faults.failedMarks.size).toBeGreaterThan(100);
    await compare(moderation, admin, collections, 4);
    const whole = { from: costaRicaDay(HISTORY_START - DAY), to: costaRicaDay(HISTORY_START + (DAYS + 20) * DAY) };
    const first = (await moderation.call('moderation', DASHBOARD_QUERY, whole, admin.token)).data?.dashboard;

    // Every event delivered again, in another order, and a few late flips delivered three times.
    const rnd = random(3);
    await publish(
      moderation,
      [...writer.events].sort(() => rnd.next() - 0.5),
    );
    const before = writer.events.length;
    for (const id of [...writer.users.keys()].slice(0, 6)) writer.flip(id, HISTORY_START + (DAYS + 2) * DAY);
    const flips = writer.events.slice(before);
    for (let i = 0; i < 3; i++) await publish(moderation, flips);
    await settled(collections, writer);
    await compare(moderation, admin, collections, 5);
    // Undo the flips: the figures are those of before.
    const undo = writer.events.length;
    for (const id of [...writer.users.keys()].slice(0, 6)) writer.flip(id, HISTORY_START + (DAYS + 3) * DAY);
    await publish(moderation, writer.events.slice(undo));
    await settled(collections, writer);
    await expect
      .poll(async () => (await moderation.call('moderation', DASHBOARD_QUERY, whole, admin.token)).data?.dashboard, { timeout: 20_000 })
      .toEqual(first);
  }, 180_000);

  it('keeps its figures across a restart, and finishes an operation a failing store interrupted', async () => {
    const faults = noFaults();
    const first = await start({ wrapStore: (store) => faultyStore(store, faults) });
    const writer = randomHistory(11, { users: 30, ads: 100, days: DAYS });
    const third = Math.floor(writer.events.length / 3);
    await publish(first.moderation, writer.events.slice(0, third));
    await compare(first.moderation, first.admin, first.collections, 6);

    // The bucket writes fail after one: the next operation is journalled, its owner documents and one bucket written, the others not.
    faults.buckets = true;
    faults.bucketsAllowed = 1;
    faults.delayMs = 300;
    // A seller of the first third, whose contributions the flip subtracts.
    const early = writer.events.slice(0, third);
    const sellers = new Set(
      early
        .filter((e) => e.topic === topics.listingsOpportunity)
        .map((e) => (e.envelope.payload as { opportunity: { seller: { id: string } } }).opportunity.seller.id),
    );
    const flipped = [...new Set(early.filter((e) => e.topic === topics.identityUser).map((e) => e.envelope.aggregateId))].find(
      (id) => sellers.has(id) && !writer.isTestUser(id),
    )!;
    const before = writer.events.length;
    writer.flip(flipped, HISTORY_START + (DAYS + 1) * DAY);
    const flip = writer.events.slice(before);
    await publish(first.moderation, flip);
    await expect.poll(async () => (await first.collections.journal.findById('journal'))?.pending ?? null, { timeout: 20_000, interval: 20 }).not.toBeNull();
    const dir = first.moderation.dir;
    await first.moderation.stop({ keep: true });
    running = null;

    // Started again on the same folder: the operation is finished, the flip's redelivery changes nothing more.
    faults.buckets = false;
    const second = await start({ dir, wrapStore: (store) => faultyStore(store, faults) });
    await expect.poll(async () => (await second.collections.journal.findById('journal'))?.pending ?? null, { timeout: 20_000 }).toBeNull();
    await publish(second.moderation, writer.events.slice(third, before));
    await expect.poll(() => second.collections.ads.count({}), { timeout: 60_000 }).toBe(100);
    await settled(second.collections, writer);
    await compare(second.moderation, second.admin, second.collections, 7);
    expect((await second.collections.users.findById(flipped))?.testUser).toBe(true);
  }, 180_000);

  it('builds its figures once from the facts an earlier version kept (a migration), then follows events', async () => {
    const first = await start();
    const writer = randomHistory(23, { users: 25, ads: 70, days: DAYS });
    const half = Math.floor(writer.events.length / 2);
    await publish(first.moderation, writer.events.slice(0, half));
    // Every ad of the first half among the facts before the stop: the comparison alone may pass on facts still arriving.
    const adsOfHalf = new Set(
      writer.events
        .slice(0, half)
        .filter((event) => event.topic === topics.listingsOpportunity)
        .map((event) => event.envelope.aggregateId),
    );
    await expect.poll(() => first.collections.ads.count({}), { timeout: 60_000 }).toBe(adsOfHalf.size);
    await compare(first.moderation, first.admin, first.collections, 8);
    const dir = first.moderation.dir;
    await first.moderation.stop({ keep: true });
    running = null;
    // What the version before decision 0056 left: the facts, no figures.
    const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger: createLogger('test', 'silent') });
    const old = await openDashboardCollections(store);
    for (const collection of [old.owners, old.buckets, old.journal]) await collection.deleteMany({});
    await store.close();

    const second = await start({ dir });
    expect((await second.collections.journal.findById('journal'))?.built).toBe(true);
    expect(await second.collections.owners.count({})).toBeGreaterThan(20);
    await compare(second.moderation, second.admin, second.collections, 9);
    await publish(second.moderation, writer.events.slice(half));
    await settled(second.collections, writer);
    await compare(second.moderation, second.admin, second.collections, 10);
  }, 180_000);

  it('finishes a roll-up a failing store interrupted before it sums more: no activity counted twice (issue 30)', async () => {
    const faults = noFaults();
    const { moderation, admin, collections } = await start({ wrapStore: (store) => faultyStore(store, faults), dashboardRollupMs: 100 });
    const writer = scriptedSequence();
    await publish(moderation, writer.events);
    await settled(collections, writer);
    const period = async () =>
      (await moderation.call('moderation', DASHBOARD_QUERY, { from: '2025-03-01', to: '2025-03-03' }, admin.token)).data?.dashboard.periodData;
    // The script's searches (dashboard.test.ts) all in; the activity of days before 1 March summed already.
    await expect.poll(async () => (await period())?.searches, { timeout: 15_000 }).toBe(5);
    await eventually(async () => (await collections.activity.count({ rolledAt: null, at: { $lt: new Date('2025-03-01T06:00:00.000Z') } })) === 0, 10_000);
    const before = await period();
    // Five days later the period's days are past: the roll-up that sums them fails after one day total.
    faults.activityDays = true;
    faults.activityDaysAllowed = 1;
    moderation.clock.advance(5 * DAY);
    await eventually(async () => !faults.activityDays && (await collections.activity.count({ rolledAt: null })) === 0, 10_000);
    // The same figures; only the first day whose activity is kept moved with the clock.
    expect(await period()).toEqual({ ...before, activityFrom: expect.any(String) });
  }, 60_000);
});
