// Ad detail, the busiest read of the marketplace, at 50 concurrent clients for 10 s each:
//   (a) REST   GET /api/v1/opportunity/{id}  through the all-in-one process's facade;
//   (b) GraphQL, the same operation and fields, through its gateway;
//   (c) the same operation straight to the listings subgraph (a process running only `listings`),
//       less the fields other subgraphs add (the price rating);
//   (d) (a) on a process with tracing on (OTEL_EXPORTER_OTLP_ENDPOINT: spans batched to a sink in
//       this process), to compare with (a), where tracing is off (issue 33: at most 5 % fewer requests).
// BENCH_PROFILE=1: (a)'s process runs under --cpu-prof, and the share of its busy time spent in
// metrics (prom-client and the hooks) and in tracing code is printed: what metrics cost.
// Each request opens one of a few thousand public ads at random, as a visitor. The ads are written
// into the data folder with listings' seeding API before the servers start; (c) runs on a copy.
//   npm run bench -w @ruedas/infra        (after the versions bench; BENCH_ADS to change the count)
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse, print, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import { restRoutes } from '@ruedas/gateway';
import { importOpportunities, subgraph, type OpportunitySeed } from '@ruedas/listings';
import { createLogger } from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { graphqlRequest, load, type LoadRequest } from '@ruedas/testing/load';
import { startServer, type BenchServer } from './server';

const CLIENTS = 50;
const SECONDS = 10;
const ROUNDS = 2;
const ADS = Number(process.env.BENCH_ADS ?? 3_000);
const BRANDS = [
  ['TOYOTA', 'Corolla'],
  ['HYUNDAI', 'Tucson'],
  ['NISSAN', 'Frontier'],
  ['SUZUKI', 'Vitara'],
  ['HONDA', 'CR-V'],
] as const;
const LEVELS = ['FREE', 'BRONZE', 'SILVER', 'GOLD'] as const;
const DAY = 86_400_000;

/** The facade's own operation, so the three runs ask for exactly the same fields. */
const detail = restRoutes.find((r) => r.method === 'GET' && r.path === '/opportunity/:id');
if (!detail) throw new Error('the REST facade has no GET /opportunity/:id');

/**
 * The facade's operation less the fields other subgraphs add to Opportunity (the price rating comes
 * from search): what the gateway asks listings for. Sent whole, the subgraph refuses it.
 */
function listingsPart(operation: string): string {
  const typeInfo = new TypeInfo(buildSubgraphSchema([{ typeDefs: subgraph.typeDefs }]));
  return print(visit(parse(operation), visitWithTypeInfo(typeInfo, { Field: () => (typeInfo.getFieldDef() ? undefined : null) })));
}

function seedAd(n: number, sellerId: string, now: number): OpportunitySeed {
  const [brand, model] = BRANDS[n % BRANDS.length]!;
  return {
    brand,
    model,
    year: 2005 + (n % 20),
    style: 'SEDAN',
    fuelType: 'GASOLINE',
    transmissionType: n % 2 ? 'AUTOMATIC' : 'MANUAL',
    motorSizeCC: 1800,
    mileage: 10_000 + n * 7,
    mileageUnit: 'KM',
    exteriorColor: 'Blanco',
    interiorColor: 'Negro',
    price: 4_000_000 + n * 1_000,
    transferPrice: 0,
    currency: 'CRC',
    payTaxes: true,
    carIdNumber: `BCH${n}`,
    passengersNumber: 5,
    province: '1',
    canton: '101',
    district: '10101',
    knownDamage: '',
    extraList: ['AIR_CONDITIONING', 'AIRBAGS'],
    attachmentIds: [],
    phoneList: [{ phone: '88881234', phoneType: 'WHATSAPP' }],
    level: LEVELS[n % LEVELS.length]!,
    message: '',
    autoApproval: false,
    sellerId,
    status: 'PUBLIC_ONLINE',
    dateCreated: new Date(now - 10 * DAY),
    publishedAt: new Date(now - (n % 10) * DAY),
    expiresAt: new Date(now + 20 * DAY),
  };
}

async function seed(dir: string): Promise<string[]> {
  const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger: createLogger('bench', 'warn') });
  try {
    const sellers = Array.from({ length: 50 }, () => randomUUID());
    const now = Date.now();
    return await importOpportunities(
      store,
      Array.from({ length: ADS }, (_, n) => seedAd(n, sellers[n % sellers.length]!, now)),
    );
  } finally {
    await store.close();
  }
}

/** A CPU profile's busy time and the share of it in frames whose script matches each pattern. */
function profileShares(file: string, patterns: Record<string, RegExp>): { busyMs: number; shares: Record<string, number> } {
  interface ProfileNode {
    id: number;
    callFrame: { url: string; functionName: string };
  }
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const spent = Object.fromEntries(Object.keys(patterns).map((name) => [name, 0]));
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') return;
    const delta = profile.timeDeltas[i] ?? 0;
    busy += delta;
    for (const [name, pattern] of Object.entries(patterns)) if (pattern.test(frame.url)) spent[name]! += delta;
  });
  return { busyMs: busy / 1000, shares: Object.fromEntries(Object.entries(spent).map(([name, t]) => [name, t / busy])) };
}

/** An OTLP/HTTP endpoint that takes every batch of spans and counts them (bytes). */
async function spanSink(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, received: () => bytes, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const PROFILE = process.env.BENCH_PROFILE === '1';
const dirs = [0, 1, 2, 3].map(() => mkdtempSync(join(tmpdir(), 'ruedas-bench-ads-')));
const limits = { clients: CLIENTS, seconds: SECONDS };
const servers: BenchServer[] = [];
try {
  const t0 = performance.now();
  const ids = await seed(dirs[0]!);
  // The subgraph-only and the traced processes get copies: a data folder belongs to one process at a time.
  cpSync(dirs[0]!, dirs[1]!, { recursive: true, filter: (path) => !path.endsWith('/LOCK') });
  cpSync(dirs[0]!, dirs[2]!, { recursive: true, filter: (path) => !path.endsWith('/LOCK') });
  const anyId = () => ids[Math.floor(Math.random() * ids.length)]!;
  console.log(
    `${ids.length} public ads seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${CLIENTS} concurrent clients, ${SECONDS} s per run, Node ` +
      `${process.version}`,
  );

  const profileDir = dirs[3]!;
  const all = await startServer(
    { RUEDAS_DATA_DIR: dirs[0]!, RUEDAS_DEMO_DATA: 'off' },
    PROFILE ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {},
  );
  servers.push(all);
  const listings = await startServer({ RUEDAS_DATA_DIR: dirs[1]!, RUEDAS_TARGET: 'listings' });
  servers.push(listings);
  const sink = await spanSink();
  const traced = await startServer({ RUEDAS_DATA_DIR: dirs[2]!, RUEDAS_DEMO_DATA: 'off', OTEL_EXPORTER_OTLP_ENDPOINT: sink.url });
  servers.push(traced);
  const graphql = graphqlRequest(detail.operation, () => ({ id: anyId() }));
  const listingsOnly = graphqlRequest(listingsPart(detail.operation), () => ({ id: anyId() }));
  const runs: Record<string, [string, () => LoadRequest]> = {
    '(a) REST GET /opportunity/{id}': [all.url, () => ({ path: `/api/v1/opportunity/${anyId()}` })],
    '(b) GraphQL opportunity (gateway)': [all.url, graphql],
    '(c) GraphQL opportunity (subgraph)': [listings.url, listingsOnly],
    '(d) REST GET /opportunity/{id}, tracing on': [traced.url, () => ({ path: `/api/v1/opportunity/${anyId()}` })],
  };
  const rps: Record<string, number[]> = {};
  // Warm-up also lets each process relay the seeded ads' snapshots before anything is measured.
  for (const [origin, request] of Object.values(runs)) await load('warm-up', origin, request, { clients: CLIENTS, seconds: 5 });
  // Two interleaved rounds, so a neighbour's burst on a shared machine does not favour one run.
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, [origin, request]] of Object.entries(runs)) {
      const result = await load(`${name} #${round}`, origin, request, limits);
      (rps[name] ??= []).push(result.perSecond);
    }
  }
  const mean = (name: string) => (rps[name] ?? []).reduce((sum, value) => sum + value, 0) / ROUNDS;
  const [off, on] = [mean('(a) REST GET /opportunity/{id}'), mean('(d) REST GET /opportunity/{id}, tracing on')];
  console.log(
    `tracing on: ${on.toFixed(0)} against ${off.toFixed(0)} requests/s with tracing off (${(((on - off) / off) * 100).toFixed(1)} %), ` +
      `${(sink.received() / 1024).toFixed(0)} KiB of spans received`,
  );
  await sink.close();
  if (PROFILE) {
    await all.stop();
    servers.splice(servers.indexOf(all), 1);
    const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('no CPU profile was written');
    const { busyMs, shares } = profileShares(join(profileDir, file), {
      metrics: /prom-client|observability\/(metrics|graphql)\.ts/,
      'tracing (off)': /@opentelemetry|observability\/tracing\.ts/,
    });
    const percent = (share: number | undefined) => `${((share ?? 0) * 100).toFixed(2)} %`;
    console.log(
      `(a)'s process, ${(busyMs / 1000).toFixed(1)} s busy: metrics ${percent(shares.metrics)}, tracing code ${percent(shares['tracing (off)'])} of it`,
    );
  }
} finally {
  for (const server of servers) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
