import type { Logger } from '../logger';
import type { DeliveredMessage, OutgoingMessage } from './event-bus';

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
} as const;

/** A message as fetched, before it is handed to a handler (which adds `attempt`). */
export type FetchedMessage = Omit<DeliveredMessage, 'attempt'>;

export interface Delivery {
  handler: (message: DeliveredMessage) => Promise<void>;
  maxAttempts: number;
  retryDelayMs: number;
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

/** The dead letter of a message: the same key, value and headers, plus why and where it failed. */
export function deadLetterOf(message: FetchedMessage, error: unknown, attempts: number): OutgoingMessage {
  return {
    key: message.key,
    value: message.value,
    headers: {
      ...message.headers,
      [DEAD_LETTER_HEADERS.error]: errorMessage(error),
      [DEAD_LETTER_HEADERS.topic]: message.topic,
      [DEAD_LETTER_HEADERS.offset]: message.offset,
      [DEAD_LETTER_HEADERS.attempts]: String(attempts),
    },
  };
}

/**
 * Hands a message to the handler, retrying after `retryDelayMs` doubled each time, and
 * dead-lettering it after `maxAttempts`. True once the message is done with (handled or
 * dead-lettered), so it may be committed; false if stopped while waiting to retry, so it must not be.
 */
export async function deliverWithRetries(delivery: Delivery, message: FetchedMessage): Promise<boolean> {
  const { handler, maxAttempts, retryDelayMs, logger, signal } = delivery;
  const where = { topic: message.topic, offset: message.offset };
  for (let attempt = 1; ; attempt += 1) {
    try {
      await handler({ ...message, headers: { ...message.headers }, attempt });
      return true;
    } catch (error) {
      if (attempt >= maxAttempts) {
        logger.error({ err: error, ...where, attempt }, 'handler keeps failing; dead-lettering the message');
        await delivery.deadLetter(deadLetterOf(message, error, attempt));
        return true;
      }
      logger.warn({ err: error, ...where, attempt }, 'handler failed; retrying');
      await delivery.heartbeat?.();
      if (!(await sleepUnlessAborted(retryDelayMs * 2 ** (attempt - 1), signal))) return false;
    }
  }
}
