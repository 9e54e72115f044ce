// Restart to ready at 100,000 ads (BENCH_SEARCH_ADS to change), all-in-one on the embedded adapters:
// the ads are seeded into listings, a first start builds the search index from listings' outbox;
// then the process is killed (SIGKILL: the projection's last writes and positions are not flushed)
// and started again, and stopped cleanly and started again. For each start: the time to /ready and
// how many of the public ads search shows at that moment (it must be all of them: /ready waits for
// search to catch up, decision 0044). Goal: ready in at most 15 s after a kill.
//   node --import tsx infra/bench/search-restart.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@ruedas/platform';
import { seedListingsStore } from '../src';
import { startServer, type BenchServer } from './server';

const ADS = Number(process.env.BENCH_SEARCH_ADS ?? 100_000);
const SEARCH = 'query S($filter: SearchFilterInput!) { searchOpportunities(filter: $filter) { totalItems } }';

async function total(url: string): Promise<number> {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: SEARCH, variables: { filter: {} } }) });
  const body = (await res.json()) as { data: { searchOpportunities: { totalItems: number } } };
  return body.data.searchOpportunities.totalItems;
}

const dir = mkdtempSync(join(tmpdir(), 'ruedas-bench-restart-'));
let server: BenchServer | undefined;
try {
  const { publicAds } = await seedListingsStore(join(dir, 'store'), { ads: ADS, seed: 2026, logger: createLogger('bench', 'warn') });
  const env = { RUEDAS_DATA_DIR: dir, RUEDAS_DEMO_DATA: 'off', RUEDAS_LOG_LEVEL: 'error' };

  let t0 = performance.now();
  server = await startServer(env);
  for (let found = 0; found < publicAds; found = await total(server.url)) await new Promise((r) => setTimeout(r, 200));
  console.log(`${ADS} ads (${publicAds} public): first build done ${((performance.now() - t0) / 1000).toFixed(1)} s after start; Node ${process.version}`);

  for (const how of ['kill', 'stop', 'kill'] as const) {
    await (how === 'kill' ? server.kill() : server.stop());
    server = undefined;
    t0 = performance.now();
    server = await startServer(env);
    const readyS = (performance.now() - t0) / 1000;
    const found = await total(server.url);
    console.log(`restart after ${how === 'kill' ? 'SIGKILL' : 'a clean stop (SIGTERM)'}: ready in ${readyS.toFixed(1)} s; search showed ${found} of ${publicAds} public ads at ready (goal: all, within 15 s)`);
  }
} finally {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}
