/**
 * Saved-search matching (issue 19): the time to find every saved search a newly public ad matches,
 * with BENCH_SAVED_SEARCHES saved searches (100,000 by default) in the matcher. Goal: at most 50 ms
 * per ad. Run: `npm run bench -w @ruedas/search` (also in the root `npm run bench`).
 */
import { loadavg } from 'node:os';
import { SavedSearchMatcher } from '../src/alerts/matcher';
import { searchDocument } from '../src/documents';
import { interpret, interpretMemo } from '../src/searcher';
import { generatedAds, savedSearchFilters } from '../test/saved-search-fixtures';

const SEARCHES = Number(process.env.BENCH_SAVED_SEARCHES ?? 100_000);
const ADS = Number(process.env.BENCH_ALERT_ADS ?? 2_000);
const RATE = 510;
const now = new Date('2025-03-01T12:00:00Z');

const loadStart = performance.now();
const matcher = new SavedSearchMatcher(RATE);
// Texts, brands and models read once each, as the service's loading does (bench/saved-searches-load.ts times that with the store).
const memo = interpretMemo();
savedSearchFilters(SEARCHES).forEach((filter, i) => matcher.upsert(`s${i}`, interpret(filter, now, memo)));
const loadMs = performance.now() - loadStart;
const ads = generatedAds(ADS).map((ad) => searchDocument(ad.id, ad, RATE));

for (const ad of ads.slice(0, 50)) await matcher.match(ad); // warm-up
const times: number[] = [];
let matches = 0;
// CPU time too: on a shared, overloaded machine the wall time measures the queue for a core as well.
const cpuStart = process.cpuUsage();
for (const ad of ads) {
  const start = performance.now();
  matches += (await matcher.match(ad)).length;
  times.push(performance.now() - start);
}
const cpu = process.cpuUsage(cpuStart);
const cpuPerAd = (cpu.user + cpu.system) / 1000 / ADS;
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
const verdict = Number(at(0.99)) <= 50 ? 'met' : 'NOT MET';
console.log(
  `saved-search matching: ${SEARCHES.toLocaleString('en')} saved searches (loaded in ${(loadMs / 1000).toFixed(1)} s), ${ADS} new ads: ` +
    `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${times.at(-1)!.toFixed(2)} ms per ad; ` +
    `mean CPU ${cpuPerAd.toFixed(2)} ms per ad; ${(matches / ADS).toFixed(1)} matching searches per ad; goal ≤ 50 ms: ${verdict} (load average ` +
    `${loadavg()[0]!.toFixed(1)})`,
);
