import { z } from 'zod';

/** Who caused an event: a user, or the system itself (scheduler, relay). */
export const actorSchema = z.object({
  kind: z.enum(['user', 'system']),
  id: z.string().min(1),
});
export type Actor = z.infer<typeof actorSchema>;
export const systemActor = (id = 'system'): Actor => ({ kind: 'system', id });

/**
 * The envelope every event travels in. Topics hold one aggregate type and are keyed by
 * `aggregateId`, so events of one aggregate arrive in order; consumers keep the last
 * `aggregateVersion` they applied and ignore older or equal ones.
 */
export const envelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  aggregateId: z.string().min(1),
  aggregateVersion: z.number().int().nonnegative(),
  occurredAt: z.iso.datetime(),
  actor: actorSchema,
  payload: z.unknown(),
});
export type Envelope<P = unknown> = Omit<z.infer<typeof envelopeSchema>, 'payload'> & { payload: P };

/** One event type at one version: its name, topic and payload schema. */
export interface EventDefinition<P> {
  type: string;
  version: number;
  topic: string;
  payload: z.ZodType<P>;
}

/** Every event type this build defines, with the highest version it reads (filled by defineEvent). */
const knownVersions = new Map<string, number>();

export function defineEvent<P>(topic: string, type: string, version: number, payload: z.ZodType<P>): EventDefinition<P> {
  knownVersions.set(type, Math.max(version, knownVersions.get(type) ?? 0));
  return { topic, type, version, payload };
}

/**
 * Whether this build knows the event's type at its version (or a later one). An event it does not
 * know comes from a newer producer, deployed before this consumer: it must be kept until the
 * consumer is upgraded (consumeEvents parks it), never applied as if
 * understood nor skipped for good.
 */
export function eventUnderstood(envelope: Pick<Envelope, 'type' | 'version'>): boolean {
  const known = knownVersions.get(envelope.type);
  return known !== undefined && envelope.version <= known;
}

export interface NewEvent<P> {
  aggregateId: string;
  aggregateVersion: number;
  actor: Actor;
  payload: P;
  /** Defaults to now; injectable for tests and replays. */
  occurredAt?: Date;
}

/** Builds a valid envelope; throws if the payload does not match its definition. */
export function createEvent<P>(definition: EventDefinition<P>, event: NewEvent<P>): Envelope<P> {
  return {
    id: crypto.randomUUID(),
    type: definition.type,
    version: definition.version,
    aggregateId: event.aggregateId,
    aggregateVersion: event.aggregateVersion,
    occurredAt: (event.occurredAt ?? new Date()).toISOString(),
    actor: event.actor,
    payload: definition.payload.parse(event.payload),
  };
}

/**
 * Reads a message value as an event of the given definition: null when it is another type or
 * version (consumers skip what they do not know); throws when it claims to be this event but is
 * malformed (the bus then retries and dead-letters it, so it is visible).
 */
export function readEvent<P>(definition: EventDefinition<P>, value: unknown): Envelope<P> | null {
  const envelope = envelopeSchema.parse(value);
  if (envelope.type !== definition.type || envelope.version !== definition.version) return null;
  return { ...envelope, payload: definition.payload.parse(envelope.payload) };
}
