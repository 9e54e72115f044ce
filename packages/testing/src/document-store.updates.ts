import { beforeEach, describe, expect, it } from 'vitest';
import { DuplicateKeyError, type Collection } from '@ruedas/platform';
import { ids, type Car } from './document-store.fixtures';

/**
 * The document store contract's updates and its concurrency and atomicity tests; `current` gives
 * the running test's collection and its seeding (the sample of five cars).
 */
export function documentStoreUpdateTests(current: () => { cars: Collection<Car>; seed: () => Promise<void> }): void {
  let cars: Collection<Car>;
  const seed = () => current().seed();

  beforeEach(() => {
    cars = current().cars;
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
      expect(
        burst
          .filter((doc) => doc !== null)
          .map((doc) => doc!.price)
          .sort(),
      ).toEqual([1, 2, 3, 4, 5]);
      expect((await cars.findById('budget'))?.price).toBe(5);
      // A write conditional on a field being null wins once.
      const locks = await Promise.all(
        Array.from({ length: 10 }, (_, i) => cars.updateOne({ _id: 'budget', color: { $exists: false } }, { $set: { color: `c${i}` } })),
      );
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
      await cars.updateOne(
        { _id: 'b' },
        {
          $push: {
            outbox: {
              $each: [
                { id: 'ev2', type: 'Sold' },
                { id: 'ev3', type: 'Archived' },
              ],
            },
          },
        },
      );
      const pending = await cars.find({ 'outbox.0': { $exists: true } }, { sort: { _id: 1 } });
      expect(ids(pending)).toEqual(['a', 'b']);
      expect(pending[0]).toMatchObject({ price: 8500, version: 1, outbox: [{ id: 'ev1', type: 'PriceChanged' }] });
      await cars.updateOne({ _id: 'b' }, { $pull: { outbox: { id: 'ev2' } } });
      await cars.updateOne({ _id: 'a' }, { $pull: { outbox: { id: { $in: ['ev1'] } } } });
      expect(ids(await cars.find({ 'outbox.0': { $exists: true } }))).toEqual(['b']);
      expect((await cars.findById('b'))?.outbox).toEqual([{ id: 'ev3', type: 'Archived' }]);
    });
  });
}
