/**
 * The target map, after Grafana Loki's modules: every module names the modules it needs, a target
 * names the modules a process runs, and `all` runs every module in one process. Resolving a target
 * gives its modules with their dependencies, dependencies first.
 */
export interface TargetMap<M extends string> {
  /** Module → modules it needs started first in the same process. */
  dependencies: Record<M, readonly M[]>;
  /** Extra targets beyond `all` and one per module, e.g. `{ backend: ['identity', 'listings'] }`. */
  groups?: Record<string, readonly M[]>;
}

export class UnknownTargetError extends Error {
  override readonly name = 'UnknownTargetError';
}

export function targetNames<M extends string>(map: TargetMap<M>): string[] {
  return ['all', ...Object.keys(map.dependencies), ...Object.keys(map.groups ?? {})];
}

/** Modules to start for a comma-separated list of targets, in dependency order. */
export function resolveTargets<M extends string>(map: TargetMap<M>, targets: string): M[] {
  const modules = Object.keys(map.dependencies) as M[];
  const wanted = new Set<M>();
  for (const raw of targets.split(',').map((t) => t.trim()).filter(Boolean)) {
    if (raw === 'all') modules.forEach((m) => wanted.add(m));
    else if (modules.includes(raw as M)) wanted.add(raw as M);
    else if (map.groups?.[raw]) map.groups[raw].forEach((m) => wanted.add(m));
    else throw new UnknownTargetError(`unknown target "${raw}"; known targets: ${targetNames(map).join(', ')}`);
  }
  if (wanted.size === 0) throw new UnknownTargetError(`no target given; known targets: ${targetNames(map).join(', ')}`);

  const ordered: M[] = [];
  const state = new Map<M, 'visiting' | 'done'>();
  const visit = (module: M, path: M[]) => {
    if (state.get(module) === 'done') return;
    if (state.get(module) === 'visiting') throw new UnknownTargetError(`dependency cycle: ${[...path, module].join(' → ')}`);
    state.set(module, 'visiting');
    for (const dep of map.dependencies[module]) visit(dep, [...path, module]);
    state.set(module, 'done');
    ordered.push(module);
  };
  for (const module of modules) if (wanted.has(module)) visit(module, []);
  return ordered;
}
