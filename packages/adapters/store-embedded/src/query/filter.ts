import type { Filter } from '@ruedas/platform';
import {
  compareValues,
  isPlainObject,
  resolvePath,
  sameBracket,
  someExpanded,
  splitPath,
  valuesEqual,
  type Doc,
} from './values';

/** A compiled filter: tells whether a document matches. */
export type Predicate = (doc: Doc) => boolean;

/** A test on the values a path reaches in one document (see `resolvePath`). */
type ValuesTest = (values: unknown[]) => boolean;

/** Thrown for a filter outside the supported dialect, so a typo never silently matches everything. */
export class UnsupportedQueryError extends Error {
  override readonly name = 'UnsupportedQueryError';
}

/** Compiles a MongoDB filter into a predicate. */
export function compileFilter(filter: Filter): Predicate {
  if (!isPlainObject(filter)) throw new UnsupportedQueryError(`a filter must be an object, got ${typeof filter}`);
  const clauses: Predicate[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    switch (key) {
      case '$and':
        clauses.push(all(subFilters(key, condition)));
        break;
      case '$or': {
        const subs = subFilters(key, condition);
        clauses.push((doc) => subs.some((p) => p(doc)));
        break;
      }
      case '$nor': {
        const subs = subFilters(key, condition);
        clauses.push((doc) => !subs.some((p) => p(doc)));
        break;
      }
      default: {
        if (key.startsWith('$')) throw new UnsupportedQueryError(`unsupported top-level operator ${key}`);
        const parts = splitPath(key);
        const test = compileCondition(condition);
        if (parts.length === 1) {
          // A top-level field: reuse one buffer instead of resolving the path.
          const buffer: unknown[] = [undefined];
          clauses.push((doc) => {
            buffer[0] = doc[key];
            return test(buffer);
          });
        } else {
          clauses.push((doc) => test(resolvePath(doc, parts)));
        }
      }
    }
  }
  return all(clauses);
}

function all(clauses: Predicate[]): Predicate {
  if (clauses.length === 1) return clauses[0]!;
  return (doc) => {
    for (const clause of clauses) if (!clause(doc)) return false;
    return true;
  };
}

function subFilters(operator: string, value: unknown): Predicate[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new UnsupportedQueryError(`${operator} needs a non-empty array of filters`);
  }
  return value.map((f) => compileFilter(f as Filter));
}

/** `{ $gt: 1, $lt: 5 }` is an operator expression; anything else is a value to match by equality. */
export function isOperatorExpression(value: unknown): value is Doc {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

/** Compiles the condition given for one path: a value (equality) or an operator expression. */
export function compileCondition(condition: unknown): ValuesTest {
  if (!isOperatorExpression(condition)) return equalsTest(condition);
  const tests: ValuesTest[] = [];
  for (const [operator, operand] of Object.entries(condition)) {
    tests.push(compileOperator(operator, operand, condition));
  }
  return (values) => tests.every((t) => t(values));
}

function compileOperator(operator: string, operand: unknown, expression: Doc): ValuesTest {
  switch (operator) {
    case '$eq':
      return equalsTest(operand);
    case '$ne': {
      const eq = equalsTest(operand);
      return (values) => !eq(values);
    }
    case '$gt':
      return rangeTest(operand, (c) => c > 0);
    case '$gte':
      return rangeTest(operand, (c) => c >= 0);
    case '$lt':
      return rangeTest(operand, (c) => c < 0);
    case '$lte':
      return rangeTest(operand, (c) => c <= 0);
    case '$in': {
      const tests = listOperand(operator, operand).map(equalsTest);
      return (values) => tests.some((t) => t(values));
    }
    case '$nin': {
      const tests = listOperand(operator, operand).map(equalsTest);
      return (values) => !tests.some((t) => t(values));
    }
    case '$exists': {
      const wanted = Boolean(operand);
      return (values) => values.some((v) => v !== undefined) === wanted;
    }
    case '$regex':
      return regexTest(toRegExp(operand, expression.$options));
    case '$options':
      if (!('$regex' in expression)) throw new UnsupportedQueryError('$options needs $regex');
      return () => true;
    case '$not': {
      const inner = operand instanceof RegExp ? regexTest(operand) : compileNegatable(operand);
      return (values) => !inner(values);
    }
    case '$size': {
      if (typeof operand !== 'number' || !Number.isInteger(operand)) throw new UnsupportedQueryError('$size needs an integer');
      return (values) => values.some((v) => Array.isArray(v) && v.length === operand);
    }
    case '$elemMatch':
      return elemMatchTest(operand);
    default:
      throw new UnsupportedQueryError(`unsupported operator ${operator}`);
  }
}

function compileNegatable(operand: unknown): ValuesTest {
  if (!isOperatorExpression(operand)) throw new UnsupportedQueryError('$not needs an operator expression or a regex');
  return compileCondition(operand);
}

function listOperand(operator: string, operand: unknown): unknown[] {
  if (!Array.isArray(operand)) throw new UnsupportedQueryError(`${operator} needs an array`);
  return operand;
}

function equalsTest(expected: unknown): ValuesTest {
  if (expected instanceof RegExp) return regexTest(expected);
  if (expected === null || expected === undefined) {
    // null matches a missing field, a null field, and an array holding null.
    return (values) => someExpanded(values, (v) => v === undefined || v === null);
  }
  if (typeof expected !== 'object') {
    return (values) => {
      for (const v of values) {
        if (v === expected) return true;
        if (Array.isArray(v) && v.includes(expected)) return true;
      }
      return false;
    };
  }
  return (values) => someExpanded(values, (v) => valuesEqual(v, expected));
}

function rangeTest(bound: unknown, accept: (comparison: number) => boolean): ValuesTest {
  const matches = (v: unknown): boolean => v !== undefined && sameBracket(v, bound) && accept(compareValues(v, bound));
  return (values) => someExpanded(values, matches);
}

function toRegExp(pattern: unknown, options: unknown): RegExp {
  const flags = typeof options === 'string' ? options : '';
  if (/[^imsu]/.test(flags)) throw new UnsupportedQueryError(`unsupported regex options "${flags}" (i, m, s are supported)`);
  if (pattern instanceof RegExp) return new RegExp(pattern.source, flags || pattern.flags.replace(/[gy]/g, ''));
  if (typeof pattern !== 'string') throw new UnsupportedQueryError('$regex needs a string or a RegExp');
  return new RegExp(pattern, flags);
}

function regexTest(regex: RegExp): ValuesTest {
  const r = new RegExp(regex.source, regex.flags.replace(/[gy]/g, ''));
  return (values) => someExpanded(values, (v) => typeof v === 'string' && r.test(v));
}

/**
 * `$elemMatch` with operators (`{ $gte: 80, $lt: 85 }`) tests each element's value; with field
 * conditions (`{ product: 'x', score: { $gte: 8 } }`) it is a filter on each element document.
 */
function elemMatchTest(operand: unknown): ValuesTest {
  if (!isPlainObject(operand)) throw new UnsupportedQueryError('$elemMatch needs an object');
  const keys = Object.keys(operand);
  const onValues = keys.length > 0 && keys.every((k) => k.startsWith('$') && k !== '$and' && k !== '$or' && k !== '$nor');
  if (onValues) {
    const test = compileCondition(operand);
    return (values) => values.some((v) => Array.isArray(v) && v.some((e) => test([e])));
  }
  const predicate = compileFilter(operand);
  return (values) => values.some((v) => Array.isArray(v) && v.some((e) => isPlainObject(e) && predicate(e)));
}

/** An element-level matcher, as `$pull` uses it: a filter for documents, a condition for values. */
export function compileElementMatcher(condition: unknown): (element: unknown) => boolean {
  if (isOperatorExpression(condition)) {
    const test = compileCondition(condition);
    return (element) => test([element]);
  }
  if (isPlainObject(condition)) {
    const predicate = compileFilter(condition);
    return (element) => isPlainObject(element) && predicate(element);
  }
  return (element) => valuesEqual(element, condition);
}
