/**
 * Value helpers of the MongoDB dialect on plain JavaScript documents: path resolution through
 * arrays and hash keys (for the indexes), equality (mingo's) and deep copies. Filters, updates,
 * projections and the cross-type order are mingo's (decision 0092).
 */
import { isEqual } from 'mingo/util';

export type Doc = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Doc {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** BSON values such as ObjectId and Decimal128 carry `_bsontype`; they are compared by their string form. */
function bsonType(value: object): string | undefined {
  const tag = (value as { _bsontype?: unknown })._bsontype;
  return typeof tag === 'string' ? tag : undefined;
}

export function splitPath(path: string): string[] {
  return path.split('.');
}

const INDEX = /^\d+$/;

/**
 * Every value a dotted path reaches, as MongoDB sees them: a field of an array of documents is
 * looked up in each element, a numeric segment indexes into an array, and a missing field is
 * `undefined`. Arrays met at the end of the path are returned whole (callers expand them).
 */
export function resolvePath(doc: unknown, parts: readonly string[]): unknown[] {
  const out: unknown[] = [];
  collect(doc, parts, 0, out);
  return out;
}

function collect(value: unknown, parts: readonly string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    out.push(value);
    return;
  }
  const part = parts[i]!;
  if (Array.isArray(value)) {
    if (INDEX.test(part)) {
      collect(value[Number(part)], parts, i + 1, out);
      return;
    }
    for (const element of value) {
      if (isPlainObject(element)) collect(element[part], parts, i + 1, out);
    }
    return;
  }
  if (isPlainObject(value)) {
    collect(value[part], parts, i + 1, out);
    return;
  }
  out.push(undefined);
}

/** The values and, for arrays, their elements: what equality and comparisons test against. */
export function expand(values: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const value of values) {
    out.push(value);
    if (Array.isArray(value)) out.push(...(value as unknown[]));
  }
  return out;
}

/**
 * Equality as MongoDB tests it, by value (mingo's `isEqual`). The order of an embedded document's
 * fields does not matter: mongoose does not keep it stable across casts.
 */
export const valuesEqual: (a: unknown, b: unknown) => boolean = isEqual;

/** A deep copy: plain objects, arrays and dates are copied; BSON values are immutable and shared. */
export function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (isPlainObject(value)) {
    const out: Doc = {};
    for (const key in value) out[key] = clone(value[key]);
    return out as T;
  }
  return value;
}

/**
 * A key for hash indexes: equal values (in the sense of `valuesEqual`) give equal keys, and the
 * type is part of the key so that 1 and '1' differ.
 */
export function indexKey(value: unknown): string {
  if (value === undefined || value === null) return 'n';
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
      return `d${value}`;
    case 'boolean':
      return value ? 'T' : 'F';
    default:
      break;
  }
  if (value instanceof Date) return `t${value.getTime()}`;
  if (typeof value === 'object' && bsonType(value) !== undefined) return `o${String(value)}`;
  return `j${JSON.stringify(value)}`;
}
