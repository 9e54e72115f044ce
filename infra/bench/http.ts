// Throughput and latency of the all-in-one process: the footer's versions through REST and through
// GraphQL, with concurrent clients on loopback. Bounded in count and time; stops by itself.
//   npm run bench -w @ruedas/infra
// The server runs in its own process, as in production; this process only drives the load.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLIENTS = 50;
const REQUESTS = 5_000;

async function load(name: string, send: () => Promise<Response>) {
  const latencies: number[] = [];
  let next = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next++ < REQUESTS) {
        const t0 = performance.now();
        const res = await send();
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
  console.log(`${name.padEnd(34)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${pct(0.5)} ms   p95 ${pct(0.95)} ms   p99 ${pct(0.99)} ms`);
}

const dir = mkdtempSync(join(tmpdir(), 'ruedas-bench-'));
const port = 18000 + Math.floor(Math.random() * 2000);
const server = spawn(process.execPath, ['--import', 'tsx', new URL('../src/main.ts', import.meta.url).pathname], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', RUEDAS_DATA_DIR: dir, RUEDAS_LOG_LEVEL: 'warn', RUEDAS_WEB_DIST: new URL('../test/fixtures/web', import.meta.url).pathname },
  stdio: 'inherit',
});
const running = { url: `http://127.0.0.1:${port}` };
for (let i = 0; i < 300 && !(await fetch(`${running.url}/ready`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
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
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
