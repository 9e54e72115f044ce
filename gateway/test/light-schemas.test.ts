import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const gatewayDir = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'ruedas-light-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The module URLs a fresh Node process resolves while importing `entry` (under tsx, as the services run). */
async function modulesLoadedBy(entry: string): Promise<string[]> {
  const file = join(work, `${Math.random().toString(36).slice(2)}.txt`);
  const script = `const m = await import(${JSON.stringify(entry)}); console.log(JSON.stringify(m.subgraphs.map((s) => s.name)));`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--import', './test/fixtures/record-loads.mjs', '--input-type=module', '-e', script], {
    cwd: gatewayDir,
    env: { ...process.env, RECORD_LOADS_FILE: file },
  });
  expect(JSON.parse(stdout.trim())).toEqual(['identity', 'moderation', 'listings', 'media', 'billing', 'search']);
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

// What a gateway-only process must not load just to know the subgraphs' schemas.
const heavy = [
  /\/node_modules\/sharp\//,
  /\/node_modules\/@node-rs\/argon2/,
  /\/adapters\/search-embedded\//,
  /\/adapters\/payment-sandbox\/src\/(index|sandbox)\.ts/,
  /\/services\/\w+\/src\/index\.ts/,
  /\/services\/\w+\/src\/resolvers\.ts/,
];

describe("the gateway reads the services' schemas from their light entry points", () => {
  it('importing the gateway loads no service code, adapter or image library', { timeout: 60_000 }, async () => {
    const loaded = await modulesLoadedBy('./src/index.ts');
    // The recorder works: the light entries themselves are seen.
    expect(loaded.some((url) => url.endsWith('/services/search/src/schema.ts'))).toBe(true);
    expect(loaded.some((url) => url.endsWith('/services/media/src/schema.ts'))).toBe(true);
    for (const pattern of heavy) expect(loaded.filter((url) => pattern.test(url))).toEqual([]);
  });
});
