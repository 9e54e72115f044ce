import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deadLetterTopic, positionOf, type EventBus } from '@ruedas/platform';
import { batchContractTests } from './event-bus.batches';
import { deadLetterContractTests } from './event-bus.dead-letters';
import { caughtUpContractTests } from './event-bus.caught-up';
import { replicaContractTests } from './event-bus.replicas';
import { eventually, heldHandler, recorder, settledSoon, TEST_TIMEOUT_MS, unique, within } from './event-bus.helpers';

export interface EventBusContractSetup {
  bus: EventBus;
  /**
   * Opens a new bus on the same storage (same folder, same brokers). The test closes the previous
   * bus before calling it. Without it, the tests about reopening are skipped.
   */
  reopen?: () => Promise<EventBus>;
  /** Closes every bus handed out (close is idempotent) and removes what the setup created. */
  teardown: () => Promise<void>;
}

/**
 * The usual setup: buses that `open` makes on the same storage; the first is the bus, `reopen`
 * opens another, `teardown` closes every one of them.
 */
export async function reopenableBuses(open: () => Promise<EventBus>): Promise<EventBusContractSetup> {
  const buses: EventBus[] = [await open()];
  return {
    bus: buses[0]!,
    reopen: async () => {
      const bus = await open();
      buses.push(bus);
      return bus;
    },
    teardown: async () => {
      await Promise.all(buses.map((bus) => bus.close()));
    },
  };
}

/**
 * The event bus port's contract (see `EventBus` in @ruedas/platform). `setup` runs before each
 * test and gives a fresh bus; every test uses its own topics and groups.
 */
export function runEventBusContractTests(name: string, setup: () => Promise<EventBusContractSetup>): void {
  describe(`EventBus contract: ${name}`, () => {
    let context: EventBusContractSetup;
    let bus: EventBus;

    beforeEach(async () => {
      context = await setup();
      bus = context.bus;
    });
    afterEach(async () => {
      await context.teardown();
    });

    it('delivers a published message with its topic, key, value and headers', { timeout: TEST_TIMEOUT_MS }, async () => {
      const topic = unique('deliver');
      await bus.publish(topic, [{ key: 'car-1', value: { brand: 'Toyota', price: 12_500_000, note: 'año ñ' }, headers: { 'x-trace': 't1' } }]);
      const got = recorder();
      const subscription = await bus.subscribe({ group: unique('g'), topics: [topic], handler: got.handler });
      await eventually(() => got.received.length === 1, 'the message');
      await subscription.stop();

      const [message] = got.received;
      expect(message).toMatchObject({ topic, key: 'car-1', value: { brand: 'Toyota', price: 12_500_000, note: 'año ñ' }, attempt: 1 });
      expect(message!.headers['x-trace']).toBe('t1');
      expect(message!.offset).toMatch(/\S/);
    });

    it('keeps per-key order with many keys interleaved', { timeout: TEST_TIMEOUT_MS }, async () => {
      const topic = unique('order');
      const keys = Array.from({ length: 10 }, (_, index) => `key-${index}`);
      const perKey = 30;
      const all = Array.from({ length: perKey }, (_, seq) => keys.map((key) => ({ key, value: { key, seq } }))).flat();
      for (let start = 0; start < all.length; start += 50) await bus.publish(topic, all.slice(start, start + 50));

      const got = recorder();
      const subscription = await bus.subscribe({ group: unique('g'), topics: [topic], handler: got.handler });
      await eventually(() => got.received.length >= all.length, `${all.length} messages`);
      await subscription.stop();

      for (const key of keys) {
        const sequence = got.received.filter((message) => message.key === key).map((message) => (message.value as { seq: number }).seq);
        expect(sequence, key).toEqual(Array.from({ length: perKey }, (_, seq) => seq));
      }
    });

    it('retries a failing handler in the same process with growing delays, then moves on', { timeout: TEST_TIMEOUT_MS }, async () => {
      const topic = unique('retry');
      await bus.publish(topic, [
        { key: 'k', value: 'first' },
        { key: 'k', value: 'second' },
      ]);
      const times: number[] = [];
      const got = recorder((message) => {
        if (message.value === 'first') times.push(Date.now());
        if (message.value === 'first' && message.attempt < 3) throw new Error(`fails on attempt ${message.attempt}`);
      });
      const subscription = await bus.subscribe({ group: unique('g'), topics: [topic], handler: got.handler, maxAttempts: 5, retryDelayMs: 30 });
      await eventually(() => got.values().includes('second'), 'the second message');
      await subscription.stop();

      expect(got.received.map((message) => [message.value, message.attempt])).toEqual([
        ['first', 1],
        ['first', 2],
        ['first', 3],
        ['second', 1],
      ]);
      expect(new Set(got.received.filter((message) => message.value === 'first').map((message) => message.offset)).size).toBe(1);
      // 30 ms before the second attempt, 60 ms before the third (timers may fire a little early).
      expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(80);
    });

    it('redelivers to the group a message whose handler had not succeeded when the subscription stopped', { timeout: TEST_TIMEOUT_MS }, async () => {
      const topic = unique('uncommitted');
      const group = unique('g');
      await bus.publish(topic, [{ key: 'k', value: 'needs-work' }]);
      const failing = recorder(() => {
        throw new Error('not yet');
      });
      const first = await bus.subscribe({ group, topics: [topic], handler: failing.handler, maxAttempts: 5, retryDelayMs: 60_000 });
      await eventually(() => failing.received.length === 1, 'the first attempt');
      const startedStopping = Date.now();
      await first.stop();
      expect(Date.now() - startedStopping, 'stop waits for no retry delay').toBeLessThan(10_000);

      const got = recorder();
      const second = await bus.subscribe({ group, topics: [topic], handler: got.handler });
      await eventually(() => got.received.length === 1, 'the redelivery');
      await second.stop();
      expect(got.received[0]).toMatchObject({ value: 'needs-work', attempt: 1, offset: failing.received[0]!.offset });
    });

    it('stop() waits for the in-flight handler, whose message is then committed', { timeout: TEST_TIMEOUT_MS }, async () => {
      const topic = unique('stop');
      const group = unique('g');
      await bus.publish(topic, [{ key: 'k', value: 'slow' }]);
      const { release, got, finished } = heldHandler();
      const subscription = await bus.subscribe({ group, topics: [topic], handler: got.handler });
      await eventually(() => got.received.length === 1, 'the handler to start');

      const stopping = subscription.stop();
      expect(await settledSoon(stopping), 'stop resolved while the handler was still running').toBe(false);
      release.open();
      await stopping;
      expect(finished()).toBe(true);

      // Same group again: only what came after is delivered.
      await bus.publish(topic, [{ key: 'k', value: 'marker' }]);
      const after = recorder();
      const again = await bus.subscribe({ group, topics: [topic], handler: after.handler });
      await eventually(() => after.values().includes('marker'), 'the marker');
      await again.stop();
      expect(after.values()).toEqual(['marker']);
    });

    it('after a reopen, a group resumes after its last commit and gets its uncommitted message again', { timeout: TEST_TIMEOUT_MS }, async ({ skip }) => {
      if (!context.reopen) return skip('this adapter gives no reopen');
      const topic = unique('reopen');
      const group = unique('g');
      await bus.publish(
        topic,
        ['done', 'interrupted', 'later'].map((value) => ({ key: 'k', value })),
      );
      const before = recorder((message) => {
        if (message.value === 'interrupted') throw new Error('crash before commit');
      });
      await bus.subscribe({ group, topics: [topic], handler: before.handler, maxAttempts: 5, retryDelayMs: 60_000 });
      await eventually(() => before.values().includes('interrupted'), 'the interrupted message');
      await bus.close();

      const reopened = await context.reopen();
      const after = recorder();
      const subscription = await reopened.subscribe({ group, topics: [topic], handler: after.handler });
      await eventually(() => after.values().includes('later'), 'the last message');
      await subscription.stop();
      expect(after.values()).toEqual(['interrupted', 'later']);
      await reopened.close();
    });

    it(
      "startAt resumes from recorded positions before the group's commit (at-least-once for a consumer that records its own positions)",
      { timeout: TEST_TIMEOUT_MS },
      async () => {
        const topic = unique('startat');
        const group = unique('g');
        const values = Array.from({ length: 12 }, (_, n) => n);
        await bus.publish(
          topic,
          values.map((n) => ({ key: `k${n % 4}`, value: n })),
        );
        const first = recorder();
        const reading = await bus.subscribe({ group, topics: [topic], handler: first.handler });
        await within(reading.caughtUp(), 'the first read');
        await reading.stop();
        // The consumer recorded, per partition, only the position after that partition's first message
        // (as if its later writes had not been durable): the group itself committed everything.
        const recorded: Record<string, number> = {};
        for (const message of first.received) {
          const { partition, next } = positionOf(message);
          recorded[partition] ??= next;
        }
        const skipped = new Set(
          first.received.filter((message) => positionOf(message).next === recorded[positionOf(message).partition]).map((message) => message.value),
        );

        const again = recorder();
        const resumed = await bus.subscribe({ group, topics: [topic], handler: again.handler, startAt: recorded });
        await within(resumed.caughtUp(), 'caughtUp() from the recorded positions');
        await resumed.stop();
        expect((again.values() as number[]).sort((a, b) => a - b)).toEqual(values.filter((n) => !skipped.has(n)));

        // A partition startAt does not list starts at its beginning.
        const all = recorder();
        const fromStart = await bus.subscribe({ group, topics: [topic], handler: all.handler, startAt: {} });
        await within(fromStart.caughtUp(), 'caughtUp() from the beginning');
        await fromStart.stop();
        expect((all.values() as number[]).sort((a, b) => a - b)).toEqual(values);
      },
    );

    it('a new group replays the topic from the start', { timeout: TEST_TIMEOUT_MS }, async () => {
      const topic = unique('replay');
      const values = ['a', 'b', 'c', 'd', 'e'];
      await bus.publish(
        topic,
        values.map((value) => ({ key: 'k', value })),
      );
      const early = recorder();
      const first = await bus.subscribe({ group: unique('early'), topics: [topic], handler: early.handler });
      await eventually(() => early.received.length === values.length, 'the first group');
      await first.stop();

      const late = recorder();
      const second = await bus.subscribe({ group: unique('late'), topics: [topic], handler: late.handler });
      await eventually(() => late.received.length === values.length, 'the new group');
      await second.stop();
      expect(late.values()).toEqual(values);
    });

    it('independent groups each receive every message', { timeout: TEST_TIMEOUT_MS }, async () => {
      const topic = unique('groups');
      const one = recorder();
      const two = recorder();
      const subscriptions = await Promise.all([
        bus.subscribe({ group: unique('one'), topics: [topic], handler: one.handler }),
        bus.subscribe({ group: unique('two'), topics: [topic], handler: two.handler }),
      ]);
      const values = Array.from({ length: 10 }, (_, index) => index);
      await bus.publish(
        topic,
        values.map((value) => ({ key: `k${value % 3}`, value })),
      );
      await eventually(() => one.received.length === values.length && two.received.length === values.length, 'both groups');
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      expect([...one.values()].sort()).toEqual(values);
      expect([...two.values()].sort()).toEqual(values);
    });

    it(
      "dead-letters a message after maxAttempts on the group's dead-letter topic, with the error, and the group moves on",
      { timeout: TEST_TIMEOUT_MS },
      async () => {
        const topic = unique('dlq');
        const group = unique('g');
        await bus.publish(topic, [
          { key: 'k', value: { n: 'poison' }, headers: { 'x-trace': 't9' } },
          { key: 'k', value: { n: 'fine' } },
        ]);
        const got = recorder((message) => {
          if ((message.value as { n: string }).n === 'poison') throw new Error('cannot apply poison');
        });
        const subscription = await bus.subscribe({ group, topics: [topic], handler: got.handler, maxAttempts: 3, retryDelayMs: 5 });
        await eventually(() => got.received.some((message) => (message.value as { n: string }).n === 'fine'), 'the next message');
        await subscription.stop();
        expect(got.received.map((message) => [(message.value as { n: string }).n, message.attempt, message.lastAttempt])).toEqual([
          ['poison', 1, false],
          ['poison', 2, false],
          ['poison', 3, true],
          ['fine', 1, false],
        ]);

        const dead = recorder();
        const dlq = await bus.subscribe({ group: unique('dlq-reader'), topics: [deadLetterTopic(group)], handler: dead.handler });
        await eventually(() => dead.received.length === 1, 'the dead letter');
        await dlq.stop();
        const [letter] = dead.received;
        expect(letter).toMatchObject({ topic: `${group}.dlq`, key: 'k', value: { n: 'poison' } });
        expect(letter!.headers).toMatchObject({
          'x-trace': 't9',
          'x-dlq-original-topic': topic,
          'x-dlq-original-offset': got.received[0]!.offset,
          'x-dlq-attempts': '3',
          'x-dlq-group': group,
        });
        expect(letter!.headers['x-dlq-error']).toContain('cannot apply poison');
        expect(Date.parse(letter!.headers['x-dlq-at']!)).toBeGreaterThan(Date.now() - 60_000);
      },
    );

    deadLetterContractTests(() => bus);
    batchContractTests(() => bus);

    it('close() is idempotent, waits for in-flight handlers and refuses later use', { timeout: TEST_TIMEOUT_MS }, async () => {
      const topic = unique('close');
      await bus.publish(topic, [{ key: 'k', value: 'slow' }]);
      const { release, got, finished } = heldHandler();
      await bus.subscribe({ group: unique('g'), topics: [topic], handler: got.handler });
      await eventually(() => got.received.length === 1, 'the handler to start');

      const closing = [bus.close(), bus.close()];
      expect(await settledSoon(Promise.all(closing)), 'close resolved while a handler was running').toBe(false);
      release.open();
      await Promise.all(closing);
      expect(finished()).toBe(true);
      await bus.close();
      await expect(bus.publish(topic, [{ key: 'k', value: 'too late' }])).rejects.toThrow(/closed/);
    });

    caughtUpContractTests(() => bus);

    replicaContractTests(() => bus);

    it('rejects malformed messages and subscriptions', { timeout: TEST_TIMEOUT_MS }, async () => {
      const topic = unique('invalid');
      await expect(bus.publish(topic, [{ key: 42 as unknown as string, value: 1 }])).rejects.toThrow(/key/);
      await expect(bus.publish(topic, [{ key: 'k', value: undefined }])).rejects.toThrow(/value/);
      await expect(bus.subscribe({ group: '', topics: [topic], handler: async () => undefined })).rejects.toThrow(/group/);
      await expect(bus.subscribe({ group: unique('g'), topics: [topic], handler: async () => undefined, maxAttempts: 0 })).rejects.toThrow(/maxAttempts/);
    });
  });
}
