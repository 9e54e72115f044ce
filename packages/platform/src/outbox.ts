import { Schema } from 'mongoose';
import type { Envelope } from '@ruedas/events';
import type { Logger } from './logger';
import type { Collection, EventBus, Lease, Leases, OutgoingMessage, StoredDocument } from './ports';
import { addMetricsSource, outboxPending, relayPublished, relayPublishDuration } from './observability/metrics';
import { currentScope, REQUEST_ID_HEADER, runInScope } from './observability/scope';
import { traceHeaders } from './observability/tracing';

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
  /**
   * The request that caused the event: its id and trace context (`x-request-id`, `traceparent`),
   * published as the message's headers, so the consumers' lines and spans join that request
   * (decision 0165). Absent for work outside a request.
   */
  headers?: Record<string, string>;
}

export interface WithOutbox extends StoredDocument {
  outbox?: OutboxEntry[];
}

/** Add as `outbox: outboxField` to the schema of every aggregate that publishes events. */
export const outboxField = {
  type: [
    new Schema(
      {
        id: { type: String, required: true },
        topic: { type: String, required: true },
        key: { type: String, required: true },
        event: { type: Schema.Types.Mixed, required: true },
        headers: { type: Schema.Types.Mixed },
      },
      { _id: false },
    ),
  ],
  default: [],
};

/** The outbox entry of an event, with the headers of the request being served (if any). */
export function toOutbox(topic: string, event: Envelope): OutboxEntry {
  const headers = traceHeaders();
  const requestId = currentScope()?.requestId;
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;
  return { id: event.id, topic, key: event.aggregateId, event, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
}

/**
 * The relay's query for documents with events to publish, every second on every watched
 * collection. A production store serves it from a partial index holding only those documents
 * (store-mongo: `outbox_pending`), so it never scans a collection.
 */
export const OUTBOX_PENDING = { 'outbox.0': { $exists: true } } as const;
const PENDING = OUTBOX_PENDING;

/** Messages per publish call. */
const PUBLISH_CHUNK = 100;

export interface OutboxRelayOptions {
  bus: EventBus;
  logger: Logger;
  /** Sweep period, the safety net after a crash or a failed publish. Default 1 s. */
  intervalMs?: number;
  /** Documents read per pass and collection. Default 200. */
  batchSize?: number;
  /**
   * Several copies of a service (or relays of one collection): each pass over a collection runs
   * under the lease `outbox:<collection>`, so one relay at a time reads and publishes its pending
   * entries and each is published once (apart from a crash between publish and pull, or a holder
   * paused past the lease's limit). A relay that finds the lease taken tries again shortly, so an
   * event written by its copy waits at most for the holder's pass. Without leases (one relay per
   * store: tests of a single copy) every pass runs.
   */
  leases?: { leases: Leases; owner: string; ttlMs?: number; retryMs?: number };
}

/** Lease time limit of a relay's pass, renewed before each publish call. */
export const OUTBOX_LEASE_MS = 30_000;

export class OutboxRelay {
  private readonly collections: Collection<WithOutbox>[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private removeSource: (() => void) | null = null;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly options: OutboxRelayOptions) {}

  /** Relays the outbox of this collection from now on. */
  watch<T extends WithOutbox>(collection: Collection<T>): void {
    this.collections.push(collection as unknown as Collection<WithOutbox>);
    this.notify();
  }

  start(): void {
    this.stopped = false;
    // The backlog, read when scraped (the same partial index as the relay's query).
    this.removeSource ??= addMetricsSource(async () => {
      for (const collection of this.collections) outboxPending.set({ collection: collection.name }, await collection.count(PENDING));
    });
    this.timer ??= setInterval(() => this.notify(), this.options.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** Asks for a pass soon; call it after every write that adds to an outbox. */
  notify(): void {
    if (this.stopped) return;
    // A pass serves every request that wrote an event: it runs in no request's scope.
    void runInScope({}, () => this.flush()).catch((err) => this.options.logger.warn({ err }, 'outbox relay pass failed; will retry'));
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
          for (const collection of this.collections) await this.drainUnderLease(collection);
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
    this.removeSource?.();
    this.removeSource = null;
    if (this.timer) clearInterval(this.timer);
    if (this.retry) clearTimeout(this.retry);
    this.timer = null;
    this.retry = null;
    // The pass's error goes to whoever awaited flush(); stopping only waits for it to end.
    await this.running?.catch(() => undefined);
  }

  /** A pass over a collection, under its lease when several relays may run. */
  private async drainUnderLease(collection: Collection<WithOutbox>): Promise<void> {
    const shared = this.options.leases;
    if (!shared) return this.drain(collection, async () => true);
    const ttlMs = shared.ttlMs ?? OUTBOX_LEASE_MS;
    let lease: Lease | null = await shared.leases.acquire(`outbox:${collection.name}`, shared.owner, ttlMs);
    if (!lease) {
      // Another relay is passing over it: look again once its pass has likely ended.
      this.retry ??= setTimeout(() => {
        this.retry = null;
        this.notify();
      }, shared.retryMs ?? 50);
      this.retry.unref();
      return;
    }
    try {
      await this.drain(collection, async () => {
        lease = lease && (await shared.leases.renew(lease, ttlMs));
        return lease !== null;
      });
    } finally {
      if (lease) await shared.leases.release(lease).catch(() => false);
    }
  }

  /**
   * One pass over a batch: every pending entry of the batch is published with one call per topic
   * (in document order, each document's entries in their order, so events of one aggregate stay in
   * order), in chunks of at most PUBLISH_CHUNK messages (a Kafka request stays well under its size
   * limit); only then are the published entries pulled, all documents of the batch at once (the
   * store commits them together). Publishing a document at a time cost two durable writes per
   * document (about 270 documents/s); a batch costs one per topic and chunk plus one group commit.
   */
  private async drain(collection: Collection<WithOutbox>, stillHeld: () => Promise<boolean>): Promise<void> {
    const limit = this.options.batchSize ?? 200;
    for (;;) {
      const pending = await collection.find(PENDING, { limit, projection: { outbox: 1 } });
      const byTopic = new Map<string, OutgoingMessage[]>();
      for (const doc of pending) {
        for (const entry of doc.outbox ?? []) {
          const list = byTopic.get(entry.topic) ?? [];
          list.push({ key: entry.key, value: entry.event, ...(entry.headers ? { headers: entry.headers } : {}) });
          byTopic.set(entry.topic, list);
        }
      }
      for (const [topic, list] of byTopic) {
        for (let start = 0; start < list.length; start += PUBLISH_CHUNK) {
          // A relay that lost its lease (paused past its limit) leaves the rest to the new holder.
          if (!(await stillHeld())) return;
          const chunk = list.slice(start, start + PUBLISH_CHUNK);
          const started = performance.now();
          await this.options.bus.publish(topic, chunk);
          relayPublishDuration.observe({ topic }, (performance.now() - started) / 1000);
          relayPublished.inc({ topic }, chunk.length);
        }
      }
      await Promise.all(
        pending.map((doc) => collection.updateOne({ _id: doc._id }, { $pull: { outbox: { id: { $in: (doc.outbox ?? []).map((e) => e.id) } } } })),
      );
      if (pending.length < limit) return;
    }
  }
}
