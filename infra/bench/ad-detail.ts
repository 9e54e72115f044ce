// Ad detail, the busiest read of the marketplace, at 50 concurrent clients for 10 s each:
//   (a) REST   GET /api/v1/opportunity/{id}  through the all-in-one process's facade;
//   (b) GraphQL, the same operation and fields, through its gateway;
//   (c) the same operation straight to the listings subgraph (a process running only `listings`),
//       less the fields other subgraphs add (the price rating).
// Each request opens one of a few thousand public ads at random, as a visitor. The ads are written
// into the data folder with listings' seeding API before the servers start; (c) runs on a copy.
//   npm run bench -w @ruedas/infra        (after the versions bench; BENCH_ADS to change the count)
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
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

const dirs = [mkdtempSync(join(tmpdir(), 'ruedas-bench-ads-')), mkdtempSync(join(tmpdir(), 'ruedas-bench-ads-'))] as const;
const limits = { clients: CLIENTS, seconds: SECONDS };
const servers: BenchServer[] = [];
try {
  const t0 = performance.now();
  const ids = await seed(dirs[0]);
  // The subgraph-only process gets a copy: a data folder belongs to one process at a time.
  cpSync(dirs[0], dirs[1], { recursive: true });
  const anyId = () => ids[Math.floor(Math.random() * ids.length)]!;
  console.log(
    `${ids.length} public ads seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${CLIENTS} concurrent clients, ${SECONDS} s per run, Node ` +
      `${process.version}`,
  );

  const all = await startServer({ RUEDAS_DATA_DIR: dirs[0], RUEDAS_DEMO_DATA: 'off' });
  servers.push(all);
  const listings = await startServer({ RUEDAS_DATA_DIR: dirs[1], RUEDAS_TARGET: 'listings' });
  servers.push(listings);
  const graphql = graphqlRequest(detail.operation, () => ({ id: anyId() }));
  const listingsOnly = graphqlRequest(listingsPart(detail.operation), () => ({ id: anyId() }));
  const runs: Record<string, [string, () => LoadRequest]> = {
    '(a) REST GET /opportunity/{id}': [all.url, () => ({ path: `/api/v1/opportunity/${anyId()}` })],
    '(b) GraphQL opportunity (gateway)': [all.url, graphql],
    '(c) GraphQL opportunity (subgraph)': [listings.url, listingsOnly],
  };
  // Warm-up also lets each process relay the seeded ads' snapshots before anything is measured.
  for (const [origin, request] of Object.values(runs)) await load('warm-up', origin, request, { clients: CLIENTS, seconds: 5 });
  // Two interleaved rounds, so a neighbour's burst on a shared machine does not favour one run.
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, [origin, request]] of Object.entries(runs)) await load(`${name} #${round}`, origin, request, limits);
  }
} finally {
  for (const server of servers) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
