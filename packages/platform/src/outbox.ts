import { Schema } from 'mongoose';
import type { Envelope } from '@ruedas/events';
import type { Logger } from './logger';
import type { Collection, EventBus, StoredDocument } from './ports';

/**
 * The transactional outbox without distributed transactions: a service writes the events of a
 * change into the `outbox` array of the very document it changes, in the same single-document
 * write. The relay publishes pending entries and only then removes them, so a crash at any point
 * leaves an event either pending (published again later: consumers are idempotent) or published.
 */
export interface OutboxEntry {
  id: string;
  topic: string;
  key: string;
  event: Envelope;
}

export interface WithOutbox extends StoredDocument {
  outbox?: OutboxEntry[];
}

/** Add as `outbox: outboxField` to the schema of every aggregate that publishes events. */
export const outboxField = {
  type: [new Schema({ id: { type: String, required: true }, topic: { type: String, required: true }, key: { type: String, required: true }, event: { type: Schema.Types.Mixed, required: true } }, { _id: false })],
  default: [],
};

export function toOutbox(topic: string, event: Envelope): OutboxEntry {
  return { id: event.id, topic, key: event.aggregateId, event };
}

const PENDING = { 'outbox.0': { $exists: true } };

export interface OutboxRelayOptions {
  bus: EventBus;
  logger: Logger;
  /** Sweep period, the safety net after a crash or a failed publish. Default 1 s. */
  intervalMs?: number;
  /** Documents read per pass and collection. Default 200. */
  batchSize?: number;
}

export class OutboxRelay {
  private readonly collections: Collection<WithOutbox>[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: OutboxRelayOptions) {}

  /** Relays the outbox of this collection from now on. */
  watch<T extends WithOutbox>(collection: Collection<T>): void {
    this.collections.push(collection as unknown as Collection<WithOutbox>);
    this.notify();
  }

  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => this.notify(), this.options.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** Asks for a pass soon; call it after every write that adds to an outbox. */
  notify(): void {
    if (this.stopped) return;
    void this.flush().catch((err) => this.options.logger.warn({ err }, 'outbox relay pass failed; will retry'));
  }

  /** Runs passes until nothing is pending. Concurrent callers share the pass in progress. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          for (const collection of this.collections) await this.drain(collection);
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Stops sweeping and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private async drain(collection: Collection<WithOutbox>): Promise<void> {
    const limit = this.options.batchSize ?? 200;
    for (;;) {
      const pending = await collection.find(PENDING, { limit, projection: { outbox: 1 } });
      for (const doc of pending) {
        const entries = doc.outbox ?? [];
        const byTopic = new Map<string, OutboxEntry[]>();
        for (const entry of entries) byTopic.set(entry.topic, [...(byTopic.get(entry.topic) ?? []), entry]);
        for (const [topic, list] of byTopic) {
          await this.options.bus.publish(topic, list.map((e) => ({ key: e.key, value: e.event })));
        }
        await collection.updateOne({ _id: doc._id }, { $pull: { outbox: { id: { $in: entries.map((e) => e.id) } } } });
      }
      if (pending.length < limit) return;
    }
  }
}
