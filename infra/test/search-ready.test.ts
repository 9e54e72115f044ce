import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '@ruedas/platform';
import { seedListingsStore } from '../src';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const webDist = fileURLToPath(new URL('./fixtures/web', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-search-ready-'));
const ADS = 3_000;
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start`'s process on a free port; resolves at the first /ready 200 (polled every 20 ms). */
async function startServer(): Promise<{ url: string; child: ChildProcess; exited: Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      RUEDAS_LOG_LEVEL: 'info',
      RUEDAS_DEMO_DATA: 'off',
      PORT: '0',
      HOST: '127.0.0.1',
      RUEDAS_DATA_DIR: dataDir,
      RUEDAS_WEB_DIST: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (
      url &&
      (await fetch(`${url}/ready`).then(
        (res) => res.status === 200,
        () => false,
      ))
    )
      return { url, child, exited };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  throw new Error(`the server was not ready in time:\n${output}`);
}

async function searchTotal(url: string): Promise<number> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query S($filter: SearchFilterInput!) { searchOpportunities(filter: $filter) { totalItems } }', variables: { filter: {} } }),
  });
  return ((await res.json()) as { data: { searchOpportunities: { totalItems: number } } }).data.searchOpportunities.totalItems;
}

describe('search after an unclean stop (issue 14, item 8)', () => {
  it('a process killed with SIGKILL restarts without a rebuild and answers /ready only once search shows every public ad', async () => {
    const { publicAds } = await seedListingsStore(join(dataDir, 'store'), { ads: ADS, seed: 14, logger: createLogger('test', 'silent') });

    // First start: listings' outbox relay publishes every snapshot; search indexes them.
    const first = await startServer();
    await expect.poll(() => searchTotal(first.url), { timeout: 180_000, interval: 250 }).toBe(publicAds);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer();
    // At the first /ready 200 every public ad is already searchable.
    expect(await searchTotal(second.url)).toBe(publicAds);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 420_000);
});
