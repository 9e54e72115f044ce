import mongoose, { type Connection, type Model, type Schema } from 'mongoose';
import {
  ConfigError,
  DocumentValidationError,
  DuplicateKeyError,
  OUTBOX_PENDING,
  type Collection,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type Logger,
  type SortSpec,
  type StoredDocument,
  type Update,
  type UpdateOptions,
  type UpdateResult,
} from '@ruedas/platform';

/**
 * A collection whose documents carry an outbox gets a partial index on the first pending entry,
 * holding only the documents with events still to publish: the outbox relay's query
 * (`OUTBOX_PENDING`, every second on every collection) reads that small index instead of scanning
 * the collection. Idempotent.
 */
export function withOutboxIndex(schema: Schema): Schema {
  if (!schema.path('outbox')) return schema;
  const declared = schema.indexes().some(([, options]) => (options as { name?: string }).name === 'outbox_pending');
  if (!declared) schema.index({ 'outbox.0': 1 }, { name: 'outbox_pending', partialFilterExpression: OUTBOX_PENDING });
  return schema;
}

export interface MongoStoreOptions {
  /** `mongodb://` or `mongodb+srv://` URL, from `MONGO_URL`. */
  url: string | undefined;
  /** Database name; defaults to the one in the URL (or mongoose's default). */
  dbName?: string;
  logger?: Logger;
}

/** Checks the URL; refuses to start on a missing or malformed one, naming `MONGO_URL`. */
export function checkMongoUrl(url: string | undefined): string {
  const value = url?.trim();
  if (!value) throw new ConfigError('MONGO_URL', 'is required for the MongoDB document store (e.g. mongodb://localhost:27017/ruedas)');
  if (!/^mongodb(\+srv)?:\/\/[^/\s]+/.test(value)) {
    throw new ConfigError('MONGO_URL', `must be a mongodb:// or mongodb+srv:// URL, got "${value}"`);
  }
  return value;
}

/** Connects to MongoDB through a private mongoose connection. */
export async function createMongoStore(options: MongoStoreOptions): Promise<DocumentStore> {
  const url = checkMongoUrl(options.url);
  const connection = mongoose.createConnection(url, {
    autoIndex: false,
    serverSelectionTimeoutMS: 15_000,
    ...(options.dbName ? { dbName: options.dbName } : {}),
  });
  await connection.asPromise();
  options.logger?.info({ db: connection.name }, 'connected to MongoDB');
  return new MongoStore(connection, options.logger);
}

/**
 * Creates the schema's indexes that the collection lacks and never drops one (decision 0157): an
 * index an operator added, or one a newer release stopped declaring, stays until someone drops it by
 * hand. Both differences are logged. An index whose options changed under the same name cannot be
 * created; the start fails naming it, rather than run without it.
 */
export async function ensureIndexes(model: Model<StoredDocument>, logger?: Logger): Promise<{ created: unknown[]; undeclared: string[] }> {
  const { toDrop, toCreate } = await model.diffIndexes();
  const collection = model.collection.collectionName;
  if (toDrop.length > 0) {
    logger?.warn(
      { collection, indexes: toDrop },
      'indexes not declared by the schema (or declared differently) are kept; drop them by hand if they are no longer used',
    );
  }
  if (toCreate.length > 0) {
    logger?.info({ collection, indexes: toCreate }, 'creating the missing indexes');
    try {
      await model.ensureIndexes({ toCreate } as Parameters<typeof model.ensureIndexes>[0]);
    } catch (error) {
      logger?.error({ err: error, collection, indexes: toCreate }, 'a declared index could not be created (an index of the same name differs?)');
      throw error;
    }
  }
  return { created: toCreate, undeclared: toDrop };
}

class MongoStore implements DocumentStore {
  readonly kind = 'mongo';
  private readonly declared = new Map<string, { schema: Schema; collection: Promise<MongoCollection<StoredDocument>> }>();

  constructor(
    private readonly connection: Connection,
    private readonly logger?: Logger,
  ) {}

  async collection<T extends StoredDocument>(name: string, schema: Schema): Promise<Collection<T>> {
    let declared = this.declared.get(name);
    if (!declared) {
      withOutboxIndex(schema);
      const model = this.connection.model<StoredDocument>(name, schema, name);
      const collection = ensureIndexes(model, this.logger).then(() => new MongoCollection<StoredDocument>(name, model));
      declared = { schema, collection };
      this.declared.set(name, declared);
    } else if (declared.schema !== schema) {
      throw new Error(`collection "${name}" is already declared with another schema`);
    }
    return (await declared.collection) as unknown as Collection<T>;
  }

  async info(): Promise<{ engine: string; version: string }> {
    const db = this.connection.db;
    if (!db) throw new Error('not connected to MongoDB');
    const info = await db.admin().serverInfo();
    return { engine: 'MongoDB', version: String(info.version) };
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

const UPDATE = { runValidators: true, setDefaultsOnInsert: true } as const;

class MongoCollection<T extends StoredDocument> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly model: Model<StoredDocument>,
  ) {}

  insertOne(doc: Partial<T> & { _id: string }): Promise<T> {
    return this.mapped(async () => (await this.model.create(doc)).toObject() as unknown as T);
  }

  insertMany(docs: Array<Partial<T> & { _id: string }>): Promise<T[]> {
    return this.mapped(async () => {
      const created = await this.model.insertMany(docs, { ordered: true });
      return created.map((d) => d.toObject() as unknown as T);
    });
  }

  async findById(id: string): Promise<T | null> {
    return (await this.model.findById(id).lean()) as T | null;
  }

  async findOne(filter: Filter, options: FindOptions = {}): Promise<T | null> {
    return (await this.model.findOne(filter, options.projection, queryOptions(options)).lean()) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    return (await this.model.find(filter, options.projection, queryOptions(options)).lean()) as T[];
  }

  count(filter: Filter = {}): Promise<number> {
    return this.model.countDocuments(filter);
  }

  updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    return this.mapped(async () => {
      const result = await this.model.updateOne(filter, update, { ...UPDATE, upsert: options.upsert === true });
      return {
        matchedCount: result.matchedCount,
        modifiedCount: result.modifiedCount,
        ...(result.upsertedId != null ? { upsertedId: String(result.upsertedId) } : {}),
      };
    });
  }

  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.mapped(async () => {
      const result = await this.model.updateMany(filter, update, UPDATE);
      return { matchedCount: result.matchedCount, modifiedCount: result.modifiedCount };
    });
  }

  findOneAndUpdate(filter: Filter, update: Update, options: UpdateOptions & { sort?: SortSpec } = {}): Promise<T | null> {
    return this.mapped(async () => {
      const found = await this.model
        .findOneAndUpdate(filter, update, {
          ...UPDATE,
          returnDocument: 'after',
          upsert: options.upsert === true,
          ...(options.sort ? { sort: options.sort } : {}),
        })
        .lean();
      return found as T | null;
    });
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return { deletedCount: (await this.model.deleteOne(filter)).deletedCount };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    return { deletedCount: (await this.model.deleteMany(filter)).deletedCount };
  }

  /** Runs a write, turning mongoose and driver errors into the port's errors. */
  private async mapped<R>(write: () => Promise<R>): Promise<R> {
    try {
      return await write();
    } catch (error) {
      throw this.translate(error);
    }
  }

  private translate(error: unknown): unknown {
    if (error instanceof mongoose.Error.ValidationError) {
      return new DocumentValidationError(this.name, Object.fromEntries(Object.entries(error.errors).map(([p, e]) => [p, e.message])));
    }
    if (error instanceof mongoose.Error.CastError) {
      return new DocumentValidationError(this.name, { [error.path]: error.message });
    }
    const driver = error as { code?: number; keyValue?: Record<string, unknown>; keyPattern?: Record<string, unknown>; message?: string };
    if (driver.code === 11000) {
      const index = /index: (\S+)/.exec(driver.message ?? '')?.[1] ?? Object.keys(driver.keyPattern ?? {}).join('_');
      return new DuplicateKeyError(this.name, index, driver.keyValue ?? {});
    }
    return error;
  }
}

function queryOptions(options: FindOptions): Record<string, unknown> {
  return {
    ...(options.sort ? { sort: options.sort } : {}),
    ...(options.skip !== undefined ? { skip: options.skip } : {}),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
  };
}
