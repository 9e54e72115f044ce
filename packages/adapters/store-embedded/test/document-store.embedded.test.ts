import { spawnSync } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Schema } from 'mongoose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DuplicateKeyError, ManualClock, type Collection } from '@ruedas/platform';
import { createEmbeddedStore, UnindexedQueryError, type EmbeddedStoreOptions } from '@ruedas/store-embedded';
import { runDocumentStoreContractTests, runLeaseContractTests } from '@ruedas/testing';

// The contract holds the query dialect's meaning on any filter, indexed or not, so it runs with
// strict mode off; strict mode itself is held below (decision 0155).
runDocumentStoreContractTests('embedded', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ruedas-store-'));
  let store = await createEmbeddedStore({ dir, strict: false });
  return {
    store,
    reopen: async () => {
      await store.close();
      store = await createEmbeddedStore({ dir, strict: false });
      return store;
    },
    teardown: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

runLeaseContractTests('embedded', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ruedas-store-'));
  const store = await createEmbeddedStore({ dir });
  return {
    store,
    teardown: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

interface Item {
  _id: string;
  n?: number;
  email?: string;
}

describe('embedded document store: durability and exclusivity', () => {
  let dir: string;
  const schema = new Schema({ _id: String, n: { type: Number, default: 0 }, email: String }, { versionKey: false });
  schema.index({ email: 1 }, { unique: true, sparse: true });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ruedas-store-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function withStore<R>(work: (items: Collection<Item>) => Promise<R>, options: Partial<EmbeddedStoreOptions> = {}): Promise<R> {
    const store = await createEmbeddedStore({ dir, ...options });
    try {
      return await work(await store.collection<Item>('items', schema));
    } finally {
      await store.close();
    }
  }

  it('discards a torn last journal line on open and keeps every earlier write', async () => {
    await withStore(async (items) => {
      await items.insertMany([{ _id: 'a' }, { _id: 'b' }]);
      await items.updateOne({ _id: 'a' }, { $inc: { n: 5 } });
    });
    const journal = join(dir, 'items.journal');
    await appendFile(journal, '0badc0de {"p":{"_id":"c","n":1');
    await withStore(async (items) => {
      expect(await items.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'a', n: 5 },
        { _id: 'b', n: 0 },
      ]);
      await items.insertOne({ _id: 'd' });
    });
    await withStore(async (items) => {
      expect((await items.find({})).map((d) => d._id).sort()).toEqual(['a', 'b', 'd']);
    });
  });

  it('refuses to open a journal corrupted before its last line', async () => {
    await withStore(async (items) => {
      await items.insertOne({ _id: 'a' });
      await items.insertOne({ _id: 'b' });
    });
    const journal = join(dir, 'items.journal');
    const text = await readFile(journal, 'utf8');
    await writeFile(journal, text.replace('"a"', '"x"'));
    await expect(withStore(async () => undefined)).rejects.toThrow(/corrupt/);
  });

  it('compacts the journal into a snapshot and keeps the data', async () => {
    await withStore(
      async (items) => {
        await items.insertMany(Array.from({ length: 20 }, (_, i) => ({ _id: `i${i}`, email: `u${i}@x.cr` })));
        for (let i = 0; i < 60; i++) await items.updateOne({ _id: 'i0' }, { $inc: { n: 1 } });
        await items.deleteOne({ _id: 'i19' });
      },
      { compaction: { minBytes: 1024, ratio: 2 } },
    );
    const snapshot = await stat(join(dir, 'items.snapshot'));
    const journal = await stat(join(dir, 'items.journal'));
    expect(snapshot.size).toBeGreaterThan(0);
    expect(journal.size).toBeLessThan(snapshot.size * 2);
    await withStore(async (items) => {
      expect(await items.count()).toBe(19);
      expect((await items.findById('i0'))?.n).toBe(60);
      await expect(items.insertOne({ _id: 'z', email: 'u3@x.cr' })).rejects.toBeInstanceOf(DuplicateKeyError);
    });
  });

  it('group-commits concurrent writes and keeps all of them', async () => {
    await withStore(async (items) => {
      await Promise.all(Array.from({ length: 200 }, (_, i) => items.insertOne({ _id: `g${i}` })));
    });
    await withStore(async (items) => expect(await items.count()).toBe(200));
  });

  it('refuses a second live opener of the same folder, and takes over a dead process lock', async () => {
    const first = await createEmbeddedStore({ dir });
    await expect(createEmbeddedStore({ dir })).rejects.toThrow(/in use by process/);
    await first.close();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(join(dir, 'LOCK'), `${dead}\n`);
    const second = await createEmbeddedStore({ dir });
    expect((await second.info()).engine).toBe('embedded');
    await second.close();
  });

  it('refuses unsupported operators instead of ignoring them', async () => {
    await withStore(async (items) => {
      await items.insertOne({ _id: 'a' });
      await expect(items.find({ n: { $near: 1 } })).rejects.toThrow(/\$near/);
      await expect(items.updateOne({ _id: 'a' }, { n: 2 })).rejects.toThrow(/operators/);
    });
  });
});

describe('embedded document store: strict mode (decision 0155)', () => {
  interface Ad {
    _id: string;
    status?: string;
    level?: string;
    levelRank?: number;
    publishedAt?: Date;
    sellerId?: string;
    title?: string;
    photos?: string[];
    outbox?: unknown[];
  }
  const schema = new Schema(
    { _id: String, status: String, level: String, levelRank: Number, publishedAt: Date, sellerId: String, title: String, photos: [String], outbox: [{}] },
    { versionKey: false },
  );
  schema.index({ status: 1, levelRank: -1, publishedAt: -1, _id: 1 });
  schema.index({ sellerId: 1, publishedAt: -1 });
  schema.index({ title: 1 });
  schema.index({ photos: 1 });
  let dir: string;
  let store: Awaited<ReturnType<typeof createEmbeddedStore>>;
  let ads: Collection<Ad>;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ruedas-store-'));
    store = await createEmbeddedStore({ dir });
    ads = await store.collection<Ad>('ads', schema);
    await ads.insertMany([
      { _id: 'a', status: 'active', levelRank: 1, publishedAt: new Date(1), sellerId: 's', title: 'Corolla', photos: ['p1'] },
      { _id: 'b', status: 'active', levelRank: 2, publishedAt: new Date(2), sellerId: 's', title: 'Civic', photos: ['p2'] },
    ]);
  });

  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers what an index serves: equality prefix, then the sort in index order or fully reversed, ending in the tie-breaker', async () => {
    expect((await ads.find({ status: 'active' }, { sort: { levelRank: -1, publishedAt: -1, _id: 1 } })).map((a) => a._id)).toEqual(['b', 'a']);
    expect(await ads.find({ status: 'active' }, { sort: { levelRank: 1, publishedAt: 1, _id: -1 }, limit: 1 })).toHaveLength(1);
    expect(await ads.find({ status: { $in: ['active', 'sold'] }, levelRank: 2 }, { sort: { publishedAt: -1 } })).toHaveLength(1);
    expect(await ads.find({ sellerId: 's', publishedAt: { $lt: new Date(2) } }, { sort: { publishedAt: -1 } })).toHaveLength(1);
    expect(await ads.count({ status: 'active' })).toBe(2);
    expect(await ads.find({ title: /^Co/ })).toHaveLength(1);
    expect(await ads.find({ photos: 'p2' })).toHaveLength(1);
    expect(await ads.find({ $or: [{ sellerId: 's' }, { title: 'Civic' }] })).toHaveLength(2);
    // The outbox relay's query is served by the partial index MongoDB's adapter adds.
    expect(await ads.find({ 'outbox.0': { $exists: true } }, { limit: 10 })).toEqual([]);
    // A read of everything, without a filter or an order, is explicit and allowed.
    expect(await ads.find({})).toHaveLength(2);
    expect(await ads.count()).toBe(2);
  });

  it('refuses a filter, count, sort, update or delete no index serves, naming the collection and the shape', async () => {
    await expect(ads.find({ level: 'gold' })).rejects.toThrow(UnindexedQueryError);
    await expect(ads.find({ level: 'gold' })).rejects.toThrow(/collection "ads".*find \{"level":"eq"\}/);
    // A sort the index cannot give: a tie-breaker the index lacks, mixed directions, a skipped key.
    await expect(ads.find({ status: 'active' }, { sort: { levelRank: -1, publishedAt: -1, title: 1 } })).rejects.toThrow(/sort/);
    await expect(ads.find({ status: 'active' }, { sort: { levelRank: -1, publishedAt: 1 } })).rejects.toThrow(UnindexedQueryError);
    await expect(ads.find({ status: 'active' }, { sort: { publishedAt: -1 } })).rejects.toThrow(UnindexedQueryError);
    await expect(ads.find({ sellerId: 's' }, { sort: { _id: 1 } })).rejects.toThrow(UnindexedQueryError);
    // A range before the sort key breaks the order; an unanchored or case-insensitive regex is a scan.
    await expect(ads.find({ status: 'active', levelRank: { $gt: 0 } }, { sort: { publishedAt: -1 } })).rejects.toThrow(UnindexedQueryError);
    await expect(ads.find({ title: /oro/ })).rejects.toThrow(UnindexedQueryError);
    await expect(ads.find({ title: { $regex: '^co', $options: 'i' } })).rejects.toThrow(UnindexedQueryError);
    await expect(ads.find({ sellerId: { $ne: 's' } })).rejects.toThrow(UnindexedQueryError);
    await expect(ads.find({ $or: [{ sellerId: 's' }, { level: 'gold' }] })).rejects.toThrow(UnindexedQueryError);
    await expect(ads.count({ level: 'gold' })).rejects.toThrow(/count/);
    await expect(ads.updateMany({ level: 'gold' }, { $set: { status: 'x' } })).rejects.toThrow(/updateMany/);
    await expect(ads.deleteMany({ level: 'gold' })).rejects.toThrow(/deleteMany/);
    await expect(ads.findOneAndUpdate({ status: 'active' }, { $set: { level: 'x' } }, { sort: { title: 1 } })).rejects.toThrow(/findOneAndUpdate/);
    // Nothing was changed by a refused write.
    expect((await ads.find({ status: 'active' })).every((a) => a.level === undefined)).toBe(true);
  });

  it('can be turned off (the contract suite checks the dialect on any filter)', async () => {
    await store.close();
    store = await createEmbeddedStore({ dir, strict: false });
    ads = await store.collection<Ad>('ads', schema);
    expect(await ads.find({ level: { $exists: false } }, { sort: { title: 1 } })).toHaveLength(2);
  });
});

describe('embedded document store: TTL indexes (retention, as MongoDB applies them)', () => {
  it('removes the documents whose date is older than the TTL, and keeps the rest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ruedas-store-'));
    const store = await createEmbeddedStore({ dir });
    try {
      const schema = new Schema({ _id: String, seenAt: Date, other: String }, { versionKey: false });
      schema.index({ seenAt: 1 }, { expireAfterSeconds: 60 });
      const marks = await store.collection<{ _id: string; seenAt?: Date; other?: string }>('marks', schema);
      const now = new Date('2026-01-01T12:00:00Z');
      await marks.insertMany([
        { _id: 'old', seenAt: new Date(now.getTime() - 61_000) },
        { _id: 'fresh', seenAt: new Date(now.getTime() - 59_000) },
        { _id: 'undated', other: 'x' },
      ]);
      expect(await store.expire(now)).toBe(1);
      expect((await marks.find({})).map((m) => m._id).sort()).toEqual(['fresh', 'undated']);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("sweeps against a simulation's clock (ttlClock) when given one, and counts each collection's documents", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ruedas-store-'));
    const clock = new ManualClock(new Date('2026-01-01T12:00:00Z'));
    const store = await createEmbeddedStore({ dir, ttlClock: clock, ttlSweepMs: 20 });
    try {
      const schema = new Schema({ _id: String, seenAt: Date }, { versionKey: false });
      schema.index({ seenAt: 1 }, { expireAfterSeconds: 60 });
      const marks = await store.collection<{ _id: string; seenAt?: Date }>('marks', schema);
      await marks.insertMany([
        { _id: 'a', seenAt: clock.now() },
        { _id: 'b', seenAt: clock.now() },
      ]);
      expect(await store.counts()).toEqual({ marks: 2 });
      // A year of wall-clock time would not expire them; a day of the simulation's clock does.
      clock.advance(86_400_000);
      await vi.waitFor(async () => expect(await store.counts()).toEqual({ marks: 0 }), { timeout: 2000, interval: 20 });
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
