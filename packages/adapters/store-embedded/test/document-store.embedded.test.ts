import { spawnSync } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Schema } from 'mongoose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateKeyError, type Collection } from '@ruedas/platform';
import { createEmbeddedStore, type EmbeddedStoreOptions } from '@ruedas/store-embedded';
import { runDocumentStoreContractTests, runLeaseContractTests } from '@ruedas/testing';

runDocumentStoreContractTests('embedded', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ruedas-store-'));
  let store = await createEmbeddedStore({ dir });
  return {
    store,
    reopen: async () => {
      await store.close();
      store = await createEmbeddedStore({ dir });
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
