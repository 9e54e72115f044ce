import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allTopics } from '@ruedas/events';
import { IMAGES } from '@ruedas/testing/images';
import { kafkaTopicConfigs } from '../src/adapters';
import { checkConfiguration } from '../src/check';
import { checkCompose, readCompose, readDockerfile, readEnvFile, scalingProblems, withOperatorOnvoKeys, type ComposeFile } from '../src/compose-check';
import { generateComposeSecrets } from '../src/secrets';
import { repoRoot } from '../src/settings';

const infraDir = fileURLToPath(new URL('..', import.meta.url));
const generated = generateComposeSecrets('owner@ruedas.cr');
/** What the operator runs with: the generated variables, ONVO's placeholders replaced by the keys of its dashboard. */
const secrets = withOperatorOnvoKeys(generated);
const check = (compose: ComposeFile, env: Record<string, string | undefined> = secrets) => checkCompose(compose, env, readDockerfile());
const edited = (edit: (compose: ComposeFile) => void): ComposeFile => {
  const compose = readCompose();
  edit(compose);
  return compose;
};

describe('docker-compose.yml against what each target needs (the configuration check CI runs)', () => {
  it('passes: every Ruedas container starts with its environment and holds only what its modules read', () => {
    const report = check(readCompose());
    expect(report.problems).toEqual([]);
    expect(report.checked).toEqual({
      identity: ['identity'],
      moderation: ['moderation'],
      listings: ['listings'],
      media: ['media'],
      billing: ['billing'],
      search: ['search'],
      gateway: ['gateway'],
    });
  });

  it('fails a service that would exit at start: moderation without RUEDAS_TOKEN_PUBLIC_KEY (the gateway never started)', () => {
    const report = check(edited((compose) => void delete compose.services.moderation!.environment!.RUEDAS_TOKEN_PUBLIC_KEY));
    expect(report.problems).toEqual(['moderation: RUEDAS_TOKEN_PUBLIC_KEY: is required in production (PEM of the Ed25519 session-token key)']);
  });

  it('fails when the operator has not set a secret compose requires', () => {
    const { ONVO_SECRET_KEY: _omitted, ...rest } = secrets;
    expect(check(readCompose(), rest).problems).toContain(
      "billing: ONVO_SECRET_KEY is not set (set ONVO_SECRET_KEY (ONVO Pay's secret key, from its dashboard))",
    );
  });

  it('fails billing on the ONVO placeholders `npm run secrets` writes, each named once (issue 32 item 2)', () => {
    expect(check(readCompose(), generated).problems).toEqual([
      "billing: ONVO_SECRET_KEY: is the placeholder `npm run secrets` writes: set the one of ONVO's dashboard before taking payments",
      "billing: ONVO_WEBHOOK_SECRET: is the placeholder `npm run secrets` writes: set the one of ONVO's dashboard before taking payments",
    ]);
  });

  it('fails a container given a secret none of its modules reads', () => {
    const report = check(edited((compose) => void (compose.services.billing!.environment!.MEILI_API_KEY = 'a-key-billing-never-reads')));
    expect(report.problems).toEqual(['billing: MEILI_API_KEY is given but none of its modules (billing) reads it']);
  });

  it("gives Meilisearch's master key to the key bootstrap only, and search its scoped key (decision 0203)", () => {
    const compose = readCompose();
    expect(compose.services['meili-keys']!.command).toEqual(['node', 'infra/dist/main.mjs', '--meili-key']);
    expect(Object.keys(compose.services['meili-keys']!.environment!).sort()).toEqual(['MEILI_API_KEY', 'MEILI_MASTER_KEY', 'MEILI_URL']);
    expect(compose.services.search!.depends_on!['meili-keys']).toEqual({ condition: 'service_completed_successfully' });
    const holders = Object.entries(compose.services)
      .filter(([, service]) => service.environment && 'MEILI_MASTER_KEY' in service.environment)
      .map(([name]) => name);
    expect(holders.sort()).toEqual(['meili-keys', 'meilisearch']);
    const given = check(edited((edit) => void (edit.services.search!.environment!.MEILI_MASTER_KEY = '${MEILI_MASTER_KEY}')));
    expect(given.problems).toEqual([expect.stringMatching(/^search: MEILI_MASTER_KEY: is for the key bootstrap only/)]);
    const extra = check(edited((edit) => void (edit.services['meili-keys']!.environment!.MONGO_URL = 'mongodb://mongo:27017')));
    expect(extra.problems).toEqual(['meili-keys: MONGO_URL is given but the Meilisearch key bootstrap does not read it']);
  });

  it('fails Kafka writing outside its volume (KAFKA_LOG_DIRS unset: the image writes to /tmp/kraft-combined-logs)', () => {
    const report = check(edited((compose) => void delete compose.services.kafka!.environment!.KAFKA_LOG_DIRS));
    expect(report.problems).toEqual(['kafka: its data (no data directory set) is not in a named volume, so a re-create loses it']);
    const moved = check(edited((compose) => void (compose.services.kafka!.environment!.KAFKA_LOG_DIRS = '/tmp/kraft-combined-logs')));
    expect(moved.problems).toEqual(['kafka: its data (/tmp/kraft-combined-logs) is not in a named volume, so a re-create loses it']);
  });

  it('creates the first administrator: identity gets RUEDAS_ADMIN_EMAIL and RUEDAS_ADMIN_PASSWORD, which must pass the password rules', () => {
    const identity = readCompose().services.identity!.environment!;
    expect(Object.keys(identity)).toEqual(expect.arrayContaining(['RUEDAS_ADMIN_EMAIL', 'RUEDAS_ADMIN_PASSWORD']));
    expect(check(readCompose(), { ...secrets, RUEDAS_ADMIN_PASSWORD: 'short' }).problems).toEqual([
      'identity: RUEDAS_ADMIN_PASSWORD: must be 8 to 64 characters without surrounding spaces',
      'identity: RUEDAS_ADMIN_PASSWORD: is too weak',
    ]);
  });

  it('uses the images the contract runs test against', () => {
    const services = readCompose().services;
    expect({ kafka: services.kafka!.image, mongo: services.mongo!.image, meilisearch: services.meilisearch!.image, minio: services.minio!.image }).toEqual(
      IMAGES,
    );
  });

  it('reports MongoDB healthy only once it is the writable primary (not while the election runs)', () => {
    const test = (readCompose().services.mongo as { healthcheck: { test: string[] } }).healthcheck.test.join(' ');
    expect(test).toContain('isWritablePrimary');
  });

  it('renders with docker-compose (config), refusing a missing variable', () => {
    const found = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
    if (found.error) {
      console.warn("NOT EXERCISED: rendering with Debian's docker-compose client (apt-get install -y docker-compose; .ci/run installs it)");
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'ruedas-compose-'));
    const envFile = join(dir, '.env');
    writeFileSync(
      envFile,
      Object.entries(secrets)
        .map(([name, value]) => `${name}='${value}'`)
        .join('\n'),
    );
    const args = ['--env-file', envFile, '-f', join(repoRoot, 'docker-compose.yml'), 'config', '-q'];
    expect(spawnSync('docker-compose', args, { encoding: 'utf8', cwd: dir }).status).toBe(0);
    writeFileSync(
      envFile,
      Object.entries(secrets)
        .filter(([name]) => name !== 'MEILI_MASTER_KEY')
        .map(([name, value]) => `${name}='${value}'`)
        .join('\n'),
    );
    const missing = spawnSync('docker-compose', args, { encoding: 'utf8', cwd: dir });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('MEILI_MASTER_KEY');
  });

  it('reads the env file npm run secrets writes, the PEMs on one line', () => {
    const text = execFileSync(process.execPath, ['--import', 'tsx', 'src/secrets.ts'], { cwd: infraDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const env = readEnvFile(text);
    expect(Object.keys(env).sort()).toEqual(Object.keys(secrets).sort());
    // Complete once ONVO's placeholders are replaced, which the check insists on.
    expect(check(readCompose(), env).problems.map((problem) => problem.split(':').slice(0, 2).join(':'))).toEqual([
      'billing: ONVO_SECRET_KEY',
      'billing: ONVO_WEBHOOK_SECRET',
    ]);
    expect(check(readCompose(), withOperatorOnvoKeys(env)).problems).toEqual([]);
  });
});

describe('several copies of every container (docker compose up --scale)', () => {
  it('lets every Ruedas container run three copies: no fixed host port, no container name; the balancer holds the public port', () => {
    const compose = readCompose();
    expect(scalingProblems(compose, 3)).toEqual([]);
    expect(compose.services.gateway!.ports ?? []).toEqual([]);
    expect(compose.services.balancer!.ports).toEqual(['8080:8080']);
    const balancer = readFileSync(join(repoRoot, 'infra/compose/balancer.conf'), 'utf8');
    expect(balancer).toMatch(/resolver 127\.0\.0\.11 valid=5s/);
    expect(balancer).toMatch(/proxy_pass \$gateway/);
  });

  it('names what would stop a scaled configuration: a fixed host port or a container name', () => {
    const compose = readCompose();
    const fixed: ComposeFile = {
      ...compose,
      services: {
        ...compose.services,
        gateway: { ...compose.services.gateway!, ports: ['8080:8080'] },
        listings: { ...compose.services.listings!, container_name: 'listings', ports: ['4002-4004:4002'] },
      },
    };
    expect(scalingProblems(fixed, 3)).toEqual([
      expect.stringMatching(/^listings: container_name listings stops it from running 3 copies/),
      expect.stringMatching(/^gateway: host port 8080 can be bound by one copy only/),
    ]);
    expect(check(fixed).problems).toEqual(expect.arrayContaining([expect.stringMatching(/^gateway: host port 8080/)]));
  });
});

describe('the launcher dry run (main.ts --check)', () => {
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', '--check'], {
      cwd: infraDir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 60_000,
    });
  const production = {
    NODE_ENV: 'production',
    RUEDAS_PUBLIC_URL: 'https://ruedas.example',
    KAFKA_BROKERS: 'kafka.invalid:9092',
    MONGO_URL: 'mongodb://mongo.invalid:27017/?replicaSet=rs0',
    SMTP_URL: 'smtp://mail.invalid:1025',
  };

  it('names the missing variable and exits 1, connecting to nothing', () => {
    const result = run({ ...production, RUEDAS_TARGET: 'moderation' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('moderation: RUEDAS_TOKEN_PUBLIC_KEY: is required in production');
  });

  // In process: what the dry run prints is `checkConfiguration`'s problems, one line each.
  it('prints each problem once, naming the services that have it (issue 32 item 2)', () => {
    const { problems } = checkConfiguration({
      ...production,
      RUEDAS_TARGET: 'all',
      ONVO_SECRET_KEY: generated.ONVO_SECRET_KEY!,
      ONVO_WEBHOOK_SECRET: generated.ONVO_WEBHOOK_SECRET!,
    });
    expect(problems).toEqual([
      'RUEDAS_TOKEN_PUBLIC_KEY: is required in production (PEM of the Ed25519 session-token key) (identity, moderation, listings, media, billing, search)',
      "ONVO_SECRET_KEY: is the placeholder `npm run secrets` writes: set the one of ONVO's dashboard before taking payments (billing)",
      "ONVO_WEBHOOK_SECRET: is the placeholder `npm run secrets` writes: set the one of ONVO's dashboard before taking payments (billing)",
    ]);
  });

  it("refuses ONVO's test-mode key in production unless ONVO_ALLOW_TEST_MODE=1", () => {
    const billing = {
      ...production,
      RUEDAS_TARGET: 'billing',
      RUEDAS_TOKEN_PUBLIC_KEY: secrets.RUEDAS_TOKEN_PUBLIC_KEY!,
      ONVO_WEBHOOK_SECRET: 'webhook_secret_abc',
    };
    expect(checkConfiguration({ ...billing, ONVO_SECRET_KEY: 'onvo_test_secret_key_abc' }).problems).toEqual([
      'ONVO_SECRET_KEY: is a test-mode key (onvo_test_…): ONVO simulates the payments and collects no money. Set the live key (onvo_live_secret_key_…), ' +
        'or ONVO_ALLOW_TEST_MODE=1 for a staging deployment',
    ]);
    expect(checkConfiguration({ ...billing, ONVO_SECRET_KEY: 'onvo_test_secret_key_abc', ONVO_ALLOW_TEST_MODE: '1' }).problems).toEqual([]);
    expect(checkConfiguration({ ...billing, ONVO_SECRET_KEY: 'onvo_live_secret_key_abc' }).problems).toEqual([]);
  });

  it('accepts a complete configuration without reaching its (unreachable) servers', () => {
    const result = run({ ...production, RUEDAS_TARGET: 'moderation', RUEDAS_TOKEN_PUBLIC_KEY: secrets.RUEDAS_TOKEN_PUBLIC_KEY! });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('moderation: configuration ok (modules moderation; adapters {"store":"mongo","bus":"kafka","mailer":"smtp"})');
  });
});

describe('what reaches the tests and the image', () => {
  // Hashed (globalEnv) or passed through unhashed: either way the variable reaches the task (decision 0180).
  const turbo = JSON.parse(readFileSync(join(repoRoot, 'turbo.json'), 'utf8')) as { globalEnv: string[]; globalPassThroughEnv: string[] };
  const passes = (name: string) =>
    [...turbo.globalEnv, ...turbo.globalPassThroughEnv].some((pattern) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern));

  it('turbo passes every variable the contract runs read, and those of testcontainers and Docker', () => {
    // The contract runs live beside their adapters (packages/adapters/*/test); the suites' helpers in packages/testing/src.
    const adapters = join(repoRoot, 'packages/adapters');
    const testsDirs = [
      join(repoRoot, 'packages/testing/src'),
      ...readdirSync(adapters)
        .map((name) => join(adapters, name, 'test'))
        .filter((dir) => existsSync(dir)),
    ];
    const read = new Set(
      testsDirs.flatMap((dir) =>
        readdirSync(dir).flatMap((file) => [...readFileSync(join(dir, file), 'utf8').matchAll(/process\.env\.([A-Z0-9_]+)/g)].map((match) => match[1]!)),
      ),
    );
    expect([...read].filter((name) => name !== 'PATH' && !passes(name))).toEqual([]);
    expect(read).toContain('MEILI_MASTER_KEY');
    for (const name of [
      'TESTCONTAINERS_HOST_OVERRIDE',
      'TESTCONTAINERS_DOCKER_SOCKET_OVERRIDE',
      'DOCKER_HOST',
      'DOCKER_TLS_VERIFY',
      'DOCKER_CERT_PATH',
      'DOCKER_CONTEXT',
    ]) {
      expect(passes(name), name).toBe(true);
    }
  });

  it('.dockerignore keeps the data folders (keys, payment secret), .env, .git and the host node_modules out of the image', () => {
    const ignored = readFileSync(join(repoRoot, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['**/.data', '.env', '.git', '**/node_modules']));
    expect(readDockerfile()).not.toMatch(/\|\|\s*true/);
  });
});

describe('Kafka topic retention (decision 0043)', () => {
  it('compacts the snapshot topics, keeps the facts forever and never leaves a topic to the 7-day default', () => {
    const configs = kafkaTopicConfigs();
    expect(configs['listings.opportunity']).toEqual({ 'cleanup.policy': 'compact', 'retention.ms': '-1', 'retention.bytes': '-1' });
    expect(configs['identity.user']).toEqual({ 'cleanup.policy': 'compact', 'retention.ms': '-1', 'retention.bytes': '-1' });
    expect(configs['billing.invoice']).toEqual({ 'cleanup.policy': 'delete', 'retention.ms': '-1', 'retention.bytes': '-1' });
    // Ended sessions: 7 days, far beyond a session token's life (100 minutes at most).
    expect(configs['identity.session']).toEqual({ 'cleanup.policy': 'delete', 'retention.ms': String(7 * 24 * 3600 * 1000), 'retention.bytes': '-1' });
    expect(Object.keys(configs).sort()).toEqual([...allTopics].sort());
    for (const config of Object.values(configs)) expect(config['retention.ms']).toBeDefined();
  });
});
