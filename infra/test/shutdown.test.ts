import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const main = new URL('../src/main.ts', import.meta.url).pathname;
const webDist = new URL('./fixtures/web', import.meta.url).pathname;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function launch(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string; exit: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

// A start takes about 10 s alone (tsx compiles every service); while every package's tests run at
// once on 2 cores it has taken over 60 s. A process that exits fails at once, with its output.
async function waitReady(url: string, run: { child: ChildProcess; output: () => string }, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (run.child.exitCode !== null) throw new Error(`the launcher exited (${run.child.exitCode}):\n${run.output()}`);
    const ok = await fetch(`${url}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready after ${timeoutMs} ms:\n${run.output()}`);
}

/** The lock files left in a data folder and its adapters' folders. */
function locksIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /(^|\/)LOCK/.test(name));
}

describe('the launcher as a process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops gracefully on SIGTERM, and starts again on the same data', async () => {
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', RUEDAS_DATA_DIR: dataDir, RUEDAS_WEB_DIST: webDist, RUEDAS_LOG_LEVEL: 'info' };
    for (let round = 0; round < 2; round++) {
      const run = await launch(env);
      await waitReady(`http://127.0.0.1:${port}`, run);
      // The log line travels through a pipe and may arrive a moment after /ready answers.
      await expect.poll(() => run.output(), { timeout: 10_000 }).toContain('Ruedas is listening');
      run.child.kill('SIGTERM');
      expect(await run.exit).toBe(0);
      expect(run.output()).toContain('shutting down gracefully');
      expect(run.output()).toContain('"msg":"stopped"');
      // The data folder's locks are released: no LOCK left behind in any adapter's folder.
      expect(locksIn(dataDir)).toEqual([]);
    }
  }, 420_000);

  it('stops gracefully on a SIGTERM during start-up (while the demo catalogue is seeded), releasing the data folder', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'ruedas-shutdown-seeding-'));
    try {
      const port = await freePort();
      const run = await launch({
        PORT: String(port),
        HOST: '127.0.0.1',
        RUEDAS_DATA_DIR: fresh,
        RUEDAS_WEB_DIST: webDist,
        RUEDAS_LOG_LEVEL: 'info',
        RUEDAS_DEMO_DATA: 'on',
      });
      await expect.poll(() => run.output(), { timeout: 180_000, interval: 50 }).toContain('seeding the demo catalogue');
      run.child.kill('SIGTERM');
      expect(await run.exit).toBe(0);
      expect(run.output()).toContain('shutting down gracefully');
      expect(run.output()).not.toContain('Ruedas is listening');
      expect(locksIn(fresh)).toEqual([]);
      // The next start says the seeding was interrupted instead of serving half a catalogue quietly.
      const again = await launch({
        PORT: String(port),
        HOST: '127.0.0.1',
        RUEDAS_DATA_DIR: fresh,
        RUEDAS_WEB_DIST: webDist,
        RUEDAS_LOG_LEVEL: 'info',
        RUEDAS_DEMO_DATA: 'auto',
      });
      await waitReady(`http://127.0.0.1:${port}`, again);
      await expect.poll(() => again.output(), { timeout: 10_000 }).toContain('an earlier demo seeding was interrupted');
      again.child.kill('SIGTERM');
      expect(await again.exit).toBe(0);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 420_000);

  it('refuses to start on a wrong setting, naming the variable, with exit code 1', async () => {
    const run = await launch({ PORT: '0', RUEDAS_DATA_DIR: dataDir, RUEDAS_STORE: 'mongo', RUEDAS_WEB_DIST: webDist, RUEDAS_LOG_LEVEL: 'info' });
    expect(await run.exit).toBe(1);
    expect(run.output()).toContain('cannot start: MONGO_URL: is required');
  }, 180_000);
});
