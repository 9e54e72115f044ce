import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { ApolloServer } from '@apollo/server';
import { createGateway, mountGateway, parseCorsOrigins, servicePaths, subgraphs, type GatewayContext, type SubgraphRoute } from '@ruedas/gateway';
import { isMessageKey, translate as translateMessage } from '@ruedas/domain';
import {
  createLogger,
  createSubgraphServer,
  Leases,
  OutboxRelay,
  resolveTargets,
  serveSubgraph,
  systemClock,
  ConfigError,
  type Clock,
  type DocumentStore,
  type Logger,
  type RequestContext,
  type ServiceInstance,
  type ServiceModule,
  type Translator,
} from '@ruedas/platform';
import { closeAdapters, describeAdapters, openAdapters } from './adapters';
import { checkSettings } from './check';
import { observeProcess, type ObservedProcess } from './observability';
import { isNewDataDir, prepareStartupData } from './demo/startup';
import { listenAddress } from './listen-address';
import { isService, portsOf, serviceModules, serviceNames, targetMap, type ServiceName } from './modules';
import { StartupPhases } from './phases';
import { repoRoot, type Settings } from './settings';

export const backEndVersion: string = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version;

/** Messages come from the domain catalogue; an unknown key falls back to the generic message. */
export const translate: Translator = (key, locale, params) =>
  isMessageKey(key) ? translateMessage(key, locale, params) : translateMessage('errorOccurred', locale);

export interface Running {
  url: string;
  modules: string[];
  stop(): Promise<void>;
  /** The process's document store (none in a gateway-only process): benches read what it holds. */
  store?: DocumentStore;
}

/**
 * A simulation of the business (the one-year bench): the services' periodic jobs (ad life, billing,
 * alerts) and the embedded store's TTL sweep run every `jobIntervalMs` instead of every minute, and
 * TTL indexes are applied against the process clock (which the simulation moves a day at a time)
 * instead of the wall clock. Not a setting: only code that starts the launcher can ask for it.
 */
export interface Simulation {
  jobIntervalMs: number;
}

export interface StartOptions {
  logger?: Logger;
  clock?: Clock;
  /**
   * Given the process's stop as soon as there is anything to stop, before the start finishes: a
   * signal during start-up (the demo catalogue's seeding takes a while) stops what has started
   * and releases the data folder, instead of killing the process with its adapters open.
   */
  onStopper?: (stop: () => Promise<void>) => void;
  simulation?: Simulation;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A simulation's TTL sweep: as often as its jobs, against the business clock. */
const simulatedTtl = (simulation: Simulation | undefined, clock: Clock) => simulation && { ttlSweepMs: simulation.jobIntervalMs, ttlClock: clock };

/**
 * The clock every service of the process reads: `base` (the system clock unless a test injects
 * one) moved RUEDAS_CLOCK_OFFSET_DAYS ahead. The offset is for development and tests only: refused
 * in production, here as well as when the settings are read.
 */
export function processClock(settings: Pick<Settings, 'RUEDAS_CLOCK_OFFSET_DAYS' | 'NODE_ENV'>, base: Clock = systemClock): Clock {
  const offsetMs = settings.RUEDAS_CLOCK_OFFSET_DAYS * DAY_MS;
  if (offsetMs === 0) return base;
  if (settings.NODE_ENV === 'production') throw new ConfigError('RUEDAS_CLOCK_OFFSET_DAYS', 'is for development only: refused when NODE_ENV is production');
  return { now: () => new Date(base.now().getTime() + offsetMs) };
}

/**
 * Starts the modules of the configured target in this process and serves them on one port:
 * `/health`, `/ready`, and either the gateway (GraphQL at /graphql, REST at /api/v1, the web app
 * at /) or, in a single-service process, that service's subgraph at /graphql.
 */
export async function start(settings: Settings, options: StartOptions = {}): Promise<Running> {
  const phases = new StartupPhases();
  const logger = options.logger ?? createLogger('ruedas');
  const clock = processClock(settings, options.clock);
  warnOfClockOffset(settings, clock, logger);
  const modules = resolveTargets(targetMap, settings.RUEDAS_TARGET);
  const local = modules.filter(isService);
  const withGateway = modules.includes('gateway');
  // What the dry run (--check) checks, before anything connects: the first problem stops start-up.
  const [problem] = checkSettings(settings).problems;
  if (problem) throw problem;
  // Read before any adapter writes to the folder (the demo catalogue seeds a new one).
  const dataDirWasNew = isNewDataDir(settings.RUEDAS_DATA_DIR);
  // A gateway-only process opens no adapter; others only the ports their modules use.
  const ports = portsOf(modules);
  const processName = `ruedas-${settings.RUEDAS_TARGET.replace(/\W+/g, '-')}`;
  const opened = local.length > 0 ? await openAdapters(settings, logger, processName, ports, simulatedTtl(options.simulation, clock)) : null;
  const { adapters, ...observed } = await observeProcess({ settings, logger, translate, processName, opened, ports, withGateway });
  phases.mark('adapters');
  const { port: listenPort, publicUrl } = await listenAddress(settings);
  // This copy among the copies of its services that run (leases' owner, broadcast subscriptions).
  const instance = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  // Several copies may relay the same collections: each pass runs under the collection's lease.
  const relay = adapters
    ? new OutboxRelay({ bus: adapters.bus, logger: logger.child({ part: 'outbox' }), leases: { leases: await Leases.open(adapters.store), owner: instance } })
    : null;
  const { app, setReady } = observed.server;
  const instances: LocalService[] = [];
  let gateway: ApolloServer<GatewayContext> | undefined;
  const stop = stopper({ app, setReady, instances, gateway: () => gateway, relay, adapters, logger, observed });
  options.onStopper?.(stop);

  try {
    relay?.start();
    const services = serviceModules(settings, clock, options.simulation);
    for (const name of local) {
      if (!adapters || !relay) break;
      const { instance: started, server } = await startService(name, services[name], { ...adapters, logger, clock, outbox: relay, publicUrl, instance });
      instances.push({ name, instance: started, server });
      await started.routes?.(app);
      phases.mark(name);
    }

    if (withGateway) {
      const routes = subgraphRoutes(settings, instances);
      const server = await createGateway({ subgraphs, routes, logger, translate, development: settings.NODE_ENV !== 'production' });
      gateway = server;
      await mountGateway(app, gatewayMount(settings, modules, routes, server, publicUrl));
    } else {
      for (const { server } of instances) await serveSubgraph(app, server);
    }
    phases.mark(withGateway ? 'gateway' : 'subgraphs');

    const address = await app.listen({ port: listenPort, host: settings.HOST });
    const port = Number(new URL(address).port);
    phases.mark('listen');
    if (adapters && relay) {
      await prepareStartupData({
        settings,
        deps: { ...adapters, outbox: relay, clock },
        logger,
        runsIdentity: local.includes('identity'),
        runsEverything: serviceNames.every((name) => local.includes(name)),
        dataDirWasNew,
      });
    }
    phases.mark('startupData');
    setReady(true);
    const url = `http://localhost:${port}`;
    logger.info(
      { url, modules, adapters: describeAdapters(settings, ports), dataDir: settings.RUEDAS_DATA_DIR, readyMs: phases.totalMs, phases: phases.phases },
      'Ruedas is listening',
    );
    return { url, modules, stop, ...(adapters && { store: adapters.store }) };
  } catch (error) {
    // The start's own error is the one thrown; a failure to stop what had started is logged.
    await stop().catch((stopError: unknown) => logger.warn({ err: stopError }, 'could not stop cleanly after a failed start'));
    throw error;
  }
}

/** A service module started in this process, with its subgraph server. */
interface LocalService {
  name: ServiceName;
  instance: ServiceInstance;
  server: ApolloServer<RequestContext>;
}

/** Says loudly that every service reads a moved clock (RUEDAS_CLOCK_OFFSET_DAYS). */
function warnOfClockOffset(settings: Settings, clock: Clock, logger: Logger): void {
  if (settings.RUEDAS_CLOCK_OFFSET_DAYS !== 0) {
    logger.warn(
      { offsetDays: settings.RUEDAS_CLOCK_OFFSET_DAYS, now: clock.now().toISOString() },
      `!!! RUEDAS_CLOCK_OFFSET_DAYS=${settings.RUEDAS_CLOCK_OFFSET_DAYS}: every service reads a clock moved ${settings.RUEDAS_CLOCK_OFFSET_DAYS} days ` +
        `ahead (plans and ads expire, sessions age); development only !!!`,
    );
  }
}

/** Starts one service module on the process's adapters and makes its subgraph server. */
async function startService(
  name: ServiceName,
  module: ServiceModule,
  context: Awaited<ReturnType<typeof openAdapters>> & { logger: Logger; clock: Clock; outbox: OutboxRelay; publicUrl: string; instance: string },
): Promise<Omit<LocalService, 'name'>> {
  const serviceLogger = context.logger.child({ service: name });
  const instance = await module.init({
    ...context,
    logger: serviceLogger,
    translate,
    versions: { backEnd: backEndVersion },
  });
  const server = await createSubgraphServer({ definition: module.subgraph, resolvers: instance.resolvers, logger: serviceLogger, translate });
  return { instance, server };
}

/** Where the gateway finds each subgraph: in this process, or at RUEDAS_<NAME>_URL. */
function subgraphRoutes(settings: Settings, instances: LocalService[]): SubgraphRoute[] {
  return subgraphs.map((definition) => {
    const here = instances.find((i) => i.name === definition.name);
    if (here) return { name: definition.name, local: here.server };
    const variable = `RUEDAS_${definition.name.toUpperCase()}_URL` as keyof Settings;
    const url = settings[variable];
    if (typeof url !== 'string') throw new ConfigError(variable, `is required: the ${definition.name} subgraph does not run in this process`);
    return { name: definition.name, url };
  });
}

/** How the gateway is mounted on the process's server: REST, CORS, the explorer, passthroughs, the web app. */
function gatewayMount(
  settings: Settings,
  modules: string[],
  routes: SubgraphRoute[],
  server: ApolloServer<GatewayContext>,
  publicUrl: string,
): Parameters<typeof mountGateway>[1] {
  const webDist = modules.length > 1 || existsSync(settings.RUEDAS_WEB_DIST) ? settings.RUEDAS_WEB_DIST : undefined;
  // A service elsewhere answers its own REST paths (photos); the gateway passes them through.
  const passthroughs = routes.flatMap((route) =>
    'url' in route && servicePaths[route.name] ? [{ url: new URL(route.url).origin, prefixes: servicePaths[route.name]! }] : [],
  );
  return {
    gateway: server,
    trustedProxyHops: settings.RUEDAS_TRUSTED_PROXY_HOPS,
    corsOrigins: parseCorsOrigins(settings.RUEDAS_CORS_ORIGINS),
    explorer: settings.NODE_ENV !== 'production',
    passthroughs,
    translate,
    ...(webDist ? { webDist } : {}),
    ...(settings.RUEDAS_WEB_SSR ? { webSsrEntry: settings.RUEDAS_WEB_SSR } : {}),
    // Canonical links and the sitemap name RUEDAS_PUBLIC_URL, else the address the process listens on:
    // never a Host header a client sent (issue 28).
    publicUrl,
    hsts: settings.RUEDAS_TLS === '1',
  };
}

/** Stops what `start` started, the last started first; the outbox relays what it can before the adapters close. */
function stopper(parts: {
  app: ObservedProcess['server']['app'];
  setReady: (ready: boolean) => void;
  instances: LocalService[];
  gateway: () => ApolloServer<GatewayContext> | undefined;
  relay: OutboxRelay | null;
  adapters: Awaited<ReturnType<typeof openAdapters>> | null;
  logger: Logger;
  observed: Omit<ObservedProcess, 'adapters'>;
}): () => Promise<void> {
  const { app, setReady, instances, relay, adapters, logger } = parts;
  // Once: a signal during start-up and the failed start it causes both ask to stop.
  let stopping: Promise<void> | undefined;
  return () => (stopping ??= stopAll());
  async function stopAll(): Promise<void> {
    setReady(false);
    await app.close();
    for (const { instance, server } of [...instances].reverse()) {
      await instance.stop();
      await server.stop();
    }
    await parts.gateway()?.stop();
    await relay?.flush().catch((err: unknown) => logger.warn({ err }, 'outbox not fully relayed; it will be on next start'));
    await relay?.stop();
    if (adapters) await closeAdapters(adapters, logger);
    await parts.observed.stop();
  }
}
