/**
 * Lighthouse diagnostics (mobile profile) for one or more public pages of the all-in-one server with
 * the demo catalogue: saves each run's LHR JSON and prints the audits that explain the scores (LCP
 * element and its phases, render-blocking resources, the critical request chain, script boot-up,
 * main-thread work, layout-shift culprits, unused JavaScript). Needs the build.
 *
 *   npm run bench:diagnose -w @ruedas/web [-- home results detail "ford mustang 2017"]   (BENCH_OUT=dir, BENCH_LIGHTHOUSE_RUNS=n)
 *
 * A name other than home, results and detail opens the first public demo ad whose "brand model year"
 * contains it (case ignored), e.g. "mustang 2017".
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { startStack } from './stack';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const OUT = process.env.BENCH_OUT ?? join(tmpdir(), 'ruedas-lighthouse-lhr');

type Audit = {
  numericValue?: number;
  displayValue?: string;
  score: number | null;
  details?: { items?: Array<Record<string, unknown>> } & Record<string, unknown>;
};

const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
const kb = (bytes: unknown) => `${(Number(bytes) / 1024).toFixed(1)} KB`;

function printAudit(audits: Record<string, Audit>, id: string, row: (item: Record<string, unknown>) => string, limit = 8): void {
  const audit = audits[id];
  if (!audit) return;
  console.log(`  ${id}: ${audit.displayValue ?? ''}`);
  const items = audit.details?.items ?? [];
  for (const item of items.slice(0, limit)) console.log(`    ${row(item)}`);
}

function printChains(
  chains: Record<string, { request: { url: string; endTime: number; transferSize: number }; children?: Record<string, unknown> }>,
  depth = 2,
): void {
  for (const chain of Object.values(chains)) {
    console.log(`${' '.repeat(depth * 2)}${short(chain.request.url)} ${kb(chain.request.transferSize)} end ${(chain.request.endTime * 1000).toFixed(0)} ms`);
    if (chain.children) printChains(chain.children as never, depth + 1);
  }
}

function diagnose(audits: Record<string, Audit>): void {
  const value = (id: string) => audits[id]?.numericValue?.toFixed(id === 'cumulative-layout-shift' ? 3 : 0);
  console.log(
    `  FCP ${value('first-contentful-paint')} LCP ${value('largest-contentful-paint')} TBT ` +
      `${value('total-blocking-time')} CLS ${value('cumulative-layout-shift')} SI ${value('speed-index')}`,
  );
  const lcp = audits['lcp-breakdown-insight'] ?? audits['largest-contentful-paint-element'];
  for (const item of lcp?.details?.items ?? []) {
    const sub = item as { type?: string; items?: Array<Record<string, unknown>>; node?: { snippet?: string; nodeLabel?: string } };
    if (sub.type === 'node') console.log(`    LCP element: ${sub.node?.snippet ?? ''}`);
    for (const row of sub.items ?? []) {
      const node = row.node as { snippet?: string } | undefined;
      if (node) console.log(`    LCP element: ${node.snippet}`);
      else console.log(`    ${String(row.label ?? row.subpart ?? row.phase ?? '')} ${Number(row.duration ?? row.timing ?? 0).toFixed(0)} ms`);
    }
  }
  printAudit(
    audits,
    'render-blocking-insight',
    (item) => `${short(item.url)} ${kb(item.totalBytes ?? item.transferSize)} ${Number(item.wastedMs ?? 0).toFixed(0)} ms`,
  );
  printAudit(
    audits,
    'bootup-time',
    (item) =>
      `${short(item.url)} total ${Number(item.total).toFixed(0)} script ` +
      `${Number(item.scripting).toFixed(0)} parse ${Number(item.scriptParseCompile).toFixed(0)}`,
  );
  printAudit(audits, 'mainthread-work-breakdown', (item) => `${String(item.groupLabel ?? item.group)} ${Number(item.duration).toFixed(0)} ms`);
  printAudit(audits, 'long-tasks', (item) => `${short(item.url)} start ${Number(item.startTime).toFixed(0)} ${Number(item.duration).toFixed(0)} ms`, 12);
  printAudit(
    audits,
    'layout-shifts',
    (item) => `${String((item.node as { snippet?: string } | undefined)?.snippet ?? '').slice(0, 160)} ${Number(item.score).toFixed(3)}`,
  );
  printAudit(audits, 'unused-javascript', (item) => `${short(item.url)} ${kb(item.totalBytes)} unused ${kb(item.wastedBytes)}`);
  const chains = audits['critical-request-chains']?.details as { chains?: Record<string, never>; longestChain?: { duration: number } } | undefined;
  if (chains?.chains) {
    console.log(`  critical-request-chains (longest ${chains.longestChain?.duration.toFixed(0)} ms):`);
    printChains(chains.chains);
  }
  printAudit(
    audits,
    'network-requests',
    (item) =>
      `${short(item.url).slice(0, 90)} ${kb(item.transferSize)} ` +
      `${Number(item.networkRequestTime).toFixed(0)}→${Number(item.networkEndTime).toFixed(0)} ms ` +
      `${String(item.priority ?? '')}`,
    40,
  );
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['home', 'results', 'detail'];
  await mkdir(OUT, { recursive: true });
  const { base, debugPort, ad, publicAds, close } = await startStack();
  try {
    const paths: Record<string, string> = { home: '/', results: '/searchingOpportunities?q=toyota', detail: `/opportunity/${ad.id}` };
    for (const name of wanted) {
      if (!paths[name]) {
        const found = publicAds.find((candidate) => `${candidate.brand} ${candidate.model} ${candidate.year}`.toLowerCase().includes(name.toLowerCase()));
        if (!found) throw new Error(`no public demo ad matches ${name}`);
        paths[name] = `/opportunity/${found.id}`;
        console.log(`${name}: ${found.brand} ${found.model} ${found.year} ${found.level} ${paths[name]}`);
      }
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${base}${paths[name]}`, {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!result) throw new Error(`no Lighthouse result for ${name}`);
        const file = join(OUT, `${name.replace(/\W+/g, '-')}-${run + 1}.json`);
        await writeFile(file, JSON.stringify(result.lhr));
        const { categories, audits } = result.lhr;
        console.log(
          `\n${name} run ${run + 1}: performance ${Math.round((categories.performance?.score ?? 0) * 100)}, ` +
            `accessibility ${Math.round((categories.accessibility?.score ?? 0) * 100)} (${file})`,
        );
        for (const ref of categories.accessibility?.auditRefs ?? []) {
          const audit = audits[ref.id] as Audit | undefined;
          if (ref.weight > 0 && typeof audit?.score === 'number' && audit.score < 1) {
            console.log(`  a11y failed: ${ref.id}`);
            for (const item of audit.details?.items ?? [])
              console.log(
                `    ${String((item.node as { snippet?: string } | undefined)?.snippet ?? '')} ${String(
                  (item.node as { explanation?: string } | undefined)?.explanation ?? '',
                )
                  .replace(/\n/g, ' ')
                  .slice(0, 200)}`,
              );
          }
        }
        diagnose(audits as unknown as Record<string, Audit>);
      }
    }
  } finally {
    await close();
  }
}

await main();
