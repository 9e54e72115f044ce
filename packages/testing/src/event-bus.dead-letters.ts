import { expect, it } from 'vitest';
import { deadLetterTopic, listDeadLetters, originalTopic, replayDeadLetters, type EventBus } from '@ruedas/platform';
import { eventually, recorder, sleep, TEST_TIMEOUT_MS, unique, within } from './event-bus.helpers';

/**
 * The event bus contract on failures (issue 30): retries for a time rather than a count, the
 * group's dead-letter topic, the replay of dead letters to their group only, and `since`.
 */
export function deadLetterContractTests(getBus: () => EventBus): void {
  /** The dead letters of a group, read from the start without committing. */
  async function lettersOf(bus: EventBus, group: string) {
    const dead = recorder();
    const reader = await bus.subscribe({ group: unique('dlq-reader'), kind: 'broadcast', topics: [deadLetterTopic(group)], handler: dead.handler });
    await within(reader.caughtUp(), 'the dead letters');
    await reader.stop();
    return dead.received;
  }

  it(
    'retries a failing handler with growing pauses for up to retryForMs, whatever the number of attempts: a failure that ends loses nothing',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const bus = getBus();
      const topic = unique('outage');
      const group = unique('g');
      await bus.publish(topic, [{ key: 'k', value: 'during-an-outage' }]);
      let first = 0;
      const times: number[] = [];
      const got = recorder(() => {
        const now = Date.now();
        first ||= now;
        times.push(now);
        // The store it writes to is away for 400 ms (an election, scaled down).
        if (now - first < 400) throw new Error('not primary');
      });
      const subscription = await bus.subscribe({ group, topics: [topic], handler: got.handler, retryDelayMs: 10, maxRetryDelayMs: 80, retryForMs: 5_000 });
      await within(subscription.caughtUp(), 'the message applied after the outage');
      await subscription.stop();
      expect(times.at(-1)! - first).toBeGreaterThanOrEqual(400);
      expect(got.received.length, 'more attempts than the old fixed 5').toBeGreaterThan(5);
      const pauses = times.slice(1).map((time, index) => time - times[index]!);
      // 10, 20, 40 ms, then at most 80 ms (timers may fire a little early or late).
      expect(pauses[0]!).toBeGreaterThanOrEqual(8);
      expect(pauses[2]!).toBeGreaterThanOrEqual(35);
      expect(Math.max(...pauses.slice(0, -1))).toBeLessThan(80 + 400);
      expect(await lettersOf(bus, group)).toEqual([]);
    },
  );

  it('dead-letters a message that still fails once retryForMs has passed, the last attempt said so', { timeout: TEST_TIMEOUT_MS }, async () => {
    const bus = getBus();
    const topic = unique('too-long');
    const group = unique('g');
    await bus.publish(topic, [{ key: 'k', value: 'never' }]);
    const times: number[] = [];
    const got = recorder(() => {
      times.push(Date.now());
      throw new Error('still failing');
    });
    const subscription = await bus.subscribe({ group, topics: [topic], handler: got.handler, retryDelayMs: 20, retryForMs: 150 });
    await within(subscription.caughtUp(), 'the message given up on');
    await subscription.stop();
    expect(got.received.at(-1)!.lastAttempt).toBe(true);
    expect(got.received.slice(0, -1).every((message) => message.lastAttempt === false)).toBe(true);
    expect(times.at(-1)! - times[0]!, 'no attempt starts after retryForMs').toBeLessThanOrEqual(150 + 50);
    const [letter, ...more] = await lettersOf(bus, group);
    expect(more).toEqual([]);
    expect(letter!.headers).toMatchObject({ 'x-dlq-original-topic': topic, 'x-dlq-attempts': String(got.received.length), 'x-dlq-group': group });
  });

  it("replays a group's dead letters to that group only, once, and lists them with what is still to replay", { timeout: TEST_TIMEOUT_MS }, async () => {
    const bus = getBus();
    const topic = unique('replayed');
    const failing = unique('g-failing');
    const healthy = unique('g-healthy');
    let fixed = false;
    const broken = recorder((message) => {
      if (!fixed && message.value === 'b') throw new Error('bug in the handler');
    });
    const fine = recorder();
    const subscriptions = await Promise.all([
      bus.subscribe({ group: failing, topics: [topic], handler: broken.handler, retryForMs: 0 }),
      bus.subscribe({ group: healthy, topics: [topic], handler: fine.handler }),
    ]);
    await bus.publish(
      topic,
      ['a', 'b', 'c'].map((value) => ({ key: 'k', value })),
    );
    await eventually(() => broken.values().includes('c') && fine.values().includes('c'), 'both groups past the failure');

    const [before] = await listDeadLetters(bus, [failing]);
    expect(before).toMatchObject({ group: failing, pending: 1 });
    expect(before!.letters).toEqual([expect.objectContaining({ originalTopic: topic, error: 'bug in the handler', attempts: 1, replayed: false })]);
    expect(await listDeadLetters(bus, [healthy])).toEqual([expect.objectContaining({ letters: [], pending: 0 })]);

    // The handler is fixed; the operator replays the group's dead letters.
    fixed = true;
    expect(await replayDeadLetters(bus, failing)).toBe(1);
    await eventually(() => broken.values().filter((value) => value === 'b').length === 2, 'the replayed letter');
    const replayed = broken.received.at(-1)!;
    expect(originalTopic(replayed)).toBe(topic);
    expect(replayed.topic).not.toBe(topic);
    // Nothing is replayed twice, and the other group saw each message once.
    expect(await replayDeadLetters(bus, failing)).toBe(0);
    await sleep(200);
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    expect(fine.values()).toEqual(['a', 'b', 'c']);
    expect(broken.values()).toEqual(['a', 'b', 'c', 'b']);
    const [after] = await listDeadLetters(bus, [failing]);
    expect(after).toMatchObject({ pending: 0, letters: [expect.objectContaining({ replayed: true })] });
  });

  it('since starts a subscription at the first message of that time', { timeout: TEST_TIMEOUT_MS }, async () => {
    const bus = getBus();
    const topic = unique('since');
    await bus.publish(topic, [{ key: 'k1', value: 'old' }]);
    await sleep(50);
    const since = new Date();
    await sleep(5);
    await bus.publish(
      topic,
      ['new-1', 'new-2'].map((value, n) => ({ key: `k${n}`, value })),
    );
    const got = recorder();
    const subscription = await bus.subscribe({ group: unique('g'), kind: 'broadcast', topics: [topic], handler: got.handler, since });
    await within(subscription.caughtUp(), 'caughtUp() from the time');
    await subscription.stop();
    expect((got.values() as string[]).sort()).toEqual(['new-1', 'new-2']);
  });
}
