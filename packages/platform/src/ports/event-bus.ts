/**
 * The event bus port. Both adapters (bus-embedded, bus-kafka) honour the same semantics, which the
 * contract suite in @ruedas/testing checks:
 * - a topic is an append-only log; messages with the same key are delivered in the order published;
 * - a consumer group has committed offsets: a message is committed only after its handler resolved,
 *   so a crash or a stop before that redelivers it (at-least-once);
 * - a group that has never committed starts from the beginning of the log (replay);
 * - a handler that keeps failing is retried `maxAttempts` times, then the message goes to the
 *   dead-letter topic `<topic>.dlq` (with the error) and the group moves on.
 */
export interface OutgoingMessage {
  /** Partitioning key: per-key order is guaranteed. Usually the aggregate id. */
  key: string;
  /** JSON-serialisable value, usually an event envelope. */
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
}

export interface SubscribeOptions {
  /** Consumer group id. Each group receives every message once (at least once). */
  group: string;
  topics: string[];
  handler: (message: DeliveredMessage) => Promise<void>;
  /** Attempts before dead-lettering. Default 5. */
  maxAttempts?: number;
  /** Delay before the first retry, doubled each time. Default 100 ms. */
  retryDelayMs?: number;
}

export interface Subscription {
  /** Stops fetching; resolves once the message being handled (if any) has finished. */
  stop(): Promise<void>;
}

export interface EventBus {
  readonly kind: string;
  /** Resolves when the messages are durably appended (embedded: fsynced; kafka: acks=all). */
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Stops every subscription (letting in-flight handlers finish) and releases resources. */
  close(): Promise<void>;
}

/** The dead-letter topic of a topic. */
export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;
