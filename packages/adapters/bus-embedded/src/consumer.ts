import type { DeliveredMessage, Logger, OutgoingMessage } from '@ruedas/platform';
import type { OffsetStore } from './offset-store';
import type { ReadMessage, TopicLog } from './topic-log';

/** Headers added to a dead-lettered message (the Kafka adapter uses the same names). */
export const DEAD_LETTER_HEADERS = {
  error: 'x-dlq-error',
  topic: 'x-dlq-original-topic',
  offset: 'x-dlq-original-offset',
  attempts: 'x-dlq-attempts',
} as const;

const READ_BATCH = 256;

export interface TopicConsumer {
  group: string;
  topic: string;
  log: TopicLog;
  offsets: OffsetStore;
  handler: (message: DeliveredMessage) => Promise<void>;
  maxAttempts: number;
  retryDelayMs: number;
  deadLetter: (message: OutgoingMessage) => Promise<void>;
  logger: Logger;
  signal: AbortSignal;
}

/** Waits `ms`; false if `signal` aborted first. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
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
 * Consumes one topic for one group until `signal` aborts: one message at a time, in offset order,
 * committing each after its handler resolved (or after it was dead-lettered). Commits are written
 * in the background so the next message need not wait for an fsync; the loop waits for the last
 * one before it returns. Stopping never interrupts a handler, only the wait between retries.
 */
export async function consumeTopic(consumer: TopicConsumer): Promise<void> {
  const { group, topic, log, offsets, logger, signal } = consumer;
  let next = offsets.committed(group, topic);
  let lastCommit = Promise.resolve();
  while (!signal.aborted) {
    try {
      await log.waitFor(next, signal);
      for (const message of await log.read(next, READ_BATCH)) {
        if (signal.aborted || !(await deliver(consumer, message))) break;
        next = message.offset + 1;
        lastCommit = offsets
          .commit(group, topic, next)
          .catch((error: unknown) => logger.error({ err: error, group, topic, next }, 'could not write a commit'));
      }
    } catch (error) {
      logger.error({ err: error, group, topic, offset: next }, 'consumer failed; resuming from its position');
      await sleep(consumer.retryDelayMs, signal);
    }
  }
  await lastCommit;
}

/** Hands a message to the handler, retrying then dead-lettering; false if stopped before it was done. */
async function deliver(consumer: TopicConsumer, message: ReadMessage): Promise<boolean> {
  const { topic, group, handler, maxAttempts, retryDelayMs, logger } = consumer;
  const offset = String(message.offset);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await handler({ topic, key: message.key, value: message.value, headers: { ...message.headers }, offset, attempt });
      return true;
    } catch (error) {
      if (attempt >= maxAttempts) {
        logger.error({ err: error, group, topic, offset, attempt }, 'handler keeps failing; dead-lettering the message');
        await consumer.deadLetter({
          key: message.key,
          value: message.value,
          headers: {
            ...message.headers,
            [DEAD_LETTER_HEADERS.error]: errorMessage(error),
            [DEAD_LETTER_HEADERS.topic]: topic,
            [DEAD_LETTER_HEADERS.offset]: offset,
            [DEAD_LETTER_HEADERS.attempts]: String(attempt),
          },
        });
        return true;
      }
      logger.warn({ err: error, group, topic, offset, attempt }, 'handler failed; retrying');
      if (!(await sleep(retryDelayMs * 2 ** (attempt - 1), consumer.signal))) return false;
    }
  }
}
