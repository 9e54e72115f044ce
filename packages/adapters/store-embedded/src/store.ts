import mongoose, { type Schema } from 'mongoose';
import { lockDataDir, OUTBOX_PENDING, privateDir, type Clock, type Collection, type DocumentStore, type Logger, type StoredDocument } from '@ruedas/platform';
import { EmbeddedCollection } from './collection';
import { IndexSet, type Change } from './indexes';
import { Journal, type CompactionPolicy } from './journal';
import type { Doc } from './query/values';
import { plannedIndexes } from './plan';
import { SchemaModel, type IndexSpec } from './schema';
import packageJson from '../package.json' with { type: 'json' };

export interface EmbeddedStoreOptions {
  /** The data folder; created if missing. */
  dir: string;
  logger?: Logger;
  /** When the journal is rewritten as a snapshot (defaults: over 16 MiB and 4 times the live data). */
  compaction?: Partial<CompactionPolicy>;
  /**
   * Strict mode (on unless false): a find, count, update, delete or sort that no declared index
   * serves as MongoDB's planner would fails with UnindexedQueryError (decision 0155).
   */
  strict?: boolean;
  /** How often TTL indexes are applied (MongoDB's TTL monitor runs every 60 s). Default 60 s. */
  ttlSweepMs?: number;
  /**
   * The time TTL indexes are applied against: the wall clock (as MongoDB) unless a simulation gives
   * its business clock (the one-year bench moves it a day at a time).
   */
  ttlClock?: Clock;
}

const NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/** Opens (or creates) the embedded document store in `dir`, refusing a folder another live store holds. */
export async function createEmbeddedStore(options: EmbeddedStoreOptions): Promise<EmbeddedDocumentStore> {
  // Journals hold password hashes: the folder and its files are the owner's only.
  await privateDir(options.dir);
  const lock = await lockDataDir(options.dir, 'embedded document store');
  return new EmbeddedStore(options, lock.release);
}

export interface EmbeddedDocumentStore extends DocumentStore {
  /** Applies the TTL indexes now (or as of `now`, for a simulation); answers how many documents went. */
  expire(now?: Date): Promise<number>;
  /** The documents of each collection opened so far, by name (benches: what grows). */
  counts(): Promise<Record<string, number>>;
}

interface Declared {
  schema: Schema;
  collection: Promise<EmbeddedCollection<StoredDocument>>;
  journal: Promise<Journal>;
}

class EmbeddedStore implements EmbeddedDocumentStore {
  readonly kind = 'embedded';
  private readonly mongoose = new mongoose.Mongoose();
  private readonly declared = new Map<string, Declared>();
  private readonly policy: CompactionPolicy;
  private closed = false;
  /** The TTL indexes of the declared collections, applied like MongoDB's TTL monitor. */
  private readonly ttls: Array<{ collection: EmbeddedCollection<StoredDocument>; path: string; seconds: number }> = [];
  private readonly sweeper: NodeJS.Timeout;
  private sweeping: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: EmbeddedStoreOptions,
    private readonly release: () => Promise<void>,
  ) {
    this.policy = { minBytes: 16 * 1024 * 1024, ratio: 4, ...options.compaction };
    this.sweeper = setInterval(() => {
      this.sweeping = this.sweeping
        .then(async () => void (await this.expire()))
        .catch((error: unknown) => this.options.logger?.warn({ err: error }, 'TTL sweep failed'));
    }, options.ttlSweepMs ?? 60_000);
    this.sweeper.unref();
  }

  /** Removes the documents a TTL index has expired (wall clock, as MongoDB, or `ttlClock`). Answers how many. */
  async expire(now = this.options.ttlClock?.now() ?? new Date()): Promise<number> {
    let removed = 0;
    for (const { collection, path, seconds } of this.ttls) {
      if (this.closed) break;
      removed += (await collection.deleteMany({ [path]: { $lt: new Date(now.getTime() - seconds * 1000) } })).deletedCount;
    }
    return removed;
  }

  async counts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const [name, declared] of [...this.declared].sort(([a], [b]) => a.localeCompare(b))) counts[name] = (await declared.collection).size;
    return counts;
  }

  async collection<T extends StoredDocument>(name: string, schema: Schema): Promise<Collection<T>> {
    if (this.closed) throw new Error('the embedded document store is closed');
    if (!NAME.test(name)) throw new Error(`invalid collection name "${name}" (letters, digits, _ - . only)`);
    let declared = this.declared.get(name);
    if (!declared) {
      const journal = this.open(name, schema);
      declared = { schema, journal: journal.then((j) => j.journal), collection: journal.then((j) => j.collection) };
      this.declared.set(name, declared);
    } else if (declared.schema !== schema) {
      throw new Error(`collection "${name}" is already declared with another schema`);
    }
    return (await declared.collection) as unknown as Collection<T>;
  }

  private async open(name: string, schema: Schema): Promise<{ journal: Journal; collection: EmbeddedCollection<StoredDocument> }> {
    const model = new SchemaModel(name, schema, this.mongoose);
    const docs = new Map<string, Doc>();
    const journal = await Journal.open(this.options.dir, name, docs, this.policy, this.options.logger);
    // The outbox relay's partial index (as store-mongo adds it) gives its query the pending documents only.
    const indexes = new IndexSet(name, model.indexes(), schema.path('outbox') ? [OUTBOX_PENDING] : []);
    const all: Change[] = [...docs.values()].map((after) => ({ id: after._id as string, after }));
    try {
      // Fails if the schema gained a unique index that the stored documents violate.
      indexes.check(all);
    } catch (error) {
      await journal.close();
      throw error;
    }
    indexes.apply(all);
    const planned = this.options.strict === false ? null : plannedIndexes(withOutboxIndex(schema, model.indexes()));
    const collection = new EmbeddedCollection(name, model, docs, indexes, journal, planned);
    for (const spec of model.indexes()) {
      if (spec.expireAfterSeconds !== undefined && spec.paths.length === 1)
        this.ttls.push({ collection, path: spec.paths[0]!, seconds: spec.expireAfterSeconds });
    }
    return { journal, collection };
  }

  async info(): Promise<{ engine: string; version: string }> {
    return { engine: 'embedded', version: packageJson.version };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    await this.sweeping;
    const journals = await Promise.allSettled([...this.declared.values()].map((d) => d.journal));
    for (const journal of journals) if (journal.status === 'fulfilled') await journal.value.close();
    await this.release();
  }
}

/** The outbox relay's partial index, which the MongoDB adapter adds to every schema with an outbox (store-mongo `withOutboxIndex`). */
function withOutboxIndex(schema: Schema, specs: IndexSpec[]): IndexSpec[] {
  if (!schema.path('outbox') || specs.some((s) => s.name === 'outbox_pending')) return specs;
  const outbox: IndexSpec = {
    name: 'outbox_pending',
    paths: ['outbox.0'],
    keys: [['outbox.0', 1]],
    unique: false,
    sparse: false,
    partialFilterExpression: OUTBOX_PENDING,
  };
  return [...specs, outbox];
}
