import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { metricsRegistry } from '@ruedas/platform';
import { checkCompose, envFileProblems, prometheusTargets, readCompose, readDockerfile, withOperatorOnvoKeys } from '../src/compose-check';
import { generateComposeSecrets } from '../src/secrets';
import { repoRoot } from '../src/settings';

// The observability profile of docker-compose.yml (issue 33, decision 0169): the Grafana dashboard
// is a valid dashboard whose every query names metrics the processes export, Prometheus's
// configuration passes promtool (or, without it, parses) and scrapes every Ruedas container where
// it serves /metrics, and the secrets recipe's file is one compose accepts.

const at = (path: string) => join(repoRoot, 'infra/observability', path);
const dashboardFile = at('grafana/dashboards/ruedas.json');

/** What Grafana needs of a provisioned dashboard, as far as this one uses it. */
const target = z.object({
  refId: z.string().regex(/^[A-Z]$/),
  datasource: z.object({ type: z.literal('prometheus'), uid: z.string() }),
  expr: z.string().min(1),
});
const gridPos = z.object({
  h: z.number().int().positive(),
  w: z.number().int().min(1).max(24),
  x: z.number().int().min(0).max(23),
  y: z.number().int().min(0),
});
const panel = z.discriminatedUnion('type', [
  z.object({ id: z.number().int(), type: z.literal('row'), title: z.string().min(1), gridPos, collapsed: z.boolean(), panels: z.array(z.unknown()) }),
  z.object({
    id: z.number().int(),
    type: z.enum(['timeseries', 'stat']),
    title: z.string().min(1),
    gridPos,
    datasource: z.object({ type: z.literal('prometheus'), uid: z.string() }),
    targets: z.array(target).min(1),
    fieldConfig: z.object({ defaults: z.object({ unit: z.string() }) }).passthrough(),
  }),
]);
const dashboardSchema = z
  .object({ uid: z.string().regex(/^[a-z0-9-]{1,40}$/), title: z.string(), schemaVersion: z.number().int().min(36), panels: z.array(panel).min(1) })
  .passthrough();

/** Every series name a process exports: the registry's families, histograms with their three series. */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const family of await metricsRegistry.getMetricsAsJSON()) {
    names.add(family.name);
    if (String(family.type) === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${family.name}${suffix}`);
  }
  return names;
}

const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'rate', 'increase', 'histogram_quantile', 'by', 'le', 'without', 'avg']);
/** The metric names a PromQL expression reads (identifiers followed by `[`, `{`, `)` or space that are not functions or labels). */
function metricNames(expr: string): string[] {
  const withoutLabels = expr.replace(/\{[^}]*\}/g, '').replace(/by \([^)]*\)/g, '');
  return [...withoutLabels.matchAll(/[a-z_][a-z0-9_]*/g)].map((match) => match[0]).filter((word) => !PROMQL_WORDS.has(word) && word.includes('_'));
}

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8')) as unknown;

  it('is a dashboard Grafana provisions: panels with ids, places and Prometheus queries of the provisioned source', () => {
    const parsed = dashboardSchema.parse(dashboard);
    const ids = parsed.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of parsed.panels) expect(p.gridPos.x + p.gridPos.w).toBeLessThanOrEqual(24);
    const sources = parse(readFileSync(at('grafana/provisioning/datasources/prometheus.yml'), 'utf8')) as { datasources: { uid: string; type: string }[] };
    const prometheus = sources.datasources.find((source) => source.type === 'prometheus')!;
    for (const p of parsed.panels) if (p.type !== 'row') expect(p.datasource.uid).toBe(prometheus.uid);
    // The provider reads the folder compose mounts the dashboards into.
    const provider = parse(readFileSync(at('grafana/provisioning/dashboards/ruedas.yml'), 'utf8')) as { providers: { options: { path: string } }[] };
    expect(readCompose().services.grafana!.volumes).toContain(`./infra/observability/grafana/dashboards:${provider.providers[0]!.options.path}:ro`);
  });

  it('queries only metrics the processes export, and shows requests, errors, latency, lag, outbox, dead letters and search', async () => {
    const parsed = dashboardSchema.parse(dashboard);
    const exported = await exportedNames();
    const used = parsed.panels.flatMap((p) => (p.type === 'row' ? [] : p.targets.flatMap((t) => metricNames(t.expr))));
    expect(used.filter((name) => !exported.has(name))).toEqual([]);
    for (const family of [
      'ruedas_http_request_duration_seconds_count',
      'ruedas_http_request_duration_seconds_bucket',
      'ruedas_graphql_errors_total',
      'ruedas_consumer_lag_messages',
      'ruedas_outbox_pending_documents',
      'ruedas_dead_letters_total',
      'ruedas_search_query_duration_seconds_bucket',
      'ruedas_search_index_documents',
    ]) {
      expect(used, family).toContain(family);
    }
    expect(metricNames('sum(rate(no_such_metric_total[5m]))').filter((name) => !exported.has(name))).toEqual(['no_such_metric_total']);
  });
});

describe("Prometheus's configuration", () => {
  const config = readFileSync(at('prometheus.yml'), 'utf8');
  const promtool = spawnSync('promtool', ['--version']).status === 0;

  it(promtool ? 'passes promtool check config, which refuses a broken one' : 'parses (promtool is not installed)', () => {
    if (promtool) {
      const dir = mkdtempSync(join(tmpdir(), 'ruedas-promtool-'));
      try {
        writeFileSync(join(dir, 'prometheus.yml'), config);
        writeFileSync(join(dir, 'broken.yml'), config.replace('scrape_interval: 15s', 'scrape_interval: often'));
        const good = spawnSync('promtool', ['check', 'config', join(dir, 'prometheus.yml')], { encoding: 'utf8' });
        expect(good.status, good.stderr).toBe(0);
        expect(spawnSync('promtool', ['check', 'config', join(dir, 'broken.yml')]).status).not.toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } else {
      const parsed = parse(config) as { scrape_configs: { job_name: string }[] };
      const jobs = parsed.scrape_configs.map((job) => job.job_name);
      expect(new Set(jobs).size).toBe(jobs.length);
    }
  });

  it('scrapes every Ruedas container where it serves /metrics (the production gateway on its metrics port), and check:compose says when not', () => {
    const targets = prometheusTargets(config);
    for (const expected of ['identity:4001', 'moderation:4000', 'listings:4002', 'media:4003', 'billing:4005', 'search:4006', 'gateway:9464']) {
      expect(targets).toContain(expected);
    }
    const compose = readCompose();
    expect(checkCompose(compose, withOperatorOnvoKeys(generateComposeSecrets()), readDockerfile()).problems).toEqual([]);
    // A gateway whose metrics moved elsewhere, and a missing mounted file: both named.
    const moved = structuredClone(compose);
    moved.services.gateway!.environment = { ...moved.services.gateway!.environment, RUEDAS_METRICS_PORT: '9999' };
    moved.services.grafana!.volumes = ['./infra/observability/no-such-folder:/etc/grafana/dashboards:ro', 'grafana:/var/lib/grafana'];
    expect(checkCompose(moved, withOperatorOnvoKeys(generateComposeSecrets()), readDockerfile()).problems).toEqual([
      'grafana: mounts ./infra/observability/no-such-folder, which does not exist',
      'prometheus: does not scrape gateway:9999, where that container serves /metrics',
    ]);
  });
});

describe('the secrets recipe', () => {
  it('is documented with --silent, the very line CI runs, and a file with npm’s banner is refused line by line', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const recipe = readme.split('\n').find((line) => /^npm run .*secrets -w @ruedas\/infra > \.env/.test(line));
    expect(recipe).toMatch(/^npm run --silent secrets -w @ruedas\/infra > \.env /);
    expect(readFileSync(join(repoRoot, '.ci/run'), 'utf8')).toContain(`grep -m1 -E '^npm run .*secrets -w @ruedas/infra > \\.env' README.md`);
    const clean = `${Object.entries(generateComposeSecrets())
      .map(([name, value]) => `${name}='${value}'`)
      .join('\n')}\n`;
    expect(envFileProblems(clean)).toEqual([]);
    expect(envFileProblems(`\n> @ruedas/infra@0.1.0 secrets\n> node --import tsx src/secrets.ts\n\n${clean}`)).toEqual([
      '.env line 2 is not NAME=value: "> @ruedas/infra@0.1.0 secrets"',
      '.env line 3 is not NAME=value: "> node --import tsx src/secrets.ts"',
    ]);
  });
});
