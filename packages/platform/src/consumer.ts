import { Schema } from 'mongoose';
import { envelopeSchema, type Envelope } from '@ruedas/events';
import type { Logger } from './logger';
import type { DeliveredMessage, DocumentStore, EventBus, Subscription, SubscriptionKind } from './ports';

/**
 * Idempotent consumption. The bus delivers at least once; this makes the effect exactly once:
 * - `aggregateVersion` mode (projections): per aggregate, events at or below the last applied
 *   version are skipped, so older and repeated snapshots change nothing;
 * - `eventId` mode (side effects such as counting a click): each event id is applied once.
 * The mark is written after the handler succeeded; a crash in between repeats the handler, so
 * handlers write idempotently (upserts keyed by aggregate id; mails keyed by event id).
 */
export type DedupeMode = 'aggregateVersion' | 'eventId';

interface ConsumerMark {
  _id: string;
  version: number;
}

const markSchema = new Schema({ _id: String, version: { type: Number, required: true } }, { versionKey: false });

export interface ConsumeOptions {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  /** Consumer group; also the namespace of the marks. */
  group: string;
  topics: string[];
  dedupe: DedupeMode;
  handle: (event: Envelope, message: DeliveredMessage) => Promise<void>;
  maxAttempts?: number;
  /**
   * `broadcast`: every copy of the service applies every event (what it keeps in memory). Its marks
   * then live in the copy's memory, not in the store the copies share, since each copy replays the
   * topic from the start at every start. Default `shared`: one copy applies each event.
   */
  kind?: SubscriptionKind;
}

/** The marks of a broadcast consumer: this copy's own, in memory. */
function memoryMarks() {
  const marks = new Map<string, ConsumerMark>();
  return {
    findById: async (id: string) => marks.get(id) ?? null,
    updateOne: async (filter: { _id: string }, update: { $set: { version: number } }) =>
      void marks.set(filter._id, { _id: filter._id, version: update.$set.version }),
    insertOne: async (mark: ConsumerMark) => void marks.set(mark._id, mark),
  };
}

export async function consumeEvents(options: ConsumeOptions): Promise<Subscription> {
  const marks = options.kind === 'broadcast' ? memoryMarks() : await options.store.collection<ConsumerMark>('consumer_marks', markSchema);
  return options.bus.subscribe({
    group: options.group,
    ...(options.kind ? { kind: options.kind } : {}),
    topics: options.topics,
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    handler: async (message) => {
      const event = envelopeSchema.parse(message.value) as Envelope;
      const id = options.dedupe === 'aggregateVersion' ? `${options.group}|${message.topic}|${event.aggregateId}` : `${options.group}|${event.id}`;
      const mark = await marks.findById(id);
      if (mark && (options.dedupe === 'eventId' || event.aggregateVersion <= mark.version)) {
        options.logger.debug({ group: options.group, eventId: event.id }, 'event already applied; skipped');
        return;
      }
      await options.handle(event, message);
      if (mark) await marks.updateOne({ _id: id }, { $set: { version: event.aggregateVersion } });
      else await marks.insertOne({ _id: id, version: event.aggregateVersion });
    },
  });
}
