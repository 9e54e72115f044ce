import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, Partitioners, type Admin, type ConfigResourceTypes, type Consumer, type IHeaders, type KafkaMessage, type Producer } from 'kafkajs';
import {
  CatchUp,
  checkPublish,
  createLogger,
  deadLetterOf,
  deadLetterTopic,
  deliverRun,
  deliverWithRetries,
  broadcastGroup,
  replayTopic,
  resolveSubscribeOptions,
  type Delivery,
  type EventBus,
  type FetchedMessage,
  type Logger,
  type OutgoingMessage,
  type PartitionLag,
  type SubscribeOptions,
  type Subscription,
} from '@ruedas/platform';
import { checkBrokers } from './config';
import { kafkaLogCreator } from './kafka-logging';

export interface KafkaBusOptions {
  /** `host:port` of the bootstrap brokers (from `KAFKA_BROKERS`). */
  brokers: string[];
  clientId: string;
  logger?: Logger;
  /**
   * Partitions of the topics this bus uses (default DEFAULT_PARTITIONS): a topic is created with
   * them, and an existing topic with fewer is grown to them, never recreated (its messages stay).
   * Growing moves some keys to other partitions for the messages published after it: a consumer
   * may then see a key's new message before an old one still unread on its former partition.
   */
  partitions?: number;
  /**
   * Kafka settings per topic (e.g. `{ 'cleanup.policy': 'compact' }`), applied when the bus first
   * uses the topic: given to a topic it creates, and set again on one that exists (so a topic made
   * before its policy was chosen gets it). A topic not listed, dead-letter topics included, gets
   * `KEEP_FOREVER`: nothing is deleted by the broker's 7-day default retention.
   */
  topicConfigs?: Record<string, Record<string, string>>;
  /** How long a failing message is retried, unless a subscription says (default DEFAULT_RETRY_FOR_MS). */
  retryForMs?: number;
}

/** Partitions per topic unless told: the most copies of one consumer that share its work. */
export const DEFAULT_PARTITIONS = 12;

/** kafkajs's ConfigResourceTypes.TOPIC (its CommonJS enum is not an ES named export). */
const TOPIC_RESOURCE = 2 as ConfigResourceTypes;

/** The settings of a topic not listed in `topicConfigs`: delete nothing. */
export const KEEP_FOREVER: Record<string, string> = { 'cleanup.policy': 'delete', 'retention.ms': '-1', 'retention.bytes': '-1' };

/**
 * Connects the event bus to Kafka. Refuses to start, with a `ConfigError` naming `KAFKA_BROKERS`,
 * when the broker list is empty or malformed; fails if the brokers can't be reached.
 */
export async function createKafkaBus(options: KafkaBusOptions): Promise<EventBus> {
  const brokers = checkBrokers(options?.brokers);
  if (typeof options.clientId !== 'string' || options.clientId.trim() === '') {
    throw new TypeError('createKafkaBus: clientId must be a non-empty string');
  }
  const partitions = options.partitions ?? DEFAULT_PARTITIONS;
  if (!Number.isInteger(partitions) || partitions < 1) throw new TypeError('createKafkaBus: partitions must be an integer >= 1');
  const logger = options.logger ?? createLogger('bus-kafka');

  const kafka = new Kafka({ clientId: options.clientId, brokers, logLevel: logLevel.INFO, logCreator: kafkaLogCreator(logger) });
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    // The Java client's partitioner: the same key lands on the same partition from any client.
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  const admin = kafka.admin();
  try {
    await Promise.all([producer.connect(), admin.connect()]);
    const cluster = await admin.describeCluster();
    const replicationFactor = Math.min(3, cluster.brokers.length);
    return new KafkaBus(kafka, producer, admin, { partitions, replicationFactor, configs: options.topicConfigs ?? {} }, logger, options.retryForMs);
  } catch (error) {
    await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    throw error;
  }
}

class KafkaBus implements EventBus {
  readonly kind = 'kafka';
  /** Topics known to exist (created by us or already there). */
  readonly #topics = new Map<string, Promise<void>>();
  readonly #subscriptions = new Set<KafkaSubscription>();
  #closing: Promise<void> | undefined;

  constructor(
    private readonly kafka: Kafka,
    private readonly producer: Producer,
    private readonly admin: Admin,
    private readonly topicSettings: { partitions: number; replicationFactor: number; configs: Record<string, Record<string, string>> },
    private readonly logger: Logger,
    private readonly retryForMs?: number,
  ) {}

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.#assertOpen();
    checkPublish(topic, messages);
    await this.#send(topic, messages);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.#assertOpen();
    const resolved = resolveSubscribeOptions(options, this.retryForMs !== undefined ? { retryForMs: this.retryForMs } : {});
    const { group: named, handler, handleBatch, maxAttempts, retryDelayMs, maxRetryDelayMs, retryForMs, startAt, since, kind } = resolved;
    // A broadcast subscription is a group of its own, read from the beginning and never committed.
    const broadcast = kind === 'broadcast';
    const group = broadcast ? broadcastGroup(named, randomUUID()) : named;
    // A shared subscription also reads its group's replay topic (dead letters put back for it).
    const replay = replayTopic(named);
    const topics = !broadcast && !resolved.topics.includes(replay) ? [...resolved.topics, replay] : resolved.topics;
    await Promise.all(topics.map((topic) => this.#ensureTopic(topic)));
    const logger = this.logger.child({ group });
    // Where each partition starts when not at the group's commit: startAt, or the offsets of `since`.
    const seeks = await this.#seeks(topics, replay, startAt, since);
    // The ends of the partitions now, before the consumer fetches anything, and where it starts.
    const { ends } = await this.#unreadEnds(group, topics, seeks);
    const catchUp = new CatchUp(ends);
    const consumer = this.kafka.consumer({ groupId: group, allowAutoTopicCreation: false });
    const controller = new AbortController();
    const commits = new Commits(consumer, logger);
    // kafkajs restarts a crashed consumer unless the error is not retriable: then it is gone, and
    // readiness must say so (decision 0168), not only this line.
    const health = { crashed: false };
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) health.crashed = true;
      logger.error(
        { err: payload.error, restart: payload.restart },
        payload.restart ? 'Kafka consumer crashed; kafkajs restarts it' : 'Kafka consumer crashed for good',
      );
    });
    // A partition the group gives to another member is that member's to catch up with.
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      const assigned = new Set(
        Object.entries(payload.memberAssignment).flatMap(([topic, partitions]) => partitions.map((partition) => partitionKey(topic, partition))),
      );
      for (const partition of catchUp.pending()) if (!assigned.has(partition)) catchUp.drop(partition);
    });
    try {
      await consumer.connect();
      // A group without committed offsets starts from the beginning of each topic.
      await consumer.subscribe({ topics, fromBeginning: true });
      const delivery = (heartbeat: () => Promise<void>): Delivery => ({
        handler,
        ...(handleBatch ? { handleBatch } : {}),
        group: named,
        maxAttempts,
        retryDelayMs,
        maxRetryDelayMs,
        retryForMs,
        heartbeat,
        logger,
        signal: controller.signal,
        deadLetter: (letter) => this.#send(deadLetterTopic(named), [letter]),
      });
      // Kafka's committed offset is the next one to read; commits go out together (Commits).
      const handled = async (topic: string, partition: number, offset: string) => {
        const next = BigInt(offset) + 1n;
        catchUp.advance(partitionKey(topic, partition), Number(next));
        if (!broadcast) await commits.handled(topic, partition, next.toString());
      };
      await consumer.run(
        handleBatch
          ? {
              autoCommit: false,
              eachBatchAutoResolve: false,
              // A batch handler (decision 0206): each fetched batch of a partition at once, one commit after it.
              eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
                const { topic, partition } = batch;
                const decoded: FetchedMessage[] = [];
                for (const message of batch.messages) {
                  if (controller.signal.aborted || !isRunning() || isStale()) return;
                  const value = await this.#decode(topic, partition, message, delivery(heartbeat));
                  if (value !== undefined) {
                    decoded.push(value);
                    continue;
                  }
                  // Not JSON (dead-lettered at once): what came before it is delivered first.
                  if (!(await this.#deliverRun(decoded.splice(0), delivery(heartbeat), resolveOffset, handled))) return;
                  resolveOffset(message.offset);
                  await handled(topic, partition, message.offset);
                }
                if (!isRunning() || isStale()) return;
                await this.#deliverRun(decoded, delivery(heartbeat), resolveOffset, handled);
              },
            }
          : {
              autoCommit: false,
              eachMessage: async ({ topic, partition, message, heartbeat }) => {
                // After a stop, the rest of the batch is left uncommitted for the next member of the group.
                if (controller.signal.aborted) return;
                const done = await this.#handle(topic, partition, message, delivery(heartbeat));
                if (!done) return;
                await handled(topic, partition, message.offset);
              },
            },
      );
      // startAt or since: each partition from its offset (a seek to an offset retention deleted
      // lands on the earliest one, as fromBeginning does).
      for (const { topic, partition, offset } of seeks) consumer.seek({ topic, partition, offset: String(offset) });
    } catch (error) {
      catchUp.fail();
      // The subscription's error is the one thrown; leaving the half-joined group is best effort.
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }
    const subscription = new KafkaSubscription(controller, consumer, commits, catchUp, health, () => {
      this.#subscriptions.delete(subscription);
      // Nothing of a broadcast group is kept: it has no commits, and its (empty) group goes.
      if (broadcast) void this.admin.deleteGroups([group]).catch(() => undefined);
    });
    this.#subscriptions.add(subscription);
    return subscription;
  }

  /** Per partition: the high watermark less the group's committed offset (the low watermark if none). */
  async lag(group: string, topics: string[]): Promise<PartitionLag[]> {
    this.#assertOpen();
    return (await this.#positions(group, topics)).map(({ topic, key, high, start }) => ({ topic, partition: key, messages: Math.max(0, high - start) }));
  }

  async topics(): Promise<string[]> {
    this.#assertOpen();
    return (await this.admin.listTopics()).sort();
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      await Promise.all([...this.#subscriptions].map((subscription) => subscription.stop()));
      await Promise.all([this.producer.disconnect(), this.admin.disconnect()]);
    })();
    return this.#closing;
  }

  #assertOpen(): void {
    if (this.#closing) throw new Error('the Kafka event bus is closed');
  }

  /**
   * The partitions that do not start at the group's commit, with their first offset: with
   * `startAt`, every partition of the topics (the given offset, or the beginning; the replay
   * topic's only when listed); with `since`, every partition but the replay topic's, at the offset
   * of the first message of that time (its end when there is none).
   */
  async #seeks(
    topics: string[],
    replay: string,
    startAt: Record<string, number> | undefined,
    since: Date | undefined,
  ): Promise<{ topic: string; partition: number; offset: number }[]> {
    if (!startAt && !since) return [];
    const seeks = await Promise.all(
      topics.map(async (topic) => {
        if (startAt) {
          const watermarks = await this.admin.fetchTopicOffsets(topic);
          return watermarks.flatMap(({ partition }) => {
            const offset = startAt[partitionKey(topic, partition)];
            return offset === undefined && topic === replay ? [] : [{ topic, partition, offset: offset ?? 0 }];
          });
        }
        if (topic === replay) return [];
        const [watermarks, offsets] = await Promise.all([
          this.admin.fetchTopicOffsets(topic),
          this.admin.fetchTopicOffsetsByTimestamp(topic, since!.getTime()),
        ]);
        const high = new Map(watermarks.map(({ partition, high: end }) => [partition, Number(end)]));
        // No message at or after the time: Kafka answers -1; the partition then starts at its end.
        return offsets.map(({ partition, offset }) => ({ topic, partition, offset: Number(offset) < 0 ? (high.get(partition) ?? 0) : Number(offset) }));
      }),
    );
    return seeks.flat();
  }

  /**
   * Each partition of `topics` that holds messages the group has not read yet, with its end (the
   * high watermark: the offset after its last message). A partition whose start (its seek, else the
   * group's commit) already reaches the end, or that is empty (high == low, everything deleted by
   * retention), is left out: there is nothing in it to catch up with.
   */
  async #unreadEnds(group: string, topics: string[], seeks: { topic: string; partition: number; offset: number }[]): Promise<{ ends: [string, number][] }> {
    const positions = await this.#positions(group, topics, seeks);
    return { ends: positions.flatMap(({ key, high, start }): [string, number][] => (high > start ? [[key, high]] : [])) };
  }

  /**
   * Each partition of `topics`: its end (the high watermark) and where the group reads it from (its
   * seek, else the group's commit; a group without a commit, -1, starts at the low watermark).
   */
  async #positions(
    group: string,
    topics: string[],
    seeks: { topic: string; partition: number; offset: number }[] = [],
  ): Promise<{ topic: string; key: string; high: number; start: number }[]> {
    const [committed, ...watermarks] = await Promise.all([
      this.admin.fetchOffsets({ groupId: group, topics }),
      ...topics.map((topic) => this.admin.fetchTopicOffsets(topic)),
    ]);
    const startAt = new Map<string, number>();
    for (const { topic, partitions } of committed ?? []) {
      for (const { partition, offset } of partitions) startAt.set(partitionKey(topic, partition), Number(offset));
    }
    for (const { topic, partition, offset } of seeks) startAt.set(partitionKey(topic, partition), offset);
    return topics.flatMap((topic, index) =>
      (watermarks[index] ?? []).map(({ partition, high, low }) => {
        const key = partitionKey(topic, partition);
        return { topic, key, high: Number(high), start: Math.max(Number(low), startAt.get(key) ?? -1) };
      }),
    );
  }

  /** Decodes a Kafka message and delivers it; a value that isn't JSON is dead-lettered at once. */
  async #handle(topic: string, partition: number, message: KafkaMessage, delivery: Delivery): Promise<boolean> {
    const decoded = await this.#decode(topic, partition, message, delivery);
    return decoded === undefined ? true : deliverWithRetries(delivery, decoded);
  }

  /** A Kafka message as delivered, or undefined for a value that isn't JSON (dead-lettered at once). */
  async #decode(topic: string, partition: number, message: KafkaMessage, delivery: Delivery): Promise<FetchedMessage | undefined> {
    const raw = message.value?.toString('utf8') ?? 'null';
    const base = { topic, key: message.key?.toString('utf8') ?? '', headers: decodeHeaders(message.headers), offset: `${partition}:${message.offset}` };
    try {
      return { ...base, value: JSON.parse(raw) as unknown };
    } catch (error) {
      delivery.logger.error({ err: error, topic, offset: base.offset }, 'message value is not JSON; dead-lettering it');
      await delivery.deadLetter(deadLetterOf({ ...base, value: raw }, error, 0, delivery.group));
      return undefined;
    }
  }

  /** A run of decoded messages of one partition through `deliverRun`, each handled one resolved and committed. */
  async #deliverRun(
    messages: FetchedMessage[],
    delivery: Delivery,
    resolveOffset: (offset: string) => void,
    handled: (topic: string, partition: number, offset: string) => Promise<void>,
  ): Promise<boolean> {
    return deliverRun(delivery, messages, async (index) => {
      const { topic, offset } = messages[index]!;
      const [partition, kafkaOffset] = offset.split(':') as [string, string];
      resolveOffset(kafkaOffset);
      await handled(topic, Number(partition), kafkaOffset);
    });
  }

  async #send(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.#ensureTopic(topic);
    await this.producer.send({
      topic,
      acks: -1,
      // A null value is sent as Kafka's tombstone (no value), which compaction removes with its key.
      messages: messages.map(({ key, value, headers }) => ({ key, value: value === null ? null : JSON.stringify(value), headers: { ...headers } })),
    });
  }

  /**
   * Creates the topic with its settings unless it exists, so fresh topics (tests, new dead-letter
   * topics) just work. An existing topic's settings are merged (`mergeTopicConfig`): ours are set
   * where they differ, every other setting an operator gave the topic is kept (Kafka's
   * `alterConfigs` replaces the whole set, so the set sent is the merge), and nothing is sent when
   * nothing differs.
   */
  #ensureTopic(topic: string): Promise<void> {
    let ready = this.#topics.get(topic);
    if (!ready) {
      const { partitions: numPartitions, replicationFactor } = this.topicSettings;
      const settings = topicConfigFor(this.topicSettings.configs[topic], replicationFactor);
      const configEntries = Object.entries(settings).map(([name, value]) => ({ name, value }));
      ready = this.admin.createTopics({ topics: [{ topic, numPartitions, replicationFactor, configEntries }], waitForLeaders: true }).then(async (created) => {
        if (created) return;
        const described = await this.admin.describeConfigs({ includeSynonyms: false, resources: [{ type: TOPIC_RESOURCE, name: topic }] });
        const own = Object.fromEntries(
          (described.resources[0]?.configEntries ?? [])
            .filter((entry) => entry.configSource === TOPIC_CONFIG_SOURCE)
            .map((entry) => [entry.configName, entry.configValue]),
        );
        const merged = mergeTopicConfig(own, settings);
        if (merged.changed.length > 0) {
          this.logger.info({ topic, settings: merged.changed }, 'setting the topic settings the application needs; the others set on it are kept');
          await this.admin.alterConfigs({
            validateOnly: false,
            resources: [{ type: TOPIC_RESOURCE, name: topic, configEntries: Object.entries(merged.config).map(([name, value]) => ({ name, value })) }],
          });
        }
        // A topic made with fewer partitions (an earlier setting) is grown, never recreated.
        const metadata = await this.admin.fetchTopicMetadata({ topics: [topic] });
        const current = metadata.topics.find((found) => found.name === topic)?.partitions.length ?? numPartitions;
        if (current < numPartitions) {
          this.logger.info({ topic, from: current, to: numPartitions }, 'growing the partitions of a topic');
          await this.admin.createPartitions({ topicPartitions: [{ topic, count: numPartitions }] });
        }
      });
      ready.catch(() => this.#topics.delete(topic));
      this.#topics.set(topic, ready);
    }
    return ready;
  }
}

/** kafkajs's ConfigSource.TOPIC_CONFIG: a setting given to the topic itself (not a broker default). */
const TOPIC_CONFIG_SOURCE = 1;

/**
 * A topic's settings as the application wants them: its own (`topicConfigs`) or KEEP_FOREVER, and
 * `min.insync.replicas` (a write with acks=all is acknowledged once that many replicas have it, so a
 * broker lost after the acknowledgement loses nothing): 2 with 3 replicas, else the replicas there are.
 */
export function topicConfigFor(configured: Record<string, string> | undefined, replicationFactor: number): Record<string, string> {
  return { ...(configured ?? KEEP_FOREVER), 'min.insync.replicas': String(Math.max(1, Math.min(2, replicationFactor - 1))) };
}

/**
 * Merges the settings a topic has of its own with the application's: the application's policy
 * (cleanup, retention) is set; every other setting stays; `min.insync.replicas` is only raised
 * (an operator may ask for more, never fewer). `changed`: the settings that differ from the topic's.
 */
export function mergeTopicConfig(own: Record<string, string>, wanted: Record<string, string>): { config: Record<string, string>; changed: string[] } {
  const config = { ...own };
  const changed: string[] = [];
  for (const [name, value] of Object.entries(wanted)) {
    const current = own[name];
    const keep = name === 'min.insync.replicas' && current !== undefined && Number(current) >= Number(value);
    if (keep || current === value) continue;
    config[name] = value;
    changed.push(name);
  }
  return { config, changed };
}

const partitionKey = (topic: string, partition: number) => `${topic}:${partition}`;

function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    decoded[name] = (Array.isArray(value) ? value : [value]).map((part) => part.toString()).join(',');
  }
  return decoded;
}

/** How long a handled message may wait for its offset to be committed (with the others handled meanwhile). */
export const COMMIT_INTERVAL_MS = 500;

/**
 * The offsets a subscription has handled, committed together: at once when the last commit is
 * older than COMMIT_INTERVAL_MS, else by a timer within that time, and at stop. A replay thus makes
 * one commit request per half second instead of one per message. A crash redelivers what was
 * handled since the last commit (at-least-once; the consumers are idempotent).
 */
class Commits {
  readonly #next = new Map<string, { topic: string; partition: number; offset: string }>();
  #last = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #committing: Promise<void> = Promise.resolve();

  constructor(
    private readonly consumer: Consumer,
    private readonly logger: Logger,
  ) {}

  async handled(topic: string, partition: number, offset: string): Promise<void> {
    this.#next.set(partitionKey(topic, partition), { topic, partition, offset });
    if (Date.now() - this.#last >= COMMIT_INTERVAL_MS) await this.flush();
    else
      this.#timer ??= setTimeout(
        () => void this.flush().catch((error: unknown) => this.logger.warn({ err: error }, 'offsets not committed; they will be with the next ones')),
        COMMIT_INTERVAL_MS,
      );
  }

  /** Commits every handled offset not yet committed. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const offsets = [...this.#next.values()];
    this.#next.clear();
    this.#last = Date.now();
    if (offsets.length === 0) return this.#committing;
    this.#committing = this.#committing.catch(() => undefined).then(() => this.consumer.commitOffsets(offsets));
    return this.#committing;
  }
}

class KafkaSubscription implements Subscription {
  #stopping: Promise<void> | undefined;

  constructor(
    private readonly controller: AbortController,
    private readonly consumer: Consumer,
    private readonly commits: Commits,
    private readonly catchUp: CatchUp,
    private readonly health: { crashed: boolean },
    private readonly onStopped: () => void,
  ) {}

  caughtUp(): Promise<void> {
    return this.catchUp.promise;
  }

  running(): boolean {
    return !this.health.crashed && this.#stopping === undefined;
  }

  /** Cuts a retry wait short; kafkajs's disconnect waits for the message being handled. */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      this.controller.abort();
      try {
        // Stop fetching and let the running handler finish, commit what was handled, then leave.
        await this.consumer.stop();
        // A failed last commit only means redelivery of what was handled (at least once, idempotent consumers).
        await this.commits.flush().catch(() => undefined);
        await this.consumer.disconnect();
      } finally {
        this.catchUp.fail();
      }
      this.onStopped();
    })();
    return this.#stopping;
  }
}
