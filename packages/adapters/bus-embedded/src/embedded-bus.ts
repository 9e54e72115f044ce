import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  CatchUp,
  checkPublish,
  createLogger,
  deadLetterTopic,
  replayTopic,
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
  /** How long a failing message is retried, unless a subscription says (default DEFAULT_RETRY_FOR_MS). */
  retryForMs?: number;
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
  const bus = new EmbeddedBus(dir, lock, offsets, logger, options.retryForMs);
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
  /** Per `group\0topic`, the shared members in order: a topic has one partition, read by the first. */
  readonly #members = new Map<string, { ready: Promise<void>; wake: () => void }[]>();
  #closing: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly lock: DirLock,
    private readonly offsets: OffsetStore,
    private readonly logger: Logger,
    private readonly retryForMs?: number,
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
    const given = resolveSubscribeOptions(options, this.retryForMs !== undefined ? { retryForMs: this.retryForMs } : {});
    const shared = given.kind === 'shared';
    // A shared subscription also reads its group's replay topic (dead letters put back for it).
    const replay = replayTopic(given.group);
    const resolved = shared && !given.topics.includes(replay) ? { ...given, topics: [...given.topics, replay] } : given;
    const { startAt, since, kind, ...delivery } = resolved;
    const controller = new AbortController();
    // Shared: one member of a group reads a topic (one partition); the others stand by in order.
    const turns = shared ? resolved.topics.map((topic) => this.#join(`${resolved.group}\u0000${topic}`)) : [];
    const leave = () => {
      for (const turn of turns) turn.leave();
    };
    try {
      const logs = await Promise.all(resolved.topics.map((topic) => this.#log(topic)));
      // Each topic is one partition; its end now is its number of durable messages.
      const catchUp = new CatchUp(resolved.topics.map((topic, index) => [topic, logs[index]!.size] as const));
      // A member standing by has no partition to catch up with (Kafka: one given to another member).
      turns.forEach((turn, index) => {
        if (!turn.active) catchUp.drop(resolved.topics[index]!);
      });
      const loops = resolved.topics.map(async (topic, index) => {
        if (shared && !(await turns[index]!.turn(controller.signal))) return;
        const log = logs[index]!;
        // A partition startAt does not list starts at the beginning (the replay topic: at the
        // commit); `since`: at the first message of that time; a broadcast starts at the beginning.
        const from =
          startAt && (startAt[topic] !== undefined || topic !== replay)
            ? (startAt[topic] ?? 0)
            : since && topic !== replay
              ? await log.firstAtOrAfter(since.getTime())
              : shared
                ? undefined
                : 0;
        await consumeTopic({
          ...delivery,
          topic,
          ...(from !== undefined ? { startAt: from } : {}),
          commit: shared,
          log,
          offsets: this.offsets,
          deadLetter: (message) => this.#append(deadLetterTopic(resolved.group), [message]),
          logger: this.logger.child({ group: resolved.group, topic, kind }),
          signal: controller.signal,
          onProgress: (next) => catchUp.advance(topic, next),
        });
      });
      const subscription = new EmbeddedSubscription(controller, loops, catchUp, () => {
        leave();
        this.#subscriptions.delete(subscription);
      });
      this.#subscriptions.add(subscription);
      return subscription;
    } catch (error) {
      leave();
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

  async topics(): Promise<string[]> {
    this.#assertOpen();
    const files = await readdir(join(this.dir, 'topics'));
    const names = new Set(files.filter((file) => file.endsWith(LOG_SUFFIX)).map((file) => file.slice(0, -LOG_SUFFIX.length)));
    for (const topic of this.#topics.keys()) names.add(topic);
    return [...names].sort();
  }

  /**
   * Joins the members of a group on a topic: the first reads, the others wait their turn, which
   * comes when every member before them has left (its loop ended and its last commit written).
   */
  #join(claim: string): { active: boolean; turn: (signal: AbortSignal) => Promise<boolean>; leave: () => void } {
    const members = this.#members.get(claim) ?? [];
    this.#members.set(claim, members);
    let wake: () => void = () => undefined;
    const member = { ready: new Promise<void>((resolve) => (wake = resolve)), wake };
    member.wake = wake;
    members.push(member);
    if (members.length === 1) member.wake();
    return {
      active: members.length === 1,
      turn: (signal) =>
        new Promise<boolean>((resolve) => {
          if (signal.aborted) return resolve(false);
          const onAbort = () => resolve(false);
          signal.addEventListener('abort', onAbort, { once: true });
          void member.ready.then(() => {
            signal.removeEventListener('abort', onAbort);
            resolve(!signal.aborted);
          });
        }),
      leave: () => {
        const index = members.indexOf(member);
        if (index < 0) return;
        members.splice(index, 1);
        if (index === 0) members[0]?.wake();
        if (members.length === 0) this.#members.delete(claim);
      },
    };
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
