import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, settingsSchema } from '../src/settings';

/**
 * turbo replays a cached task unless something in its hash changed. A variable that changes what a
 * task runs (a real server's URL, a setting of the launcher, a bench size) must be hashed, or a run
 * with MONGO_URL set after a run without it replays the earlier run's "NOT EXERCISED". This test
 * reads every variable the code reads and checks that turbo.json hashes it (`globalEnv`), or passes
 * it through knowingly (`globalPassThroughEnv`), or that it is one of the few that change nothing.
 */
const turbo = JSON.parse(readFileSync(join(repoRoot, 'turbo.json'), 'utf8')) as {
  globalEnv?: string[];
  globalPassThroughEnv?: string[];
};

/**
 * Read by tools, not by what a task computes: the process's path, vitest's own markers (the worker's
 * number picks the browser tests' port range), the shell.
 */
const CHANGE_NOTHING = new Set(['PATH', 'VITEST', 'VITEST_POOL_ID', 'TERM', 'NO_COLOR', 'FORCE_COLOR']);

const matches = (pattern: string, name: string) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern);

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr' || entry === 'generated' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, found);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry)) found.push(path);
  }
  return found;
}

function variablesRead(): Map<string, string> {
  const read = new Map<string, string>();
  const patterns = [/process\.env\.([A-Z][A-Z0-9_]*)/g, /process\.env\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g];
  for (const top of ['packages', 'services', 'gateway', 'infra', 'web', 'scripts']) {
    for (const file of sourceFiles(join(repoRoot, top))) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of patterns) for (const match of text.matchAll(pattern)) read.set(match[1]!, relative(repoRoot, file));
    }
  }
  for (const name of Object.keys(settingsSchema.shape)) read.set(name, 'infra/src/settings.ts');
  return read;
}

describe('turbo hashes every variable that changes what a task runs', () => {
  it('finds the variables the code reads (the scan itself works)', () => {
    const read = variablesRead();
    expect(read.get('MONGO_URL')).toBeDefined();
    expect(read.get('RUEDAS_TARGET')).toBeDefined();
    expect(read.get('BENCH_SEARCH_ADS')).toBeDefined();
  });

  it('each one is in globalEnv, passed through knowingly, or changes nothing', () => {
    const hashed = turbo.globalEnv ?? [];
    const passed = turbo.globalPassThroughEnv ?? [];
    const missing = [...variablesRead()]
      .filter(([name]) => !CHANGE_NOTHING.has(name))
      .filter(([name]) => ![...hashed, ...passed].some((pattern) => matches(pattern, name)))
      .map(([name, file]) => `${name} (read in ${file})`);
    expect(missing, 'add these to turbo.json globalEnv').toEqual([]);
  });

  it('hashes the settings of the real servers, not only passing them through', () => {
    const hashed = turbo.globalEnv ?? [];
    for (const name of ['KAFKA_BROKERS', 'MONGO_URL', 'MEILI_URL', 'MEILI_MASTER_KEY', 'S3_ENDPOINT', 'SMTP_URL', 'ONVO_TEST_SECRET_KEY', 'DOCKER_HOST']) {
      expect(
        hashed.some((pattern) => matches(pattern, name)),
        name,
      ).toBe(true);
    }
  });
});
