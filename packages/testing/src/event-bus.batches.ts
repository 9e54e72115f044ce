import { expect, it } from 'vitest';
import { deadLetterTopic, positionOf, type DeliveredMessage, type EventBus } from '@ruedas/platform';
import { recorder, TEST_TIMEOUT_MS, unique, within } from './event-bus.helpers';

/**
 * The event bus contract on batch handlers (decision 0206): runs of one partition's messages in
 * offset order, committed once handled; a failing batch goes to `handler` a message at a time.
 */
export function batchContractTests(getBus: () => EventBus): void {
  it('a batch handler gets runs of one partition in offset order, each message once, and the group commits them', { timeout: TEST_TIMEOUT_MS }, async () => {
    const bus = getBus();
    const topic = unique('batches');
    const group = unique('g');
    const values = Array.from({ length: 40 }, (_, n) => n);
    await bus.publish(
      topic,
      values.map((n) => ({ key: 'one-key', value: n })),
    );
    const batches: DeliveredMessage[][] = [];
    const single = recorder();
    const subscription = await bus.subscribe({
      group,
      topics: [topic],
      handler: single.handler,
      handleBatch: async (messages) => void batches.push(messages),
    });
    await within(subscription.caughtUp(), 'every message');
    await subscription.stop();
    const delivered = [...batches.flat(), ...single.received];
    expect(delivered.map((message) => message.value).sort((a, b) => Number(a) - Number(b))).toEqual(values);
    expect(batches.some((batch) => batch.length > 1)).toBe(true);
    for (const batch of batches) {
      const positions = batch.map((message) => positionOf(message));
      expect(new Set(positions.map(({ partition }) => partition)).size).toBe(1);
      expect(positions.map(({ next }) => next)).toEqual(positions.map(({ next }) => next).sort((a, b) => a - b));
      expect(batch.map((message) => message.value)).toEqual([...batch.map((message) => message.value)].sort((a, b) => Number(a) - Number(b)));
    }

    // Committed: the group, subscribing again, gets only what is published after.
    await bus.publish(topic, [{ key: 'one-key', value: 'marker' }]);
    const again = recorder();
    const resumed = await bus.subscribe({
      group,
      topics: [topic],
      handler: again.handler,
      handleBatch: async (messages) => void again.received.push(...messages),
    });
    await within(resumed.caughtUp(), 'the marker');
    await resumed.stop();
    expect(again.values()).toEqual(['marker']);
  });

  it(
    'a failing batch goes to the handler one message at a time: only the message that keeps failing is dead-lettered',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const bus = getBus();
      const topic = unique('batch-fails');
      const group = unique('g');
      const values = ['a', 'b', 'poison', 'c', 'd', 'e'];
      await bus.publish(
        topic,
        values.map((value) => ({ key: 'one-key', value })),
      );
      const applied: unknown[] = [];
      const subscription = await bus.subscribe({
        group,
        topics: [topic],
        maxAttempts: 2,
        retryDelayMs: 1,
        handler: async (message) => {
          if (message.value === 'poison') throw new Error('cannot apply');
          applied.push(message.value);
        },
        handleBatch: async (messages) => {
          if (messages.some((message) => message.value === 'poison')) throw new Error('cannot apply');
          applied.push(...messages.map((message) => message.value));
        },
      });
      await within(subscription.caughtUp(), 'every message');
      await subscription.stop();
      expect(applied).toEqual(['a', 'b', 'c', 'd', 'e']);

      const dead = recorder();
      const reader = await bus.subscribe({ group: unique('dlq-reader'), kind: 'broadcast', topics: [deadLetterTopic(group)], handler: dead.handler });
      await within(reader.caughtUp(), 'the dead letters');
      await reader.stop();
      expect(dead.values()).toEqual(['poison']);
    },
  );
}
