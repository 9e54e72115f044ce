import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { searchTotal, spawnServer, type Spawned } from './spawned';

// `npm start` and the Docker image run the launcher compiled by `npm run build` (decision 0053):
// it must start as the source does, and keep search's restart guarantees (decision 0044).
const infra = fileURLToPath(new URL('..', import.meta.url));
const built = join(infra, 'dist', 'main.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-built-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** `node dist/main.mjs` on a free port; resolves at the first /ready 200 (polled every 20 ms). */
const startBuilt = () =>
  spawnServer({ args: [built], env: { RUEDAS_DEMO_DATA: 'off', RUEDAS_DATA_DIR: dataDir }, name: 'the built launcher', pollMs: 20, children });

async function kill(started: Spawned): Promise<void> {
  started.child.kill('SIGKILL');
  await started.exited;
}

describe('the built launcher (npm start, the Docker image)', () => {
  it('builds into dist/main.mjs and starts from it: every subgraph served, its start-up phases logged, ready again after a SIGKILL', async () => {
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: infra, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    expect(existsSync(built)).toBe(true);

    const first = await startBuilt();
    const listening = first.logs().find((line) => line.msg === 'Ruedas is listening')!;
    expect(Object.keys(listening.phases as object)).toEqual([
      'import',
      'adapters',
      'identity',
      'moderation',
      'listings',
      'media',
      'billing',
      'search',
      'gateway',
      'listen',
      'startupData',
    ]);
    expect(listening.readyMs).toBeGreaterThan(0);
    // The subgraphs' schemas are read beside their sources: the composed graph answers.
    expect(await searchTotal(first.url)).toBe(0);
    const versions = await fetch(`${first.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(await versions.json()).toEqual({ data: { __typename: 'Query' } });
    await kill(first);

    const second = await startBuilt();
    expect(second.logs().find((line) => line.msg === 'search index opened')).toMatchObject({ how: 'resumed', filled: 0 });
    second.child.kill('SIGTERM');
    await second.exited;
  }, 600_000);
});
