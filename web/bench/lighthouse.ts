/**
 * Lighthouse (mobile profile: simulated slow 4G and a 4x slower CPU) on the public pages of the
 * all-in-one server with the demo catalogue, in Debian's Chromium: home, a results page and an ad
 * detail, three runs each, the median printed (performance, accessibility, LCP, CLS, TBT, bytes).
 * The goals are in web/README.md ("Speed"). Needs the build (npm run build -w @ruedas/web).
 *
 *   npm run bench -w @ruedas/web          (BENCH_LIGHTHOUSE_RUNS=n for another count)
 */
import lighthouse from 'lighthouse';
import { startStack } from './stack';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

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
  const { base, debugPort, ad, close } = await startStack();
  try {
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
        `${page.name.padEnd(10)} ${String(m('performance')).padStart(5)} ` +
          `${String(m('accessibility')).padStart(5)} ${m('lcpMs').toFixed(0).padStart(8)} ` +
          `${m('cls').toFixed(3).padStart(7)} ${m('tbtMs').toFixed(0).padStart(8)} ` +
          `${(m('bytes') / 1024).toFixed(0).padStart(10)} ${(m('scriptBytes') / 1024).toFixed(0).padStart(7)}`,
      );
      if (failed.size > 0) console.log(`           accessibility audits failed: ${[...failed].join(', ')}`);
    }
  } finally {
    await close();
  }
}

await main();
