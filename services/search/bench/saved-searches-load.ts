/**
 * Loading the saved searches into the matcher at start (issue 19): BENCH_SAVED_SEARCHES (100,000 by
 * default) saved searches in an embedded store, the store closed and opened again as a restart
 * does, then `SavedSearches.load()` timed: the read, the interpretation, the matcher's index.
 * The service does not wait for it (/ready does not): the alerts follow the ads once it is done.
 * Run: `npm run bench -w @ruedas/search` (also in the root `npm run bench`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, ManualClock, UnsubscribeTokens } from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { SavedSearchMatcher } from '../src/alerts/matcher';
import { SavedSearches } from '../src/alerts/saved-searches';
import { openAlertCollections } from '../src/alerts/store';
import { savedSearchFilters } from '../test/saved-search-fixtures';

const SEARCHES = Number(process.env.BENCH_SAVED_SEARCHES ?? 100_000);
const logger = createLogger('bench', 'silent');
const dir = mkdtempSync(join(tmpdir(), 'ruedas-saved-load-'));
const now = new Date('2025-03-01T12:00:00Z');
const parameters = { get: (key: string) => (key === 'EXCHANGE_RATE_CRC_PER_USD' ? 510 : 10) } as never;

try {
  let store = await createEmbeddedStore({ dir, logger });
  let collections = await openAlertCollections(store);
  const filters = savedSearchFilters(SEARCHES);
  for (let start = 0; start < filters.length; start += 5_000) {
    await collections.saved.insertMany(
      filters.slice(start, start + 5_000).map((filter, i) => ({
        _id: `s${start + i}`,
        userId: `u${(start + i) % 20_000}`,
        name: `Search ${start + i}`,
        frequency: 'INSTANT' as const,
        paused: (start + i) % 50 === 0,
        filter,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  await store.close();

  const opened = performance.now();
  store = await createEmbeddedStore({ dir, logger });
  collections = await openAlertCollections(store);
  const openMs = performance.now() - opened;
  const matcher = new SavedSearchMatcher(510);
  const tokens = await UnsubscribeTokens.open(store, 'search_secrets');
  const saved = new SavedSearches({ collections, matcher, parameters, clock: new ManualClock(now), tokens });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const count = await saved.load();
  const loadMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  console.log(
    `saved-search loading: ${count.toLocaleString('en')} active of ${SEARCHES.toLocaleString('en')} saved searches into the matcher in ` +
      `${(loadMs / 1000).toFixed(2)} s ` +
      `(CPU ${((used.user + used.system) / 1e6).toFixed(2)} s; the store opened in ${(openMs / 1000).toFixed(2)} s before); in the background, /ready ` +
      `does not wait (load average ${loadavg()[0]!.toFixed(1)})`,
  );
  await store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
