import type { Filter, SortSpec } from '@ruedas/platform';
import { isOperatorExpression } from './query/filter';
import { isPlainObject, valuesEqual } from './query/values';
import type { IndexSpec } from './schema';

/**
 * Thrown in strict mode (the default) for a find, count, update, delete or sort that no declared
 * index serves the way MongoDB's planner would use it: the embedded store answers everything from
 * memory, so without this a query that scans or sorts a million documents in MongoDB would pass
 * every test (decision 0155).
 */
export class UnindexedQueryError extends Error {
  override readonly name = 'UnindexedQueryError';
  constructor(
    readonly collection: string,
    readonly shape: string,
  ) {
    super(`no index of collection "${collection}" serves ${shape}; declare one in the collection's schema (decision 0155)`);
  }
}

/** What a condition lets an index do on its path. */
type Use = 'eq' | 'in' | 'range' | 'none';

const SCALAR = (v: unknown): boolean => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date;

/** How MongoDB could use an index on this condition's path: equality, a point set, a range, or not at all. */
function useOf(condition: unknown): Use {
  if (condition instanceof RegExp) return anchored(condition.source, condition.flags) ? 'range' : 'none';
  if (!isOperatorExpression(condition)) return isPlainObject(condition) || Array.isArray(condition) || SCALAR(condition) ? 'eq' : 'none';
  let use: Use = 'none';
  const better = (u: Use): void => {
    const rank = { none: 0, range: 1, in: 2, eq: 3 } as const;
    if (rank[u] > rank[use]) use = u;
  };
  for (const [op, value] of Object.entries(condition)) {
    if (op === '$eq') better('eq');
    else if (op === '$in' && Array.isArray(value)) better(value.length === 1 ? 'eq' : 'in');
    else if (op === '$gt' || op === '$gte' || op === '$lt' || op === '$lte' || op === '$elemMatch') better('range');
    else if (op === '$regex') {
      const options = typeof condition.$options === 'string' ? condition.$options : '';
      const source = value instanceof RegExp ? value.source : String(value);
      const flags = value instanceof RegExp ? value.flags + options : options;
      if (anchored(source, flags)) better('range');
    }
  }
  return use;
}

/** A regex MongoDB turns into index bounds: anchored at the start and case-sensitive. */
function anchored(source: string, flags: string): boolean {
  return source.startsWith('^') && !flags.includes('i');
}

interface Shape {
  /** The condition use of each path constrained at this level (dotted paths as written). */
  uses: Map<string, Use>;
  /** The raw conditions, for matching partial indexes. */
  raw: Map<string, unknown>;
  /** Branches of a `$or` (each merged with the rest of the filter), when there is one. */
  or?: Filter[];
}

function shapeOf(filter: Filter): Shape {
  const uses = new Map<string, Use>();
  const raw = new Map<string, unknown>();
  let or: Filter[] | undefined;
  const visit = (f: Filter): void => {
    for (const [key, condition] of Object.entries(f)) {
      if (key === '$and' && Array.isArray(condition)) condition.forEach((c) => visit(c as Filter));
      else if (key === '$or' && Array.isArray(condition) && !or) or = condition as Filter[];
      else if (key.startsWith('$')) continue;
      else {
        const use = useOf(condition);
        const previous = uses.get(key);
        // Two conditions on one path (from `$and`): the better one bounds the index.
        if (!previous || rankOf(use) > rankOf(previous)) uses.set(key, use);
        raw.set(key, condition);
      }
    }
  };
  visit(filter);
  return { uses, raw, ...(or ? { or } : {}) };
}

function rankOf(use: Use): number {
  return { none: 0, range: 1, in: 2, eq: 3 }[use];
}

/** The index keys of a spec with their directions (`_id` is always indexed). */
export interface PlannedIndex {
  name: string;
  keys: Array<[string, 1 | -1]>;
  partialFilterExpression?: Record<string, unknown>;
}

export function plannedIndexes(specs: IndexSpec[]): PlannedIndex[] {
  const planned: PlannedIndex[] = [{ name: '_id_', keys: [['_id', 1]] }];
  for (const spec of specs) {
    if (spec.keys.some(([, direction]) => direction !== 1 && direction !== -1)) continue; // text, hashed...
    planned.push({
      name: spec.name,
      keys: spec.keys as Array<[string, 1 | -1]>,
      ...(spec.partialFilterExpression ? { partialFilterExpression: spec.partialFilterExpression } : {}),
    });
  }
  return planned;
}

/** A partial index serves only queries whose filter repeats its expression. */
function partialMatches(index: PlannedIndex, shape: Shape): boolean {
  if (!index.partialFilterExpression) return true;
  return Object.entries(index.partialFilterExpression).every(([path, condition]) => shape.raw.has(path) && valuesEqual(shape.raw.get(path), condition));
}

/** Whether the index gives the sort order once its leading equality keys are fixed. */
function sortServed(index: PlannedIndex, shape: Shape, sort: Array<[string, 1 | -1]>): boolean {
  if (sort.length === 0) return true;
  const keys = index.keys;
  for (let start = 0; start + sort.length <= keys.length; start++) {
    let flip: number | undefined;
    const fits = sort.every(([path, direction], i) => {
      const [key, keyDirection] = keys[start + i]!;
      if (key !== path) return false;
      const f = direction === keyDirection ? 1 : -1;
      flip ??= f;
      return flip === f;
    });
    if (fits) return true;
    // The next start is possible only if this key is fixed by an equality (or a point set: MongoDB merges the points).
    const use = shape.uses.get(keys[start]![0]);
    if (use !== 'eq' && use !== 'in') return false;
  }
  return false;
}

/** Whether one index bounds this (flat) filter and gives its order. */
function served(indexes: PlannedIndex[], shape: Shape, sort: SortSpec | undefined): boolean {
  // A sort key fixed by an equality needs no order from the index.
  const order = Object.entries(sort ?? {}).filter(([path]) => shape.uses.get(path) !== 'eq') as Array<[string, 1 | -1]>;
  const selective = [...shape.uses.values()].some((use) => use !== 'none');
  for (const index of indexes) {
    if (!partialMatches(index, shape)) continue;
    const leading = shape.uses.get(index.keys[0]![0]);
    const bounded = leading !== undefined && leading !== 'none';
    // A partial index holding only the filter's documents bounds the scan by itself.
    const small = index.partialFilterExpression !== undefined;
    if ((bounded || small || (!selective && order.length > 0)) && sortServed(index, shape, order)) return true;
  }
  return false;
}

/**
 * Throws UnindexedQueryError unless a declared index serves the filter and sort. An empty filter
 * without a sort is an explicit read of everything and passes.
 */
export function checkPlan(collection: string, indexes: PlannedIndex[], operation: string, filter: Filter, sort?: SortSpec): void {
  const hasSort = sort !== undefined && Object.keys(sort).length > 0;
  if (Object.keys(filter).length === 0 && !hasSort) return;
  const shape = shapeOf(filter);
  if (served(indexes, shape, sort)) return;
  if (shape.or) {
    const rest = Object.fromEntries(Object.entries(filter).filter(([key]) => key !== '$or'));
    if (shape.or.every((branch) => served(indexes, shapeOf({ ...rest, ...branch }), sort))) return;
  }
  throw new UnindexedQueryError(collection, describe(operation, shape, sort));
}

function describe(operation: string, shape: Shape, sort: SortSpec | undefined): string {
  const filter = Object.fromEntries([...shape.uses].map(([path, use]) => [path, use]));
  const or = shape.or ? ` $or of ${shape.or.length}` : '';
  const order = sort && Object.keys(sort).length > 0 ? ` sort ${JSON.stringify(sort)}` : '';
  return `${operation} ${JSON.stringify(filter)}${or}${order}`;
}
