import type { Filter } from '@ruedas/platform';
import { Context } from 'mingo';
import * as queryOperators from 'mingo/operators/query';
import { Query } from 'mingo/query';
import { isPlainObject, valuesEqual, type Doc } from './values';

/** A compiled filter: tells whether a document matches. */
export type Predicate = (doc: Doc) => boolean;

/** Thrown for a filter outside the supported dialect, so a typo never silently matches everything. */
export class UnsupportedQueryError extends Error {
  override readonly name = 'UnsupportedQueryError';
}

/** The port's dialect (see `Filter` in `@ruedas/platform`); mingo knows more, the store refuses the rest. */
const FIELD_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$regex', '$options', '$not', '$size', '$elemMatch']);
const LOGICAL_OPERATORS = new Set(['$and', '$or', '$nor']);

/** mingo with the dialect's query operators only (a full context costs ~3 times more per query). */
const DIALECT = Context.init({
  query: Object.fromEntries(Object.entries(queryOperators).filter(([name]) => FIELD_OPERATORS.has(name) || LOGICAL_OPERATORS.has(name))),
});

/** A mingo query of one clause, built the first time a document needs it, or at once when `eager`. */
function mingoClause(key: string, condition: unknown, eager = false): Predicate {
  let query = eager ? new Query({ [key]: condition }, { context: DIALECT }) : undefined;
  return (doc) => (query ??= new Query({ [key]: condition }, { context: DIALECT })).test(doc);
}

/**
 * Compiles a MongoDB filter into a predicate. mingo evaluates it; a condition on a top-level field
 * whose stored value is a string, number, boolean or date is answered directly (see `fastClause`),
 * which keeps full scans as fast as before mingo (decision 0092).
 */
export function compileFilter(filter: Filter): Predicate {
  checkFilter(filter);
  const clauses: Predicate[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    // A clause only mingo answers is built now, so that a bad one (an invalid regex) fails at once.
    const fast = LOGICAL_OPERATORS.has(key) || key.includes('.') ? undefined : fastClause(key, condition, mingoClause(key, condition));
    clauses.push(fast ?? mingoClause(key, condition, true));
  }
  if (clauses.length === 1) return clauses[0]!;
  return (doc) => {
    for (const clause of clauses) if (!clause(doc)) return false;
    return true;
  };
}

/** `{ $gt: 1, $lt: 5 }` is an operator expression; anything else is a value to match by equality. */
export function isOperatorExpression(value: unknown): value is Doc {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

/** Refuses anything outside the dialect before mingo sees it (mingo would accept `$where`, `$expr`...). */
function checkFilter(filter: unknown): void {
  if (!isPlainObject(filter)) throw new UnsupportedQueryError(`a filter must be an object, got ${typeof filter}`);
  for (const [key, condition] of Object.entries(filter)) {
    if (LOGICAL_OPERATORS.has(key)) {
      if (!Array.isArray(condition) || condition.length === 0) throw new UnsupportedQueryError(`${key} needs a non-empty array of filters`);
      condition.forEach(checkFilter);
    } else if (key.startsWith('$')) {
      throw new UnsupportedQueryError(`unsupported top-level operator ${key}`);
    } else {
      checkCondition(condition);
    }
  }
}

function checkCondition(condition: unknown): void {
  if (!isOperatorExpression(condition)) return;
  for (const [operator, operand] of Object.entries(condition)) {
    if (!FIELD_OPERATORS.has(operator)) throw new UnsupportedQueryError(`unsupported operator ${operator}`);
    if ((operator === '$in' || operator === '$nin') && !Array.isArray(operand)) throw new UnsupportedQueryError(`${operator} needs an array`);
    if (operator === '$options' && !('$regex' in condition)) throw new UnsupportedQueryError('$options needs $regex');
    if (operator === '$options' && /[^imsu]/.test(String(operand)))
      throw new UnsupportedQueryError(`unsupported regex options "${String(operand)}" (i, m, s are supported)`);
    if (operator === '$size' && !Number.isInteger(operand)) throw new UnsupportedQueryError('$size needs an integer');
    if (operator === '$not') {
      if (!(operand instanceof RegExp) && !isOperatorExpression(operand)) throw new UnsupportedQueryError('$not needs an operator expression or a regex');
      checkCondition(operand);
    }
    if (operator === '$elemMatch') {
      if (!isPlainObject(operand)) throw new UnsupportedQueryError('$elemMatch needs an object');
      if (isOperatorExpression(operand) && !Object.keys(operand).some((k) => LOGICAL_OPERATORS.has(k))) checkCondition(operand);
      else checkFilter(operand);
    }
  }
}

type Scalar = string | number | boolean | Date;
type ScalarTest = (value: Scalar) => boolean;

function isScalar(value: unknown): value is Scalar {
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || value instanceof Date;
}

const RANGE: Record<string, (c: number) => boolean> = { $gt: (c) => c > 0, $gte: (c) => c >= 0, $lt: (c) => c < 0, $lte: (c) => c <= 0 };

/**
 * The common shapes (`{ status: 'X' }`, `{ year: { $gte: 2010 } }`, `{ brand: { $in: [...] } }`
 * with scalar operands) answered without mingo when the document's value is a scalar; arrays,
 * documents, null and missing values go to mingo. Returns undefined for any other condition.
 */
function fastClause(key: string, condition: unknown, slow: Predicate): Predicate | undefined {
  let test: ScalarTest | undefined;
  if (isScalar(condition) && !(condition instanceof Date)) {
    // Equality to a string, number or boolean: the most common clause of all.
    return (doc) => {
      const value = doc[key];
      return value === condition || (isScalar(value) ? false : slow(doc));
    };
  } else if (isScalar(condition)) {
    test = equalTo(condition);
  } else if (isOperatorExpression(condition)) {
    const tests: ScalarTest[] = [];
    for (const [operator, operand] of Object.entries(condition)) {
      const one = operatorTest(operator, operand);
      if (!one) return undefined;
      tests.push(one);
    }
    test = tests.length === 1 ? tests[0]! : (v) => tests.every((t) => t(v));
  }
  if (!test) return undefined;
  const scalarTest = test;
  return (doc) => {
    const value = doc[key];
    return isScalar(value) ? scalarTest(value) : slow(doc);
  };
}

function equalTo(expected: Scalar): ScalarTest {
  if (!(expected instanceof Date)) return (v) => v === expected;
  const time = expected.getTime();
  return (v) => v instanceof Date && v.getTime() === time;
}

function operatorTest(operator: string, operand: unknown): ScalarTest | undefined {
  if (operator === '$in' || operator === '$nin') {
    if (!Array.isArray(operand) || !operand.every(isScalar)) return undefined;
    const tests = operand.map(equalTo);
    return operator === '$in' ? (v) => tests.some((t) => t(v)) : (v) => !tests.some((t) => t(v));
  }
  if (!isScalar(operand)) return undefined;
  if (operator === '$eq') return equalTo(operand);
  if (operator === '$ne') {
    const eq = equalTo(operand);
    return (v) => !eq(v);
  }
  const accept = RANGE[operator];
  if (!accept) return undefined;
  if (operand instanceof Date) {
    const time = operand.getTime();
    return (v) => v instanceof Date && accept(v.getTime() - time);
  }
  const type = typeof operand;
  return (v) => typeof v === type && accept(v < operand ? -1 : v > operand ? 1 : 0);
}

/** An element-level matcher, as `$pull` uses it: a filter for documents, a condition for values. */
export function compileElementMatcher(condition: unknown): (element: unknown) => boolean {
  if (isOperatorExpression(condition)) {
    checkCondition(condition);
    const query = new Query({ element: condition }, { context: DIALECT });
    return (element) => query.test({ element });
  }
  if (isPlainObject(condition)) {
    const predicate = compileFilter(condition);
    return (element) => isPlainObject(element) && predicate(element);
  }
  return (element) => valuesEqual(element, condition);
}
