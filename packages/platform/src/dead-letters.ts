import { randomUUID } from 'node:crypto';
import { DEAD_LETTER_HEADERS, deadLetterOf, deadLetterTopic, positionOf, replayTopic, type DeliveredMessage, type EventBus } from './ports';

/**
 * The operator's view of dead letters (`npm run dead-letters -w @ruedas/infra -- list|replay`), over
 * the event bus port, so it works on both adapters. Each consumer group has a dead-letter topic
 * (`<group>.dlq`); replaying copies its letters not yet replayed to the group's replay topic
 * (`<group>.replay`), which every shared subscription of that group reads: the letters reach that
 * group only, with their dead-letter headers (`originalTopic`). How far a group's letters were
 * replayed is the commit of the group `<group>.dlq-replayer` on its dead-letter topic.
 */

export interface DeadLetter {
  /** Position in the dead-letter topic. */
  offset: string;
  key: string;
  /** The event's type and id when the value is an event envelope. */
  type?: string;
  eventId?: string;
  originalTopic: string;
  originalOffset: string;
  error: string;
  attempts: number;
  at?: string;
  /** Already copied to the replay topic. */
  replayed: boolean;
}

export interface GroupDeadLetters {
  group: string;
  topic: string;
  letters: DeadLetter[];
  /** Letters not replayed yet. */
  pending: number;
}

const DLQ_SUFFIX = '.dlq';
/** The group whose commits on `<group>.dlq` say how far its letters were replayed. */
export const replayerGroup = (group: string): string => `${group}.dlq-replayer`;

/** The groups that have dead-letter topics (from the bus's topics). */
export async function deadLetterGroups(bus: EventBus): Promise<string[]> {
  if (!bus.topics) throw new Error(`the ${bus.kind} event bus cannot list its topics`);
  return (await bus.topics())
    .filter((topic) => topic.endsWith(DLQ_SUFFIX) && !topic.endsWith(`.dlq-replayer${DLQ_SUFFIX}`))
    .map((topic) => topic.slice(0, -DLQ_SUFFIX.length));
}

/**
 * Puts a message the group cannot handle yet straight into its dead-letter topic, without retries:
 * for an event of a type or version this build does not know (a newer producer deployed first),
 * which no retry would change. Replayed to the group once it is upgraded (`replayDeadLetters`).
 */
export async function deadLetterAtOnce(bus: EventBus, group: string, message: DeliveredMessage, reason: string): Promise<void> {
  await bus.publish(deadLetterTopic(group), [deadLetterOf(message, new Error(reason), message.attempt, group)]);
}

/** Every dead letter of the groups (all groups with dead letters by default), read without committing anything. */
export async function listDeadLetters(bus: EventBus, groups?: string[]): Promise<GroupDeadLetters[]> {
  const named = groups ?? (await deadLetterGroups(bus));
  const result: GroupDeadLetters[] = [];
  for (const group of named) {
    const topic = deadLetterTopic(group);
    const read: DeliveredMessage[] = [];
    // A broadcast reads from the beginning and commits nothing.
    const subscription = await bus.subscribe({
      group: `dead-letters-list-${randomUUID().slice(0, 8)}`,
      kind: 'broadcast',
      topics: [topic],
      handler: async (message) => void read.push(message),
    });
    try {
      await subscription.caughtUp();
    } finally {
      await subscription.stop();
    }
    // Per partition: the letters from (end - not replayed) on are still to replay.
    const lag = bus.lag ? await bus.lag(replayerGroup(group), [topic]) : [];
    const pendingIn = new Map(lag.map((entry) => [entry.partition, entry.messages]));
    const endOf = new Map<string, number>();
    for (const message of read) {
      const { partition, next } = positionOf(message);
      endOf.set(partition, Math.max(endOf.get(partition) ?? 0, next));
    }
    const letters = read.map((message): DeadLetter => {
      const { partition, next } = positionOf(message);
      const end = endOf.get(partition) ?? 0;
      const pending = pendingIn.get(partition) ?? end;
      const value = message.value as { type?: unknown; id?: unknown } | null;
      return {
        offset: message.offset,
        key: message.key,
        ...(typeof value?.type === 'string' ? { type: value.type } : {}),
        ...(typeof value?.id === 'string' ? { eventId: value.id } : {}),
        originalTopic: message.headers[DEAD_LETTER_HEADERS.topic] ?? '?',
        originalOffset: message.headers[DEAD_LETTER_HEADERS.offset] ?? '?',
        error: message.headers[DEAD_LETTER_HEADERS.error] ?? '',
        attempts: Number(message.headers[DEAD_LETTER_HEADERS.attempts] ?? 0),
        ...(message.headers[DEAD_LETTER_HEADERS.at] ? { at: message.headers[DEAD_LETTER_HEADERS.at] } : {}),
        replayed: next <= end - pending,
      };
    });
    result.push({ group, topic, letters, pending: letters.filter((letter) => !letter.replayed).length });
  }
  return result;
}

/**
 * Copies the group's dead letters not replayed yet to its replay topic, where the group's running
 * (or next) subscription handles them again; answers how many. Each is committed once copied, so a
 * second replay copies only what was dead-lettered since (a letter failing again is dead-lettered
 * again, as a new letter).
 */
export async function replayDeadLetters(bus: EventBus, group: string): Promise<number> {
  const target = replayTopic(group);
  let copied = 0;
  const subscription = await bus.subscribe({
    group: replayerGroup(group),
    topics: [deadLetterTopic(group)],
    maxAttempts: 5,
    handler: async (message) => {
      await bus.publish(target, [{ key: message.key, value: message.value, headers: message.headers }]);
      copied += 1;
    },
  });
  try {
    await subscription.caughtUp();
  } finally {
    await subscription.stop();
  }
  return copied;
}
