import type { Collection, DocumentStore, StoredDocument } from '@ruedas/platform';

/** Faults to inject into the store a service writes through (tests only). */
export interface Faults {
  /** A dashboard consumer's mark fails to be written, once per mark: the bus delivers the event again and the handler runs again. */
  marks: boolean;
  failedMarks: Set<string>;
  /** Writes to the dashboard's day buckets fail (after `delayMs`) once `bucketsAllowed` more have succeeded: an operation stops half-applied. */
  buckets: boolean;
  bucketsAllowed: number;
  delayMs: number;
  /** One write to the dashboard's activity day totals fails once `activityDaysAllowed` more have succeeded: a roll-up stops half-applied. */
  activityDays: boolean;
  activityDaysAllowed: number;
}

export const noFaults = (): Faults => ({
  marks: false,
  failedMarks: new Set(),
  buckets: false,
  bucketsAllowed: 0,
  delayMs: 0,
  activityDays: false,
  activityDaysAllowed: 0,
});

/** The store, with the faults switched on and off while it runs. */
export function faultyStore(store: DocumentStore, faults: Faults): DocumentStore {
  return {
    kind: store.kind,
    info: () => store.info(),
    close: () => store.close(),
    async collection<T extends StoredDocument>(name: string, schema: Parameters<DocumentStore['collection']>[1]): Promise<Collection<T>> {
      const inner = await store.collection<T>(name, schema);
      return new Proxy(inner, {
        get(target, property) {
          const value = Reflect.get(target, property, target) as unknown;
          if (typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            const write = property === 'insertOne' || property === 'updateOne';
            if (write && name === 'consumer_marks' && faults.marks) {
              const id = String((args[0] as { _id: string })._id);
              if (id.startsWith('moderation-dashboard-') && !faults.failedMarks.has(id)) {
                faults.failedMarks.add(id);
                throw new Error('injected: the mark was not written');
              }
            }
            if (write && name === 'moderation_dashboard_buckets' && faults.buckets && faults.bucketsAllowed-- <= 0) {
              await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
              throw new Error('injected: the bucket write failed');
            }
            if (write && name === 'moderation_dashboard_activity_days' && faults.activityDays && faults.activityDaysAllowed-- <= 0) {
              faults.activityDays = false;
              throw new Error('injected: the day total write failed');
            }
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    },
  };
}
