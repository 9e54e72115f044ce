import { deliverRun, sleepUnlessAborted, type Delivery } from '@ruedas/platform';
import type { OffsetStore } from './offset-store';
import type { TopicLog } from './topic-log';

const READ_BATCH = 256;

export interface TopicConsumer extends Delivery {
  group: string;
  topic: string;
  log: TopicLog;
  offsets: OffsetStore;
  /** Told the position after each handled (or dead-lettered) message, and the starting one. */
  onProgress?: (next: number) => void;
  /** Where to start instead of the group's commit (SubscribeOptions.startAt: absent means 0). */
  startAt?: number;
  /** False for a broadcast subscription: it commits nothing. Default true. */
  commit?: boolean;
}

/**
 * Consumes one topic for one group until `signal` aborts: one message at a time, in offset order,
 * committing each after its handler resolved (or after it was dead-lettered); with a batch handler,
 * each read (up to READ_BATCH messages) at once, committed once (decision 0206). Commits are written
 * in the background so the next message need not wait for an fsync; the loop waits for the last
 * one before it returns. Stopping never interrupts a handler, only the wait between retries.
 */
export async function consumeTopic(consumer: TopicConsumer): Promise<void> {
  const { group, topic, log, offsets, logger, signal } = consumer;
  let next = consumer.startAt ?? offsets.committed(group, topic);
  consumer.onProgress?.(next);
  let lastCommit = Promise.resolve();
  while (!signal.aborted) {
    try {
      await log.waitFor(next, signal);
      const messages = await log.read(next, READ_BATCH);
      // A batch handler gets the whole read at once (one commit after it); `handler` one message at a time.
      await deliverRun(
        consumer,
        messages.map(({ key, value, headers, offset }) => ({ topic, key, value, headers, offset: String(offset) })),
        (index) => {
          next = messages[index]!.offset + 1;
          consumer.onProgress?.(next);
          if (consumer.commit === false) return;
          lastCommit = offsets
            .commit(group, topic, next)
            .catch((error: unknown) => logger.error({ err: error, group, topic, next }, 'could not write a commit'));
        },
      );
    } catch (error) {
      logger.error({ err: error, group, topic, offset: next }, 'consumer failed; resuming from its position');
      await sleepUnlessAborted(consumer.retryDelayMs, signal);
    }
  }
  await lastCommit;
}
