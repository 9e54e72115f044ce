import type { Schema } from 'mongoose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentValidationError, DuplicateKeyError, OUTBOX_PENDING, type Collection, type DocumentStore } from '@ruedas/platform';
import { carSchema, ids, sample, uniqueName, type Car } from './document-store.fixtures';
import { documentStoreUpdateTests } from './document-store.updates';

export interface DocumentStoreFixture {
  store: DocumentStore;
  /** Closes the store and opens it again on the same data (durable adapters only). */
  reopen?: () => Promise<DocumentStore>;
  teardown: () => Promise<void>;
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
      await expect(
        cars.insertMany([
          { _id: 'k5', brand: 'BMW', model: 'X1', year: 2020 },
          { _id: 'k6', brand: 'BMW', model: 'X1', year: 2020 },
        ]),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
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

      it("finds the documents with events to publish (the outbox relay's query, OUTBOX_PENDING), limited", async () => {
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
        expect(await cars.findOne({ _id: 'a' }, { projection: { brand: 1, 'owner.city': 1 } })).toEqual({
          _id: 'a',
          brand: 'Toyota',
          owner: { city: 'San José' },
        });
        expect(await cars.findOne({ _id: 'a' }, { projection: { brand: 1, _id: 0 } })).toEqual({ brand: 'Toyota' });
        expect(await cars.findOne({ _id: 'a' }, { projection: { _id: 1 } })).toEqual({ _id: 'a' });
        expect(ids(await cars.find({ brand: 'Toyota' }, { projection: { _id: 1 }, sort: { _id: 1 } }))).toEqual(['a', 'b']);
        const excluded = await cars.findOne({ _id: 'a' }, { projection: { scores: 0, owner: 0, outbox: 0 } });
        expect(Object.keys(excluded ?? {}).sort()).toEqual(['_id', 'brand', 'color', 'model', 'price', 'tags', 'version', 'year']);
      });
    });

    documentStoreUpdateTests(() => ({ cars, seed }));

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
