import { DuplicateKeyError, type Collection, type Logger } from '@ruedas/platform';
import type { AdProjectionDoc, IndexedAd } from './store';

/** What the projection holds of an ad (its `search_ads` document but the id). */
export interface ProjectionEntry {
  version: number;
  public: boolean;
  ad: IndexedAd | null;
}

/**
 * The search projection's writes in flight (not awaited by the consumer: the store commits them
 * together), and what each writes, newest per ad, until it is durable: what the next runs read of
 * those ads. The first error stops the consumer (`error`) until a rebuild resets it.
 */
export class ProjectionWrites {
  private readonly inflight = new Set<Promise<void>>();
  private readonly entries = new Map<string, ProjectionEntry>();
  /** Documents in the writes in flight. */
  documents = 0;
  error: Error | undefined;

  constructor(
    private readonly ads: Collection<AdProjectionDoc>,
    private readonly logger: Logger,
  ) {}

  /** What a write in flight gives this ad. */
  pending(id: string): ProjectionEntry | undefined {
    return this.entries.get(id);
  }

  /**
   * Writes a run's changed ads: those the projection does not hold (`held` false: a first build, nearly
   * every ad) in one insert, the others one version-guarded upsert each.
   */
  write(entries: Map<string, ProjectionEntry>, held: (id: string) => boolean): void {
    const fresh: Array<[string, ProjectionEntry]> = [];
    for (const [id, entry] of entries) {
      if (held(id)) this.track([[id, entry]], this.upsert(id, entry));
      else fresh.push([id, entry]);
    }
    if (fresh.length > 0) this.track(fresh, this.insert(fresh));
  }

  /** Waits until every write started so far has finished (durable or failed). */
  async started(): Promise<void> {
    await Promise.all([...this.inflight]);
  }

  /** Waits until no write is in flight. */
  async settle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
  }

  /** Forgets the pending entries and the error (a rebuild, once settled). */
  reset(): void {
    this.entries.clear();
    this.error = undefined;
  }

  /** Writes this version of an ad unless the projection holds a newer one (or this one). */
  private upsert(id: string, entry: ProjectionEntry): Promise<void> {
    // Only an older version is replaced, so writes of one ad landing out of order (MongoDB) keep the newest.
    return this.ads.updateOne({ _id: id, version: { $lt: entry.version } }, { $set: entry }, { upsert: true }).then(
      () => undefined,
      (error: unknown) => {
        if (!(error instanceof DuplicateKeyError)) throw error; // else a newer version is already stored
      },
    );
  }

  /** Inserts ads the projection did not hold; when another copy wrote one of them meanwhile, each is upserted instead. */
  private insert(fresh: Array<[string, ProjectionEntry]>): Promise<void> {
    return this.ads.insertMany(fresh.map(([id, entry]) => ({ _id: id, ...entry }))).then(
      () => undefined,
      async (error: unknown) => {
        if (!(error instanceof DuplicateKeyError)) throw error;
        await Promise.all(fresh.map(([id, entry]) => this.upsert(id, entry)));
      },
    );
  }

  /** Keeps these writes pending until they are durable. */
  private track(writes: Array<[string, ProjectionEntry]>, written: Promise<void>): void {
    for (const [id, entry] of writes) this.entries.set(id, entry);
    this.documents += writes.length;
    const tracked: Promise<void> = written
      .catch((error: unknown) => {
        this.error = error instanceof Error ? error : new Error(String(error));
        this.logger.error({ err: error, ids: writes.map(([id]) => id) }, 'search projection write failed');
      })
      .finally(() => {
        this.inflight.delete(tracked);
        this.documents -= writes.length;
        for (const [id, entry] of writes) if (this.entries.get(id) === entry) this.entries.delete(id);
      });
    this.inflight.add(tracked);
  }
}
