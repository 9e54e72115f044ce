/**
 * The event bus port. Both adapters (bus-embedded, bus-kafka) honour the same semantics, which the
 * contract suite in @ruedas/testing checks:
 * - a topic is an append-only log; messages with the same key are delivered in the order published;
 * - a consumer group has committed offsets: a message is committed only after its handler resolved,
 *   so a crash or a stop before that redelivers it (at-least-once);
 * - a group that has never committed starts from the beginning of the log (replay);
 * - a handler that fails is retried with growing pauses (`retryDelayMs` doubled each time, at most
 *   `maxRetryDelayMs`) for up to `retryForMs` (default 10 minutes: a database election or a short
 *   outage of a service costs nothing) or `maxAttempts` attempts; then the message goes to the
 *   group's dead-letter topic `<group>.dlq` (with the error and its original topic and offset) and
 *   the group moves on;
 * - every shared subscription of a group also reads the group's replay topic `<group>.replay`,
 *   where `replayDeadLetters` puts the dead letters an operator replays: they reach that group
 *   only, with the headers of their dead letter (`originalTopic` gives the topic they came from);
 * - `subscribe` resolves once the subscription exists, not once it has read anything: a consumer
 *   that must know the whole log before it serves (a replay) awaits `subscription.caughtUp()`,
 *   which resolves once every message that was in its topics when `subscribe` was called has been
 *   handled or dead-lettered (at once for empty topics or a group already committed to the end;
 *   messages published later never delay it). It rejects if the subscription stops first.
 */
export interface OutgoingMessage {
  /** Partitioning key: per-key order is guaranteed. Usually the aggregate id. */
  key: string;
  /**
   * JSON-serialisable value, usually an event envelope. `null` is a tombstone: on a compacted topic
   * (Kafka) the key's earlier messages and then the tombstone itself are removed; consumers of
   * events skip it (consumeEvents).
   */
  value: unknown;
  headers?: Record<string, string>;
}

export interface DeliveredMessage {
  topic: string;
  key: string;
  value: unknown;
  headers: Record<string, string>;
  /** Position in the topic (embedded: global sequence; kafka: `partition:offset`). */
  offset: string;
  /** 1 on the first delivery within this process, incremented on each in-process retry. */
  attempt: number;
  /** True on the last attempt: if the handler fails now, the message is dead-lettered. */
  lastAttempt?: boolean;
}

/** The topic a message was first published on: its own, or for a replayed dead letter the one it came from. */
export const originalTopic = (message: Pick<DeliveredMessage, 'topic' | 'headers'>): string => message.headers['x-dlq-original-topic'] ?? message.topic;

/**
 * How the copies of a service share a subscription:
 * - `shared` (the default, the ordinary case): the subscriptions of one group, in any number of
 *   copies, together handle each message once (at least once): the group's partitions are split
 *   among its members, a member that stops leaves its partitions to the others, which resume
 *   from the group's commits. A member given no partition stands by (the embedded bus's topics
 *   are one partition each: one member of a group reads a topic, the others take over when it stops).
 * - `broadcast`: every subscription sees every message, whatever the other copies do: it reads its
 *   topics from the beginning (or `startAt`) at every start and commits nothing, so nothing is
 *   kept for it once it stops (Kafka: a consumer group of its own per subscription, named after
 *   `group`). For what a copy keeps in memory: global parameters, ended sessions, a market of
 *   prices, the saved-search matcher. Its topics should be small or compacted.
 */
export type SubscriptionKind = 'shared' | 'broadcast';

export interface SubscribeOptions {
  /** Consumer group id. Each group receives every message once (at least once). */
  group: string;
  /** Default `shared`. */
  kind?: SubscriptionKind;
  topics: string[];
  handler: (message: DeliveredMessage) => Promise<void>;
  /**
   * Optional: several messages of one partition at once, in offset order (embedded: what one read
   * of the log returns, up to 256; Kafka: a fetched batch, kafkajs's `eachBatch`), for a consumer
   * that applies a run of events with one durable write and one index write instead of one each
   * (decision 0206). It must have the effect of `handler` on each message in turn. Once it resolves,
   * the batch counts as handled and its last position is committed. If it fails, nothing of the
   * batch is committed and its messages go to `handler` one at a time, each with its retries and
   * dead letter; so, as `handler`, it must be idempotent (what it did may be done again).
   * Runs of one message go straight to `handler`.
   */
  handleBatch?: (messages: DeliveredMessage[]) => Promise<void>;
  /** Attempts before dead-lettering. Default: no limit (`retryForMs` bounds the retries). */
  maxAttempts?: number;
  /** Delay before the first retry, doubled each time. Default 100 ms. */
  retryDelayMs?: number;
  /** The longest pause between two attempts. Default 30 s. */
  maxRetryDelayMs?: number;
  /**
   * How long a failing message is retried before it is dead-lettered: no attempt starts later
   * than this after the first one. Default DEFAULT_RETRY_FOR_MS (10 minutes), or the bus's own
   * default (`RUEDAS_EVENT_RETRY_MINUTES`).
   */
  retryForMs?: number;
  /**
   * Start from these positions instead of the group's committed offsets: partition (as
   * `positionOf` names it) → the offset of the next message to handle. A partition not listed
   * starts at the beginning of its log. For a consumer that records, durably and with its own
   * writes, how far it has applied each partition (the search projection): it resumes there after
   * a crash, even if the group committed further. The group still commits as it goes.
   * The group's replay topic starts from the group's commit unless listed.
   */
  startAt?: Record<string, number>;
  /**
   * Start each partition at its first message published at or after this time (for a broadcast
   * that only needs recent messages: the ended sessions of tokens still valid). Ignored when
   * `startAt` is given. A message whose time the bus does not know (embedded logs written before
   * it recorded times) counts as older.
   */
  since?: Date;
}

/**
 * The partition a delivered message belongs to and the position after it, in the form `startAt`
 * and `caughtUp` use: the topic for the embedded bus (one partition per topic, offset `17`),
 * `topic:partition` for Kafka (offset `2:17`).
 */
export function positionOf(message: Pick<DeliveredMessage, 'topic' | 'offset'>): { partition: string; next: number } {
  const colon = message.offset.indexOf(':');
  if (colon < 0) return { partition: message.topic, next: Number(message.offset) + 1 };
  return { partition: `${message.topic}:${message.offset.slice(0, colon)}`, next: Number(message.offset.slice(colon + 1)) + 1 };
}

export interface Subscription {
  /** Stops fetching; resolves once the message being handled (if any) has finished. */
  stop(): Promise<void>;
  /**
   * Resolves once this subscription has handled (or dead-lettered) every message that was in its
   * topics when `subscribe` was called: at once when there was none left for its group (empty
   * topics, or a group whose commits already reach the end). Messages published after `subscribe`
   * never hold it back. The same promise on every call; once resolved it stays resolved.
   *
   * Rejects with an error saying so if the subscription is stopped (or its bus closed) before it
   * caught up, so a start that awaits it fails instead of waiting forever.
   *
   * Kafka: counts the partitions this member is assigned when it first joins its group; with a
   * single member per group (a group of its own, as a replay uses) that is every partition.
   */
  caughtUp(): Promise<void>;
  /**
   * False once the subscription no longer consumes although nobody stopped it (Kafka: the consumer
   * crashed and kafkajs gave up restarting it). Readiness fails then (decision 0168).
   */
  running?(): boolean;
}

export interface PartitionLag {
  topic: string;
  /** As `positionOf` names it (embedded: the topic; Kafka: `topic:partition`). */
  partition: string;
  messages: number;
}

export interface EventBus {
  readonly kind: string;
  /** Resolves when the messages are durably appended (embedded: fsynced; kafka: acks=all). */
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /**
   * How far a consumer group is behind on each partition of `topics`: messages published and not
   * yet committed by the group (metrics and readiness, decision 0168). Rejects when the bus cannot
   * be reached. Optional for test doubles; both adapters have it.
   */
  lag?(group: string, topics: string[]): Promise<PartitionLag[]>;
  /** The names of every topic that exists (the dead-letter command looks for `*.dlq`). */
  topics?(): Promise<string[]>;
  /** Stops every subscription (letting in-flight handlers finish) and releases resources. */
  close(): Promise<void>;
}

/** The dead-letter topic of a consumer group: every message the group gave up on, from any topic. */
export const deadLetterTopic = (group: string): string => `${group}.dlq`;
/** The replay topic of a consumer group: dead letters put back for that group only. */
export const replayTopic = (group: string): string => `${group}.replay`;
/** Ten minutes of retries before a message is dead-lettered (SubscribeOptions.retryForMs). */
export const DEFAULT_RETRY_FOR_MS = 10 * 60_000;
export const DEFAULT_MAX_RETRY_DELAY_MS = 30_000;

/**
 * How both adapters implement `Subscription.caughtUp()`: the end of each partition (embedded: a
 * topic; Kafka: `topic:partition`) as it was when `subscribe` was called, as the offset after its
 * last message. The adapter reports what its consumer has handled with `advance`; once every
 * partition has reached its end the promise resolves. `fail` (on stop) rejects it unless it already
 * resolved.
 */
export class CatchUp {
  readonly #pending = new Map<string, number>();
  readonly #promise: Promise<void>;
  #resolve!: () => void;
  #reject!: (error: Error) => void;
  #settled = false;

  /** `ends`: each partition and the offset after its last message at subscribe time. */
  constructor(ends: Iterable<readonly [partition: string, end: number]>) {
    this.#promise = new Promise<void>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    // Nobody need ask for caughtUp(): a rejection nobody awaits is not an unhandled one.
    this.#promise.catch(() => undefined);
    for (const [partition, end] of ends) if (end > 0) this.#pending.set(partition, end);
    this.#check();
  }

  get promise(): Promise<void> {
    return this.#promise;
  }

  /** Every message of `partition` before offset `next` has been handled (or was committed before). */
  advance(partition: string, next: number): void {
    const end = this.#pending.get(partition);
    if (end !== undefined && next >= end) {
      this.#pending.delete(partition);
      this.#check();
    }
  }

  /** Stops waiting for a partition (Kafka: one the group gave to another member). */
  drop(partition: string): void {
    if (this.#pending.delete(partition)) this.#check();
  }

  /** The partitions still being waited for. */
  pending(): string[] {
    return [...this.#pending.keys()];
  }

  /** Rejects the promise, unless it already resolved: the subscription stopped first. */
  fail(reason = 'the subscription stopped before it caught up with its topics'): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#reject(new Error(reason));
  }

  #check(): void {
    if (this.#settled || this.#pending.size > 0) return;
    this.#settled = true;
    this.#resolve();
  }
}
