// Throughput and latency of the all-in-one process: the footer's versions through REST and through
// GraphQL, with concurrent clients on loopback. Bounded in count and time; stops by itself.
//   npm run bench -w @ruedas/infra
// The server runs in its own process, as in production; this process only drives the load.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load as run } from './load';
import { startServer } from './server';

const CLIENTS = 50;
const REQUESTS = 5_000;
const load = (name: string, send: () => Promise<Response>) => run(name, send, { clients: CLIENTS, requests: REQUESTS });

const dir = mkdtempSync(join(tmpdir(), 'ruedas-bench-'));
const running = await startServer({ RUEDAS_DATA_DIR: dir, RUEDAS_DEMO_DATA: 'off' });
try {
  console.log(`${CLIENTS} concurrent clients, ${REQUESTS} requests each run, Node ${process.version}`);
  const rest = () => fetch(`${running.url}/api/v1/globalParameter/systemsVersion`);
  const graphql = () =>
    fetch(`${running.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ systemsVersion { backEndVersion databaseVersion } }' }),
    });
  await load('warm-up', rest);
  await load('REST  GET systemsVersion', rest);
  await load('GraphQL systemsVersion (gateway)', graphql);
  await load('GET /health (no GraphQL)', () => fetch(`${running.url}/health`));
} finally {
  await running.stop();
  rmSync(dir, { recursive: true, force: true });
}
