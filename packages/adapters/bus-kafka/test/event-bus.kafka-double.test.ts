/**
 * The Kafka adapter's own logic (manual commits of offset + 1, nothing committed on a stop during a
 * retry wait, dead letters, topic creation, producer settings) checked without a broker: kafkajs is
 * replaced by an in-memory double with Kafka's consumer-group behaviour. It does not replace the
 * run against a real Kafka (event-bus.kafka.test.ts); it makes sure the adapter is exercised in
 * every run.
 */
import { describe, expect, it, vi } from 'vitest';
import { createKafkaBus, topicConfigFor } from '@ruedas/bus-kafka';
import { reopenableBuses, runEventBusContractTests } from '@ruedas/testing';

interface DoubleMessage {
  key: Buffer | null;
  value: Buffer | null;
  headers: Record<string, Buffer>;
  offset: string;
  timestamp: string;
}
type EachMessage = (payload: {
  topic: string;
  partition: number;
  message: DoubleMessage;
  heartbeat: () => Promise<void>;
  pause: () => () => void;
}) => Promise<void>;
type EachBatch = (payload: {
  batch: { topic: string; partition: number; messages: DoubleMessage[] };
  resolveOffset: (offset: string) => void;
  heartbeat: () => Promise<void>;
  isRunning: () => boolean;
  isStale: () => boolean;
}) => Promise<void>;
/** How many messages the double fetches per batch for eachBatch (small, so a run spans several). */
const BATCH = 3;

const double = vi.hoisted(() => {
  const topics = new Map<string, DoubleMessage[][]>();
  const committed = new Map<string, number>();
  /** Each topic's own settings (Kafka's TOPIC_CONFIG source), as createTopics and alterConfigs left them. */
  const topicConfigs = new Map<string, Record<string, string>>();
  let waiters: (() => void)[] = [];
  const recorded = {
    clients: [] as Record<string, unknown>[],
    producers: [] as Record<string, unknown>[],
    sends: [] as { topic: string; acks: unknown }[],
    createdTopics: [] as { topic: string; numPartitions: number; replicationFactor: number; configEntries?: { name: string; value: string }[] }[],
    alteredConfigs: [] as { type: number; name: string; configEntries: { name: string; value: string }[] }[],
    runs: [] as { autoCommit: unknown; batch?: boolean }[],
    commits: [] as { group: string; topic: string; partition: number; offset: string }[],
    grown: [] as { topic: string; from: number; to: number }[],
  };
  /** The running members of each group, in join order: partition p goes to member p % count. */
  const members = new Map<string, object[]>();
  const changed = () => new Promise<void>((resolve) => waiters.push(resolve));
  const wake = () => {
    const woken = waiters;
    waiters = [];
    for (const resolve of woken) resolve();
  };
  const partitionOf = (key: string, count: number) => [...key].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7) % count;

  class Consumer {
    readonly events = { CRASH: 'consumer.crash', GROUP_JOIN: 'consumer.group_join' };
    readonly #listeners = new Map<string, ((event: { payload: unknown }) => void)[]>();
    #running = false;
    #loop: Promise<void> | undefined;
    #topics: string[] = [];
    #fromBeginning = false;
    constructor(private readonly groupId: string) {}
    on(event: string, listener: (event: { payload: unknown }) => void) {
      this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), listener]);
    }
    async connect() {}
    async subscribe({ topics: names, fromBeginning }: { topics: string[]; fromBeginning: boolean }) {
      for (const name of names) if (!topics.has(name)) throw new Error(`This server does not host this topic-partition: ${name}`);
      this.#topics = names;
      this.#fromBeginning = fromBeginning;
    }
    async run({ autoCommit, eachMessage, eachBatch }: { autoCommit: unknown; eachMessage?: EachMessage; eachBatch?: EachBatch }) {
      recorded.runs.push({ autoCommit, batch: eachBatch !== undefined });
      // Partitions are split among the group's running members (p % count), as a rebalance does.
      const group = members.get(this.groupId) ?? [];
      members.set(this.groupId, group);
      group.push(this);
      wake();
      const memberAssignment = Object.fromEntries(
        this.#topics.map((topic) => [topic, topics.get(topic)!.flatMap((_log, partition) => (this.#owns(partition) ? [partition] : []))]),
      );
      for (const listener of this.#listeners.get(this.events.GROUP_JOIN) ?? []) listener({ payload: { groupId: this.groupId, memberAssignment } });
      this.#running = true;
      this.#loop = this.#consume(eachMessage, eachBatch);
    }
    async commitOffsets(offsets: { topic: string; partition: number; offset: string }[]) {
      for (const { topic, partition, offset } of offsets) {
        recorded.commits.push({ group: this.groupId, topic, partition, offset });
        committed.set(`${this.groupId}|${topic}|${partition}`, Number(offset));
      }
    }
    /** Like kafkajs: stops fetching and waits for the running eachMessage; the consumer stays connected. */
    async stop() {
      this.#running = false;
      wake();
      await this.#loop;
      const group = members.get(this.groupId) ?? [];
      if (group.includes(this)) group.splice(group.indexOf(this), 1);
      wake();
    }
    #owns(partition: number): boolean {
      const group = members.get(this.groupId) ?? [this];
      return partition % group.length === group.indexOf(this);
    }
    async disconnect() {
      await this.stop();
    }
    /** Like kafkajs: each partition in order, one message at a time; the position moves on once eachMessage returned. */
    readonly #positions = new Map<string, number>();
    seek({ topic, partition, offset }: { topic: string; partition: number; offset: string }) {
      if (!this.#running) throw new Error('Consumer group was not initialized, consumer#run must be called first');
      this.#positions.set(`${this.groupId}|${topic}|${partition}`, Number(offset));
      wake();
    }
    async #consume(eachMessage: EachMessage | undefined, eachBatch: EachBatch | undefined) {
      const positions = this.#positions;
      while (this.#running) {
        let progressed = false;
        for (const topic of this.#topics) {
          for (const [partition, log] of topics.get(topic)!.entries()) {
            const slot = `${this.groupId}|${topic}|${partition}`;
            // A partition given to another member: when it comes back, it starts from the commit.
            if (!this.#owns(partition)) {
              positions.delete(slot);
              continue;
            }
            const position = positions.get(slot) ?? committed.get(slot) ?? (this.#fromBeginning ? 0 : log.length);
            const message = log[position];
            if (!message || !this.#running) continue;
            try {
              if (eachBatch) {
                // Like kafkajs with eachBatchAutoResolve off: the position moves to what was resolved.
                let resolved = position - 1;
                await eachBatch({
                  batch: { topic, partition, messages: log.slice(position, position + BATCH) },
                  resolveOffset: (offset) => (resolved = Math.max(resolved, Number(offset))),
                  heartbeat: async () => undefined,
                  isRunning: () => this.#running,
                  isStale: () => false,
                });
                positions.set(slot, resolved + 1);
              } else {
                await eachMessage!({ topic, partition, message, heartbeat: async () => undefined, pause: () => () => undefined });
                positions.set(slot, position + 1);
              }
            } catch {
              positions.delete(slot); // kafkajs seeks back to the committed offset and fetches again
            }
            progressed = true;
          }
        }
        if (!progressed && this.#running) await changed();
      }
    }
  }

  class Kafka {
    constructor(config: Record<string, unknown>) {
      recorded.clients.push(config);
      const creator = config.logCreator as (level: number) => (entry: unknown) => void;
      creator(4)({ namespace: 'Double', level: 4, label: 'INFO', log: { message: 'connected', timestamp: '' } });
    }
    producer(options: Record<string, unknown>) {
      recorded.producers.push(options);
      return {
        connect: async () => undefined,
        disconnect: async () => undefined,
        send: async ({
          topic,
          acks,
          messages,
        }: {
          topic: string;
          acks: unknown;
          messages: { key: string; value: string | null; headers: Record<string, string> }[];
        }) => {
          recorded.sends.push({ topic, acks });
          const partitions = topics.get(topic);
          if (!partitions) throw new Error(`This server does not host this topic-partition: ${topic}`);
          for (const { key, value, headers } of messages) {
            const log = partitions[partitionOf(key, partitions.length)]!;
            const encoded = Object.fromEntries(Object.entries(headers).map(([name, text]) => [name, Buffer.from(text)]));
            log.push({
              key: Buffer.from(key),
              value: value === null ? null : Buffer.from(value),
              headers: encoded,
              offset: String(log.length),
              timestamp: String(Date.now()),
            });
          }
          wake();
        },
      };
    }
    admin() {
      return {
        connect: async () => undefined,
        disconnect: async () => undefined,
        describeCluster: async () => ({ brokers: [{ nodeId: 1, host: 'double', port: 9092 }], controller: 1, clusterId: 'double' }),
        fetchTopicOffsets: async (topic: string) => {
          const partitions = topics.get(topic);
          if (!partitions) throw new Error(`This server does not host this topic-partition: ${topic}`);
          return partitions.map((log, partition) => ({ partition, offset: String(log.length), high: String(log.length), low: '0' }));
        },
        fetchTopicOffsetsByTimestamp: async (topic: string, timestamp: number) =>
          topics.get(topic)!.map((log, partition) => {
            const found = log.find((message) => Number(message.timestamp) >= timestamp);
            return { partition, offset: found ? found.offset : String(log.length) };
          }),
        listTopics: async () => [...topics.keys()],
        describeConfigs: async ({ resources }: { resources: { type: number; name: string }[] }) => ({
          resources: resources.map(({ type, name }) => ({
            resourceType: type,
            resourceName: name,
            configEntries: Object.entries(topicConfigs.get(name) ?? {}).map(([configName, configValue]) => ({ configName, configValue, configSource: 1 })),
          })),
        }),
        fetchOffsets: async ({ groupId, topics: names }: { groupId: string; topics: string[] }) =>
          names.map((topic) => ({
            topic,
            partitions: topics
              .get(topic)!
              .map((_log, partition) => ({ partition, offset: String(committed.get(`${groupId}|${topic}|${partition}`) ?? -1), metadata: null })),
          })),
        fetchTopicMetadata: async ({ topics: names }: { topics: string[] }) => ({
          topics: names.map((name) => ({ name, partitions: (topics.get(name) ?? []).map((_log, partitionId) => ({ partitionId })) })),
        }),
        createPartitions: async ({ topicPartitions }: { topicPartitions: { topic: string; count: number }[] }) => {
          for (const { topic, count } of topicPartitions) {
            const logs = topics.get(topic)!;
            recorded.grown.push({ topic, from: logs.length, to: count });
            while (logs.length < count) logs.push([]);
          }
          return true;
        },
        deleteGroups: async (groupIds: string[]) => {
          for (const groupId of groupIds) for (const key of [...committed.keys()]) if (key.startsWith(`${groupId}|`)) committed.delete(key);
          return groupIds.map((groupId) => ({ groupId, errorCode: 0 }));
        },
        alterConfigs: async ({ resources }: { resources: { type: number; name: string; configEntries: { name: string; value: string }[] }[] }) => {
          recorded.alteredConfigs.push(...resources);
          for (const { name, configEntries } of resources)
            topicConfigs.set(name, Object.fromEntries(configEntries.map(({ name: key, value }) => [key, value])));
          return { resources: [] };
        },
        createTopics: async ({
          topics: configs,
        }: {
          topics: { topic: string; numPartitions: number; replicationFactor: number; configEntries?: { name: string; value: string }[] }[];
        }) => {
          let created = false;
          for (const config of configs) {
            recorded.createdTopics.push(config);
            if (topics.has(config.topic)) continue;
            topicConfigs.set(config.topic, Object.fromEntries((config.configEntries ?? []).map(({ name, value }) => [name, value])));
            topics.set(
              config.topic,
              Array.from({ length: config.numPartitions }, () => []),
            );
            created = true;
          }
          return created;
        },
      };
    }
    consumer({ groupId }: { groupId: string }) {
      return new Consumer(groupId);
    }
  }

  /** What an operator sets on a topic by hand (kafka-configs --alter). */
  const operatorSets = (topic: string, settings: Record<string, string>) => topicConfigs.set(topic, { ...topicConfigs.get(topic), ...settings });
  const module = { Kafka, logLevel: { NOTHING: 0, ERROR: 1, WARN: 2, INFO: 4, DEBUG: 5 }, Partitioners: { DefaultPartitioner: () => () => 0 } };
  /** The messages of a topic as the broker holds them (value as text, null for a tombstone). */
  const stored = (topic: string) =>
    topics
      .get(topic)!
      .flat()
      .map((message) => ({ key: message.key?.toString(), value: message.value?.toString() ?? null }));
  return { module, recorded, operatorSets, topicConfigs, stored };
});

vi.mock('kafkajs', () => double.module);

const open = () => createKafkaBus({ brokers: ['double:9092'], clientId: 'ruedas-double' });

runEventBusContractTests('kafka adapter on an in-memory kafkajs double', async () => {
  return reopenableBuses(open);
});

describe('kafka adapter settings', () => {
  it('uses an idempotent producer with acks=all, manual commits of offset + 1, and creates topics', async () => {
    const bus = await open();
    const topic = `settings.${Date.now()}`;
    await bus.publish(topic, [{ key: 'k', value: { n: 1 } }]);
    const handled: string[] = [];
    const subscription = await bus.subscribe({
      group: `settings-${Date.now()}`,
      topics: [topic],
      handler: async (message) => void handled.push(message.offset),
    });
    await vi.waitFor(() => expect(handled).toHaveLength(1));
    await subscription.stop();
    await bus.close();

    expect(double.recorded.clients.at(-1)).toMatchObject({ clientId: 'ruedas-double', brokers: ['double:9092'] });
    expect(double.recorded.producers.at(-1)).toMatchObject({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
    expect(double.recorded.sends.filter((send) => send.topic === topic)).toEqual([{ topic, acks: -1 }]);
    // A topic without settings of its own is kept forever (not the broker's 7-day default).
    expect(double.recorded.createdTopics.find((config) => config.topic === topic)).toEqual({
      topic,
      numPartitions: 12,
      replicationFactor: 1,
      configEntries: [
        { name: 'cleanup.policy', value: 'delete' },
        { name: 'retention.ms', value: '-1' },
        { name: 'retention.bytes', value: '-1' },
        { name: 'min.insync.replicas', value: '1' },
      ],
    });
    expect(double.recorded.runs.every((run) => run.autoCommit === false)).toBe(true);
    const [partition, offset] = handled[0]!.split(':').map(Number);
    expect(double.recorded.commits.filter((commit) => commit.topic === topic)).toEqual([expect.objectContaining({ partition, offset: String(offset! + 1) })]);
  });
});

describe('kafka adapter topic settings (compaction of snapshot topics)', () => {
  it('creates a snapshot topic compacted; on a topic that exists, sets only what differs and keeps what an operator set', async () => {
    const topic = `snapshots.${Date.now()}`;
    const compact = { 'cleanup.policy': 'compact', 'retention.ms': '-1' };
    const entries = [
      { name: 'cleanup.policy', value: 'compact' },
      { name: 'retention.ms', value: '-1' },
      { name: 'min.insync.replicas', value: '1' },
    ];
    const first = await createKafkaBus({ brokers: ['double:9092'], clientId: 'ruedas-double', topicConfigs: { [topic]: compact } });
    await first.publish(topic, [{ key: 'ad-1', value: { v: 1 } }]);
    await first.close();
    expect(double.recorded.createdTopics.filter((config) => config.topic === topic)).toEqual([
      { topic, numPartitions: 12, replicationFactor: 1, configEntries: entries },
    ]);
    expect(double.recorded.alteredConfigs.filter((resource) => resource.name === topic)).toEqual([]);

    // A later start finds the topic as it left it: nothing to change, nothing sent.
    const again = await createKafkaBus({ brokers: ['double:9092'], clientId: 'ruedas-double', topicConfigs: { [topic]: compact } });
    await again.publish(topic, [{ key: 'ad-1', value: { v: 2 } }]);
    await again.close();
    expect(double.recorded.alteredConfigs.filter((resource) => resource.name === topic)).toEqual([]);

    // An operator gave the topic settings of their own, one of them against the application's policy.
    double.operatorSets(topic, { 'max.message.bytes': '2097152', 'cleanup.policy': 'delete', 'min.insync.replicas': '3' });
    const third = await createKafkaBus({ brokers: ['double:9092'], clientId: 'ruedas-double', topicConfigs: { [topic]: compact } });
    await third.publish(topic, [{ key: 'ad-1', value: { v: 3 } }]);
    await third.close();
    // The policy is set again; the operator's other settings stay, and a higher min.insync.replicas too.
    expect(double.topicConfigs.get(topic)).toEqual({
      'cleanup.policy': 'compact',
      'retention.ms': '-1',
      'min.insync.replicas': '3',
      'max.message.bytes': '2097152',
    });
    expect(double.recorded.alteredConfigs.filter((resource) => resource.name === topic)).toHaveLength(1);
  });

  it('sets min.insync.replicas to 2 with 3 replicas, 1 with fewer', () => {
    expect(topicConfigFor(undefined, 3)['min.insync.replicas']).toBe('2');
    expect(topicConfigFor(undefined, 2)['min.insync.replicas']).toBe('1');
    expect(topicConfigFor({ 'cleanup.policy': 'compact' }, 1)).toEqual({ 'cleanup.policy': 'compact', 'min.insync.replicas': '1' });
  });
});

describe('kafka adapter tombstones', () => {
  it('sends a null value as a Kafka tombstone (no value, which compaction removes with the key), delivered as null', async () => {
    const bus = await open();
    const topic = `tombstones.${Date.now()}`;
    await bus.publish(topic, [
      { key: 'user-1', value: { v: 1 } },
      { key: 'user-1', value: null },
    ]);
    const got: unknown[] = [];
    const subscription = await bus.subscribe({ group: `tombstones-${Date.now()}`, topics: [topic], handler: async (message) => void got.push(message.value) });
    await subscription.caughtUp();
    await subscription.stop();
    await bus.close();
    expect(got).toEqual([{ v: 1 }, null]);
    expect(double.stored(topic).map((message) => message.value)).toEqual(['{"v":1}', null]);
  });
});

describe('kafka adapter commits', () => {
  it('commits handled offsets together, not one request per message, and commits the last ones at stop', async () => {
    const bus = await open();
    const topic = `batched.${Date.now()}`;
    const group = `batched-${Date.now()}`;
    await bus.publish(
      topic,
      Array.from({ length: 300 }, (_, n) => ({ key: `k${n % 5}`, value: n })),
    );
    const subscription = await bus.subscribe({ group, topics: [topic], handler: async () => undefined });
    await subscription.caughtUp();
    await subscription.stop();
    const commits = double.recorded.commits.filter((commit) => commit.group === group);
    expect(commits.length).toBeLessThan(30);
    // Everything handled was committed by the stop: the group has nothing left to read.
    const reopened = await open();
    const again: unknown[] = [];
    const after = await reopened.subscribe({ group, topics: [topic], handler: async (message) => void again.push(message.value) });
    await after.caughtUp();
    await after.stop();
    expect(again).toEqual([]);
    await bus.close();
    await reopened.close();
  });
});

describe('kafka adapter partitions', () => {
  it('creates topics with 12 partitions by default, and grows a topic made with fewer without recreating it', async () => {
    const topic = `grown.${Date.now()}`;
    const small = await createKafkaBus({ brokers: ['double:9092'], clientId: 'ruedas-double', partitions: 3 });
    await small.publish(topic, [{ key: 'ad-1', value: { v: 1 } }]);
    await small.close();
    expect(double.recorded.createdTopics.filter((config) => config.topic === topic).map((config) => config.numPartitions)).toEqual([3]);

    const grown = await open();
    await grown.publish(topic, [{ key: 'ad-2', value: { v: 2 } }]);
    const seen: unknown[] = [];
    const subscription = await grown.subscribe({ group: `grown-${Date.now()}`, topics: [topic], handler: async (message) => void seen.push(message.value) });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await subscription.stop();
    await grown.close();
    expect(double.recorded.grown.filter((change) => change.topic === topic)).toEqual([{ topic, from: 3, to: 12 }]);
    // Grown, not recreated: the message published before is still there.
    expect(seen).toEqual(expect.arrayContaining([{ v: 1 }, { v: 2 }]));
  });
});
