// Restart to ready at 100,000 ads (BENCH_SEARCH_ADS to change), all-in-one on the embedded adapters:
// the ads are seeded into listings, a first start builds the search index from listings' outbox;
// then the process is killed (SIGKILL: the projection's last writes and positions are not flushed)
// and started again, stopped cleanly and started again, and killed again. For each start: the time
// to /ready, the CPU the process used until then, the machine's load average, the launcher's
// start-up phases and search's (from their log lines), and how many of the public ads search shows
// at that moment (it must be all of them: /ready waits for search to catch up, decision 0044).
// Goal: ready in at most 15 s after a kill. The launcher runs as `npm start` runs it: the built
// bundle (`npm run build -w @ruedas/infra` first; decision 0053), or BENCH_ENTRY=source (tsx).
//   node --import tsx infra/bench/search-restart.ts
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@ruedas/platform';
import { seedListingsStore } from '../src';
import { BUILT_ENTRY, cpuSeconds, startServer, type BenchServer } from './server';

const ADS = Number(process.env.BENCH_SEARCH_ADS ?? 100_000);
const ENTRY = (process.env.BENCH_ENTRY ?? (existsSync(BUILT_ENTRY) ? 'built' : 'source')) as 'built' | 'source';
const SEARCH = 'query S($filter: SearchFilterInput!) { searchOpportunities(filter: $filter) { totalItems } }';

async function total(url: string): Promise<number> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: SEARCH, variables: { filter: {} } }),
  });
  const body = (await res.json()) as { data: { searchOpportunities: { totalItems: number } } };
  return body.data.searchOpportunities.totalItems;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const seconds = (ms: unknown) => (typeof ms === 'number' ? (ms / 1000).toFixed(1) : '?');

const dir = mkdtempSync(join(tmpdir(), 'ruedas-bench-restart-'));
let server: BenchServer | undefined;
try {
  const { publicAds } = await seedListingsStore(join(dir, 'store'), { ads: ADS, seed: 2026, logger: createLogger('bench', 'warn') });
  const env = { RUEDAS_DATA_DIR: dir, RUEDAS_DEMO_DATA: 'off', RUEDAS_LOG_LEVEL: 'info' };
  let logs: Record<string, unknown>[] = [];
  const options = { entry: ENTRY, onLog: (line: Record<string, unknown>) => void logs.push(line) };
  const logged = (msg: string) => logs.find((line) => line.msg === msg) ?? {};

  let t0 = performance.now();
  server = await startServer(env, options);
  for (let found = 0; found < publicAds; found = await total(server.url)) await new Promise((r) => setTimeout(r, 200));
  console.log(
    `${ADS} ads (${publicAds} public): first build done ${((performance.now() - t0) / 1000).toFixed(1)} s after start; Node ${process.version}; ` +
      `launcher: ${ENTRY}`,
  );

  const readyTimes: number[] = [];
  for (const how of ['kill', 'stop', 'kill'] as const) {
    await (how === 'kill' ? server.kill() : server.stop());
    server = undefined;
    logs = [];
    const loadBefore = load();
    t0 = performance.now();
    server = await startServer(env, options);
    const readyS = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(server.pid);
    const found = await total(server.url);
    readyTimes.push(readyS);
    const phases = (logged('Ruedas is listening').phases ?? {}) as Record<string, number>;
    const search = logged('search index opened');
    console.log(
      `restart after ${how === 'kill' ? 'SIGKILL' : 'a clean stop (SIGTERM)'}: ready in ${readyS.toFixed(1)} s` +
        ` (CPU ${cpu?.toFixed(1) ?? '?'} s; load average ${loadBefore} before, ${load()} at ready);` +
        ` search showed ${found} of ${publicAds} public ads at ready (goal: all, within 15 s)`,
    );
    console.log(
      `  phases (s): ${Object.entries(phases)
        .map(([phase, ms]) => `${phase} ${seconds(ms)}`)
        .join(', ')}`,
    );
    console.log(
      `  search (s): projection read ${seconds(search.projectionMs)}, index filled ${seconds(search.fillMs)} (${String(search.filled)} ads), topic ` +
        `tail ${seconds(search.catchUpMs)}`,
    );
  }
  console.log(`ready after a restart: ${readyTimes.map((s) => s.toFixed(1)).join(', ')} s (goal ≤ 15 s at ${ADS} ads)`);
} finally {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}
