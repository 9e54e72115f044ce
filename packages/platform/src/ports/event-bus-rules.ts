import { DEFAULT_MAX_RETRY_DELAY_MS, DEFAULT_RETRY_FOR_MS, type OutgoingMessage, type SubscribeOptions } from './event-bus';

/**
 * The input rules every event bus adapter applies, so both refuse the same topics, messages and
 * subscriptions.
 */

// Kafka's characters for topic names, which are also safe in file names; at most 200 characters so
// that the embedded bus's file of a dead-letter topic (`<topic>.dlq.log`) stays a legal file name.
const TOPIC_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

const GROUP_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,189}$/;

export function checkTopic(topic: unknown): asserts topic is string {
  if (typeof topic !== 'string' || !TOPIC_NAME.test(topic)) {
    throw new TypeError(`invalid topic name ${JSON.stringify(topic)}: use letters, digits, '.', '_' and '-' (at most 200)`);
  }
}

export function checkMessages(topic: string, messages: unknown): asserts messages is OutgoingMessage[] {
  if (!Array.isArray(messages)) throw new TypeError(`publish to ${topic}: messages must be an array`);
  messages.forEach((message: Partial<OutgoingMessage> | null, index) => {
    const where = `publish to ${topic}, message ${index}`;
    if (typeof message !== 'object' || message === null) throw new TypeError(`${where}: must be an object`);
    if (typeof message.key !== 'string') throw new TypeError(`${where}: key must be a string`);
    if (message.value === undefined || typeof message.value === 'function' || typeof message.value === 'symbol') {
      throw new TypeError(`${where}: value must be JSON-serialisable`);
    }
    for (const [name, value] of Object.entries(message.headers ?? {})) {
      if (typeof value !== 'string') throw new TypeError(`${where}: header ${name} must be a string`);
    }
  });
}

/** What `publish` accepts: a valid topic name and well-formed messages. */
export function checkPublish(topic: string, messages: OutgoingMessage[]): void {
  checkTopic(topic);
  checkMessages(topic, messages);
}

export type ResolvedSubscribeOptions = Required<Omit<SubscribeOptions, 'startAt' | 'since' | 'handleBatch'>> &
  Pick<SubscribeOptions, 'startAt' | 'since' | 'handleBatch'>;

/** What a bus may set for all its subscriptions (e.g. from RUEDAS_EVENT_RETRY_MINUTES). */
export interface BusDefaults {
  retryForMs?: number;
}

/** The Kafka group of one broadcast subscription: `group` plus a name of its own, never committed. */
export const broadcastGroup = (group: string, instance: string): string => `${group}.broadcast.${instance}`;

/** Checks the options of `subscribe` and fills in the defaults the port documents. */
export function resolveSubscribeOptions(options: SubscribeOptions, defaults: BusDefaults = {}): ResolvedSubscribeOptions {
  const {
    group,
    topics,
    handler,
    handleBatch,
    maxAttempts = Infinity,
    retryDelayMs = 100,
    maxRetryDelayMs = DEFAULT_MAX_RETRY_DELAY_MS,
    retryForMs = defaults.retryForMs ?? DEFAULT_RETRY_FOR_MS,
    startAt,
    since,
    kind = 'shared',
  } = options;
  if (kind !== 'shared' && kind !== 'broadcast') throw new TypeError("subscribe: kind must be 'shared' or 'broadcast'");
  if (typeof group !== 'string' || group.trim() === '') throw new TypeError('subscribe: group must be a non-empty string');
  // The group names its dead-letter and replay topics (`<group>.dlq`, `<group>.replay`).
  if (!GROUP_NAME.test(group))
    throw new TypeError(`subscribe: invalid group name ${JSON.stringify(group)}: use letters, digits, '.', '_' and '-' (at most 190)`);
  if (!Array.isArray(topics) || topics.length === 0) throw new TypeError('subscribe: topics must be a non-empty array');
  topics.forEach(checkTopic);
  if (new Set(topics).size !== topics.length) throw new TypeError('subscribe: topics must not repeat');
  if (typeof handler !== 'function') throw new TypeError('subscribe: handler must be a function');
  if (handleBatch !== undefined && typeof handleBatch !== 'function') throw new TypeError('subscribe: handleBatch must be a function');
  if (!(Number.isInteger(maxAttempts) || maxAttempts === Infinity) || maxAttempts < 1) throw new TypeError('subscribe: maxAttempts must be an integer >= 1');
  if (!Number.isFinite(retryDelayMs) || retryDelayMs < 0) throw new TypeError('subscribe: retryDelayMs must be >= 0');
  if (!Number.isFinite(maxRetryDelayMs) || maxRetryDelayMs < 0) throw new TypeError('subscribe: maxRetryDelayMs must be >= 0');
  if (!(retryForMs >= 0)) throw new TypeError('subscribe: retryForMs must be >= 0');
  if (since !== undefined && !(since instanceof Date && Number.isFinite(since.getTime()))) throw new TypeError('subscribe: since must be a valid Date');
  if (startAt !== undefined) {
    if (typeof startAt !== 'object' || startAt === null) throw new TypeError('subscribe: startAt must map partitions to offsets');
    for (const [partition, offset] of Object.entries(startAt)) {
      if (!Number.isInteger(offset) || offset < 0) throw new TypeError(`subscribe: startAt[${partition}] must be an integer >= 0`);
    }
  }
  return {
    group,
    topics,
    handler,
    maxAttempts,
    retryDelayMs,
    maxRetryDelayMs,
    retryForMs,
    kind,
    ...(handleBatch ? { handleBatch } : {}),
    ...(startAt ? { startAt } : {}),
    ...(since && !startAt ? { since } : {}),
  };
}
