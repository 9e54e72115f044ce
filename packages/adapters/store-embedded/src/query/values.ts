/**
 * Value semantics of the MongoDB dialect on plain JavaScript documents: path resolution through
 * arrays, equality, the cross-type order used by comparisons and sort, and deep copies.
 */
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

/** Whether `test` holds for a value or, for arrays, one of their elements (without allocating). */
export function someExpanded(values: readonly unknown[], test: (value: unknown) => boolean): boolean {
  for (const value of values) {
    if (test(value)) return true;
    if (Array.isArray(value)) for (const element of value) if (test(element)) return true;
  }
  return false;
}

/** MongoDB's canonical order of types, used when values of different types meet in a sort. */
function typeRank(value: unknown): number {
  if (value === undefined || value === null) return 1;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
    default:
      break;
  }
  if (Array.isArray(value)) return 5;
  if (value instanceof Date) return 9;
  if (value instanceof RegExp) return 11;
  const tag = bsonType(value as object);
  if (tag === 'ObjectId') return 7;
  if (tag === 'Decimal128' || tag === 'Long' || tag === 'Int32' || tag === 'Double') return 2;
  if (tag !== undefined) return 6;
  return 4;
}

function numeric(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

/** A total order over values (MongoDB's comparison order); objects compare field by field. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 1:
      return 0;
    case 2: {
      const x = numeric(a);
      const y = numeric(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 3:
      return a === b ? 0 : (a as string) < (b as string) ? -1 : 1;
    case 8:
      return Number(a) - Number(b);
    case 9:
      return (a as Date).getTime() - (b as Date).getTime();
    case 5: {
      const x = a as unknown[];
      const y = b as unknown[];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return x.length - y.length;
    }
    case 4: {
      const x = Object.entries(a as Doc);
      const y = Object.entries(b as Doc);
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const [kx, vx] = x[i]!;
        const [ky, vy] = y[i]!;
        if (kx !== ky) return kx < ky ? -1 : 1;
        const c = compareValues(vx, vy);
        if (c !== 0) return c;
      }
      return x.length - y.length;
    }
    default: {
      const x = String(a);
      const y = String(b);
      return x === y ? 0 : x < y ? -1 : 1;
    }
  }
}

/** Whether two values are in the same comparison bracket ($gt and friends only compare those). */
export function sameBracket(a: unknown, b: unknown): boolean {
  return typeRank(a) === typeRank(b);
}

/**
 * Equality as MongoDB tests it, by value, with null equal to missing. Unlike MongoDB, the order of
 * an embedded document's fields does not matter: mongoose does not keep it stable across casts.
 */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => valuesEqual(x, b[i]));
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    return keys.length === Object.keys(b).filter((k) => b[k] !== undefined).length && keys.every((k) => valuesEqual(a[k], b[k]) && b[k] !== undefined);
  }
  return typeRank(a) === typeRank(b) && compareValues(a, b) === 0;
}

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
