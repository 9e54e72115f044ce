import { DocumentValidationError } from '@ruedas/platform';
import mongoose, { type Model, type Mongoose, type Schema } from 'mongoose';
import type { Doc } from './query/values';

export interface IndexSpec {
  name: string;
  paths: string[];
  /** The keys in order with their direction (1, -1, or 'text' and the like). */
  keys: Array<[string, unknown]>;
  unique: boolean;
  sparse: boolean;
  partialFilterExpression?: Record<string, unknown>;
  /** A TTL index: documents whose date at the (single) key is older than this many seconds are removed. */
  expireAfterSeconds?: number;
}

/**
 * The mongoose schema of one collection, used without a connection: it casts, applies defaults
 * and validates documents exactly as the MongoDB adapter's models do, and lists the indexes.
 */
export class SchemaModel {
  private readonly model: Model<Doc>;

  constructor(
    private readonly collection: string,
    readonly schema: Schema,
    mongoose: Mongoose,
  ) {
    this.model = mongoose.model<Doc>(collection, schema, collection);
  }

  /** The stored form of a document: cast, with defaults, validated. */
  async cast(input: Doc): Promise<Doc> {
    const document = new this.model(input);
    try {
      await document.validate();
    } catch (error) {
      if (!(error instanceof mongoose.Error.ValidationError)) throw error;
      const fields = Object.fromEntries(Object.entries(error.errors).map(([path, e]) => [path, e.message]));
      throw new DocumentValidationError(this.collection, fields);
    }
    const stored = document.toObject({ flattenMaps: true, versionKey: false, virtuals: false, getters: false }) as Doc;
    if (typeof stored._id !== 'string' || stored._id === '') {
      throw new DocumentValidationError(this.collection, { _id: 'a non-empty string id is required' });
    }
    return stored;
  }

  /**
   * Whether an update only takes elements out of arrays (`$pull`) whose schema has no validator: its
   * result is the stored (already cast and valid) document less some elements, so it needs no cast
   * (MongoDB applies such an update as it is, without defaults). The outbox relay's pull of the
   * entries it published is one per event; casting the whole ad again for it was most of its time.
   */
  removesOnly(update: Record<string, unknown>): boolean {
    const operators = Object.keys(update);
    if (operators.length !== 1 || operators[0] !== '$pull') return false;
    return Object.keys(update.$pull as Record<string, unknown>).every((path) => {
      const type = this.schema.path(path) as { instance?: string; validators?: unknown[] } | undefined;
      return type?.instance === 'Array' && (type.validators?.length ?? 0) === 0;
    });
  }

  indexes(): IndexSpec[] {
    return this.schema.indexes().map(([fields, options]) => {
      const paths = Object.keys(fields);
      const opts = options as {
        name?: string;
        unique?: boolean;
        sparse?: boolean;
        partialFilterExpression?: Record<string, unknown>;
        expireAfterSeconds?: number;
      };
      return {
        name:
          opts.name ??
          Object.entries(fields)
            .map(([path, direction]) => `${path}_${String(direction)}`)
            .join('_'),
        paths,
        keys: Object.entries(fields),
        unique: opts.unique === true,
        sparse: opts.sparse === true,
        ...(opts.partialFilterExpression ? { partialFilterExpression: opts.partialFilterExpression } : {}),
        ...(typeof opts.expireAfterSeconds === 'number' ? { expireAfterSeconds: opts.expireAfterSeconds } : {}),
      };
    });
  }
}
