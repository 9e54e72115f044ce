import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  CatchUp,
  checkPublish,
  createLogger,
  deadLetterTopic,
  resolveSubscribeOptions,
  type EventBus,
  type Logger,
  type OutgoingMessage,
  type PartitionLag,
  type SubscribeOptions,
  type Subscription,
  lockDataDir,
  privateDir,
  type DirLock,
} from '@ruedas/platform';
import { consumeTopic } from './consumer';
import { OffsetStore } from './offset-store';
import { TopicLog } from './topic-log';

export interface EmbeddedBusOptions {
  /** The data folder: topic logs, committed offsets and the lock file live here. */
  dir: string;
  logger?: Logger;
}

/**
 * Opens the embedded event bus on a data folder (created if missing). Only one bus may have a
 * folder open at a time; a second opener, in this process or another, is refused.
 */
export async function createEmbeddedBus(options: EmbeddedBusOptions): Promise<EventBus> {
  if (typeof options?.dir !== 'string' || options.dir.trim() === '') {
    throw new TypeError('createEmbeddedBus: dir must be the path of the data folder');
  }
  const dir = resolve(options.dir);
  const logger = options.logger ?? createLogger('bus-embedded');
  await privateDir(dir);
  await privateDir(join(dir, 'topics'));
  const lock = await lockDataDir(dir, 'embedded event bus');
  let offsets: OffsetStore;
  try {
    offsets = await OffsetStore.open(join(dir, 'offsets.log'), logger);
  } catch (error) {
    await lock.release();
    throw error;
  }
  const bus = new EmbeddedBus(dir, lock, offsets, logger);
  try {
    await bus.recoverTopics();
  } catch (error) {
    await bus.close();
    throw error;
  }
  return bus;
}

const LOG_SUFFIX = '.log';

class EmbeddedBus implements EventBus {
  readonly kind = 'embedded';
  readonly #topics = new Map<string, Promise<TopicLog>>();
  readonly #subscriptions = new Set<EmbeddedSubscription>();
  /** `group\0topic` pairs being consumed: a topic has one partition, so one consumer per group. */
  readonly #claims = new Set<string>();
  #closing: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly lock: DirLock,
    private readonly offsets: OffsetStore,
    private readonly logger: Logger,
  ) {}

  /** Opens every existing topic log now, so a torn tail is found and cut at start-up. */
  async recoverTopics(): Promise<void> {
    const files = await readdir(join(this.dir, 'topics'));
    await Promise.all(files.filter((file) => file.endsWith(LOG_SUFFIX)).map((file) => this.#log(file.slice(0, -LOG_SUFFIX.length))));
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.#assertOpen();
    checkPublish(topic, messages);
    await this.#append(topic, messages);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.#assertOpen();
    const resolved = resolveSubscribeOptions(options);
    const claims = resolved.topics.map((topic) => `${resolved.group}\u0000${topic}`);
    const taken = resolved.topics.filter((_topic, index) => this.#claims.has(claims[index]!));
    if (taken.length > 0) {
      throw new Error(
        `group ${resolved.group} already has an active subscription to ${taken.join(', ')} on this bus; ` +
          'stop it first (each topic is one partition, consumed by one member of a group)',
      );
    }
    for (const claim of claims) this.#claims.add(claim);
    const { startAt, ...delivery } = resolved;
    const controller = new AbortController();
    try {
      const logs = await Promise.all(resolved.topics.map((topic) => this.#log(topic)));
      // Each topic is one partition; its end now is its number of durable messages.
      const catchUp = new CatchUp(resolved.topics.map((topic, index) => [topic, logs[index]!.size] as const));
      const loops = resolved.topics.map((topic, index) =>
        consumeTopic({
          ...delivery,
          topic,
          // A partition startAt does not list starts at the beginning.
          ...(startAt ? { startAt: startAt[topic] ?? 0 } : {}),
          log: logs[index]!,
          offsets: this.offsets,
          deadLetter: (message) => this.#append(deadLetterTopic(topic), [message]),
          logger: this.logger.child({ group: resolved.group, topic }),
          signal: controller.signal,
          onProgress: (next) => catchUp.advance(topic, next),
        }),
      );
      const subscription = new EmbeddedSubscription(controller, loops, catchUp, () => {
        for (const claim of claims) this.#claims.delete(claim);
        this.#subscriptions.delete(subscription);
      });
      this.#subscriptions.add(subscription);
      return subscription;
    } catch (error) {
      for (const claim of claims) this.#claims.delete(claim);
      throw error;
    }
  }

  /** Each topic is one partition: its durable messages less the group's commit. */
  async lag(group: string, topics: string[]): Promise<PartitionLag[]> {
    this.#assertOpen();
    return Promise.all(
      topics.map(async (topic) => {
        const log = await this.#log(topic);
        return { topic, partition: topic, messages: Math.max(0, log.size - this.offsets.committed(group, topic)) };
      }),
    );
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      await Promise.all([...this.#subscriptions].map((subscription) => subscription.stop()));
      const logs = await Promise.allSettled(this.#topics.values());
      await Promise.all(logs.map((log) => (log.status === 'fulfilled' ? log.value.close() : undefined)));
      await this.offsets.close();
      await this.lock.release();
    })();
    return this.#closing;
  }

  #assertOpen(): void {
    if (this.#closing) throw new Error(`the embedded event bus on ${this.dir} is closed`);
  }

  async #append(topic: string, messages: OutgoingMessage[]): Promise<void> {
    const log = await this.#log(topic);
    await log.append(messages.map(({ key, value, headers }) => ({ key, value, headers: { ...headers } })));
  }

  #log(topic: string): Promise<TopicLog> {
    let log = this.#topics.get(topic);
    if (!log) {
      log = TopicLog.open(join(this.dir, 'topics', `${topic}${LOG_SUFFIX}`), this.logger);
      // A failed open is not cached, so a later call tries again.
      log.catch(() => this.#topics.delete(topic));
      this.#topics.set(topic, log);
    }
    return log;
  }
}

class EmbeddedSubscription implements Subscription {
  #stopping: Promise<void> | undefined;

  constructor(
    private readonly controller: AbortController,
    private readonly loops: Promise<void>[],
    private readonly catchUp: CatchUp,
    private readonly onStopped: () => void,
  ) {}

  caughtUp(): Promise<void> {
    return this.catchUp.promise;
  }

  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      this.controller.abort();
      await Promise.all(this.loops);
      this.catchUp.fail();
      this.onStopped();
    })();
    return this.#stopping;
  }
}
