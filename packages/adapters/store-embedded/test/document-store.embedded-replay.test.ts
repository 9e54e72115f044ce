import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Schema } from 'mongoose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';

// Reopening replays the journal with a fast decoder (plain JSON, dates revived, EJSON for anything
// else) that parses only each document's last line: what comes back must be what was written.
interface Thing {
  _id: string;
  at?: Date;
  history?: Array<{ at: Date; note: string }>;
  data?: unknown;
  n?: number;
}

describe('embedded document store: replaying the journal on open', () => {
  let dir: string;
  const schema = new Schema(
    { _id: String, at: Date, history: [{ _id: false, at: Date, note: String }], data: Schema.Types.Mixed, n: Number },
    { versionKey: false, minimize: false },
  );

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ruedas-replay-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function withThings<R>(work: (things: Collection<Thing>) => Promise<R>): Promise<R> {
    const store = await createEmbeddedStore({ dir });
    try {
      return await work(await store.collection<Thing>('things', schema));
    } finally {
      await store.close();
    }
  }

  it('gives back dates, nested dates, odd numbers, dollar-looking text and odd ids as written', async () => {
    const written: Thing[] = [
      { _id: 'plain', at: new Date('2026-11-25T20:00:00.123Z'), history: [{ at: new Date('2020-01-01T00:00:00Z'), note: 'he said "$5"' }], n: 3 },
      { _id: 'odd-numbers', data: { nan: NaN, big: 2 ** 60, tiny: 5e-324, text: '{"$date":"not a date"}', list: [{ $note: 'x' }] }, n: Infinity },
      { _id: 'old-date', at: new Date('1950-06-01T00:00:00Z') },
      { _id: 'quote"and\\backslash', n: 1 },
      { _id: 'ñandú', n: 2 },
    ];
    const before = await withThings(async (things) => {
      await things.insertMany(written);
      return things.find({});
    });
    const reopened = await withThings((things) => things.find({}));
    expect(reopened).toEqual(before);
    expect(reopened.map(({ history: _history, ...thing }) => thing)).toEqual(written.map(({ history: _history, ...thing }) => thing));
    expect(reopened[0]!.at).toBeInstanceOf(Date);
    expect(reopened[0]!.history![0]!.at).toBeInstanceOf(Date);
    expect(reopened[2]!.at?.getUTCFullYear()).toBe(1950);
  });

  it('keeps the last version of each document, deletes applied, in the order the store had them', async () => {
    const before = await withThings(async (things) => {
      await things.insertMany([
        { _id: 'a', n: 1 },
        { _id: 'b', n: 1 },
        { _id: 'c', n: 1 },
      ]);
      await things.updateOne({ _id: 'a' }, { $set: { n: 2 } });
      await things.deleteOne({ _id: 'b' });
      await things.insertOne({ _id: 'b', n: 3 });
      await things.updateOne({ _id: 'a' }, { $set: { n: 4 } });
      await things.deleteOne({ _id: 'c' });
      return things.find({});
    });
    expect(before.map((t) => `${t._id}${t.n}`)).toEqual(['a4', 'b3']);
    expect(await withThings((things) => things.find({}))).toEqual(before);
  });

  it('refuses a journal whose superseded line is corrupt, and cuts a torn last line', async () => {
    await withThings(async (things) => {
      await things.insertOne({ _id: 'a', n: 1 });
      await things.updateOne({ _id: 'a' }, { $set: { n: 2 } });
    });
    const journal = join(dir, 'things.journal');
    const text = await readFile(journal, 'utf8');
    // The first line (superseded by the second) is never parsed, but its checksum is checked.
    await writeFile(journal, text.replace('"n":1', '"n":7'));
    await expect(withThings(async () => undefined)).rejects.toThrow(/corrupt/);
    // A last line whose checksum holds but whose newline never came is torn: cut, the rest kept.
    const [first, second] = text.split('\n');
    await writeFile(journal, `${first}\n${second}`);
    expect((await withThings((things) => things.find({}))).map(({ _id, n }) => ({ _id, n }))).toEqual([{ _id: 'a', n: 1 }]);
    expect(await readFile(journal, 'utf8')).toBe(`${first}\n`);
  });
});
