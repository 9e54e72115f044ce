import {
  DuplicateKeyError,
  type Collection,
  type Filter,
  type FindOptions,
  type SortSpec,
  type StoredDocument,
  type Update,
  type UpdateOptions,
  type UpdateResult,
} from '@ruedas/platform';
import type { Change, IndexSet } from './indexes';
import { checkPlan, type PlannedIndex } from './plan';
import type { Journal, JournalRecord } from './journal';
import { compileFilter } from './query/filter';
import { compileProjection, sortDocuments } from './query/options';
import { applyUpdate, checkUpdate, upsertSeed } from './query/update';
import { clone, valuesEqual, type Doc } from './query/values';
import type { SchemaModel } from './schema';

/** Runs tasks one at a time, in order. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    // The caller gets the error through `result`; the queue goes on to the next task.
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * One collection of the embedded store. Documents live in memory (stored objects are replaced on
 * every write, never mutated, and never handed out); every write is applied to memory and to the
 * journal in the same tick, and resolves once the journal is on disk.
 *
 * Inserts need no lock: casting is independent of the stored state, and the duplicate check and
 * the commit run without yielding. Updates and deletes read a document, then cast the new version
 * (asynchronous in mongoose), so they run one at a time through a mutex.
 */
export class EmbeddedCollection<T extends StoredDocument> implements Collection<T> {
  private readonly writes = new Mutex();

  constructor(
    readonly name: string,
    private readonly model: SchemaModel,
    private readonly docs: Map<string, Doc>,
    private readonly indexes: IndexSet,
    private readonly journal: Journal,
    /** The indexes MongoDB would have; null turns strict mode off (decision 0155). */
    private readonly planned: PlannedIndex[] | null = null,
  ) {}

  /** How many documents it holds (what `db.collection.estimatedDocumentCount()` answers; benches). */
  get size(): number {
    return this.docs.size;
  }

  async insertOne(doc: Partial<T> & { _id: string }): Promise<T> {
    const stored = await this.model.cast(doc as Doc);
    await this.commit([{ id: stored._id as string, after: stored }]);
    return clone(stored) as T;
  }

  async insertMany(docs: Array<Partial<T> & { _id: string }>): Promise<T[]> {
    const stored: Doc[] = [];
    for (const doc of docs) stored.push(await this.model.cast(doc as Doc));
    await this.commit(stored.map((after) => ({ id: after._id as string, after })));
    return stored.map((d) => clone(d) as T);
  }

  /** In strict mode, refuses what no declared index serves. */
  private plan(operation: string, filter: Filter, sort?: SortSpec): void {
    if (this.planned) checkPlan(this.name, this.planned, operation, filter, sort);
  }

  async findById(id: string): Promise<T | null> {
    const doc = this.docs.get(id);
    return doc ? (clone(doc) as T) : null;
  }

  async findOne(filter: Filter, options: FindOptions = {}): Promise<T | null> {
    return (await this.find(filter, { ...options, limit: 1 }))[0] ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const project = compileProjection(options.projection);
    return this.select(filter, options, 'find').map((doc) => project(doc) as T);
  }

  async count(filter: Filter = {}): Promise<number> {
    return this.select(filter, {}, 'count').length;
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    checkUpdate(update);
    return this.writes
      .run(async (): Promise<Outcome<UpdateResult>> => {
        const target = this.select(filter, { limit: 1 }, 'updateOne')[0];
        if (!target) {
          if (!options.upsert) return { result: { matchedCount: 0, modifiedCount: 0 }, durable: Promise.resolve() };
          const inserted = await this.upsert(filter, update);
          return { result: { matchedCount: 0, modifiedCount: 0, upsertedId: inserted.doc._id as string }, durable: inserted.durable };
        }
        const next = await this.updated(target, update);
        if (!next) return { result: { matchedCount: 1, modifiedCount: 0 }, durable: Promise.resolve() };
        return { result: { matchedCount: 1, modifiedCount: 1 }, durable: this.commit([next]) };
      })
      .then(settled);
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    checkUpdate(update);
    return this.writes
      .run(async () => {
        const targets = this.select(filter, {}, 'updateMany');
        const changes: Change[] = [];
        for (const target of targets) {
          const next = await this.updated(target, update);
          if (next) changes.push(next);
        }
        return { result: { matchedCount: targets.length, modifiedCount: changes.length }, durable: this.commit(changes) };
      })
      .then(settled);
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: UpdateOptions & { sort?: SortSpec } = {}): Promise<T | null> {
    checkUpdate(update);
    return this.writes
      .run(async () => {
        const target = this.select(filter, { limit: 1, ...(options.sort ? { sort: options.sort } : {}) }, 'findOneAndUpdate')[0];
        if (!target) {
          if (!options.upsert) return { result: null, durable: Promise.resolve() };
          const inserted = await this.upsert(filter, update);
          return { result: clone(inserted.doc) as T, durable: inserted.durable };
        }
        const next = await this.updated(target, update);
        const after = next?.after ?? target;
        return { result: clone(after) as T, durable: next ? this.commit([next]) : Promise.resolve() };
      })
      .then(settled);
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return this.remove(filter, 1);
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    return this.remove(filter);
  }

  private async remove(filter: Filter, limit?: number): Promise<{ deletedCount: number }> {
    return this.writes
      .run(async () => {
        const targets = this.select(filter, limit === undefined ? {} : { limit }, limit === 1 ? 'deleteOne' : 'deleteMany');
        const changes = targets.map((before) => ({ id: before._id as string, before }));
        return { result: { deletedCount: targets.length }, durable: this.commit(changes) };
      })
      .then(settled);
  }

  /** The change an update makes to a document, or null when it changes nothing. */
  private async updated(target: Doc, update: Update): Promise<Change | null> {
    const applied = applyUpdate(target, update, false);
    const after = this.model.removesOnly(update) ? applied : await this.model.cast(applied);
    return valuesEqual(after, target) ? null : { id: target._id as string, before: target, after };
  }

  private async upsert(filter: Filter, update: Update): Promise<{ doc: Doc; durable: Promise<void> }> {
    const doc = await this.model.cast(applyUpdate(upsertSeed(filter), update, true));
    return { doc, durable: this.commit([{ id: doc._id as string, after: doc }]) };
  }

  /** Matching stored documents (not copies), sorted and paginated. */
  private select(filter: Filter, options: FindOptions, operation: string): Doc[] {
    const matches = compileFilter(filter);
    this.plan(operation, filter, options.sort);
    const ids = this.indexes.candidates(filter);
    const skip = options.skip ?? 0;
    const limit = options.limit ?? Infinity;
    // Without a sort, stop as soon as the page is full.
    const wanted = options.sort ? Infinity : skip + limit;
    const found: Doc[] = [];
    const consider = (doc: Doc | undefined): boolean => {
      if (doc && matches(doc)) found.push(doc);
      return found.length < wanted;
    };
    if (ids) {
      for (const id of ids) if (!consider(this.docs.get(id))) break;
    } else {
      for (const doc of this.docs.values()) if (!consider(doc)) break;
    }
    const ordered = options.sort ? sortDocuments(found, options.sort, skip + limit) : found;
    return ordered.slice(skip, skip + limit);
  }

  /**
   * Checks ids and unique indexes, then applies the changes to memory, indexes and journal, all
   * without yielding: concurrent writers see either none or all of them. Resolves when durable.
   */
  private commit(changes: Change[]): Promise<void> {
    if (changes.length === 0) return Promise.resolve();
    const inserting = new Set<string>();
    for (const { id, before, after } of changes) {
      if (before || !after) continue;
      if (this.docs.has(id) || inserting.has(id)) throw new DuplicateKeyError(this.name, '_id_', { _id: id });
      inserting.add(id);
    }
    this.indexes.check(changes);
    this.indexes.apply(changes);
    const records: JournalRecord[] = [];
    for (const { id, after } of changes) {
      if (after) this.docs.set(id, after);
      else this.docs.delete(id);
      records.push(after ? { put: after } : { del: id });
    }
    return this.journal.append(records);
  }
}

interface Outcome<R> {
  result: R;
  durable: Promise<void>;
}

/** Waits for durability outside the mutex, so that concurrent writers share one fsync. */
async function settled<R>({ result, durable }: Outcome<R>): Promise<R> {
  await durable;
  return result;
}
