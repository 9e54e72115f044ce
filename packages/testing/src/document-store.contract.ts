import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DocumentValidationError,
  DuplicateKeyError,
  OUTBOX_PENDING,
  type Collection,
  type DocumentStore,
  type StoredDocument,
} from '@ruedas/platform';

export interface DocumentStoreFixture {
  store: DocumentStore;
  /** Closes the store and opens it again on the same data (durable adapters only). */
  reopen?: () => Promise<DocumentStore>;
  teardown: () => Promise<void>;
}

interface Outbox {
  id: string;
  type: string;
}

interface Car extends StoredDocument {
  brand: string;
  model: string;
  year: number;
  price: number;
  plate?: string;
  color?: string;
  tags: string[];
  owner?: { name: string; city?: string };
  scores: Array<{ by: string; value: number }>;
  outbox: Outbox[];
  version: number;
  createdAt?: Date;
}

/** The shape services declare: string ids, required fields, defaults, an outbox, unique indexes. */
function carSchema(): Schema {
  const schema = new Schema(
    {
      _id: String,
      brand: { type: String, required: true },
      model: { type: String, required: true },
      year: { type: Number, required: true, min: 1900 },
      price: { type: Number, default: 0 },
      plate: String,
      color: String,
      tags: { type: [String], default: [] },
      owner: { name: String, city: String },
      scores: { type: [{ _id: false, by: String, value: Number }], default: [] },
      outbox: { type: [{ _id: false, id: String, type: { type: String } }], default: [] },
      version: { type: Number, default: 0 },
      createdAt: Date,
    },
    { versionKey: false },
  );
  schema.index({ plate: 1 }, { unique: true, sparse: true });
  schema.index({ brand: 1, model: 1, year: 1 }, { unique: true });
  schema.index({ year: -1, price: 1 });
  return schema;
}

let counter = 0;
/** A collection name unique to this test, so one real MongoDB can be shared by every run. */
function uniqueName(): string {
  counter += 1;
  return `c${counter}_${randomUUID().slice(0, 8)}`;
}

const sample: Array<Partial<Car> & { _id: string }> = [
  { _id: 'a', brand: 'Toyota', model: 'Corolla', year: 2015, price: 9000, color: 'red', tags: ['sedan', 'manual'], owner: { name: 'Ana', city: 'San José' }, scores: [{ by: 'x', value: 3 }, { by: 'y', value: 9 }] },
  { _id: 'b', brand: 'Toyota', model: 'Hilux', year: 2019, price: 25000, color: 'white', tags: ['pickup', '4x4'], owner: { name: 'Beto', city: 'Cartago' }, scores: [{ by: 'x', value: 7 }] },
  { _id: 'c', brand: 'Honda', model: 'Civic', year: 2015, price: 11000, tags: ['sedan'], owner: { name: 'Carla' } },
  { _id: 'd', brand: 'Nissan', model: 'Sentra', year: 2010, price: 5000, color: 'red', tags: [], scores: [{ by: 'z', value: 5 }] },
  { _id: 'e', brand: 'Hyundai', model: 'Tucson', year: 2022, price: 30000, color: 'Black', tags: ['suv', 'automatic'], owner: { name: 'Eva', city: 'Heredia' } },
];

function ids(docs: StoredDocument[]): string[] {
  return docs.map((d) => d._id);
}

/**
 * The document store contract: every adapter must pass it. `setup` gives a fresh store (and, for a
 * durable adapter, a way to reopen it); collection names are unique per test.
 */
export function runDocumentStoreContractTests(name: string, setup: () => Promise<DocumentStoreFixture>): void {
  describe(`document store contract: ${name}`, () => {
    let fixture: DocumentStoreFixture;
    let store: DocumentStore;
    let schema: Schema;
    let cars: Collection<Car>;

    beforeEach(async () => {
      fixture = await setup();
      store = fixture.store;
      schema = carSchema();
      cars = await store.collection<Car>(uniqueName(), schema);
    });

    afterEach(async () => {
      await fixture.teardown();
    });

    const seed = async (): Promise<void> => {
      await cars.insertMany(sample);
    };

    it('inserts a document and finds it by id, with the schema defaults applied', async () => {
      const created = await cars.insertOne({ _id: 'x1', brand: 'Kia', model: 'Rio', year: 2020 });
      expect(created).toMatchObject({ _id: 'x1', brand: 'Kia', price: 0, version: 0, tags: [], outbox: [] });
      expect(await cars.findById('x1')).toEqual(created);
      expect(await cars.findById('missing')).toBeNull();
    });

    it('casts values with the schema and keeps dates as dates', async () => {
      const createdAt = new Date('2024-05-01T10:00:00.000Z');
      await cars.insertOne({ _id: 'x1', brand: 'Kia', model: 'Rio', year: '2020' as unknown as number, createdAt });
      const found = await cars.findById('x1');
      expect(found?.year).toBe(2020);
      expect(found?.createdAt).toBeInstanceOf(Date);
      expect(found?.createdAt?.toISOString()).toBe(createdAt.toISOString());
    });

    it('refuses an invalid document with DocumentValidationError naming the fields, storing nothing', async () => {
      const error = await cars.insertOne({ _id: 'x1', brand: 'Kia', year: 1800 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DocumentValidationError);
      expect(Object.keys((error as DocumentValidationError).fields).sort()).toEqual(['model', 'year']);
      await expect(cars.insertOne({ _id: 'x2', brand: 'Kia', model: 'Rio', year: 'old' as unknown as number })).rejects.toBeInstanceOf(DocumentValidationError);
      expect(await cars.count()).toBe(0);
    });

    it('refuses an update that makes a document invalid, changing nothing', async () => {
      await seed();
      await expect(cars.updateOne({ _id: 'a' }, { $set: { year: 1800 } })).rejects.toBeInstanceOf(DocumentValidationError);
      expect((await cars.findById('a'))?.year).toBe(2015);
    });

    it('refuses a duplicate _id', async () => {
      await seed();
      await expect(cars.insertOne({ _id: 'a', brand: 'Kia', model: 'Rio', year: 2020 })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect((await cars.findById('a'))?.brand).toBe('Toyota');
    });

    it('enforces a single-field unique index on insert and on update, changing nothing', async () => {
      await cars.insertOne({ _id: 'p1', brand: 'Kia', model: 'Rio', year: 2020, plate: 'ABC123' });
      await cars.insertOne({ _id: 'p2', brand: 'Kia', model: 'Rio', year: 2021 });
      // sparse: any number of documents may lack the plate
      await cars.insertOne({ _id: 'p3', brand: 'Kia', model: 'Rio', year: 2022 });
      const error = await cars.insertOne({ _id: 'p4', brand: 'Kia', model: 'Soul', year: 2020, plate: 'ABC123' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect((error as DuplicateKeyError).keyValue).toEqual({ plate: 'ABC123' });
      await expect(cars.updateOne({ _id: 'p2' }, { $set: { plate: 'ABC123' } })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect((await cars.findById('p2'))?.plate).toBeUndefined();
      expect(await cars.count()).toBe(3);
      // freeing a key lets another document take it
      await cars.updateOne({ _id: 'p1' }, { $unset: { plate: 1 } });
      await cars.updateOne({ _id: 'p2' }, { $set: { plate: 'ABC123' } });
      expect((await cars.findOne({ plate: 'ABC123' }))?._id).toBe('p2');
    });

    it('enforces a compound unique index: only the full combination must be unique', async () => {
      await cars.insertOne({ _id: 'k1', brand: 'Kia', model: 'Rio', year: 2020 });
      await cars.insertOne({ _id: 'k2', brand: 'Kia', model: 'Rio', year: 2021 });
      await cars.insertOne({ _id: 'k3', brand: 'Kia', model: 'Soul', year: 2020 });
      const error = await cars.insertOne({ _id: 'k4', brand: 'Kia', model: 'Rio', year: 2020 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect((error as DuplicateKeyError).keyValue).toEqual({ brand: 'Kia', model: 'Rio', year: 2020 });
      await expect(cars.findOneAndUpdate({ _id: 'k2' }, { $set: { year: 2020 } })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect((await cars.findById('k2'))?.year).toBe(2021);
      await expect(cars.insertMany([{ _id: 'k5', brand: 'BMW', model: 'X1', year: 2020 }, { _id: 'k6', brand: 'BMW', model: 'X1', year: 2020 }])).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await cars.findById('k6')).toBeNull();
    });

    describe('filters', () => {
      beforeEach(seed);
      const cases: Array<[string, Record<string, unknown>, string[]]> = [
        ['equality', { brand: 'Toyota' }, ['a', 'b']],
        ['equality on a dotted path', { 'owner.city': 'Cartago' }, ['b']],
        ['equality on an array member', { tags: 'sedan' }, ['a', 'c']],
        ['equality on a field of array elements', { 'scores.by': 'x' }, ['a', 'b']],
        ['an array position', { 'tags.0': 'pickup' }, ['b']],
        ['$eq', { year: { $eq: 2015 } }, ['a', 'c']],
        ['$ne (also matches a missing field)', { color: { $ne: 'red' } }, ['b', 'c', 'e']],
        ['null matches a missing field', { color: null }, ['c']],
        ['$gt', { year: { $gt: 2015 } }, ['b', 'e']],
        ['$gte and $lte (a range)', { price: { $gte: 9000, $lte: 25000 } }, ['a', 'b', 'c']],
        ['$lt', { year: { $lt: 2015 } }, ['d']],
        ['a range on array element values', { 'scores.value': { $gt: 8 } }, ['a']],
        ['$in', { brand: { $in: ['Honda', 'Nissan'] } }, ['c', 'd']],
        ['$in on an array field', { tags: { $in: ['4x4', 'suv'] } }, ['b', 'e']],
        ['$nin', { brand: { $nin: ['Toyota', 'Honda'] } }, ['d', 'e']],
        ['$exists: true', { color: { $exists: true } }, ['a', 'b', 'd', 'e']],
        ['$exists: false', { 'owner.city': { $exists: false } }, ['c', 'd']],
        ['$exists on an array position (non-empty array)', { 'scores.0': { $exists: true } }, ['a', 'b', 'd']],
        ['$regex', { model: { $regex: '^c' } }, []],
        ['$regex with $options i', { model: { $regex: '^c', $options: 'i' } }, ['a', 'c']],
        ['a RegExp value', { color: /^bl/i }, ['e']],
        ['$regex on array members', { tags: { $regex: 'auto' } }, ['e']],
        ['$or', { $or: [{ brand: 'Honda' }, { year: { $gte: 2020 } }] }, ['c', 'e']],
        ['$and', { $and: [{ year: 2015 }, { color: 'red' }] }, ['a']],
        ['$not', { year: { $not: { $gte: 2015 } } }, ['d']],
        ['$size', { tags: { $size: 2 } }, ['a', 'b', 'e']],
        ['$elemMatch on documents', { scores: { $elemMatch: { by: 'x', value: { $gte: 5 } } } }, ['b']],
        ['$elemMatch on document elements, with another condition', { 'scores.value': { $gte: 4 }, scores: { $elemMatch: { value: { $lt: 4 } } } }, ['a']],
        ['$elemMatch on values', { tags: { $elemMatch: { $gte: 's', $lt: 't' } } }, ['a', 'c', 'e']],
        ['several conditions (implicit and)', { brand: 'Toyota', year: 2015 }, ['a']],
        ['nothing matches', { brand: 'Ferrari' }, []],
      ];
      for (const [label, filter, expected] of cases) {
        it(label, async () => {
          expect(ids(await cars.find(filter, { sort: { _id: 1 } }))).toEqual(expected);
          expect(await cars.count(filter)).toBe(expected.length);
        });
      }

      it('compares dates by time: equality, ranges, and a missing date matching neither', async () => {
        await cars.updateOne({ _id: 'a' }, { $set: { createdAt: new Date('2026-01-10T12:00:00Z') } });
        await cars.updateOne({ _id: 'b' }, { $set: { createdAt: new Date('2026-03-01T00:00:00Z') } });
        expect(ids(await cars.find({ createdAt: new Date('2026-01-10T12:00:00Z') }))).toEqual(['a']);
        expect(ids(await cars.find({ createdAt: { $gte: new Date('2026-01-10T12:00:00Z') } }, { sort: { _id: 1 } }))).toEqual(['a', 'b']);
        expect(ids(await cars.find({ createdAt: { $gt: new Date('2026-01-10T12:00:00Z'), $lt: new Date('2026-12-31T00:00:00Z') } }))).toEqual(['b']);
        expect(ids(await cars.find({ createdAt: { $ne: new Date('2026-03-01T00:00:00Z') } }, { sort: { _id: 1 } }))).toEqual(['a', 'c', 'd', 'e']);
        expect(ids(await cars.find({ createdAt: { $in: [new Date('2026-03-01T00:00:00Z')] } }))).toEqual(['b']);
      });
    });

    describe('sort, pagination, projection', () => {
      beforeEach(seed);

      it('sorts on several keys, ascending and descending', async () => {
        expect(ids(await cars.find({}, { sort: { year: -1, price: 1 } }))).toEqual(['e', 'b', 'a', 'c', 'd']);
        expect(ids(await cars.find({}, { sort: { brand: 1, year: -1 } }))).toEqual(['c', 'e', 'd', 'b', 'a']);
      });

      it('sorts a missing field first when ascending', async () => {
        expect(ids(await cars.find({}, { sort: { color: 1, _id: 1 } }))).toEqual(['c', 'e', 'a', 'd', 'b']);
      });

      it('skips and limits after sorting', async () => {
        expect(ids(await cars.find({}, { sort: { price: 1 }, skip: 1, limit: 2 }))).toEqual(['a', 'c']);
        expect(ids(await cars.find({ year: { $gte: 2015 } }, { sort: { price: -1 }, limit: 2 }))).toEqual(['e', 'b']);
        expect(await cars.find({}, { sort: { price: 1 }, skip: 10 })).toEqual([]);
      });

      it('pages by key (bounded queries): _id after the last one seen, sorted by _id, limited', async () => {
        const seen: string[] = [];
        let after: string | undefined;
        for (;;) {
          const page = await cars.find({ ...(after === undefined ? {} : { _id: { $gt: after } }) }, { sort: { _id: 1 }, limit: 2 });
          expect(page.length).toBeLessThanOrEqual(2);
          seen.push(...ids(page));
          if (page.length < 2) break;
          after = page.at(-1)!._id;
        }
        expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
      });

      it('finds the documents with events to publish (the outbox relay\'s query, OUTBOX_PENDING), limited', async () => {
        await cars.updateOne({ _id: 'b' }, { $set: { outbox: [{ id: 'e1', type: 'CarChanged' }] } });
        await cars.updateOne({ _id: 'd' }, { $set: { outbox: [{ id: 'e2', type: 'CarChanged' }] } });
        expect(ids(await cars.find(OUTBOX_PENDING, { sort: { _id: 1 } }))).toEqual(['b', 'd']);
        expect(await cars.find(OUTBOX_PENDING, { limit: 1 })).toHaveLength(1);
      });

      it('findOne honours the sort', async () => {
        expect((await cars.findOne({ brand: 'Toyota' }, { sort: { price: -1 } }))?._id).toBe('b');
        expect(await cars.findOne({ brand: 'Ferrari' })).toBeNull();
      });

      it('counts all or matching documents', async () => {
        expect(await cars.count()).toBe(5);
        expect(await cars.count({ color: 'red' })).toBe(2);
      });

      it('projects by inclusion (with _id unless excluded; _id alone gives only _id) and by exclusion', async () => {
        expect(await cars.findOne({ _id: 'a' }, { projection: { brand: 1, 'owner.city': 1 } })).toEqual({ _id: 'a', brand: 'Toyota', owner: { city: 'San José' } });
        expect(await cars.findOne({ _id: 'a' }, { projection: { brand: 1, _id: 0 } })).toEqual({ brand: 'Toyota' });
        expect(await cars.findOne({ _id: 'a' }, { projection: { _id: 1 } })).toEqual({ _id: 'a' });
        expect(ids(await cars.find({ brand: 'Toyota' }, { projection: { _id: 1 }, sort: { _id: 1 } }))).toEqual(['a', 'b']);
        const excluded = await cars.findOne({ _id: 'a' }, { projection: { scores: 0, owner: 0, outbox: 0 } });
        expect(Object.keys(excluded ?? {}).sort()).toEqual(['_id', 'brand', 'color', 'model', 'price', 'tags', 'version', 'year']);
      });
    });

    describe('updates', () => {
      beforeEach(seed);

      it('$set (also dotted paths) and $unset', async () => {
        const result = await cars.updateOne({ _id: 'a' }, { $set: { color: 'blue', 'owner.city': 'Limón' }, $unset: { plate: 1, 'owner.name': 1 } });
        expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
        expect(await cars.findById('a')).toMatchObject({ color: 'blue', owner: { city: 'Limón' } });
        expect((await cars.findById('a'))?.owner?.name).toBeUndefined();
      });

      it('reports matched but not modified when nothing changes, and nothing matched', async () => {
        expect(await cars.updateOne({ _id: 'a' }, { $set: { color: 'red' } })).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
        expect(await cars.updateOne({ _id: 'zz' }, { $set: { color: 'red' } })).toMatchObject({ matchedCount: 0, modifiedCount: 0 });
      });

      it('$inc', async () => {
        await cars.updateOne({ _id: 'a' }, { $inc: { price: 500, version: 1 } });
        expect(await cars.findById('a')).toMatchObject({ price: 9500, version: 1 });
      });

      it('$push one value and several with $each', async () => {
        await cars.updateOne({ _id: 'a' }, { $push: { tags: 'ac' } });
        await cars.updateOne({ _id: 'a' }, { $push: { tags: { $each: ['abs', 'ac'] } } });
        expect((await cars.findById('a'))?.tags).toEqual(['sedan', 'manual', 'ac', 'abs', 'ac']);
      });

      it('$addToSet adds only missing values', async () => {
        await cars.updateOne({ _id: 'a' }, { $addToSet: { tags: 'sedan' } });
        await cars.updateOne({ _id: 'a' }, { $addToSet: { tags: { $each: ['ac', 'manual', 'abs'] } } });
        expect((await cars.findById('a'))?.tags).toEqual(['sedan', 'manual', 'ac', 'abs']);
      });

      it('$pull by value and by condition', async () => {
        await cars.updateOne({ _id: 'a' }, { $pull: { tags: 'manual' } });
        await cars.updateOne({ _id: 'a' }, { $pull: { scores: { value: { $gt: 5 } } } });
        expect(await cars.findById('a')).toMatchObject({ tags: ['sedan'], scores: [{ by: 'x', value: 3 }] });
      });

      it('updateMany updates every matching document', async () => {
        const result = await cars.updateMany({ brand: 'Toyota' }, { $set: { color: 'green' }, $inc: { version: 1 } });
        expect(result).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
        expect(ids(await cars.find({ color: 'green', version: 1 }, { sort: { _id: 1 } }))).toEqual(['a', 'b']);
      });

      it('upserts with $setOnInsert only when inserting', async () => {
        const inserted = await cars.updateOne(
          { _id: 'n1' },
          { $set: { price: 100 }, $setOnInsert: { brand: 'Suzuki', model: 'Swift', year: 2018 } },
          { upsert: true },
        );
        expect(inserted).toMatchObject({ matchedCount: 0, upsertedId: 'n1' });
        expect(await cars.findById('n1')).toMatchObject({ brand: 'Suzuki', price: 100, version: 0, tags: [] });
        await cars.updateOne({ _id: 'n1' }, { $set: { price: 200 }, $setOnInsert: { brand: 'Mazda' } }, { upsert: true });
        expect(await cars.findById('n1')).toMatchObject({ brand: 'Suzuki', price: 200 });
      });

      it('never changes a document _id (refused, or ignored as mongoose does for immutable paths)', async () => {
        await cars.updateOne({ _id: 'a' }, { $set: { _id: 'other' } }).catch(() => undefined);
        expect(await cars.findById('a')).not.toBeNull();
        expect(await cars.findById('other')).toBeNull();
      });
    });

    describe('concurrency and atomicity', () => {
      it('optimistic concurrency: of two writers expecting the same version, exactly one wins', async () => {
        await cars.insertOne({ _id: 'v', brand: 'Kia', model: 'Rio', year: 2020, version: 3 });
        const attempt = (color: string) => cars.updateOne({ _id: 'v', version: 3 }, { $set: { color }, $inc: { version: 1 } });
        const results = await Promise.all([attempt('red'), attempt('blue')]);
        expect(results.map((r) => r.modifiedCount).sort()).toEqual([0, 1]);
        const winner = results[0]!.modifiedCount === 1 ? 'red' : 'blue';
        expect(await cars.findById('v')).toMatchObject({ version: 4, color: winner });
      });

      it('findOneAndUpdate returns the new document and is atomic under concurrency', async () => {
        await cars.insertOne({ _id: 'n', brand: 'Kia', model: 'Rio', year: 2020 });
        const after = await cars.findOneAndUpdate({ _id: 'n' }, { $inc: { price: 1 } });
        expect(after).toMatchObject({ _id: 'n', price: 1 });
        const all = await Promise.all(Array.from({ length: 50 }, () => cars.findOneAndUpdate({ _id: 'n' }, { $inc: { price: 1 } })));
        expect(new Set(all.map((d) => d?.price)).size).toBe(50);
        expect((await cars.findById('n'))?.price).toBe(51);
        expect(await cars.findOneAndUpdate({ _id: 'none' }, { $inc: { price: 1 } })).toBeNull();
      });

      it('a conditional findOneAndUpdate holds its condition under concurrency (a budget: at most N of a burst)', async () => {
        // What identity's lockout and request limits stand on (decision 0028).
        await cars.insertOne({ _id: 'budget', brand: 'Kia', model: 'Rio', year: 2020, price: 0 });
        const burst = await Promise.all(Array.from({ length: 40 }, () => cars.findOneAndUpdate({ _id: 'budget', price: { $lt: 5 } }, { $inc: { price: 1 } })));
        expect(burst.filter((doc) => doc !== null).map((doc) => doc!.price).sort()).toEqual([1, 2, 3, 4, 5]);
        expect((await cars.findById('budget'))?.price).toBe(5);
        // A write conditional on a field being null wins once.
        const locks = await Promise.all(Array.from({ length: 10 }, (_, i) => cars.updateOne({ _id: 'budget', color: { $exists: false } }, { $set: { color: `c${i}` } })));
        expect(locks.filter((result) => result.modifiedCount === 1)).toHaveLength(1);
      });

      it('an upsert with $inc counts every call of a burst (one retry on DuplicateKeyError allowed)', async () => {
        const take = async () => {
          const update = { $inc: { price: 1 }, $setOnInsert: { brand: 'Kia', model: 'Rio', year: 2020 } };
          try {
            return await cars.findOneAndUpdate({ _id: 'window' }, update, { upsert: true });
          } catch (error) {
            if (!(error instanceof DuplicateKeyError)) throw error;
            return cars.findOneAndUpdate({ _id: 'window' }, update, { upsert: true });
          }
        };
        const counts = await Promise.all(Array.from({ length: 30 }, take));
        expect(counts.map((doc) => doc!.price).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      });

      it('findOneAndUpdate takes the first document in sort order and can upsert', async () => {
        await seed();
        expect((await cars.findOneAndUpdate({ brand: 'Toyota' }, { $set: { color: 'gold' } }, { sort: { price: -1 } }))?._id).toBe('b');
        const created = await cars.findOneAndUpdate({ _id: 'u1' }, { $setOnInsert: { brand: 'Fiat', model: 'Uno', year: 1995 } }, { upsert: true });
        expect(created).toMatchObject({ _id: 'u1', brand: 'Fiat', version: 0 });
      });

      it('the outbox pattern: a change and its event in one write; pending events found and pulled by id', async () => {
        await seed();
        await cars.updateOne({ _id: 'a', version: 0 }, { $set: { price: 8500 }, $inc: { version: 1 }, $push: { outbox: { id: 'ev1', type: 'PriceChanged' } } });
        await cars.updateOne({ _id: 'b' }, { $push: { outbox: { $each: [{ id: 'ev2', type: 'Sold' }, { id: 'ev3', type: 'Archived' }] } } });
        const pending = await cars.find({ 'outbox.0': { $exists: true } }, { sort: { _id: 1 } });
        expect(ids(pending)).toEqual(['a', 'b']);
        expect(pending[0]).toMatchObject({ price: 8500, version: 1, outbox: [{ id: 'ev1', type: 'PriceChanged' }] });
        await cars.updateOne({ _id: 'b' }, { $pull: { outbox: { id: 'ev2' } } });
        await cars.updateOne({ _id: 'a' }, { $pull: { outbox: { id: { $in: ['ev1'] } } } });
        expect(ids(await cars.find({ 'outbox.0': { $exists: true } }))).toEqual(['b']);
        expect((await cars.findById('b'))?.outbox).toEqual([{ id: 'ev3', type: 'Archived' }]);
      });
    });

    it('deleteOne deletes one matching document, deleteMany all of them', async () => {
      await seed();
      expect(await cars.deleteOne({ brand: 'Toyota' })).toEqual({ deletedCount: 1 });
      expect(await cars.count({ brand: 'Toyota' })).toBe(1);
      expect(await cars.deleteMany({ year: { $lte: 2015 }, brand: { $ne: 'Toyota' } })).toEqual({ deletedCount: 2 });
      expect(await cars.deleteOne({ _id: 'zz' })).toEqual({ deletedCount: 0 });
      expect(await cars.count()).toBe(2);
      // a deleted document's unique keys are free again
      await cars.insertOne({ _id: 'c2', brand: 'Honda', model: 'Civic', year: 2015 });
    });

    it('returns copies: mutating a result does not change the store', async () => {
      await seed();
      const found = await cars.findById('a');
      found!.tags.push('mutated');
      found!.owner!.name = 'mutated';
      const listed = await cars.find({ _id: 'a' });
      listed[0]!.price = -1;
      const inserted = await cars.insertOne({ _id: 'm', brand: 'Kia', model: 'Rio', year: 2020 });
      inserted.tags.push('mutated');
      expect(await cars.findById('a')).toMatchObject({ tags: ['sedan', 'manual'], owner: { name: 'Ana' }, price: 9000 });
      expect((await cars.findById('m'))?.tags).toEqual([]);
    });

    it('declaring a collection twice gives the same data', async () => {
      await seed();
      const again = await store.collection<Car>(cars.name, schema);
      expect(await again.count()).toBe(5);
    });

    it('answers info() with the engine and its version', async () => {
      const info = await store.info();
      expect(info.engine).toMatch(/\S/);
      expect(info.version).toMatch(/^\d+\.\d+/);
    });

    it('keeps everything written after reopening', async (context) => {
      if (!fixture.reopen) {
        context.skip();
        return;
      }
      await seed();
      await cars.updateOne({ _id: 'a' }, { $set: { color: 'blue' }, $push: { outbox: { id: 'ev1', type: 'X' } } });
      await cars.deleteOne({ _id: 'd' });
      await cars.insertOne({ _id: 'f', brand: 'Kia', model: 'Rio', year: 2020, createdAt: new Date('2024-01-02T03:04:05.000Z') });
      const expected = await cars.find({}, { sort: { _id: 1 } });
      const reopened = await fixture.reopen();
      const again = await reopened.collection<Car>(cars.name, schema);
      expect(await again.find({}, { sort: { _id: 1 } })).toEqual(expected);
      expect((await again.findById('f'))?.createdAt).toBeInstanceOf(Date);
      // indexes are rebuilt too
      await expect(again.insertOne({ _id: 'g', brand: 'Kia', model: 'Rio', year: 2020 })).rejects.toBeInstanceOf(DuplicateKeyError);
    });
  });
}
