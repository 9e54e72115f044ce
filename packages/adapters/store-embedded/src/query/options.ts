import type { FindOptions, SortSpec } from '@ruedas/platform';
import { compare } from 'mingo/util';
import { UnsupportedQueryError } from './filter';
import { clone, isPlainObject, resolvePath, splitPath, type Doc } from './values';

/** mingo's cross-type order; two numbers or two strings (most sort keys) compared directly. */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === typeof b && (typeof a === 'number' || typeof a === 'string')) return a === b ? 0 : (a as number) < (b as number) ? -1 : 1;
  return compare(a, b);
}

/**
 * Sorts by a sort spec. As in MongoDB, a missing field sorts like null (first ascending) and an
 * array sorts by its smallest element ascending, by its largest descending. Ties keep the given
 * order, which makes pagination stable. Each document's sort key is computed once.
 */
export function sortDocuments(docs: Doc[], spec: SortSpec, count: number): Doc[] {
  const keys = Object.entries(spec).map(([path, direction]) => {
    if (direction !== 1 && direction !== -1) throw new UnsupportedQueryError(`sort direction for ${path} must be 1 or -1`);
    return { parts: splitPath(path), direction };
  });
  const compare = (a: unknown[], b: unknown[]): number => {
    for (let i = 0; i < keys.length; i++) {
      const c = compareValues(a[i], b[i]);
      if (c !== 0) return c * keys[i]!.direction;
    }
    return 0;
  };
  const entries = docs.map((doc) => ({ doc, key: keys.map(({ parts, direction }) => sortValue(doc, parts, direction)) }));
  return topSorted(entries, (a, b) => compare(a.key, b.key), count).map((e) => e.doc);
}

function sortValue(doc: Doc, parts: string[], direction: 1 | -1): unknown {
  if (parts.length === 1 && !Array.isArray(doc[parts[0]!])) return doc[parts[0]!] ?? null;
  let best: unknown;
  let first = true;
  for (const value of resolvePath(doc, parts)) {
    const candidates = Array.isArray(value) && value.length > 0 ? value : [value];
    for (const candidate of candidates) {
      if (first || compareValues(candidate, best) * direction < 0) best = candidate;
      first = false;
    }
  }
  return best ?? null;
}

/**
 * The first `count` items in order. With a small page of a large result it keeps only a sorted
 * window instead of sorting everything.
 */
function topSorted<E>(items: E[], compare: (a: E, b: E) => number, count: number): E[] {
  if (count >= items.length / 8) return items.sort(compare).slice(0, count);
  const window: E[] = [];
  for (const item of items) {
    if (window.length === count && compare(item, window[count - 1]!) >= 0) continue;
    let lo = 0;
    let hi = window.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(item, window[mid]!) >= 0) lo = mid + 1;
      else hi = mid;
    }
    window.splice(lo, 0, item);
    if (window.length > count) window.pop();
  }
  return window;
}

export type Projector = (doc: Doc) => Doc;

/**
 * Inclusion (`{ a: 1 }`, `_id` kept unless `_id: 0`; `{ _id: 1 }` alone gives only `_id`) or
 * exclusion (`{ a: 0 }`); returns copies. Not mingo's: its projection costs ~100 times more per
 * document, and services project to save work (decision 0092).
 */
export function compileProjection(projection: FindOptions['projection']): Projector {
  if (!projection || Object.keys(projection).length === 0) return clone;
  const entries = Object.entries(projection);
  const nonId = entries.filter(([path]) => path !== '_id');
  const including = nonId.some(([, v]) => v === 1);
  if (nonId.some(([, v]) => (v === 1) !== including)) {
    throw new UnsupportedQueryError('a projection cannot mix inclusion and exclusion (except for _id)');
  }
  const idExcluded = projection._id === 0;
  // `{ _id: 1 }` alone is an inclusion of nothing but the _id (as in MongoDB), not an exclusion.
  if (!including && projection._id !== 1) {
    const paths = entries.map(([path]) => splitPath(path));
    return (doc) => {
      const copy = clone(doc);
      for (const parts of paths) exclude(copy, parts);
      return copy;
    };
  }
  const paths = nonId.map(([path]) => splitPath(path));
  return (doc) => {
    const out: Doc = {};
    if (!idExcluded && '_id' in doc) out._id = doc._id;
    for (const parts of paths) include(doc, out, parts);
    return out;
  };
}

function exclude(value: unknown, parts: string[]): void {
  const [head, ...rest] = parts as [string, ...string[]];
  if (Array.isArray(value)) {
    for (const element of value) exclude(element, parts);
  } else if (isPlainObject(value)) {
    if (rest.length === 0) delete value[head];
    else exclude(value[head], rest);
  }
}

function include(source: unknown, target: Doc, parts: string[]): void {
  if (!isPlainObject(source)) return;
  const [head, ...rest] = parts as [string, ...string[]];
  if (!(head in source)) return;
  const value = source[head];
  if (rest.length === 0) {
    target[head] = clone(value);
  } else if (Array.isArray(value)) {
    const existing = Array.isArray(target[head]) ? (target[head] as Doc[]) : value.filter(isPlainObject).map(() => ({}));
    value.filter(isPlainObject).forEach((element, i) => include(element, existing[i]!, rest));
    target[head] = existing;
  } else if (isPlainObject(value)) {
    const child = isPlainObject(target[head]) ? target[head] : {};
    include(value, child, rest);
    target[head] = child;
  }
}
