import { beforeEach, expect, it } from 'vitest';
import type { EventBus } from '@ruedas/platform';
import { eventually, recorder, sleep, TEST_TIMEOUT_MS, unique, within } from './event-bus.helpers';

/**
 * The event bus contract's two kinds of subscription, as several copies of a service use them:
 * shared (the copies together handle each message once) and broadcast (every copy sees every
 * message). `current` gives the bus of the running test; the copies subscribe on it as separate
 * members, as copies in separate processes do on one broker.
 */
export function replicaContractTests(current: () => EventBus): void {
  let bus: EventBus;

  beforeEach(() => {
    bus = current();
  });

  const numbers = (from: number, count: number) => Array.from({ length: count }, (_, n) => ({ key: `k-${(from + n) % 7}`, value: { n: from + n } }));
  /** The numbers received, in order of number (Kafka keeps the order per key, not across partitions). */
  const ns = (got: ReturnType<typeof recorder>) =>
    got
      .values()
      .map((value) => (value as { n: number }).n)
      .sort((x, y) => x - y);

  it('shared: two members of a group handle each message once, and the one left takes over from the commits', { timeout: TEST_TIMEOUT_MS }, async () => {
    const topic = unique('shared');
    const group = unique('g');
    await bus.publish(topic, numbers(0, 30));
    const first = recorder();
    const a = await bus.subscribe({ group, topics: [topic], handler: first.handler, kind: 'shared' });
    await eventually(() => first.received.length >= 30, 'the first member to handle 30 messages');
    // Past the adapters' commit interval, so a member joining now finds everything committed.
    await sleep(700);
    const second = recorder();
    const b = await bus.subscribe({ group, topics: [topic], handler: second.handler });
    await bus.publish(topic, numbers(30, 10));
    await eventually(() => new Set([...ns(first), ...ns(second)]).size >= 40, 'the two members together to handle 40 messages');
    await sleep(700);
    await a.stop();
    await bus.publish(topic, numbers(40, 10));
    await eventually(() => new Set([...ns(first), ...ns(second)]).size >= 50, 'the member left to handle the last 10');
    await sleep(200);
    await b.stop();
    const all = [...ns(first), ...ns(second)].sort((x, y) => x - y);
    // Once each: no message handled by both members.
    expect(all).toEqual(Array.from({ length: 50 }, (_, n) => n));
    expect(ns(second)).toEqual(expect.arrayContaining(Array.from({ length: 10 }, (_, n) => 40 + n)));
  });

  it('broadcast: every member of a group sees every message from the beginning, and nothing is committed', { timeout: TEST_TIMEOUT_MS }, async () => {
    const topic = unique('broadcast');
    const group = unique('g');
    await bus.publish(topic, numbers(0, 10));
    const copies = [recorder(), recorder(), recorder()];
    const subscriptions = await Promise.all(copies.map((copy) => bus.subscribe({ group, topics: [topic], handler: copy.handler, kind: 'broadcast' })));
    // Each copy has read what was there before it subscribed.
    await Promise.all(subscriptions.map((subscription) => within(subscription.caughtUp(), 'a broadcast member to catch up')));
    for (const copy of copies) expect(ns(copy)).toEqual(Array.from({ length: 10 }, (_, n) => n));
    await bus.publish(topic, numbers(10, 5));
    await eventually(() => copies.every((copy) => copy.received.length >= 15), 'every member to see the 5 new messages');
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    for (const copy of copies) expect(ns(copy)).toEqual(Array.from({ length: 15 }, (_, n) => n));

    // A broadcast member starting later reads everything again: nothing was kept for it.
    const later = recorder();
    const again = await bus.subscribe({ group, topics: [topic], handler: later.handler, kind: 'broadcast' });
    await within(again.caughtUp(), 'a later broadcast member to catch up');
    await again.stop();
    expect(ns(later)).toEqual(Array.from({ length: 15 }, (_, n) => n));
    // Nor did the broadcast commit anything for the group's name: a shared member starts at the beginning.
    const shared = recorder();
    const member = await bus.subscribe({ group, topics: [topic], handler: shared.handler });
    await within(member.caughtUp(), 'the shared member to catch up');
    await member.stop();
    expect(ns(shared)).toEqual(Array.from({ length: 15 }, (_, n) => n));
  });
}
