// The configuration check CI runs on docker-compose.yml, without Docker and without connecting to
// anything: every Ruedas container's environment (the image's ENV, then compose's, interpolated
// from the operator's variables) goes through the launcher's dry run (`checkConfiguration`), and
// must hold no setting its modules do not read; every stateful service keeps its data in a volume.
//   npm run check:compose -w @ruedas/infra [-- --env-file .env]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { checkConfiguration } from './check';
import { generateComposeSecrets } from './secrets';
import { repoRoot } from './settings';

interface ComposeService {
  image?: string;
  profiles?: string[];
  build?: { dockerfile?: string };
  command?: string[];
  environment?: Record<string, unknown>;
  volumes?: string[];
  depends_on?: Record<string, { condition?: string }>;
  container_name?: string;
  ports?: Array<string | number | { published?: string | number }>;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** Compose's interpolation: `${X}`, `${X:-default}`, `${X-default}`, `${X:?error}`, `${X?error}`, `$$`. */
export function interpolate(text: string, env: Record<string, string | undefined>, problems: string[], where: string): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, name?: string, colon?: string, op?: string, arg?: string, bare?: string) => {
      if (match === '$$') return '$';
      const variable = (name ?? bare)!;
      const value = env[variable];
      const missing = value === undefined || (colon === ':' && value === '');
      if (!missing) return value;
      if (op === '?') {
        problems.push(`${where}: ${variable} is not set (${arg || 'required'})`);
        return '';
      }
      return op === '-' ? (arg ?? '') : '';
    },
  );
}

/** The Dockerfile's ENV of the final stage (what a container sees before compose's environment). */
export function imageEnvironment(dockerfile: string): Record<string, string> {
  const stages = dockerfile.split(/^FROM /m);
  const last = stages.at(-1) ?? '';
  const env: Record<string, string> = {};
  for (const line of last.split('\n')) {
    const match = /^ENV\s+(.*)$/.exec(line.trim());
    if (!match) continue;
    for (const pair of match[1]!.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g)) env[pair[1]!] = pair[2]!.replace(/^"|"$/g, '');
  }
  return env;
}

/** Where each stateful service keeps its data: it must be a volume mount. */
const dataDirectories: Record<string, (service: ComposeService, env: Record<string, string>) => string | undefined> = {
  kafka: (_service, env) => env.KAFKA_LOG_DIRS,
  mongo: () => '/data/db',
  meilisearch: () => '/meili_data',
  minio: (service) => service.command?.[service.command.indexOf('server') + 1],
  prometheus: (service) => service.command?.find((argument) => argument.startsWith('--storage.tsdb.path='))?.split('=')[1],
  grafana: () => '/var/lib/grafana',
};

export interface ComposeReport {
  /** Every problem, `<service>: ...`; none when the file is right. */
  problems: string[];
  /** The Ruedas containers checked, with their modules. */
  checked: Record<string, string[]>;
}

/**
 * What stops `docker compose up --scale <name>=<copies>` of a Ruedas container: a fixed container
 * name, or a fixed host port (the second copy could not bind it; a range such as `8080-8089:8080`
 * is fine). Checked for every Ruedas container, as if each ran `copies` times.
 */
export function scalingProblems(compose: ComposeFile, copies = 3): string[] {
  const problems: string[] = [];
  for (const [name, service] of Object.entries(compose.services)) {
    if (!service.build?.dockerfile?.endsWith('infra/Dockerfile')) continue;
    if (service.container_name) problems.push(`${name}: container_name ${service.container_name} stops it from running ${copies} copies (--scale)`);
    for (const port of service.ports ?? []) {
      const published = typeof port === 'object' ? String(port.published ?? '') : String(port).split(':').slice(0, -1).join(':');
      const host = published.split(':').at(-1) ?? '';
      if (host !== '' && !host.includes('-')) {
        problems.push(`${name}: host port ${host} can be bound by one copy only; ${copies} copies need no host port (a balancer in front) or a range`);
      }
    }
  }
  return problems;
}

export function checkCompose(compose: ComposeFile, operatorEnv: Record<string, string | undefined>, dockerfile: string): ComposeReport {
  const problems: string[] = [];
  const checked: Record<string, string[]> = {};
  const metricsAt: Record<string, number> = {};
  const image = imageEnvironment(dockerfile);
  const volumes = new Set(Object.keys(compose.volumes ?? {}));
  for (const [name, service] of Object.entries(compose.services)) {
    const environment = Object.fromEntries(
      Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value ?? ''), operatorEnv, problems, name)]),
    );
    for (const dependency of Object.keys(service.depends_on ?? {})) {
      if (!compose.services[dependency]) problems.push(`${name}: depends on ${dependency}, which is not a service`);
    }
    for (const mount of service.volumes ?? []) {
      const [source] = mount.split(':');
      if (source && !source.startsWith('.') && !source.startsWith('/') && !volumes.has(source)) problems.push(`${name}: volume ${source} is not declared`);
    }
    const dataDirectory = dataDirectories[name]?.(service, environment);
    if (name in dataDirectories) {
      const mounted = (service.volumes ?? []).some((mount) => {
        const [source, target] = mount.split(':');
        return source && volumes.has(source) && target && dataDirectory && (dataDirectory === target || dataDirectory.startsWith(`${target}/`));
      });
      if (!mounted) problems.push(`${name}: its data (${dataDirectory ?? 'no data directory set'}) is not in a named volume, so a re-create loses it`);
    }
    if (!service.build?.dockerfile?.endsWith('infra/Dockerfile')) continue;
    if (service.command?.includes('--meili-key')) {
      problems.push(...keyBootstrapProblems(name, environment));
      continue;
    }
    const env = { ...image, ...environment };
    const report = checkConfiguration(env);
    checked[name] = report.modules;
    metricsAt[name] = metricsPort(env, report.modules);
    for (const problem of report.problems) problems.push(`${name}: ${problem}`);
    for (const unused of report.unused) problems.push(`${name}: ${unused} is given but none of its modules (${report.modules.join(', ')}) reads it`);
  }
  problems.push(...checkObservability(compose, metricsAt));
  problems.push(...scalingProblems(compose));
  return { problems, checked };
}

/** What the Meilisearch key bootstrap reads (`--meili-key`, decision 0203): it is the one container given the master key. */
export const KEY_BOOTSTRAP_SETTINGS = ['MEILI_URL', 'MEILI_MASTER_KEY', 'MEILI_API_KEY', 'MEILI_INDEX'] as const;

/** The key bootstrap container gets the Meilisearch URL, the master key and the search key to check, and nothing else. */
function keyBootstrapProblems(name: string, environment: Record<string, string>): string[] {
  const problems = (['MEILI_URL', 'MEILI_MASTER_KEY', 'MEILI_API_KEY'] as const)
    .filter((variable) => !environment[variable])
    .map((variable) => `${name}: ${variable} is required by the Meilisearch key bootstrap`);
  for (const variable of Object.keys(environment)) {
    if (!(KEY_BOOTSTRAP_SETTINGS as readonly string[]).includes(variable))
      problems.push(`${name}: ${variable} is given but the Meilisearch key bootstrap does not read it`);
  }
  return problems;
}

/**
 * The lines of a `.env` that Compose v2 would refuse: anything but `NAME=value`, comments and blank
 * lines (npm's banner `> @ruedas/infra@0.1.0 secrets`, written by `npm run` without `--silent`).
 */
export function envFileProblems(text: string): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '' && !line.trim().startsWith('#') && !/^\s*[A-Za-z_][A-Za-z0-9_]*\s*=/.test(line))
    .map(({ line, number }) => `.env line ${number} is not NAME=value: ${JSON.stringify(line.slice(0, 60))}`);
}

/** Where a container's metrics are scraped: its PORT, or a production gateway's RUEDAS_METRICS_PORT. */
function metricsPort(env: Record<string, string>, modules: string[]): number {
  const separate = env.NODE_ENV === 'production' && modules.includes('gateway') && env.RUEDAS_METRICS_PUBLIC !== '1';
  return Number(separate ? (env.RUEDAS_METRICS_PORT ?? 9464) : env.PORT);
}

/** The scrape targets (`host:port`) of a Prometheus configuration: static ones and DNS names with their port. */
export function prometheusTargets(config: string): Set<string> {
  const parsed = parse(config) as {
    scrape_configs?: { static_configs?: { targets?: string[] }[]; dns_sd_configs?: { names?: string[]; port?: number }[] }[];
  };
  const targets = new Set<string>();
  for (const job of parsed.scrape_configs ?? []) {
    for (const group of job.static_configs ?? []) for (const target of group.targets ?? []) targets.add(target);
    for (const dns of job.dns_sd_configs ?? []) for (const name of dns.names ?? []) targets.add(`${name}:${dns.port}`);
  }
  return targets;
}

/**
 * The observability profile: every file a service mounts from the repository exists, and
 * Prometheus scrapes every Ruedas container where it serves its metrics.
 */
export function checkObservability(compose: ComposeFile, metricsAt: Record<string, number>, root = repoRoot): string[] {
  const problems: string[] = [];
  for (const [name, service] of Object.entries(compose.services)) {
    for (const mount of service.volumes ?? []) {
      const [source] = mount.split(':');
      if (source?.startsWith('.') && !existsSync(join(root, source))) problems.push(`${name}: mounts ${source}, which does not exist`);
    }
  }
  const prometheus = compose.services.prometheus;
  if (!prometheus) return [...problems, 'prometheus: no such service (the observability profile)'];
  const mount = (prometheus.volumes ?? []).map((volume) => volume.split(':')).find(([, target]) => target === '/etc/prometheus/prometheus.yml');
  if (!mount?.[0] || !existsSync(join(root, mount[0]))) return [...problems, 'prometheus: its configuration is not mounted from the repository'];
  const targets = prometheusTargets(readFileSync(join(root, mount[0]), 'utf8'));
  for (const [name, port] of Object.entries(metricsAt)) {
    if (!targets.has(`${name}:${port}`)) problems.push(`prometheus: does not scrape ${name}:${port}, where that container serves /metrics`);
  }
  return problems;
}

/** The generated variables with the ONVO keys an operator puts in place of the placeholders (live-mode forms; never valid at ONVO). */
export const withOperatorOnvoKeys = (env: Record<string, string>): Record<string, string> => ({
  ...env,
  ONVO_SECRET_KEY: 'onvo_live_secret_key_from_the_operators_dashboard',
  ONVO_WEBHOOK_SECRET: 'webhook_secret_from_the_operators_dashboard',
});

/** Reads a `.env` file as compose does (NAME=value, optional quotes, # comments). */
export function readEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!match || line.trim().startsWith('#')) continue;
    env[match[1]!] = match[2]!.replace(/^'(.*)'$|^"(.*)"$/, '$1$2');
  }
  return env;
}

export const readCompose = (file = join(repoRoot, 'docker-compose.yml')): ComposeFile => parse(readFileSync(file, 'utf8'), { merge: true }) as ComposeFile;
export const readDockerfile = (): string => readFileSync(join(repoRoot, 'infra/Dockerfile'), 'utf8');

if (import.meta.url === `file://${process.argv[1]}`) {
  const envFileAt = process.argv.indexOf('--env-file');
  // Without an env file: freshly generated operator variables, as `npm run --silent secrets` writes them,
  // with ONVO's keys in the form the operator copies from ONVO's dashboard (the placeholders are refused).
  const envText = envFileAt > 0 ? readFileSync(process.argv[envFileAt + 1]!, 'utf8') : undefined;
  const operatorEnv = envText !== undefined ? readEnvFile(envText) : withOperatorOnvoKeys(generateComposeSecrets());
  const { problems, checked } = checkCompose(readCompose(), operatorEnv, readDockerfile());
  if (envText !== undefined) problems.unshift(...envFileProblems(envText));
  for (const problem of problems) console.error(`docker-compose.yml: ${problem}`);
  if (problems.length === 0) {
    console.log(
      `docker-compose.yml: every container's configuration is complete, holds only what its modules read, and can run 3 copies (${Object.entries(checked)
        .map(([name, modules]) => `${name}: ${modules.join('+')}`)
        .join(', ')})`,
    );
  }
  process.exit(problems.length === 0 ? 0 : 1);
}
