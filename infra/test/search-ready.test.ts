import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '@ruedas/platform';
import { seedListingsStore } from '../src';
import { MAIN, searchTotal, spawnServer } from './spawned';

const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-search-ready-'));
const ADS = 3_000;
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start`'s process on a free port; resolves at the first /ready 200 (polled every 20 ms). */
const startServer = () => spawnServer({ args: ['--import', 'tsx', MAIN], env: { RUEDAS_DEMO_DATA: 'off', RUEDAS_DATA_DIR: dataDir }, pollMs: 20, children });

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
