/**
 * Measures the embedded store on 100,000 synthetic ads: insertMany (one fsync), find by id, find by
 * an indexed field, and a filtered, sorted, paginated query. Run: npm run bench
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Schema } from 'mongoose';
import { createEmbeddedStore } from '../src';

const COUNT = 100_000;
const brands = ['Toyota', 'Honda', 'Nissan', 'Hyundai', 'Kia', 'Mazda', 'Suzuki', 'Mitsubishi'];
const schema = new Schema(
  {
    _id: String,
    email: { type: String, required: true },
    brand: { type: String, required: true },
    year: Number,
    price: Number,
    transmission: String,
    status: String,
    outbox: { type: [{ _id: false, id: String, type: { type: String } }], default: [] },
    version: { type: Number, default: 0 },
  },
  { versionKey: false },
);
schema.index({ email: 1 }, { unique: true });
schema.index({ brand: 1, year: -1 });

function time<T>(label: string, runs: number, work: () => T): T;
function time<T>(label: string, runs: number, work: () => Promise<T>): Promise<T>;
function time<T>(label: string, runs: number, work: () => T | Promise<T>): T | Promise<T> {
  const start = performance.now();
  const report = (result: T): T => {
    const ms = (performance.now() - start) / runs;
    console.log(`${label.padEnd(52)} ${ms >= 1 ? `${ms.toFixed(1)} ms` : `${(ms * 1000).toFixed(1)} µs`}${runs > 1 ? ' per call' : ''}`);
    return result;
  };
  const first = work();
  if (!(first instanceof Promise)) {
    for (let i = 1; i < runs; i++) work();
    return report(first);
  }
  return (async () => {
    let result = await first;
    for (let i = 1; i < runs; i++) result = await work();
    return report(result);
  })();
}

const dir = await mkdtemp(join(tmpdir(), 'ruedas-store-bench-'));
const store = await createEmbeddedStore({ dir });
const ads = await store.collection<{ _id: string; brand: string; price: number }>('ads', schema);
const docs = Array.from({ length: COUNT }, (_, i) => ({
  _id: `ad${i}`,
  email: `seller${i}@example.cr`,
  brand: brands[i % brands.length]!,
  year: 1995 + (i % 30),
  price: 1_000_000 + ((i * 7919) % 30_000_000),
  transmission: i % 3 === 0 ? 'MANUAL' : 'AUTOMATIC',
  status: i % 10 === 0 ? 'SOLD' : 'PUBLIC_ONLINE',
}));

await time(`insertMany of ${COUNT.toLocaleString('en')} documents`, 1, () => ads.insertMany(docs));
await time('findById', 10_000, () => ads.findById(`ad${Math.floor(Math.random() * COUNT)}`));
await time('findOne by a unique indexed field (email)', 10_000, () => ads.findOne({ email: `seller${Math.floor(Math.random() * COUNT)}@example.cr` }));
await time('filtered, sorted, paginated (scan, 100k docs)', 20, () =>
  ads.find(
    { status: 'PUBLIC_ONLINE', year: { $gte: 2010 }, transmission: 'AUTOMATIC', price: { $lte: 20_000_000 } },
    { sort: { price: -1, _id: 1 }, skip: 40, limit: 20 },
  ),
);
await time('filtered on an indexed field, sorted, paginated', 20, () =>
  ads.find({ brand: 'Toyota', year: { $gte: 2010 } }, { sort: { year: -1, price: 1 }, skip: 20, limit: 20 }),
);
await time('count with a filter (scan)', 20, () => ads.count({ status: 'SOLD' }));
await time('updateOne with optimistic version, one at a time', 200, async () => {
  const id = `ad${Math.floor(Math.random() * COUNT)}`;
  return ads.updateOne({ _id: id, version: 0 }, { $set: { price: 1 }, $inc: { version: 1 } });
});
await time('200 concurrent updateOne (group commit), per batch', 5, () =>
  Promise.all(Array.from({ length: 200 }, (_, i) => ads.updateOne({ _id: `ad${i}` }, { $inc: { price: 1 } }))),
);
await store.close();
const reopened = await createEmbeddedStore({ dir });
await time(`reopen and load ${COUNT.toLocaleString('en')} documents`, 1, () => reopened.collection('ads', schema));
await reopened.close();
await rm(dir, { recursive: true, force: true });
