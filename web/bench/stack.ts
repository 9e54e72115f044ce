/**
 * The stack both Lighthouse benches run against: the all-in-one server with the demo catalogue on a
 * free port and a headless Debian Chromium with a remote-debugging port, plus the demo ad the detail
 * page opens (a public gold ad, else any public ad). `close()` stops both and removes their folders.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium-options';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A demo ad as demo.json lists it. */
export interface DemoAd {
  id: string;
  status: string;
  level: string;
  brand: string;
  model: string;
  year: number;
}

export interface BenchStack {
  /** The server's origin, e.g. `http://127.0.0.1:41234`. */
  base: string;
  /** Chromium's remote-debugging port, for `lighthouse(url, { port })`. */
  debugPort: number;
  /** The demo ad the detail page opens. */
  ad: DemoAd;
  /** Every public ad of the demo catalogue, in the manifest's order. */
  publicAds: DemoAd[];
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
}

function startServer(port: number, base: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'infra', 'src', 'main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      RUEDAS_DATA_DIR: dataDir,
      RUEDAS_DEMO_DATA: 'on',
      RUEDAS_PUBLIC_URL: base,
      RUEDAS_LOG_LEVEL: 'warn',
      RUEDAS_WEB_DIST: process.env.BENCH_WEB_DIST ?? join(repoRoot, 'web', 'dist'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function startChromium(debugPort: number, profile: string): ChildProcess {
  return spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
}

/** Starts the server and Chromium; on a failure while starting, stops what has started and throws. */
export async function startStack(): Promise<BenchStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ruedas-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, base, dataDir);
  const debugPort = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'ruedas-lighthouse-chromium-'));
  let chromium: ChildProcess | undefined;
  const close = async () => {
    chromium?.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
    await rm(profile, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/ready`, server, 'the server');
    const demo = JSON.parse(await readFile(join(dataDir, 'demo.json'), 'utf8')) as { ads: DemoAd[] };
    const publicAds = demo.ads.filter((candidate) => candidate.status === 'PUBLIC_ONLINE');
    const ad =
      demo.ads.find((candidate) => candidate.status === 'PUBLIC_ONLINE' && candidate.level === 'GOLD') ??
      demo.ads.find((candidate) => candidate.status === 'PUBLIC_ONLINE');
    if (!ad) throw new Error('the demo catalogue has no public ad');
    chromium = startChromium(debugPort, profile);
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`, chromium, 'Chromium');
    return { base, debugPort, ad, publicAds, close };
  } catch (error) {
    await close();
    throw error;
  }
}
