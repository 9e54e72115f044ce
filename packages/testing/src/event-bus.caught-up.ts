import { beforeEach, expect, it } from 'vitest';
import type { EventBus } from '@ruedas/platform';
import { eventually, recorder, settledSoon, sleep, TEST_TIMEOUT_MS, unique, within } from './event-bus.helpers';

/** The event bus contract's caughtUp() tests; `current` gives the bus of the running test. */
export function caughtUpContractTests(current: () => EventBus): void {
  let bus: EventBus;

  beforeEach(() => {
    bus = current();
  });

  it('caughtUp() resolves only once every message published before subscribe was handled or dead-lettered', { timeout: TEST_TIMEOUT_MS }, async () => {
    const topic = unique('caughtup');
    const values = Array.from({ length: 40 }, (_, n) => n);
    await bus.publish(
      topic,
      values.map((n) => ({ key: `k${n % 7}`, value: n })),
    );
    await bus.publish(topic, [{ key: 'k3', value: 'poison' }]);
    // Slow on purpose: a caughtUp() that resolved before the replay was done would see few of them.
    const handled: unknown[] = [];
    const subscription = await bus.subscribe({
      group: unique('g'),
      topics: [topic],
      maxAttempts: 2,
      retryDelayMs: 1,
      handler: async (message) => {
        if (message.value === 'poison') throw new Error('cannot apply poison');
        await sleep(5);
        handled.push(message.value);
      },
    });
    await within(subscription.caughtUp(), 'caughtUp()');
    const atCatchUp = [...handled];
    await subscription.stop();
    expect([...(atCatchUp as number[])].sort((a, b) => a - b)).toEqual(values);
    // The same promise every time, still resolved after the stop.
    await expect(subscription.caughtUp()).resolves.toBeUndefined();
  });

  it('caughtUp() resolves at once on an empty topic', { timeout: TEST_TIMEOUT_MS }, async () => {
    const topic = unique('caughtup-empty');
    const got = recorder();
    const subscription = await bus.subscribe({ group: unique('g'), topics: [topic], handler: got.handler });
    expect(await settledSoon(subscription.caughtUp(), 50), 'caughtUp() on an empty topic').toBe(true);
    await subscription.stop();
    expect(got.received).toEqual([]);
  });

  it('caughtUp() is not held back by messages published after subscribe', { timeout: TEST_TIMEOUT_MS }, async () => {
    const topic = unique('caughtup-live');
    await bus.publish(
      topic,
      ['a', 'b', 'c'].map((value) => ({ key: 'k', value })),
    );
    const handled: unknown[] = [];
    const subscription = await bus.subscribe({
      group: unique('g'),
      topics: [topic],
      handler: async (message) => {
        await sleep(10);
        handled.push(message.value);
      },
    });
    // Published faster than they are handled, until caughtUp() resolves: the backlog never empties.
    let publishing = true;
    const publisher = (async () => {
      for (let n = 0; publishing; n += 1) {
        await bus.publish(topic, [
          { key: 'k', value: n },
          { key: 'k', value: n + 0.5 },
        ]);
        await sleep(5);
      }
    })();
    try {
      await within(subscription.caughtUp(), 'caughtUp() while messages keep arriving');
    } finally {
      publishing = false;
      await publisher;
    }
    const atCatchUp = [...handled];
    await subscription.stop();
    expect(atCatchUp.slice(0, 3)).toEqual(['a', 'b', 'c']);
  });

  it('caughtUp() resolves at once for a group that already committed everything', { timeout: TEST_TIMEOUT_MS }, async () => {
    const topic = unique('caughtup-committed');
    const group = unique('g');
    await bus.publish(
      topic,
      Array.from({ length: 10 }, (_, n) => ({ key: `k${n % 3}`, value: n })),
    );
    const first = await bus.subscribe({ group, topics: [topic], handler: async () => undefined });
    await within(first.caughtUp(), 'the first caughtUp()');
    await first.stop();

    const again = recorder(() => sleep(50));
    const second = await bus.subscribe({ group, topics: [topic], handler: again.handler });
    expect(await settledSoon(second.caughtUp(), 50), 'caughtUp() of a group with nothing left to read').toBe(true);
    await second.stop();
    expect(again.received).toEqual([]);
  });

  it('caughtUp() rejects when the subscription stops before it caught up', { timeout: TEST_TIMEOUT_MS }, async () => {
    const topic = unique('caughtup-stop');
    await bus.publish(topic, [{ key: 'k', value: 'stuck' }]);
    const failing = recorder(() => {
      throw new Error('not yet');
    });
    const subscription = await bus.subscribe({ group: unique('g'), topics: [topic], handler: failing.handler, maxAttempts: 5, retryDelayMs: 60_000 });
    const caughtUp = subscription.caughtUp();
    await eventually(() => failing.received.length === 1, 'the first attempt');
    await subscription.stop();
    await expect(caughtUp).rejects.toThrow(/stopped before it caught up/);
  });
}
