import type { Schema } from 'mongoose';

/**
 * The document store port. Mongoose schemas are the one definition of stored documents: the MongoDB
 * adapter uses them as models, the embedded adapter uses them to cast, apply defaults, validate and
 * build its indexes. Ids are strings (`_id: String`), never ObjectIds, so both stores behave alike.
 *
 * Filters and updates are the MongoDB dialect, restricted to what the contract suite covers:
 * - filter: equality (also on array members and dotted paths), $eq $ne $gt $gte $lt $lte $in $nin
 *   $exists $regex (with $options) $and $or $not $size $elemMatch;
 * - update: $set $unset $inc $push (with $each) $pull (value or condition) $addToSet $setOnInsert;
 * - options: sort (1/-1, several keys), skip, limit, projection (inclusion or exclusion).
 * A single-document write is atomic: the outbox pattern relies on it.
 */
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: Record<string, 0 | 1>;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedId?: string;
}

export interface StoredDocument {
  _id: string;
}

export interface Collection<T extends StoredDocument = StoredDocument & Record<string, unknown>> {
  readonly name: string;
  /** Casts, applies defaults and validates with the schema; throws DuplicateKeyError or ValidationError. */
  insertOne(doc: Partial<T> & { _id: string }): Promise<T>;
  insertMany(docs: Array<Partial<T> & { _id: string }>): Promise<T[]>;
  findById(id: string): Promise<T | null>;
  findOne(filter: Filter, options?: FindOptions): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  /** Updates the first matching document. Use `{ _id, version }` in the filter for optimistic concurrency. */
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  /** Atomically updates and returns the document after the update (or null when nothing matched). */
  findOneAndUpdate(filter: Filter, update: Update, options?: UpdateOptions & { sort?: SortSpec }): Promise<T | null>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  deleteMany(filter: Filter): Promise<{ deletedCount: number }>;
}

export interface DocumentStore {
  readonly kind: string;
  /** Declares (or returns) a collection; builds its indexes from the schema. */
  collection<T extends StoredDocument>(name: string, schema: Schema): Promise<Collection<T>>;
  /** Engine name and version, e.g. `{ engine: 'MongoDB', version: '8.0.4' }`. */
  info(): Promise<{ engine: string; version: string }>;
  close(): Promise<void>;
}

/** Thrown on a unique index violation, by every adapter. */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  constructor(
    readonly collection: string,
    readonly index: string,
    readonly keyValue: Record<string, unknown>,
  ) {
    super(`duplicate key in ${collection} on index ${index}: ${JSON.stringify(keyValue)}`);
  }
}

/** Thrown when a document does not satisfy its schema, by every adapter. */
export class DocumentValidationError extends Error {
  override readonly name = 'DocumentValidationError';
  constructor(
    readonly collection: string,
    readonly fields: Record<string, string>,
  ) {
    super(
      `invalid document in ${collection}: ${Object.entries(fields)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ')}`,
    );
  }
}
