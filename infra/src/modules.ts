import { join } from 'node:path';
import {
  AggregateConfigError,
  ConfigError,
  resolveTokenKeys,
  SessionGuard,
  TokenSigner,
  TokenVerifier,
  type Clock,
  type ServiceModule,
  type SubgraphDefinition,
  type TargetMap,
} from '@ruedas/platform';
import { createModeration, subgraph as moderationSubgraph } from '@ruedas/moderation';
import { createIdentity, followEndedSessions, subgraph as identitySubgraph } from '@ruedas/identity';
import { createListings, subgraph as listingsSubgraph } from '@ruedas/listings';
import { createMedia, subgraph as mediaSubgraph } from '@ruedas/media';
import { createBilling, subgraph as billingSubgraph } from '@ruedas/billing';
import { createSearch, subgraph as searchSubgraph } from '@ruedas/search';
import { captchaFor, openSearchIndex, paymentProviderFactory, paymentProviderKind, portSettings, searchIndexOptions, type Port } from './adapters';
import type { Settings } from './settings';

export const serviceNames = ['identity', 'moderation', 'listings', 'media', 'billing', 'search'] as const;
export type ServiceName = (typeof serviceNames)[number];
export type ModuleName = ServiceName | 'gateway';

/** The ports each service uses: a process opens only those of its modules (the gateway none). */
export const servicePorts: Record<ServiceName, readonly Port[]> = {
  identity: ['store', 'bus', 'mailer'],
  moderation: ['store', 'bus', 'mailer'],
  listings: ['store', 'bus', 'mailer'],
  media: ['store', 'bus', 'blobs'],
  billing: ['store', 'bus'],
  search: ['store', 'bus'],
};

/** The ports the modules of a process use, in opening order. */
export const portsOf = (modules: readonly ModuleName[]): Port[] =>
  (['store', 'bus', 'blobs', 'mailer'] as const).filter((port) => modules.some((module) => isService(module) && servicePorts[module].includes(port)));

/** Settings every process reads, whatever it runs. */
const processSettings: readonly (keyof Settings)[] = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'RUEDAS_TARGET',
  'RUEDAS_DATA_DIR',
  'RUEDAS_PUBLIC_URL',
  'RUEDAS_CLOCK_OFFSET_DAYS',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_SERVICE_NAME',
  'RUEDAS_READY_MAX_LAG',
];

/** The settings of its own each module reads, besides its ports' (a container is given no others). */
const ownSettings: Record<ModuleName, readonly (keyof Settings)[]> = {
  identity: ['RUEDAS_TOKEN_PRIVATE_KEY', 'RUEDAS_TOKEN_PUBLIC_KEY', ...portSettings('captcha'), 'RUEDAS_ADMIN_EMAIL', 'RUEDAS_ADMIN_PASSWORD'],
  moderation: ['RUEDAS_TOKEN_PUBLIC_KEY'],
  listings: ['RUEDAS_TOKEN_PUBLIC_KEY'],
  media: ['RUEDAS_TOKEN_PUBLIC_KEY'],
  billing: ['RUEDAS_TOKEN_PUBLIC_KEY', ...portSettings('payments')],
  search: ['RUEDAS_TOKEN_PUBLIC_KEY', 'RUEDAS_SEARCH_REBUILD', ...portSettings('search')],
  gateway: [
    'RUEDAS_TRUSTED_PROXY_HOPS',
    'RUEDAS_WEB_DIST',
    'RUEDAS_MODERATION_URL',
    'RUEDAS_IDENTITY_URL',
    'RUEDAS_LISTINGS_URL',
    'RUEDAS_MEDIA_URL',
    'RUEDAS_BILLING_URL',
    'RUEDAS_SEARCH_URL',
    'RUEDAS_CORS_ORIGINS',
    'RUEDAS_METRICS_PORT',
    'RUEDAS_METRICS_PUBLIC',
  ],
};

/** Every setting a process running `modules` reads. With every module (all-in-one) the demo catalogue's too. */
export function settingsOf(modules: readonly ModuleName[]): Set<keyof Settings> {
  const read = new Set<keyof Settings>(processSettings);
  for (const module of modules) for (const name of ownSettings[module]) read.add(name);
  for (const port of portsOf(modules)) for (const name of portSettings(port)) read.add(name);
  if (serviceNames.every((name) => modules.includes(name)))
    for (const name of ['RUEDAS_DEMO_DATA', 'RUEDAS_DEMO_ADS', 'RUEDAS_DEMO_PHOTO_CACHE'] as const) read.add(name);
  return read;
}

/**
 * Checks, without connecting or writing anything, the settings a service needs to start in
 * production (throws the ConfigError naming the variable): its token keys, billing's payment
 * secret, search's Meilisearch settings. Outside production the keys and the secret are generated
 * into the data folder, so nothing is required.
 */
export function checkServiceSettings(name: ServiceName, settings: Settings): void {
  const problems: ConfigError[] = [];
  const attempt = (check: () => unknown) => {
    try {
      check();
    } catch (error) {
      if (error instanceof AggregateConfigError) problems.push(...error.problems);
      else if (error instanceof ConfigError) problems.push(error);
      else throw error;
    }
  };
  // Each service's own settings first: a production billing on the sandbox names ONVO's variables.
  if (name === 'search') attempt(() => searchIndexOptions(settings));
  // ONVO's settings are checked without connecting; the sandbox (development only) needs nothing checked.
  if (name === 'billing' && (settings.NODE_ENV === 'production' || paymentProviderKind(settings) === 'onvo')) attempt(() => paymentProviderFactory(settings));
  if (settings.NODE_ENV === 'production') {
    attempt(() =>
      resolveTokenKeys(
        { privateKey: settings.RUEDAS_TOKEN_PRIVATE_KEY, publicKey: settings.RUEDAS_TOKEN_PUBLIC_KEY, production: true, dataDir: '' },
        name === 'identity',
      ),
    );
  }
  // Start-up stops on the first; the dry run (--check) prints them all.
  if (problems.length === 1) throw problems[0]!;
  if (problems.length > 1) throw new AggregateConfigError(problems);
}

/**
 * Every service of a process, by the name of its target and subgraph, configured from the
 * settings. The services of one process share one SessionGuard, so a session ended by identity
 * is refused at once by all of them.
 */
/** The periodic jobs' period: a minute by default (each service's own), a simulation's (the one-year bench) when given. */
const jobPeriods = (simulation?: { jobIntervalMs: number }) =>
  simulation ? { schedulerIntervalMs: simulation.jobIntervalMs, alertIntervalMs: simulation.jobIntervalMs } : {};

/** A simulation sums the dashboard's activity of past days as often as its other jobs (decision 0224). */
const rollupPeriod = (simulation?: { jobIntervalMs: number }) => (simulation ? { dashboardRollupMs: simulation.jobIntervalMs } : {});

export function serviceModules(settings: Settings, clock: Clock, simulation?: { jobIntervalMs: number }): Record<ServiceName, ServiceModule> {
  const keySettings = {
    privateKey: settings.RUEDAS_TOKEN_PRIVATE_KEY,
    publicKey: settings.RUEDAS_TOKEN_PUBLIC_KEY,
    production: settings.NODE_ENV === 'production',
    dataDir: join(settings.RUEDAS_DATA_DIR, 'identity'),
  };
  /**
   * A service that verifies sessions with its own guard, which follows the sessions identity ends.
   * The guard keeps ended sessions in memory, so its subscription is a broadcast one: every copy of
   * the service reads the whole topic at every start and sees every logout, whichever identity copy
   * took it. init waits until that read has caught up with the topic, so a started copy refuses the
   * sessions ended before it started from its first request. The topic is small (one event per
   * logout), and a broadcast subscription keeps nothing once it stops.
   */
  const withFollowingGuard = (name: string, subgraph: SubgraphDefinition, create: (guard: SessionGuard) => ServiceModule): ServiceModule => ({
    subgraph,
    async init(context) {
      const keys = resolveTokenKeys(keySettings, false);
      const guard = new SessionGuard(await TokenVerifier.fromPem(keys.publicKey, clock), clock);
      // Resolves once the guard knows every session ended before this start (or fails the start).
      const sessions = await followEndedSessions({ guard, bus: context.bus, group: `${name}-sessions`, logger: context.logger });
      const instance = await create(guard).init(context);
      return {
        ...instance,
        async stop() {
          await instance.stop();
          await sessions.stop();
        },
      };
    },
  });
  return {
    identity: {
      subgraph: identitySubgraph,
      async init(context) {
        const keys = resolveTokenKeys(keySettings, true);
        const guard = new SessionGuard(await TokenVerifier.fromPem(keys.publicKey, clock), clock);
        const signer = await TokenSigner.fromPem(keys.privateKey as string);
        // The other identity copies' logouts too (this copy's own reach its guard at once).
        const sessions = await followEndedSessions({ guard, bus: context.bus, group: 'identity-sessions', logger: context.logger });
        const instance = await createIdentity({ signer, guard, captcha: captchaFor(settings) }).init(context);
        return {
          ...instance,
          async stop() {
            await instance.stop();
            await sessions.stop();
          },
        };
      },
    },
    moderation: withFollowingGuard('moderation', moderationSubgraph, (guard) => createModeration({ guard, ...rollupPeriod(simulation) })),
    listings: withFollowingGuard('listings', listingsSubgraph, (guard) => createListings({ guard, ...jobPeriods(simulation) })),
    media: withFollowingGuard('media', mediaSubgraph, (guard) => createMedia({ guard })),
    search: {
      subgraph: searchSubgraph,
      // The index adapter is checked first: an incomplete Meilisearch configuration names its variable.
      init: async (context) => {
        const index = await openSearchIndex(settings);
        const options = { rebuild: settings.RUEDAS_SEARCH_REBUILD === '1', ...jobPeriods(simulation) };
        const instance = await withFollowingGuard('search', searchSubgraph, (guard) => createSearch({ guard, index, ...options })).init(context);
        return {
          ...instance,
          async stop() {
            await instance.stop();
            await index.close();
          },
        };
      },
    },
    billing: {
      subgraph: billingSubgraph,
      // The payment provider's settings are checked first: production refuses the sandbox, naming ONVO's variables.
      init: (context) => {
        const provider = paymentProviderFactory(settings);
        return withFollowingGuard('billing', billingSubgraph, (guard) => createBilling({ guard, provider, ...jobPeriods(simulation) })).init(context);
      },
    },
  };
}

/**
 * The targets (`RUEDAS_TARGET`): `all`, or any modules by name. A service needs no other service in
 * its process (they talk through events and the gateway); the gateway reaches each subgraph in
 * process when it runs here, or at its URL. So there are no dependencies between modules (decision
 * 0083); what a module needs opened first, its ports, comes from `servicePorts`. The services start
 * before the gateway, which routes to those of its process.
 */
export const targetMap: TargetMap<ModuleName> = { modules: [...serviceNames, 'gateway'] };

export const isService = (name: ModuleName): name is ServiceName => (serviceNames as readonly string[]).includes(name);
