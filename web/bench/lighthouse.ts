/**
 * Lighthouse (mobile profile: simulated slow 4G and a 4x slower CPU) on the public pages of the
 * all-in-one server with the demo catalogue, in Debian's Chromium: home, a results page and an ad
 * detail, three runs each, the median printed (performance, accessibility, LCP, CLS, TBT, bytes).
 * The goals are in web/README.md ("Speed"). Needs the build (npm run build -w @ruedas/web).
 *
 *   npm run bench -w @ruedas/web          (BENCH_LIGHTHOUSE_RUNS=n for another count)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

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

interface Measures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  bytes: number;
  scriptBytes: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ruedas-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'infra', 'src', 'main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      RUEDAS_DATA_DIR: dataDir,
      RUEDAS_DEMO_DATA: 'on',
      RUEDAS_PUBLIC_URL: base,
      RUEDAS_LOG_LEVEL: 'warn',
      RUEDAS_WEB_DIST: join(repoRoot, 'web', 'dist'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const debugPort = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'ruedas-lighthouse-chromium-'));
  let chromium: ChildProcess | undefined;
  try {
    await waitFor(`${base}/ready`, server, 'the server');
    const demo = JSON.parse(await readFile(join(dataDir, 'demo.json'), 'utf8')) as { ads: Array<{ id: string; status: string; level: string }> };
    const ad =
      demo.ads.find((candidate) => candidate.status === 'PUBLIC_ONLINE' && candidate.level === 'GOLD') ??
      demo.ads.find((candidate) => candidate.status === 'PUBLIC_ONLINE');
    if (!ad) throw new Error('the demo catalogue has no public ad');
    chromium = spawn(
      '/usr/bin/chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--remote-debugging-port=${debugPort}`,
        `--user-data-dir=${profile}`,
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`, chromium, 'Chromium');

    const pages = [
      { name: 'home', path: '/' },
      { name: 'results', path: '/searchingOpportunities?q=toyota' },
      { name: 'ad detail', path: `/opportunity/${ad.id}` },
    ];
    console.log(`Lighthouse ${RUNS} runs per page, mobile profile, Debian Chromium, ${base}\n`);
    console.log('page        perf  a11y   LCP ms   CLS     TBT ms   bytes KB   JS KB');
    for (const page of pages) {
      const runs: Measures[] = [];
      // The accessibility audits that failed in any run, to say what keeps the score under 100.
      const failed = new Set<string>();
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${base}${page.path}`, {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
        const { categories, audits } = result.lhr;
        for (const ref of categories.accessibility?.auditRefs ?? []) {
          const score = audits[ref.id]?.score;
          if (ref.weight > 0 && typeof score === 'number' && score < 1) failed.add(ref.id);
        }
        const scriptBytes =
          ((audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ?? []).find(
            (item) => item.resourceType === 'script',
          )?.transferSize ?? 0;
        runs.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
          bytes: audits['total-byte-weight']?.numericValue ?? NaN,
          scriptBytes,
        });
      }
      const m = (key: keyof Measures) => median(runs.map((run) => run[key]));
      console.log(
        `${page.name.padEnd(10)} ${String(m('performance')).padStart(5)} ${String(m('accessibility')).padStart(5)} ${m('lcpMs').toFixed(0).padStart(8)} ${m('cls').toFixed(3).padStart(7)} ${m('tbtMs').toFixed(0).padStart(8)} ${(m('bytes') / 1024).toFixed(0).padStart(10)} ${(m('scriptBytes') / 1024).toFixed(0).padStart(7)}`,
      );
      if (failed.size > 0) console.log(`           accessibility audits failed: ${[...failed].join(', ')}`);
    }
  } finally {
    chromium?.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
    await rm(profile, { recursive: true, force: true });
  }
}

await main();
