import { subgraphs } from '@ruedas/gateway';
import { AggregateConfigError, ConfigError, resolveTargets } from '@ruedas/platform';
import { describeAdapters, planAdapters } from './adapters';
import { checkServiceSettings, isService, portsOf, settingsOf, targetMap, type ModuleName, type ServiceName } from './modules';
import { readSettings, settingsSchema, type Settings } from './settings';

export interface ConfigurationReport {
  /** The modules the target runs (empty when the target itself is wrong). */
  modules: ModuleName[];
  /** Which adapter each opened port gets. */
  adapters: Record<string, string>;
  /** Each problem that stops start-up, naming its variable. None: the process would start. */
  problems: string[];
  /** Settings given that no module of the target reads (a secret a container should not get). */
  unused: string[];
}

const problemsOf = (error: unknown): ConfigError[] => {
  if (error instanceof AggregateConfigError) return error.problems;
  if (error instanceof ConfigError) return [error];
  if (error instanceof Error && error.name === 'UnknownTargetError') return [new ConfigError('RUEDAS_TARGET', error.message)];
  throw error;
};

/**
 * Each service's production requirements, each problem once (issue 32 item 2): the same missing
 * token key of six services is one problem naming the six, not six identical lines. A process of one
 * service names none (its target says which).
 */
function serviceProblems(services: readonly ServiceName[], settings: Settings): ConfigError[] {
  const found = new Map<string, { error: ConfigError; services: ServiceName[] }>();
  for (const name of services) {
    try {
      checkServiceSettings(name, settings);
    } catch (error) {
      for (const problem of problemsOf(error)) {
        const entry = found.get(problem.message) ?? { error: problem, services: [] };
        entry.services.push(name);
        found.set(problem.message, entry);
      }
    }
  }
  return [...found.values()].map(({ error, services: named }) =>
    services.length < 2 ? error : new ConfigError(error.variable, `${error.message.slice(error.variable.length + 2)} (${named.join(', ')})`),
  );
}

/**
 * Everything start-up checks before it connects to anything, for these settings: the target, each
 * opened port's adapter settings, each service's production requirements (token keys, payment
 * secret, Meilisearch), the gateway's subgraph URLs. It connects to nothing and writes nothing.
 * The launcher's start runs it first and stops on its first problem; its dry run (`--check`)
 * prints them all.
 */
export function checkSettings(settings: Settings): { modules: ModuleName[]; adapters: Record<string, string>; problems: ConfigError[] } {
  const problems: ConfigError[] = [];
  let modules: ModuleName[];
  try {
    modules = resolveTargets(targetMap, settings.RUEDAS_TARGET);
  } catch (error) {
    return { modules: [], adapters: {}, problems: problemsOf(error) };
  }
  const attempt = (check: () => void) => {
    try {
      check();
    } catch (error) {
      problems.push(...problemsOf(error));
    }
  };
  const local = modules.filter(isService);
  if (!modules.includes('gateway') && local.length > 1) {
    problems.push(new ConfigError('RUEDAS_TARGET', 'without the gateway, a process serves one service (its subgraph is at /graphql)'));
  }
  const ports = portsOf(modules);
  attempt(() => void planAdapters(settings, ports));
  problems.push(...serviceProblems(local, settings));
  if (modules.includes('gateway')) {
    for (const { name } of subgraphs) {
      if (local.some((service) => service === name)) continue;
      const variable = `RUEDAS_${name.toUpperCase()}_URL` as keyof Settings;
      if (typeof settings[variable] !== 'string') problems.push(new ConfigError(variable, `is required: the ${name} subgraph does not run in this process`));
    }
  }
  const described = describeAdapters(settings, ports);
  if (!local.includes('search')) delete described.search;
  if (!local.includes('billing')) delete described.payments;
  return { modules, adapters: described as Record<string, string>, problems };
}

/**
 * The launcher's dry run (`main.ts --check`): reads the settings from `env` and checks them as
 * start-up would (`checkSettings`), and lists the settings given that no module of the target
 * reads (a container should get no secret it does not use).
 */
export function checkConfiguration(env: NodeJS.ProcessEnv): ConfigurationReport {
  let settings: Settings;
  try {
    settings = readSettings(env);
  } catch (error) {
    return { modules: [], adapters: {}, problems: problemsOf(error).map((problem) => problem.message), unused: [] };
  }
  const { modules, adapters, problems } = checkSettings(settings);
  const reads = settingsOf(modules);
  const known = Object.keys(settingsSchema.shape) as (keyof Settings)[];
  const unused = modules.length === 0 ? [] : known.filter((name) => env[name] !== undefined && env[name] !== '' && !reads.has(name));
  return { modules, adapters, problems: problems.map((problem) => problem.message), unused };
}
