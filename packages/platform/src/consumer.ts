import { Schema } from 'mongoose';
import { envelopeSchema, eventUnderstood, type Envelope } from '@ruedas/events';
import type { Logger } from './logger';
import { originalTopic, type Collection, type DeliveredMessage, type DocumentStore, type EventBus, type Subscription, type SubscriptionKind } from './ports';

/**
 * Idempotent consumption. The bus delivers at least once; this makes the effect exactly once:
 * - `aggregateVersion` mode (projections): per aggregate, events at or below the last applied
 *   version are skipped, so older and repeated snapshots change nothing;
 * - `eventId` mode (side effects such as counting a click): each event id is applied once.
 * The mark is written after the handler succeeded; a crash in between repeats the handler, so
 * handlers write idempotently (upserts keyed by aggregate id; mails keyed by event id).
 *
 * An event this build does not understand (a type or version from a newer producer, deployed
 * before this consumer) is parked, not marked: kept in `consumer_parked` with its message, and
 * applied by the first start of the group that understands it (the upgraded consumer), before it
 * reads its topics. A broadcast consumer parks nothing: each of its starts reads its topics again.
 */
export type DedupeMode = 'aggregateVersion' | 'eventId';

export interface ConsumerMark {
  _id: string;
  version: number;
  /** eventId mode: when the mark may go (MARK_RETENTION_MS after the event was applied). */
  expiresAt?: Date;
}

/**
 * Retention of the marks (issue 30): an `eventId` mark (one per event applied: clicks, searches,
 * audit entries) guards against a redelivery, which comes within seconds (a crash before the
 * commit) or with a replay of dead letters; it goes 90 days after it was written (TTL). An
 * `aggregateVersion` mark is one per aggregate and stays: an old snapshot of the aggregate may come
 * again at any time (a replay of a compacted topic); their number is the aggregates', not the traffic's.
 * Resetting a group's offsets further back than 90 days would apply its eventId effects again.
 */
export const MARK_RETENTION_MS = 90 * 24 * 3600 * 1000;

const markSchema = new Schema({ _id: String, version: { type: Number, required: true }, expiresAt: Date }, { versionKey: false });
markSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/** The consumers' marks (shared by every group of the store). */
export const consumerMarks = (store: DocumentStore): Promise<Collection<ConsumerMark>> => store.collection<ConsumerMark>('consumer_marks', markSchema);

/** An event kept until its consumer understands it (`_id`: group|event id). */
interface ParkedEvent {
  _id: string;
  group: string;
  topic: string;
  key: string;
  headers: Record<string, string>;
  offset: string;
  event: Envelope;
  parkedAt: Date;
  /** A start applying it holds it until then (another copy starting meanwhile leaves it). */
  claimedUntil?: Date;
}

/**
 * Retention: a parked event stays until applied (removing it would lose it); there are as many as
 * a newer producer published before its consumers were upgraded.
 */
const parkedSchema = new Schema(
  {
    _id: String,
    group: { type: String, required: true },
    topic: { type: String, required: true },
    key: String,
    headers: { type: Schema.Types.Mixed, default: {} },
    offset: String,
    event: { type: Schema.Types.Mixed, required: true },
    parkedAt: { type: Date, required: true },
    claimedUntil: Date,
  },
  { versionKey: false, minimize: false },
);
parkedSchema.index({ group: 1, _id: 1 });

/** How long a start may take to apply one parked event before another copy may try it. */
const PARKED_CLAIM_MS = 5 * 60_000;
const PARKED_BATCH = 200;

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
  /** How long a failing event is retried before it is dead-lettered (the bus's default otherwise). */
  retryForMs?: number;
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
  const broadcast = options.kind === 'broadcast';
  const marks = broadcast ? memoryMarks() : await consumerMarks(options.store);
  const parked = broadcast ? null : await options.store.collection<ParkedEvent>('consumer_parked', parkedSchema);

  /** Applies an understood event once (dedupe, handler, mark). */
  const apply = async (event: Envelope, message: DeliveredMessage) => {
    // A replayed dead letter counts as a message of the topic it came from.
    const topic = originalTopic(message);
    const id = options.dedupe === 'aggregateVersion' ? `${options.group}|${topic}|${event.aggregateId}` : `${options.group}|${event.id}`;
    const mark = await marks.findById(id);
    if (mark && (options.dedupe === 'eventId' || event.aggregateVersion <= mark.version)) {
      options.logger.debug({ group: options.group, eventId: event.id }, 'event already applied; skipped');
      return;
    }
    await options.handle(event, message);
    if (mark) await marks.updateOne({ _id: id }, { $set: { version: event.aggregateVersion } });
    else if (options.dedupe === 'eventId')
      await marks.insertOne({ _id: id, version: event.aggregateVersion, expiresAt: new Date(Date.now() + MARK_RETENTION_MS) });
    else await marks.insertOne({ _id: id, version: event.aggregateVersion });
  };

  if (parked) await applyParked(options, parked, apply);

  return options.bus.subscribe({
    group: options.group,
    ...(options.kind ? { kind: options.kind } : {}),
    topics: options.topics,
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    ...(options.retryForMs !== undefined ? { retryForMs: options.retryForMs } : {}),
    handler: async (message) => {
      // A tombstone (null): the key's messages are being removed from a compacted topic; nothing to apply.
      if (message.value === null) return;
      const event = envelopeSchema.parse(message.value) as Envelope;
      if (!eventUnderstood(event)) {
        const where = { group: options.group, topic: message.topic, offset: message.offset, type: event.type, version: event.version };
        if (!parked) return options.logger.warn(where, 'event of a type or version this build does not know; left for an upgraded copy');
        await parked.updateOne(
          { _id: `${options.group}|${event.id}` },
          {
            $setOnInsert: {
              group: options.group,
              topic: originalTopic(message),
              key: message.key,
              headers: message.headers,
              offset: message.offset,
              event,
              parkedAt: new Date(),
            },
          },
          { upsert: true },
        );
        options.logger.warn(where, 'event of a type or version this build does not know; parked until the consumer is upgraded');
        return;
      }
      await apply(event, message);
    },
  });
}

/**
 * Applies the group's parked events that this build understands, each under a claim (so copies
 * starting together do not both apply one), and removes them. One that fails stays parked for the
 * next start; one still not understood stays too.
 */
async function applyParked(
  options: ConsumeOptions,
  parked: Collection<ParkedEvent>,
  apply: (event: Envelope, message: DeliveredMessage) => Promise<void>,
): Promise<void> {
  let after = '';
  let applied = 0;
  for (;;) {
    const batch = await parked.find({ group: options.group, _id: { $gt: after } }, { sort: { _id: 1 }, limit: PARKED_BATCH });
    for (const entry of batch) {
      if (!eventUnderstood(entry.event)) continue;
      const now = new Date();
      const claimed = await parked.findOneAndUpdate(
        { _id: entry._id, $or: [{ claimedUntil: null }, { claimedUntil: { $lte: now } }] },
        { $set: { claimedUntil: new Date(now.getTime() + PARKED_CLAIM_MS) } },
      );
      if (!claimed) continue;
      try {
        const event = envelopeSchema.parse(claimed.event) as Envelope;
        await apply(event, { topic: claimed.topic, key: claimed.key, value: event, headers: claimed.headers, offset: claimed.offset, attempt: 1 });
        await parked.deleteOne({ _id: claimed._id });
        applied += 1;
      } catch (error) {
        options.logger.error({ err: error, group: options.group, eventId: claimed.event.id }, 'a parked event could not be applied; it stays parked');
        await parked.updateOne({ _id: claimed._id }, { $set: { claimedUntil: null } });
      }
    }
    if (batch.length < PARKED_BATCH) break;
    after = batch.at(-1)!._id;
  }
  if (applied > 0) options.logger.info({ group: options.group, applied }, 'parked events applied');
}
