import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createEvent, defineEvent, readEvent, systemActor, type Envelope } from '@ruedas/events';
import { consumeEvents, consumerMarks, createLogger, deadLetterTopic, listDeadLetters, MARK_RETENTION_MS, type DeliveredMessage } from '@ruedas/platform';

const logger = createLogger('test', 'silent');
const snapshot = defineEvent('test.ad', 'AdChanged', 1, z.object({ price: z.number() }));
const dir = mkdtempSync(join(tmpdir(), 'ruedas-consumer-'));
const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
const bus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
afterAll(async () => {
  await bus.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const event = (id: string, version: number, price: number) =>
  createEvent(snapshot, { aggregateId: id, aggregateVersion: version, actor: systemActor(), payload: { price } });

/** Consumes until the topic's first `expected` messages were delivered (applied or skipped), answers what was applied. */
async function consume(group: string, dedupe: 'aggregateVersion' | 'eventId', expected: number, fail?: (e: Envelope) => boolean) {
  const applied: Envelope[] = [];
  let delivered = 0;
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const countDelivery = () => ++delivered >= expected && done();
  const subscription = await consumeEvents({
    bus,
    store,
    logger,
    group,
    topics: [snapshot.topic],
    dedupe,
    maxAttempts: 2,
    handle: async (e) => {
      if (fail?.(e)) throw new Error('cannot apply');
      applied.push(e);
    },
  });
  // A probe group reads the topic from the start: once it has seen `expected` messages, so has the consumer (give or take the last).
  const probe = await bus.subscribe({ group: `${group}-probe-${crypto.randomUUID()}`, topics: [snapshot.topic], handler: async () => void countDelivery() });
  await finished;
  await new Promise((r) => setTimeout(r, 100));
  await probe.stop();
  await subscription.stop();
  return applied;
}

describe('idempotent consumption', () => {
  it('applies each aggregate’s versions once and in order; older and repeated snapshots change nothing', async () => {
    const v1 = event('ad-1', 1, 100),
      v2 = event('ad-1', 2, 200),
      other = event('ad-2', 1, 50);
    // Delivered: v1, v2, v1 again (older), v2 again (a redelivery), another aggregate.
    await bus.publish(
      snapshot.topic,
      [v1, v2, v1, v2, other].map((e) => ({ key: e.aggregateId, value: e })),
    );
    const applied = await consume('projection', 'aggregateVersion', 5);
    expect(applied.map((e) => `${e.aggregateId}@${e.aggregateVersion}`)).toEqual(['ad-1@1', 'ad-1@2', 'ad-2@1']);
  });

  it('keeps its marks: a restarted consumer of the same group applies nothing twice, even if the events come again', async () => {
    const v2 = event('ad-1', 2, 200);
    await bus.publish(snapshot.topic, [{ key: v2.aggregateId, value: v2 }]);
    const again = await consume('projection', 'aggregateVersion', 6);
    expect(again).toEqual([]);
  });

  it('in event-id mode applies each event once, whatever its version', async () => {
    const click = event('ad-9', 0, 1);
    await bus.publish(
      snapshot.topic,
      [click, click].map((e) => ({ key: e.aggregateId, value: e })),
    );
    const applied = await consume('clicks', 'eventId', 8);
    expect(applied.filter((e) => e.id === click.id)).toHaveLength(1);
    // Retention: an event's mark goes 90 days after it was applied (TTL); an aggregate's stays.
    const marks = await consumerMarks(store);
    const mark = await marks.findById(`clicks|${click.id}`);
    expect(mark!.expiresAt!.getTime() - Date.now()).toBeGreaterThan(MARK_RETENTION_MS - 60_000);
    expect((await marks.findById('projection|test.ad|ad-1'))!.expiresAt).toBeUndefined();
    await store.expire(new Date(Date.now() + MARK_RETENTION_MS + 60_000));
    expect(await marks.findById(`clicks|${click.id}`)).toBeNull();
    expect(await marks.findById('projection|test.ad|ad-1')).not.toBeNull();
  });

  it('does not mark an event whose handler failed: it is dead-lettered, never silently skipped', async () => {
    const bad = event('ad-7', 1, 7);
    await bus.publish(snapshot.topic, [{ key: bad.aggregateId, value: bad }]);
    let deadLettered!: (key: string) => void;
    const dead = new Promise<string>((resolve) => (deadLettered = resolve));
    const dlq = await bus.subscribe({ group: 'dlq-reader', topics: [deadLetterTopic('strict')], handler: async (m) => deadLettered(m.key) });
    const applied: string[] = [];
    const subscription = await consumeEvents({
      bus,
      store,
      logger,
      group: 'strict',
      topics: [snapshot.topic],
      dedupe: 'aggregateVersion',
      maxAttempts: 2,
      handle: async (e) => {
        if (e.aggregateId === 'ad-7') throw new Error('cannot apply');
        applied.push(e.aggregateId);
      },
    });
    expect(await dead).toBe('ad-7');
    await subscription.stop();
    await dlq.stop();
    expect(applied).not.toContain('ad-7');
  });

  it('parks an event of a version it does not know (not applied, not marked) and applies it once after the upgrade', async () => {
    const topic = 'test.upgrade';
    const v1 = defineEvent(topic, 'PriceSet', 1, z.object({ price: z.number() }));
    // A newer producer, deployed first, publishes version 2 (this build does not define it yet).
    const v2Shape = { ...v1, version: 2, payload: z.object({ price: z.number(), currency: z.string() }) };
    const newer = createEvent(v2Shape, { aggregateId: 'ad-new', aggregateVersion: 1, actor: systemActor(), payload: { price: 9, currency: 'USD' } });
    const older = createEvent(v1, { aggregateId: 'ad-old', aggregateVersion: 1, actor: systemActor(), payload: { price: 5 } });
    await bus.publish(
      topic,
      [newer, older].map((e) => ({ key: e.aggregateId, value: e })),
    );

    const run = async (read: (value: unknown) => Envelope | null) => {
      const applied: string[] = [];
      const seen: DeliveredMessage[] = [];
      const subscription = await consumeEvents({
        bus,
        store,
        logger,
        group: 'upgrading',
        topics: [topic],
        dedupe: 'eventId',
        handle: async (e, message) => {
          seen.push(message);
          if (read(e)) applied.push(e.aggregateId);
        },
      });
      await subscription.caughtUp();
      await subscription.stop();
      return applied;
    };
    // The old consumer: applies what it knows, parks the rest (before, the newer event was skipped and marked for good).
    expect(await run((e) => readEvent(v1, e))).toEqual(['ad-old']);

    // The consumer is upgraded: its build defines version 2. Its first start applies the parked event, once.
    const v2 = defineEvent(topic, 'PriceSet', 2, v2Shape.payload);
    const upgraded = (e: unknown) => readEvent(v2, e) ?? readEvent(v1, e);
    expect(await run(upgraded)).toEqual(['ad-new']);
    expect(await run(upgraded)).toEqual([]);
  });

  it('skips a tombstone (a null value on a compacted topic): nothing applied, nothing dead-lettered', async () => {
    const topic = 'test.tombstones';
    const v1 = defineEvent(topic, 'Gone', 1, z.object({}));
    const after = createEvent(v1, { aggregateId: 'user-2', aggregateVersion: 1, actor: systemActor(), payload: {} });
    await bus.publish(topic, [
      { key: 'user-1', value: null },
      { key: after.aggregateId, value: after },
    ]);
    const applied: string[] = [];
    const subscription = await consumeEvents({
      bus,
      store,
      logger,
      group: 'tombstones',
      topics: [topic],
      dedupe: 'aggregateVersion',
      retryForMs: 0,
      handle: async (e) => void applied.push(e.aggregateId),
    });
    await subscription.caughtUp();
    await subscription.stop();
    expect(applied).toEqual(['user-2']);
    const letters = await listDeadLetters(bus, ['tombstones']);
    expect(letters[0]!.letters).toEqual([]);
  });
});
