// The fair-price rating (issue 19) on the bench catalogue (100,000 generated ads; BENCH_RATING_ADS to
// change), with the search service's own code (PriceRater over the embedded search index):
//   - leave-one-out over the public ads: the median absolute percentage error of the estimate (an ad
//     is never its own comparable), the share of ads with a rating, and the shares of each basis;
//   - the time to rate one changed ad: a price change of a random public ad, from the change to its
//     rating and every rating it moved computed and written to the index (1,000 changes);
//   - the time to rate every ad at start.
//   npm run bench -w @ruedas/search    (or: node --import tsx infra/bench/price-rating.ts)
import { loadavg } from 'node:os';
import { isPublicStatus } from '@ruedas/domain';
import { createLogger } from '@ruedas/platform';
import { PriceRater } from '@ruedas/search';
import { embeddedSearchIndex } from '../src/adapters';
import { generateCatalogue } from '../src';

const ADS = Number(process.env.BENCH_RATING_ADS ?? 100_000);
const CHANGES = 1_000;
const RATE = 510;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;

async function main() {
  const logger = createLogger('bench', 'silent');
  const { ads } = generateCatalogue({ ads: ADS, seed: 2026, crcPerUsd: RATE, prices: 'market' });
  const publicAds = ads.filter((ad) => isPublicStatus(ad.status));
  const index = await embeddedSearchIndex();
  const rater = new PriceRater({ index, rate: () => RATE, logger });
  const entries = publicAds.map((ad) => [ad.id, { ...ad, publishedAt: ad.publishedAt?.toISOString() ?? null }] as const);

  let started = performance.now();
  const loadCpu = process.cpuUsage();
  rater.load(entries);
  const rateAllMs = performance.now() - started;
  const rateAllCpu = process.cpuUsage(loadCpu);
  await index.upsert(rater.documents());

  // Leave-one-out: each ad's estimate from its comparables (never itself).
  const errors: number[] = [];
  const byBasis: Record<string, number> = {};
  for (const ad of publicAds) {
    const evidence = rater.evidence(ad.id)!;
    byBasis[evidence.basis] = (byBasis[evidence.basis] ?? 0) + 1;
    if (evidence.estimateCrc !== null) errors.push(Math.abs(evidence.estimateCrc - evidence.priceCrc) / evidence.priceCrc);
  }
  const exactErrors = publicAds.flatMap((ad) => {
    const evidence = rater.evidence(ad.id)!;
    return evidence.basis === 'EXACT' ? [Math.abs(evidence.estimateCrc! - evidence.priceCrc) / evidence.priceCrc] : [];
  });

  // One changed ad at a time: its price moves by -15% to +15%; rated and written at once.
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let n = 0; n < CHANGES; n++) {
    const [id, ad] = entries[Math.floor(Math.random() * entries.length)]!;
    const changed = { ...ad, price: Math.round(ad.price * (0.85 + Math.random() * 0.3)) };
    started = performance.now();
    const cpu = process.cpuUsage();
    rater.change(id, changed);
    await rater.settle();
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  await rater.stop();

  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  console.log(
    `fair-price rating, ${ADS.toLocaleString('en')} generated ads, ${publicAds.length.toLocaleString('en')} public, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  console.log(
    `  median absolute percentage error (leave-one-out): ${pct(percentile(errors, 0.5))} (exact basis ${pct(percentile(exactErrors, 0.5))}; p90 ` +
      `${pct(percentile(errors, 0.9))})   goal <= 12%`,
  );
  console.log(
    `  ads with a rating: ${pct(errors.length / publicAds.length)}   goal >= 85%   (bases: ${Object.entries(byBasis)
      .map(([basis, count]) => `${basis} ${pct(count / publicAds.length)}`)
      .join(', ')})`,
  );
  console.log(
    `  time to rate one changed ad (index written): p50 ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms, max ` +
      `${Math.max(...times).toFixed(2)} ms   goal <= 20 ms`,
  );
  console.log(
    `    (CPU time of this process per change: p50 ${percentile(cpuTimes, 0.5).toFixed(2)} ms, p95 ${percentile(cpuTimes, 0.95).toFixed(2)} ms: less ` +
      `sensitive to other processes on a loaded machine)`,
  );
  console.log(`  rating every public ad at start: ${(rateAllMs / 1000).toFixed(2)} s (CPU ${((rateAllCpu.user + rateAllCpu.system) / 1e6).toFixed(2)} s)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
