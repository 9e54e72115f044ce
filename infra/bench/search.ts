// Search at 100,000 ads (BENCH_SEARCH_ADS to change), all-in-one mode on the embedded adapters:
//   - build: the ads are seeded into listings (its seeding API, each with its snapshot in its outbox);
//     at start the relay publishes the snapshots and the search consumer indexes them;
//   - replay: a restart with RUEDAS_SEARCH_REBUILD=1 replays listings.opportunity from the start in a
//     fresh consumer group (the real consumer: projection write + index per snapshot);
//   - p50/p95 of typo-tolerant filtered queries straight to the search subgraph (a process running
//     only `search`, on a copy of the data) and through the all-in-one gateway (ads resolved by
//     listings), and of suggestions, at CLIENTS concurrent clients;
//   - time from an ad becoming public (an admin's status change) to being found;
//   - the memory (RSS) of both processes.
//   npm run bench -w @ruedas/infra    (or: node --import tsx infra/bench/search.ts)
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@ruedas/platform';
import { generateCatalogue, seedListingsStore } from '../src';
import { graphqlRequest, load, type LoadRequest } from '@ruedas/testing/load';
import { cpuSeconds, startServer, type BenchServer } from './server';

const ADS = Number(process.env.BENCH_SEARCH_ADS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_SEARCH_CLIENTS ?? 4);
const SECONDS = 10;
/** BENCH_SEARCH_REPLAY=0 leaves out the rebuild (its replay takes minutes at 100,000 ads). */
const REPLAY = process.env.BENCH_SEARCH_REPLAY !== '0';
/** BENCH_PROFILE=1: the first build's process runs under --cpu-prof (the profile is kept, its folder printed). */
const PROFILE = process.env.BENCH_PROFILE === '1';
/** BENCH_SEARCH_BUILD_ONLY=1 stops after the first build (to iterate on it). */
const BUILD_ONLY = process.env.BENCH_SEARCH_BUILD_ONLY === '1';
/**
 * BENCH_SEARCH_SEEDED=<folder>: the seeded listings store is kept there (per number of ads) and
 * copied from there by the next runs, which skip the seeding (minutes at 100,000 ads).
 */
const SEEDED = process.env.BENCH_SEARCH_SEEDED;
const ADMIN = { email: 'bench-admin@ruedas.test', password: 'Bench-Admin-2026!' };

const QUERIES: Array<Record<string, unknown>> = [
  { text: 'toyta corola automatico', priceTo: 20_000_000 },
  { text: 'hyundai tucsn', yearFrom: 2012 },
  { text: 'nisan frontier diesel' },
  { text: 'suzki vitara 2018' },
  { text: 'mitsubishi montero manual', currency: 'USD', priceFrom: 5_000 },
  { text: 'kia sportge gasolina', mileageMax: 150_000 },
  { text: 'honda crv', passengersNumber: 5 },
  { text: 'pickup 4x4 diesel', yearFrom: 2010, yearTo: 2020 },
];
const SUGGESTIONS = ['toy', 'toyta cor', 'hyund', 'nisan fr', 'mitsub', 'sportag', 'land r', 'mercedes c'];

const SEARCH =
  `query S($filter: SearchFilterInput!) { searchOpportunities(filter: $filter) { items { id } totalItems totalPages facets { field ` +
  `values { value count } } } }`;
const SEARCH_ADS =
  `query S($filter: SearchFilterInput!) { searchOpportunities(filter: $filter) { items { id brand model year price currency ` +
  `exteriorColor mileage isNew photos { id } } totalItems totalPages facets { field values { value count } } } }`;
const SUGGEST = 'query G($text: String!) { searchSuggestions(text: $text) { kind label } }';

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
};
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;

async function graphql(url: string, query: string, variables: Record<string, unknown>, token?: string) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench answers
  const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}
const total = async (url: string, filter: Record<string, unknown> = {}) => (await graphql(url, SEARCH, { filter })).searchOpportunities.totalItems as number;

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string, everyMs = 50) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A gauge of the process's `/metrics` (summed over its series), or undefined when it has none. */
async function gaugeOf(url: string, name: string): Promise<number | undefined> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const values = text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));
  return values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0);
}

/** The catalogue seeded into listings' store at `dir` (or copied from BENCH_SEARCH_SEEDED's copy of it). */
async function seeded(dir: string): Promise<{ ids: string[]; publicAds: number }> {
  const seed = () => seedListingsStore(dir, { ads: ADS, seed: 2026, logger: createLogger('bench', 'warn') });
  if (!SEEDED) return seed();
  const kept = join(SEEDED, `ads-${ADS}`);
  const summary = join(kept, 'seeded.json');
  if (!existsSync(summary)) {
    const result = await seed();
    rmSync(kept, { recursive: true, force: true });
    mkdirSync(kept, { recursive: true });
    cpSync(dir, join(kept, 'store'), { recursive: true, filter: (path) => !path.endsWith('/LOCK') });
    writeFileSync(summary, JSON.stringify(result));
    return result;
  }
  cpSync(join(kept, 'store'), dir, { recursive: true });
  return JSON.parse(readFileSync(summary, 'utf8')) as { ids: string[]; publicAds: number };
}

const dirs = [mkdtempSync(join(tmpdir(), 'ruedas-bench-search-')), mkdtempSync(join(tmpdir(), 'ruedas-bench-search-'))] as const;
const servers: BenchServer[] = [];
const stopAll = async () => {
  for (const server of servers.splice(0)) await server.stop();
};
try {
  // 1. The catalogue, seeded into listings with a snapshot per ad in its outbox.
  let t0 = performance.now();
  const { ids, publicAds } = await seeded(join(dirs[0], 'store'));
  // The same catalogue again (same seed, same order as `ids`), for the fields of the ads taken offline below.
  const { ads } = generateCatalogue({ ads: ADS, seed: 2026 });
  console.log(
    `${ids.length} ads (${publicAds} public) generated and seeded into listings in ${((performance.now() - t0) / 1000).toFixed(1)} s; Node ${process.version}`,
  );

  const env = {
    RUEDAS_DATA_DIR: dirs[0],
    RUEDAS_DEMO_DATA: 'off',
    RUEDAS_LOG_LEVEL: 'error',
    RUEDAS_ADMIN_EMAIL: ADMIN.email,
    RUEDAS_ADMIN_PASSWORD: ADMIN.password,
  };

  // 2. First build: the relay publishes every snapshot, the search service indexes them.
  t0 = performance.now();
  const profileDir = PROFILE ? mkdtempSync(join(tmpdir(), 'ruedas-bench-search-profile-')) : undefined;
  let all = await startServer(env, profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {});
  servers.push(all);
  const ready = performance.now();
  const cpuAtReady = cpuSeconds(all.pid);
  // Polled every 250 ms (each search is a GraphQL request through the gateway and an analytics event: load on the process measured).
  await waitFor(async () => (await total(all.url)) === publicAds, 1_800_000, 'first build', 250);
  const buildS = (performance.now() - ready) / 1000;
  // The process's CPU time per snapshot tells more than the wall time on a machine others share.
  const buildCpu = cpuAtReady === undefined ? undefined : cpuSeconds(all.pid)! - cpuAtReady;
  console.log(
    `first build (relay publishing + search consuming): ${publicAds} public of ${ADS} ads indexed ${buildS.toFixed(1)} s after ready (start ` +
      `${((ready - t0) / 1000).toFixed(1)} s): ${Math.round(ADS / buildS)} snapshots/s` +
      (buildCpu === undefined ? '' : `; the process used ${buildCpu.toFixed(1)} s of CPU meanwhile (${((buildCpu / ADS) * 1000).toFixed(2)} ms per snapshot)`),
  );
  // Then the fair-price ratings: written once no change waits for them (decision 0244: a stream is rated once it pauses).
  if ((await gaugeOf(all.url, 'ruedas_search_ratings_waiting')) !== undefined) {
    await waitFor(async () => (await gaugeOf(all.url, 'ruedas_search_ratings_waiting')) === 0, 600_000, 'ratings', 250);
    const ratedS = (performance.now() - ready) / 1000;
    const ratedCpu = cpuAtReady === undefined ? undefined : cpuSeconds(all.pid)! - cpuAtReady;
    console.log(
      `  and rated (every fair-price rating written to the index): ${ratedS.toFixed(1)} s after ready: ${Math.round(ADS / ratedS)} snapshots/s` +
        (ratedCpu === undefined ? '' : `; ${ratedCpu.toFixed(1)} s of CPU (${((ratedCpu / ADS) * 1000).toFixed(2)} ms per snapshot)`) +
        `; ${await total(all.url, { goodPriceOrBetter: true })} ads at a good price or better`,
    );
  }
  await stopAll();
  if (profileDir) console.log(`first build's CPU profile: ${profileDir}`);
  if (BUILD_ONLY) {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }

  // The other consumers of the all-in-one process (moderation, media, alerts...) are still catching up
  // on the seeded catalogue (each handles one event at a time, an fsync each): from here on a process
  // counts as started once search finds every public ad, not at /ready. Their catch-up is load on
  // the machine while the queries below run.
  const searchable = (url: string) =>
    total(url).then(
      (n) => n === publicAds,
      () => false,
    );
  // A rebuild fills a new index while the old one answers: it is done once no search consumer lags.
  const searchCaughtUp = async (url: string) => {
    const answer = await fetch(`${url}/ready`).catch(() => undefined);
    if (!answer) return false;
    if (answer.ok) return true;
    const { problems = [] } = (await answer.json().catch(() => ({}))) as { problems?: string[] };
    return problems.length > 0 && !problems.some((problem) => problem.startsWith('consumer search-') || problem === 'starting or stopping');
  };
  // The data folder without its lock (the socket file of the process that held it).
  const copyData = (from: string, to: string) => cpSync(from, to, { recursive: true, filter: (path) => !path.endsWith('/LOCK') });

  // 3. Restart: the index is filled from the projection; then a rebuild replays the topic.
  t0 = performance.now();
  all = await startServer(env, { started: searchable });
  servers.push(all);
  console.log(
    `restart with the index filled from the projection: every public ad searchable in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${await total(all.url)} ads searchable`,
  );
  await stopAll();
  if (REPLAY) {
    const replayStart = performance.now();
    // Started once no search consumer lags (the projection caught up), then every public ad is found.
    all = await startServer({ ...env, RUEDAS_SEARCH_REBUILD: '1' }, { started: searchCaughtUp });
    servers.push(all);
    await waitFor(async () => (await total(all.url)) === publicAds, 900_000, 'replay');
    const replayS = (performance.now() - replayStart) / 1000;
    console.log(`replay (RUEDAS_SEARCH_REBUILD=1, fresh consumer group): ${ADS} snapshots in ${replayS.toFixed(1)} s = ${Math.round(ADS / replayS)} ads/s`);
    await stopAll();
  }

  // 4. Queries: the search-only process on a copy, and the all-in-one gateway.
  copyData(dirs[0], dirs[1]);
  all = await startServer(env, { started: searchable });
  servers.push(all);
  const searchOnly = await startServer({ RUEDAS_DATA_DIR: dirs[1], RUEDAS_TARGET: 'search', RUEDAS_LOG_LEVEL: 'error' }, { started: searchable });
  servers.push(searchOnly);
  for (const filter of QUERIES) console.log(`  ${JSON.stringify(filter)}: ${await total(searchOnly.url, filter)} ads`);
  const limits = { clients: CLIENTS, seconds: SECONDS };
  const runs: Record<string, [string, () => LoadRequest]> = {
    'search subgraph: typo-tolerant filtered': [searchOnly.url, graphqlRequest(SEARCH, () => ({ filter: pick(QUERIES) }))],
    'gateway: the same, ads from listings': [all.url, graphqlRequest(SEARCH_ADS, () => ({ filter: pick(QUERIES) }))],
    'search subgraph: suggestions': [searchOnly.url, graphqlRequest(SUGGEST, () => ({ text: pick(SUGGESTIONS) }))],
    'gateway: suggestions': [all.url, graphqlRequest(SUGGEST, () => ({ text: pick(SUGGESTIONS) }))],
  };
  for (const [origin, request] of Object.values(runs)) await load('warm-up', origin, request, { clients: CLIENTS, seconds: 3 });
  console.log(`${CLIENTS} concurrent clients, ${SECONDS} s per run:`);
  for (const [name, [origin, request]] of Object.entries(runs)) await load(name, origin, request, limits);
  for (const [name, [origin, request]] of Object.entries(runs)) await load(`${name} (1 client)`, origin, request, { clients: 1, seconds: 5 });

  // 5. From public to found: an admin takes an ad offline, then back online; polled every 5 ms.
  const login = await fetch(`${all.url}/api/v1/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { token } = (await login.json()) as { token: string };
  const SET = 'mutation S($id: ID!, $status: OpportunityStatus!) { updateOpportunityStatus(id: $id, status: $status) { id } }';
  const delays: number[] = [];
  for (let i = 0; i < 20; i++) {
    const index = ads.findIndex((ad, n) => n >= i * Math.floor(ADS / 20) && ad.status === 'PUBLIC_ONLINE');
    const ad = ads[index]!;
    const filter = { brand: ad.brand, model: ad.model, year: ad.year, exteriorColor: ad.exteriorColor };
    const before = await total(all.url, filter);
    await graphql(all.url, SET, { id: ids[index], status: 'EXPIRED' }, token);
    await waitFor(async () => (await total(all.url, filter)) === before - 1, 30_000, 'offline');
    const t = performance.now();
    await graphql(all.url, SET, { id: ids[index], status: 'PUBLIC_ONLINE' }, token);
    await waitFor(async () => (await total(all.url, filter)) === before, 30_000, 'found again');
    delays.push(performance.now() - t);
  }
  console.log(
    `public to found (admin status change through the gateway, outbox relay, bus, search consumer): p50 ${percentile(delays, 0.5).toFixed(0)} ms   ` +
      `p95 ${percentile(delays, 0.95).toFixed(0)} ms   (${delays.length} ads)`,
  );
  console.log(`memory (RSS): all-in-one process ${rssMb(all.pid)} MB, search-only process ${rssMb(searchOnly.pid)} MB`);
} finally {
  await stopAll();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
