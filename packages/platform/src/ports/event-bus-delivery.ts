import type { Logger } from '../logger';
import { DEFAULT_MAX_RETRY_DELAY_MS, originalTopic, type DeliveredMessage, type OutgoingMessage } from './event-bus';

/**
 * How every event bus adapter hands a message to a handler: retries with exponential backoff, then
 * the dead-letter topic. Each adapter keeps its own fetching and committing around it.
 */

/** Headers added to a dead-lettered message, by every adapter. */
export const DEAD_LETTER_HEADERS = {
  error: 'x-dlq-error',
  topic: 'x-dlq-original-topic',
  offset: 'x-dlq-original-offset',
  attempts: 'x-dlq-attempts',
  /** The group that gave up on it. */
  group: 'x-dlq-group',
  /** When it was dead-lettered (ISO time). */
  at: 'x-dlq-at',
} as const;

/** A message as fetched, before it is handed to a handler (which adds `attempt`). */
export type FetchedMessage = Omit<DeliveredMessage, 'attempt'>;

export interface Delivery {
  handler: (message: DeliveredMessage) => Promise<void>;
  /** SubscribeOptions.handleBatch: a run of messages at once, `handler` one by one if it fails. */
  handleBatch?: (messages: DeliveredMessage[]) => Promise<void>;
  /** The group, named in the dead letters' headers. */
  group?: string;
  maxAttempts: number;
  retryDelayMs: number;
  /** Default DEFAULT_MAX_RETRY_DELAY_MS. */
  maxRetryDelayMs?: number;
  /** Default: no limit but `maxAttempts`. */
  retryForMs?: number;
  deadLetter: (message: OutgoingMessage) => Promise<void>;
  /** Called between attempts (Kafka: so a long series of retries keeps the consumer in its group). */
  heartbeat?: () => Promise<void>;
  logger: Logger;
  /** Aborting cuts a retry wait short; it never interrupts a running handler. */
  signal: AbortSignal;
}

/** Waits `ms`; resolves false if `signal` aborted first (or already had), true otherwise. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve(!signal.aborted);
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The dead letter of a message: the same key, value and headers, plus why and where it failed. A
 * replayed dead letter that fails again keeps the topic and offset it first came from.
 */
export function deadLetterOf(message: FetchedMessage, error: unknown, attempts: number, group?: string): OutgoingMessage {
  return {
    key: message.key,
    value: message.value,
    headers: {
      ...message.headers,
      [DEAD_LETTER_HEADERS.error]: errorMessage(error),
      [DEAD_LETTER_HEADERS.topic]: originalTopic(message),
      [DEAD_LETTER_HEADERS.offset]: message.headers[DEAD_LETTER_HEADERS.offset] ?? message.offset,
      [DEAD_LETTER_HEADERS.attempts]: String(attempts),
      ...(group ? { [DEAD_LETTER_HEADERS.group]: group } : {}),
      [DEAD_LETTER_HEADERS.at]: new Date().toISOString(),
    },
  };
}

/** The pause before attempt `attempt + 1`: `retryDelayMs` doubled each time, at most `maxRetryDelayMs`. */
export function retryPause(attempt: number, retryDelayMs: number, maxRetryDelayMs = DEFAULT_MAX_RETRY_DELAY_MS): number {
  return Math.min(retryDelayMs * 2 ** Math.min(attempt - 1, 52), maxRetryDelayMs);
}

/** How often a long pause between attempts heartbeats (Kafka's session times out after 30 s without one). */
const HEARTBEAT_EVERY_MS = 3_000;

/** Waits `ms`, heartbeating every few seconds; false if stopped first. */
async function pauseWithHeartbeats(ms: number, delivery: Delivery): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) return !delivery.signal.aborted;
    if (!(await sleepUnlessAborted(Math.min(left, HEARTBEAT_EVERY_MS), delivery.signal))) return false;
    if (Date.now() < end) await delivery.heartbeat?.();
  }
}

/**
 * Hands a message to the handler, retrying after `retryDelayMs` doubled each time (at most
 * `maxRetryDelayMs`), and dead-lettering it once `maxAttempts` were made or the next attempt would
 * start more than `retryForMs` after the first. True once the message is done with (handled or
 * dead-lettered), so it may be committed; false if stopped while waiting to retry, so it must not be.
 */
export async function deliverWithRetries(delivery: Delivery, message: FetchedMessage): Promise<boolean> {
  const { handler, maxAttempts, retryDelayMs, logger } = delivery;
  const retryForMs = delivery.retryForMs ?? Infinity;
  const where = { topic: message.topic, offset: message.offset };
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    const pause = retryPause(attempt, retryDelayMs, delivery.maxRetryDelayMs);
    const lastAttempt = attempt >= maxAttempts || Date.now() + pause - started > retryForMs;
    try {
      await handler({ ...message, headers: { ...message.headers }, attempt, lastAttempt });
      return true;
    } catch (error) {
      if (lastAttempt) {
        logger.error({ err: error, ...where, attempt, ms: Date.now() - started }, 'handler keeps failing; dead-lettering the message');
        await delivery.deadLetter(deadLetterOf(message, error, attempt, delivery.group));
        return true;
      }
      logger.warn({ err: error, ...where, attempt, retryInMs: pause }, 'handler failed; retrying');
      await delivery.heartbeat?.();
      if (!(await pauseWithHeartbeats(pause, delivery))) return false;
    }
  }
}

/**
 * Hands a run of messages of one partition (in offset order) to `handleBatch` in one call, and
 * calls `handled` once with the index of the last; if it fails (or there is no batch handler, or
 * only one message), hands them to `handler` one at a time with `deliverWithRetries`, calling
 * `handled` after each. Answers whether the whole run was done with: false if stopped before (what
 * `handled` was told is done; the rest must not be committed).
 */
export async function deliverRun(delivery: Delivery, messages: FetchedMessage[], handled: (index: number) => void | Promise<void>): Promise<boolean> {
  if (messages.length === 0) return true;
  if (delivery.handleBatch && messages.length > 1 && !delivery.signal.aborted) {
    try {
      await delivery.handleBatch(messages.map((message) => ({ ...message, headers: { ...message.headers }, attempt: 1 })));
      await handled(messages.length - 1);
      return true;
    } catch (error) {
      const first = messages[0]!;
      delivery.logger.warn(
        { err: error, topic: first.topic, offset: first.offset, messages: messages.length },
        'batch handler failed; handling its messages one at a time',
      );
    }
  }
  for (let index = 0; index < messages.length; index++) {
    if (delivery.signal.aborted || !(await deliverWithRetries(delivery, messages[index]!))) return false;
    await handled(index);
  }
  return true;
}
