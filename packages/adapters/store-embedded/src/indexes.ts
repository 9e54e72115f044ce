import { DuplicateKeyError, type Filter } from '@ruedas/platform';
import { compileFilter, isOperatorExpression, type Predicate } from './query/filter';
import { expand, indexKey, resolvePath, splitPath, valuesEqual, type Doc } from './query/values';
import type { IndexSpec } from './schema';

/** One document's change inside a write: `before` absent for an insert, `after` absent for a delete. */
export interface Change {
  id: string;
  before?: Doc;
  after?: Doc;
}

/** Hash keys of every value a path reaches (array members included): the multikey rule. */
function keysAt(doc: Doc, parts: string[]): string[] {
  return [...new Set(expand(resolvePath(doc, parts)).map(indexKey))];
}

/** An equality index on one path: key → ids. Buckets of one id are kept as a bare string. */
class LookupIndex {
  private readonly buckets = new Map<string, string | Set<string>>();
  readonly parts: string[];

  constructor(readonly path: string) {
    this.parts = splitPath(path);
  }

  add(doc: Doc): void {
    const id = doc._id as string;
    for (const key of keysAt(doc, this.parts)) {
      const bucket = this.buckets.get(key);
      if (bucket === undefined) this.buckets.set(key, id);
      else if (typeof bucket === 'string') this.buckets.set(key, new Set([bucket, id]));
      else bucket.add(id);
    }
  }

  remove(doc: Doc): void {
    const id = doc._id as string;
    for (const key of keysAt(doc, this.parts)) {
      const bucket = this.buckets.get(key);
      if (bucket === id) this.buckets.delete(key);
      else if (typeof bucket === 'object') {
        bucket.delete(id);
        if (bucket.size === 1) this.buckets.set(key, bucket.values().next().value!);
      }
    }
  }

  lookup(key: string): string[] {
    const bucket = this.buckets.get(key);
    if (bucket === undefined) return [];
    return typeof bucket === 'string' ? [bucket] : [...bucket];
  }
}

/** A unique index from the schema: single or compound, optionally sparse or partial. */
class UniqueIndex {
  private readonly owners = new Map<string, string>();
  private readonly parts: string[][];
  private readonly partial: Predicate | undefined;

  constructor(
    private readonly collection: string,
    readonly spec: IndexSpec,
  ) {
    this.parts = spec.paths.map(splitPath);
    this.partial = spec.partialFilterExpression ? compileFilter(spec.partialFilterExpression) : undefined;
  }

  /** A single-path index is multikey (each array member is a key); a compound one keys the tuple. */
  keysOf(doc: Doc): string[] {
    if (this.partial && !this.partial(doc)) return [];
    const values = this.parts.map((parts) => resolvePath(doc, parts));
    if (this.spec.sparse && values.every((v) => v.every((x) => x === undefined))) return [];
    if (this.parts.length === 1) return keysAt(doc, this.parts[0]!);
    return [values.map((v) => indexKey(v.length === 1 ? v[0] : v)).join('\u0000')];
  }

  keyValue(doc: Doc): Record<string, unknown> {
    return Object.fromEntries(
      this.spec.paths.map((path, i) => {
        const values = resolvePath(doc, this.parts[i]!);
        return [path, (values.length === 1 ? values[0] : values) ?? null];
      }),
    );
  }

  /** Throws DuplicateKeyError if the changes, applied together, would give two documents one key. */
  check(changes: Change[]): void {
    const freed = new Set<string>();
    for (const change of changes) if (change.before) for (const key of this.keysOf(change.before)) freed.add(key);
    const claimed = new Map<string, string>();
    for (const { id, after } of changes) {
      if (!after) continue;
      for (const key of this.keysOf(after)) {
        const owner = claimed.get(key) ?? (freed.has(key) ? undefined : this.owners.get(key));
        if (owner !== undefined && owner !== id) throw new DuplicateKeyError(this.collection, this.spec.name, this.keyValue(after));
        claimed.set(key, id);
      }
    }
  }

  add(doc: Doc): void {
    for (const key of this.keysOf(doc)) this.owners.set(key, doc._id as string);
  }

  remove(doc: Doc): void {
    for (const key of this.keysOf(doc)) if (this.owners.get(key) === doc._id) this.owners.delete(key);
  }
}

/**
 * The documents a partial index holds (those matching its expression), as MongoDB's planner uses
 * it: for a query that repeats the expression, they are the candidates, however many documents the
 * collection has (the outbox relay's pending documents among every ad).
 */
class PartialIndex {
  readonly ids = new Set<string>();
  private readonly matches: Predicate;
  private readonly expression: Array<[string, unknown]>;

  constructor(expression: Record<string, unknown>) {
    this.matches = compileFilter(expression);
    this.expression = Object.entries(expression);
  }

  add(doc: Doc): void {
    if (this.matches(doc)) this.ids.add(doc._id as string);
  }

  remove(doc: Doc): void {
    this.ids.delete(doc._id as string);
  }

  /** Whether a filter repeats the expression (the condition MongoDB needs to use a partial index). */
  serves(filter: Filter): boolean {
    return this.expression.every(([path, condition]) => path in filter && valuesEqual(filter[path], condition));
  }
}

/** The in-memory indexes of one collection, built from the schema's index list. */
export class IndexSet {
  private readonly uniques: UniqueIndex[];
  private readonly lookups = new Map<string, LookupIndex>();
  private readonly partials: PartialIndex[];

  /** `partial`: expressions of further partial indexes that serve only as candidates (the outbox relay's). */
  constructor(collection: string, specs: IndexSpec[], partial: Array<Record<string, unknown>> = []) {
    this.uniques = specs.filter((s) => s.unique).map((s) => new UniqueIndex(collection, s));
    for (const spec of specs) {
      const first = spec.paths[0];
      if (first !== undefined && first !== '_id' && !this.lookups.has(first)) this.lookups.set(first, new LookupIndex(first));
    }
    this.partials = [...specs.flatMap((spec) => (spec.partialFilterExpression && !spec.unique ? [spec.partialFilterExpression] : [])), ...partial].map(
      (expression) => new PartialIndex(expression),
    );
  }

  check(changes: Change[]): void {
    for (const index of this.uniques) index.check(changes);
  }

  apply(changes: Change[]): void {
    for (const { before, after } of changes) {
      if (before) for (const index of this.all()) index.remove(before);
      if (after) for (const index of this.all()) index.add(after);
    }
  }

  private all(): Array<UniqueIndex | LookupIndex | PartialIndex> {
    return [...this.uniques, ...this.lookups.values(), ...this.partials];
  }

  /**
   * Candidate ids for a filter from an equality (or `$in`) on an indexed path, top level or in
   * `$and`; the smallest candidate set wins. Null means no index applies (scan everything).
   * Candidates are a superset: the caller still applies the whole filter.
   */
  candidates(filter: Filter): string[] | null {
    let best: string[] | null = null;
    const consider = (f: Filter): void => {
      for (const [path, condition] of Object.entries(f)) {
        if (path === '$and' && Array.isArray(condition)) {
          condition.forEach((c) => consider(c as Filter));
          continue;
        }
        const values = equalityValues(condition);
        if (!values) continue;
        const ids = path === '_id' ? values.filter((v): v is string => typeof v === 'string') : this.lookupAll(path, values);
        if (ids && (best === null || ids.length < best.length)) best = ids;
      }
    };
    consider(filter);
    for (const partial of this.partials) {
      if ((best === null || partial.ids.size < (best as string[]).length) && partial.serves(filter)) best = [...partial.ids];
    }
    return best;
  }

  private lookupAll(path: string, values: unknown[]): string[] | null {
    const index = this.lookups.get(path);
    if (!index) return null;
    const ids = new Set<string>();
    for (const value of values) for (const id of index.lookup(indexKey(value))) ids.add(id);
    return [...ids];
  }
}

/** Scalar values an equality or `$in` condition can match, or null when the condition is anything else. */
function equalityValues(condition: unknown): unknown[] | null {
  const scalar = (v: unknown): boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date;
  if (scalar(condition)) return [condition];
  if (!isOperatorExpression(condition)) return null;
  const keys = Object.keys(condition);
  if (keys.length !== 1) return null;
  if ('$eq' in condition && scalar(condition.$eq)) return [condition.$eq];
  if ('$in' in condition && Array.isArray(condition.$in) && condition.$in.every(scalar)) return condition.$in;
  return null;
}
