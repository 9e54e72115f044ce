import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** The built web app: web/dist, or RUEDAS_E2E_WEB_DIST (a private build: `npx vite build --outDir <dir>` in web). */
const webDist = process.env.RUEDAS_E2E_WEB_DIST ?? join(repoRoot, 'web', 'dist');
const READY_TIMEOUT_MS = 60_000;

export interface RunningServer {
  baseUrl: string;
  /** The server's RUEDAS_DATA_DIR (mails are in its `mail` folder). */
  dataDir: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('Could not pick a free port');
  return address.port;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export interface ServerOptions {
  /** Start on this data folder (a restart over the data of a previous server) instead of a fresh one. */
  dataDir?: string;
  /** Leave the data folder in place on stop (to start another server on it); removed otherwise. */
  keepDataDir?: boolean;
}

/**
 * Starts the all-in-one server (infra/src/main.ts) on a free port with a fresh data folder (or
 * `options.dataDir`), serving the built web app, and waits until /ready answers 200. `settings` adds
 * environment variables (e.g. RUEDAS_CLOCK_OFFSET_DAYS for a clock moved ahead).
 * The demo catalogue is off unless asked for with `{ RUEDAS_DEMO_DATA: 'on' }` (then `demo.json` in
 * `dataDir` lists the seeded ads; the credentials are DEMO_CREDENTIALS of @ruedas/infra).
 */
export async function startServer(settings: Record<string, string> = {}, options: ServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`No built web app in ${webDist}: run \`npm run build -w @ruedas/web\` first`);
  }
  const port = await freePort();
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'ruedas-e2e-')));
  const baseUrl = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'infra', 'src', 'main.ts')], {
    cwd: repoRoot,
    // The public address is the one the browser opens (not the launcher's default http://localhost:PORT):
    // addresses the server hands out (payment return, mail links) must keep the page on the origin
    // whose local storage holds the session.
    env: {
      ...process.env,
      RUEDAS_DEMO_DATA: 'off',
      RUEDAS_PUBLIC_URL: baseUrl,
      ...settings,
      PORT: String(port),
      RUEDAS_DATA_DIR: dataDir,
      RUEDAS_WEB_DIST: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server exited before it was ready (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`);
    }
    const ready = await fetch(`${baseUrl}/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return { baseUrl, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server was not ready after ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
}

/** Debian's Chromium, headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
