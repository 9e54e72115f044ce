/**
 * The cost of recording one funnel event (issue 20, decisions 0079 and 0100) on the embedded store:
 * one detail view (one ad: one `$inc` upsert of its day document) and one search results page (20
 * ads already counted that day: one `updateMany`; 20 ads counted for the first time: one upsert
 * each), measured while that day already holds the counters of 1,000, 5,000 and 50,000 ads
 * (FUNNEL_BENCH_SIZES to change); then the read of one ad's 30 days. Prints the medians and the load average.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, ManualClock } from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { Funnel, lastDays } from '../src/funnel';

const SIZES = (process.env.FUNNEL_BENCH_SIZES ?? '1000,5000,50000').split(',').map(Number);
const RUNS = 50;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function time(runs: number, work: (i: number) => Promise<unknown>): Promise<number> {
  const taken: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work(i);
    taken.push(performance.now() - started);
  }
  return median(taken);
}

const logger = createLogger('bench', 'silent');
const rows: string[] = [];
for (const size of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), 'ruedas-funnel-bench-'));
  const store = await createEmbeddedStore({ dir, logger });
  try {
    const now = new Date('2026-11-25T18:00:00Z');
    const funnel = await Funnel.open(store, new ManualClock(now), logger);
    const ids = Array.from({ length: size }, (_, i) => `ad-${i.toString().padStart(6, '0')}`);
    // Today's document with `size` ads already counted (results pages of 20).
    for (let i = 0; i < size; i += 500) await funnel.record('impressions', ids.slice(i, i + 500), now);
    const view = await time(RUNS, (i) => funnel.record('views', [ids[(i * 7919) % size]!], now));
    const page = await time(RUNS, (i) =>
      funnel.record(
        'impressions',
        Array.from({ length: 20 }, (_, j) => ids[(i * 20 + j) % size]!),
        now,
      ),
    );
    const firstPage = await time(RUNS, (i) =>
      funnel.record(
        'impressions',
        Array.from({ length: 20 }, (_, j) => `new-${i}-${j}`),
        now,
      ),
    );
    const read = await time(RUNS, (i) => funnel.series([ids[i % size]!], lastDays(now, 30)));
    rows.push(`| ${size.toLocaleString('en-US')} | ${view.toFixed(2)} ms | ${page.toFixed(2)} ms | ${firstPage.toFixed(2)} ms | ${read.toFixed(2)} ms |`);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log('Funnel events on the embedded store (median of 50 each)');
console.log(
  '| ads counted today | one view (1 ad) | one results page (20 ads seen before today) | one results page (20 ads first seen today) | one ad, 30 days read |',
);
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log(
  `load average: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
