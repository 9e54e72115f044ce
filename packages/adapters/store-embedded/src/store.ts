import mongoose, { type Schema } from 'mongoose';
import { lockDataDir, privateDir, type Collection, type DocumentStore, type Logger, type StoredDocument } from '@ruedas/platform';
import { EmbeddedCollection } from './collection';
import { IndexSet, type Change } from './indexes';
import { Journal, type CompactionPolicy } from './journal';
import type { Doc } from './query/values';
import { SchemaModel } from './schema';
import packageJson from '../package.json' with { type: 'json' };

export interface EmbeddedStoreOptions {
  /** The data folder; created if missing. */
  dir: string;
  logger?: Logger;
  /** When the journal is rewritten as a snapshot (defaults: over 16 MiB and 4 times the live data). */
  compaction?: Partial<CompactionPolicy>;
}

const NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/** Opens (or creates) the embedded document store in `dir`, refusing a folder another live store holds. */
export async function createEmbeddedStore(options: EmbeddedStoreOptions): Promise<DocumentStore> {
  // Journals hold password hashes: the folder and its files are the owner's only.
  await privateDir(options.dir);
  const lock = await lockDataDir(options.dir, 'embedded document store');
  return new EmbeddedStore(options, lock.release);
}

interface Declared {
  schema: Schema;
  collection: Promise<EmbeddedCollection<StoredDocument>>;
  journal: Promise<Journal>;
}

class EmbeddedStore implements DocumentStore {
  readonly kind = 'embedded';
  private readonly mongoose = new mongoose.Mongoose();
  private readonly declared = new Map<string, Declared>();
  private readonly policy: CompactionPolicy;
  private closed = false;

  constructor(
    private readonly options: EmbeddedStoreOptions,
    private readonly release: () => Promise<void>,
  ) {
    this.policy = { minBytes: 16 * 1024 * 1024, ratio: 4, ...options.compaction };
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
    const indexes = new IndexSet(name, model.indexes());
    const all: Change[] = [...docs.values()].map((after) => ({ id: after._id as string, after }));
    try {
      // Fails if the schema gained a unique index that the stored documents violate.
      indexes.check(all);
    } catch (error) {
      await journal.close();
      throw error;
    }
    indexes.apply(all);
    return { journal, collection: new EmbeddedCollection(name, model, docs, indexes, journal) };
  }

  async info(): Promise<{ engine: string; version: string }> {
    return { engine: 'embedded', version: packageJson.version };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const journals = await Promise.allSettled([...this.declared.values()].map((d) => d.journal));
    for (const journal of journals) if (journal.status === 'fulfilled') await journal.value.close();
    await this.release();
  }
}
