import type { Envelope } from '@ruedas/events';
import { consumeEvents, type ConsumeOptions } from './consumer';
import type { Subscription } from './ports';

export interface FollowSnapshotsOptions<T> extends Pick<ConsumeOptions, 'bus' | 'store' | 'logger' | 'group'> {
  /** The snapshot topic followed. */
  topic: string;
  /** What the envelope carries, checked against its contract (nothing: the event is skipped). */
  read: (envelope: Envelope) => T | null | undefined;
  /** What the service keeps of it. */
  apply: (value: T, envelope: Envelope) => Promise<void>;
}

/**
 * The one loop of a service's projection of another's aggregates: every event of a snapshot topic,
 * applied once per aggregate version (older and repeated snapshots change nothing), read by `read`
 * and given to `apply`.
 */
export function followSnapshots<T>(options: FollowSnapshotsOptions<T>): Promise<Subscription> {
  const { bus, store, logger, group, topic, read, apply } = options;
  return consumeEvents({
    bus,
    store,
    logger,
    group,
    topics: [topic],
    dedupe: 'aggregateVersion',
    handle: async (envelope) => {
      const value = read(envelope);
      if (value) await apply(value, envelope);
    },
  });
}
