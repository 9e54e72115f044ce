import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Schema } from 'mongoose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemActor, type Envelope } from '@ruedas/events';
import { createLogger, outboxField, OutboxRelay, toOutbox, type Collection, type DeliveredMessage, type EventBus, type WithOutbox } from '@ruedas/platform';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createEmbeddedStore } from '@ruedas/store-embedded';

/**
 * The outbox relay every service uses, on the embedded store and bus: what a document's outbox holds
 * reaches the bus once it is written (at least once), in each document's order, and leaves the
 * outbox only after it was published.
 */
interface Thing extends WithOutbox {
  _id: string;
  version: number;
}

const logger = createLogger('outbox-test', 'silent');
const schema = new Schema({ _id: String, version: Number, outbox: outboxField }, { versionKey: false });

function entry(topic: string, id: string, version: number) {
  const event: Envelope = {
    id: crypto.randomUUID(),
    type: 'ThingChanged',
    version: 1,
    aggregateId: id,
    aggregateVersion: version,
    occurredAt: new Date().toISOString(),
    actor: systemActor('test'),
    payload: { version },
  };
  return toOutbox(topic, event);
}

describe('outbox relay', () => {
  let dir: string;
  let things: Collection<Thing>;
  let bus: EventBus;
  let close: () => Promise<void>;
  const received: Array<{ topic: string; key: string; version: number }> = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ruedas-outbox-'));
    const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
    bus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
    things = await store.collection<Thing>('things', schema);
    received.length = 0;
    const subscription = await bus.subscribe({
      group: 'reader',
      topics: ['things', 'others'],
      handler: async (message: DeliveredMessage) => {
        received.push({ topic: message.topic, key: message.key, version: (message.value as Envelope<{ version: number }>).payload.version });
      },
    });
    close = async () => {
      await subscription.stop();
      await bus.close();
      await store.close();
    };
  });

  afterEach(async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  });

  const eventually = async (check: () => boolean) => {
    for (let tries = 0; tries < 200 && !check(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(check()).toBe(true);
  };

  it('publishes every pending entry of more documents than one batch, each document in order, and empties the outboxes', async () => {
    const docs = Array.from({ length: 45 }, (_, index) => {
      const id = `thing-${index}`;
      return { _id: id, version: 3, outbox: [entry('things', id, 1), entry('others', id, 2), entry('things', id, 3)] };
    });
    await things.insertMany(docs);
    const relay = new OutboxRelay({ bus, logger, batchSize: 10 });
    relay.watch(things);
    await relay.flush();
    expect(await things.count({ 'outbox.0': { $exists: true } })).toBe(0);
    await eventually(() => received.length === 45 * 3);
    for (const doc of docs) {
      expect(received.filter((r) => r.key === doc._id && r.topic === 'things').map((r) => r.version)).toEqual([1, 3]);
      expect(received.filter((r) => r.key === doc._id && r.topic === 'others').map((r) => r.version)).toEqual([2]);
    }
    await relay.stop();
  });

  it('keeps an entry written while a pass runs, and publishes it at the next pass', async () => {
    await things.insertMany([{ _id: 'a', version: 1, outbox: [entry('things', 'a', 1)] }]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowBus: EventBus = {
      kind: 'slow',
      publish: async (topic, messages) => {
        await gate;
        await bus.publish(topic, messages);
      },
      subscribe: (options) => bus.subscribe(options),
      close: async () => undefined,
    };
    const relay = new OutboxRelay({ bus: slowBus, logger });
    relay.watch(things);
    const pass = relay.flush();
    await things.updateOne({ _id: 'a' }, { $set: { version: 2 }, $push: { outbox: entry('things', 'a', 2) } });
    release();
    await pass;
    await relay.flush();
    expect(await things.count({ 'outbox.0': { $exists: true } })).toBe(0);
    await eventually(() => received.length === 2);
    expect(received.map((r) => r.version)).toEqual([1, 2]);
    await relay.stop();
  });

  it('leaves the entries pending when publishing fails, and publishes them once the bus is back', async () => {
    await things.insertMany([{ _id: 'b', version: 1, outbox: [entry('things', 'b', 1)] }]);
    let failing = true;
    const flaky: EventBus = {
      kind: 'flaky',
      publish: async (topic, messages) => {
        if (failing) throw new Error('bus down');
        await bus.publish(topic, messages);
      },
      subscribe: (options) => bus.subscribe(options),
      close: async () => undefined,
    };
    const relay = new OutboxRelay({ bus: flaky, logger });
    relay.watch(things);
    await expect(relay.flush()).rejects.toThrow('bus down');
    expect(await things.count({ 'outbox.0': { $exists: true } })).toBe(1);
    failing = false;
    await relay.flush();
    expect(await things.count({ 'outbox.0': { $exists: true } })).toBe(0);
    await eventually(() => received.length === 1);
    await relay.stop();
  });
});
