/**
 * The main thread's work while an ad page starts, on a phone (412 × 823, touch, a phone's user agent), from
 * a Chrome trace: from the first contentful paint until the page is live and 2 s after, each task's CPU time
 * (thread time: what the task computed, which the machine's load changes much less than the wall time
 * Lighthouse measures). Lighthouse's mobile profile runs the CPU 4× slower and counts every task's part
 * over 50 ms as blocking: "×4 blocking" is that sum from the CPU times.
 *   node --import tsx bench/start.ts [pages=5] [runs=3]      (BENCH_WEB_DIST=another build; BENCH_START_TRACES=<path prefix> keeps each trace)
 */
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { startStack, type DemoAd } from './stack';

const PAGES = Number(process.argv[2] ?? 5);
const RUNS = Number(process.argv[3] ?? 3);
const UA = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { beginData?: { url?: string } } };

function sampleAds(ads: DemoAd[], first: DemoAd, count: number): DemoAd[] {
  const rest = ads.filter((ad) => ad.id !== first.id);
  const step = rest.length / 19;
  return [first, ...Array.from({ length: Math.min(19, rest.length) }, (_, index) => rest[Math.floor(index * step)]!)].slice(0, count);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function analyse(events: TraceEvent[]) {
  const parse = events.find((event) => event.name === 'ParseHTML' && String(event.args?.beginData?.url ?? '').includes('/opportunity/'));
  if (!parse) throw new Error('no ParseHTML of the page in the trace');
  const main = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid);
  const fcp = main.find((event) => event.name === 'firstContentfulPaint')?.ts ?? parse.ts;
  const tasks = main.filter((event) => event.ph === 'X' && event.name === 'RunTask' && event.ts >= fcp);
  const cpu = (event: TraceEvent) => (event.tdur ?? event.dur ?? 0) / 1000;
  return {
    cpu: tasks.reduce((sum, task) => sum + cpu(task), 0),
    blocking: tasks.reduce((sum, task) => sum + Math.max(0, cpu(task) * 4 - 50), 0),
    long: tasks.filter((task) => cpu(task) * 4 > 50).length,
    longest: Math.max(0, ...tasks.map(cpu)),
  };
}

const { base, debugPort, ad, publicAds, close } = await startStack();
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
const all: Array<ReturnType<typeof analyse>> = [];
try {
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  console.log(`${'page'.padEnd(28)} CPU after FCP ms  ×4 blocking ms  long tasks  longest ms   (medians of ${RUNS})`);
  for (const page of sampleAds(publicAds, ad, PAGES)) {
    const runs: Array<ReturnType<typeof analyse>> = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        userAgent: UA,
      });
      const tab = await context.newPage();
      await browser.startTracing(tab, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'loading', 'blink.user_timing'],
      });
      await tab.goto(`${base}/opportunity/${page.id}`, { waitUntil: 'load' });
      await tab.waitForFunction(() => document.documentElement.dataset.page === 'ready', undefined, { timeout: 30_000 });
      await tab.waitForTimeout(2000);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      runs.push(analyse(trace.traceEvents));
      if (process.env.BENCH_START_TRACES) await writeFile(`${process.env.BENCH_START_TRACES}-${page.id.slice(0, 8)}-${run}.json`, JSON.stringify(trace));
      await context.close();
    }
    all.push(...runs);
    const m = (key: keyof (typeof runs)[number]) => median(runs.map((run) => run[key]));
    console.log(
      `${`${page.brand} ${page.model} ${page.year}`.slice(0, 28).padEnd(28)} ${m('cpu').toFixed(0).padStart(16)} ${m('blocking').toFixed(0).padStart(15)} ` +
        `${String(m('long')).padStart(11)} ${m('longest').toFixed(1).padStart(11)}`,
    );
  }
  const m = (key: keyof (typeof all)[number]) => median(all.map((run) => run[key]));
  console.log(
    `${'median of all'.padEnd(28)} ${m('cpu').toFixed(0).padStart(16)} ${m('blocking').toFixed(0).padStart(15)} ${String(m('long')).padStart(11)} ${m('longest').toFixed(1).padStart(11)}`,
  );
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await browser.close().catch(() => undefined);
  await close();
}
