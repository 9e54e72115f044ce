import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` and the Docker image run the launcher compiled by `npm run build` (decision 0053):
// it must start as the source does, and keep search's restart guarantees (decision 0044).
const infra = fileURLToPath(new URL('..', import.meta.url));
const built = join(infra, 'dist', 'main.mjs');
const webDist = fileURLToPath(new URL('./fixtures/web', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-built-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
  logs: () => Array<Record<string, unknown>>;
}

/** `node dist/main.mjs` on a free port; resolves at the first /ready 200 (polled every 20 ms). */
async function startBuilt(): Promise<Started> {
  const child = spawn(process.execPath, [built], {
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
  const logs = () =>
    output.split('\n').flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the built launcher exited (${child.exitCode}):\n${output}`);
    const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (
      url &&
      (await fetch(`${url}/ready`).then(
        (res) => res.status === 200,
        () => false,
      ))
    )
      return { url, child, exited, logs };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  throw new Error(`the built launcher was not ready in time:\n${output}`);
}

async function searchTotal(url: string): Promise<number> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query S($filter: SearchFilterInput!) { searchOpportunities(filter: $filter) { totalItems } }', variables: { filter: {} } }),
  });
  return ((await res.json()) as { data: { searchOpportunities: { totalItems: number } } }).data.searchOpportunities.totalItems;
}

async function kill(started: Started): Promise<void> {
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
