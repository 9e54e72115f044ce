// Throughput and latency of the all-in-one process: the footer's versions through REST and through
// GraphQL, with concurrent clients on loopback. Bounded in count and time; stops by itself.
//   npm run bench -w @ruedas/infra
// The server runs in its own process, as in production; this process only drives the load.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { graphqlRequest, load as run, type LoadRequest } from '@ruedas/testing/load';
import { startServer } from './server';

const CLIENTS = 50;
const REQUESTS = 5_000;

const dir = mkdtempSync(join(tmpdir(), 'ruedas-bench-'));
const running = await startServer({ RUEDAS_DATA_DIR: dir, RUEDAS_DEMO_DATA: 'off' });
try {
  console.log(`${CLIENTS} concurrent clients, ${REQUESTS} requests each run, Node ${process.version}`);
  const load = (name: string, request: () => LoadRequest) => run(name, running.url, request, { clients: CLIENTS, requests: REQUESTS });
  const rest = () => ({ path: '/api/v1/globalParameter/systemsVersion' });
  const graphql = graphqlRequest('{ systemsVersion { backEndVersion databaseVersion } }');
  await load('warm-up', rest);
  await load('REST  GET systemsVersion', rest);
  await load('GraphQL systemsVersion (gateway)', graphql);
  await load('GET /health (no GraphQL)', () => ({ path: '/health' }));
} finally {
  await running.stop();
  rmSync(dir, { recursive: true, force: true });
}
