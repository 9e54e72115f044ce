import type { FindOptions, SortSpec } from '@ruedas/platform';
import { Query } from 'mingo';
import { compare as compareValues } from 'mingo/util';
import { UnsupportedQueryError } from './filter';
import { clone, resolvePath, splitPath, type Doc } from './values';

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

const EVERYTHING = new Query({});

/**
 * Inclusion (`{ a: 1 }`, `_id` kept unless `_id: 0`) or exclusion (`{ a: 0 }`), by mingo; returns
 * copies. `{ _id: 1 }` alone answers only the `_id`, as MongoDB does.
 */
export function compileProjection(projection: FindOptions['projection']): Projector {
  if (!projection || Object.keys(projection).length === 0) return clone;
  return (doc) => {
    try {
      return EVERYTHING.find<Doc>([clone(doc)], projection).next() as Doc;
    } catch (error) {
      throw new UnsupportedQueryError(error instanceof Error ? error.message : String(error));
    }
  };
}
