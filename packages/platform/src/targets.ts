/**
 * The targets a process can run (`RUEDAS_TARGET`): `all` runs every module in one process, each
 * module is a target of its own, and groups name several. The modules need nothing of each other
 * in a process (services talk through events; the gateway reaches a subgraph in process or at its
 * URL), so there is no dependency map (decision 0083): a target is the modules it names, in the
 * map's order (services before the gateway, which routes to those started here).
 */
export interface TargetMap<M extends string> {
  /** Every module, in starting order. */
  modules: readonly M[];
  /** Extra targets beyond `all` and one per module, e.g. `{ backend: ['identity', 'listings'] }`. */
  groups?: Record<string, readonly M[]>;
}

export class UnknownTargetError extends Error {
  override readonly name = 'UnknownTargetError';
}

export function targetNames<M extends string>(map: TargetMap<M>): string[] {
  return ['all', ...map.modules, ...Object.keys(map.groups ?? {})];
}

/** Modules to start for a comma-separated list of targets, each once, in the map's order. */
export function resolveTargets<M extends string>(map: TargetMap<M>, targets: string): M[] {
  const { modules } = map;
  const wanted = new Set<M>();
  for (const raw of targets
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    if (raw === 'all') modules.forEach((m) => wanted.add(m));
    else if (modules.includes(raw as M)) wanted.add(raw as M);
    else if (map.groups?.[raw]) map.groups[raw].forEach((m) => wanted.add(m));
    else throw new UnknownTargetError(`unknown target "${raw}"; known targets: ${targetNames(map).join(', ')}`);
  }
  if (wanted.size === 0) throw new UnknownTargetError(`no target given; known targets: ${targetNames(map).join(', ')}`);
  return modules.filter((module) => wanted.has(module));
}
