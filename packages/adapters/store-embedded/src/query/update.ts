import type { Filter, Update } from '@ruedas/platform';
import { compileElementMatcher, isOperatorExpression, UnsupportedQueryError } from './filter';
import { clone, isPlainObject, splitPath, valuesEqual, type Doc } from './values';

const OPERATORS = new Set(['$set', '$unset', '$inc', '$push', '$pull', '$addToSet', '$setOnInsert']);

/** Checks an update's shape once, before any document is touched. */
export function checkUpdate(update: Update): void {
  if (!isPlainObject(update) || Object.keys(update).length === 0) {
    throw new UnsupportedQueryError('an update needs at least one operator ($set, $inc, ...)');
  }
  for (const [operator, fields] of Object.entries(update)) {
    if (!OPERATORS.has(operator)) {
      throw new UnsupportedQueryError(
        operator.startsWith('$') ? `unsupported update operator ${operator}` : `an update must use operators, found field "${operator}"`,
      );
    }
    if (!isPlainObject(fields)) throw new UnsupportedQueryError(`${operator} needs an object of fields`);
  }
}

/**
 * Applies an update to a copy of `doc` and returns the copy. The operators are applied here, not by
 * mingo's updater, which costs some hundred times more per document (decision 0092); conditions
 * (`$pull`) and equality (`$addToSet`) are mingo's. `inserting` is true for the document
 * an upsert creates (only then does `$setOnInsert` apply). The `_id` never changes.
 */
export function applyUpdate(doc: Doc, update: Update, inserting: boolean): Doc {
  const next = clone(doc);
  for (const [operator, fields] of Object.entries(update)) {
    if (operator === '$setOnInsert' && !inserting) continue;
    for (const [path, operand] of Object.entries(fields as Doc)) {
      applyOperator(next, operator, splitPath(path), operand);
    }
  }
  if (next._id !== doc._id && !inserting) {
    throw new UnsupportedQueryError("an update may not change the immutable field '_id'");
  }
  return next;
}

function applyOperator(doc: Doc, operator: string, parts: string[], operand: unknown): void {
  switch (operator) {
    case '$set':
    case '$setOnInsert':
      setPath(doc, parts, clone(operand));
      return;
    case '$unset':
      unsetPath(doc, parts);
      return;
    case '$inc': {
      if (typeof operand !== 'number') throw new UnsupportedQueryError(`$inc needs a number for ${parts.join('.')}`);
      const current = getPath(doc, parts);
      if (current !== undefined && typeof current !== 'number') {
        throw new UnsupportedQueryError(`cannot $inc the non-numeric field ${parts.join('.')}`);
      }
      setPath(doc, parts, (current ?? 0) + operand);
      return;
    }
    case '$push':
      arrayAt(doc, parts).push(...eachOf(operand).map(clone));
      return;
    case '$addToSet': {
      const array = arrayAt(doc, parts);
      for (const value of eachOf(operand)) {
        if (!array.some((e) => valuesEqual(e, value))) array.push(clone(value));
      }
      return;
    }
    case '$pull': {
      const current = getPath(doc, parts);
      if (current === undefined) return;
      if (!Array.isArray(current)) throw new UnsupportedQueryError(`cannot $pull from the non-array field ${parts.join('.')}`);
      const matches = compileElementMatcher(operand);
      setPath(
        doc,
        parts,
        current.filter((e) => !matches(e)),
      );
      return;
    }
    default:
      throw new UnsupportedQueryError(`unsupported update operator ${operator}`);
  }
}

/** `$push: { tags: { $each: ['a', 'b'] } }` adds several values; anything else adds one. */
function eachOf(operand: unknown): unknown[] {
  if (isPlainObject(operand) && '$each' in operand) {
    const extra = Object.keys(operand).filter((k) => k !== '$each');
    if (extra.length > 0) throw new UnsupportedQueryError(`unsupported modifiers ${extra.join(', ')} (only $each is supported)`);
    if (!Array.isArray(operand.$each)) throw new UnsupportedQueryError('$each needs an array');
    return operand.$each;
  }
  return [operand];
}

function arrayAt(doc: Doc, parts: string[]): unknown[] {
  const current = getPath(doc, parts);
  if (current === undefined || current === null) {
    const created: unknown[] = [];
    setPath(doc, parts, created);
    return created;
  }
  if (!Array.isArray(current)) throw new UnsupportedQueryError(`the field ${parts.join('.')} is not an array`);
  return current;
}

function getPath(doc: Doc, parts: string[]): unknown {
  let value: unknown = doc;
  for (const part of parts) {
    if (Array.isArray(value)) value = value[Number(part)];
    else if (isPlainObject(value)) value = value[part];
    else return undefined;
  }
  return value;
}

type Container = Doc | unknown[];

function setPath(doc: Doc, parts: string[], value: unknown): void {
  let container: Container = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    let child = read(container, part, parts);
    if (child === undefined || child === null) {
      child = {};
      write(container, part, child, parts);
    }
    if (!isPlainObject(child) && !Array.isArray(child)) {
      throw new UnsupportedQueryError(`cannot create the field ${parts.join('.')}: ${parts.slice(0, i + 1).join('.')} is not a document`);
    }
    container = child;
  }
  write(container, parts[parts.length - 1]!, value, parts);
}

function unsetPath(doc: Doc, parts: string[]): void {
  const parent = getPath(doc, parts.slice(0, -1));
  const last = parts[parts.length - 1]!;
  // MongoDB keeps array positions: unsetting an element sets it to null.
  if (Array.isArray(parent)) {
    const index = Number(last);
    if (Number.isInteger(index) && index < parent.length) parent[index] = null;
  } else if (isPlainObject(parent)) {
    delete parent[last];
  }
}

function read(container: Container, part: string, parts: string[]): unknown {
  return Array.isArray(container) ? container[arrayIndex(part, parts)] : container[part];
}

function write(container: Container, part: string, value: unknown, parts: string[]): void {
  if (!Array.isArray(container)) {
    container[part] = value;
    return;
  }
  const index = arrayIndex(part, parts);
  while (container.length < index) container.push(null);
  container[index] = value;
}

function arrayIndex(part: string, parts: string[]): number {
  if (!/^\d+$/.test(part)) throw new UnsupportedQueryError(`cannot use the field name "${part}" inside an array in ${parts.join('.')}`);
  return Number(part);
}

/** The document an upsert starts from: the filter's equality conditions (top level and in $and). */
export function upsertSeed(filter: Filter): Doc {
  const seed: Doc = {};
  const visit = (f: Filter): void => {
    for (const [key, condition] of Object.entries(f)) {
      if (key === '$and' && Array.isArray(condition)) condition.forEach((c) => visit(c as Filter));
      else if (key.startsWith('$') || condition instanceof RegExp) continue;
      else if (!isOperatorExpression(condition)) setPath(seed, splitPath(key), clone(condition));
      else if ('$eq' in condition) setPath(seed, splitPath(key), clone(condition.$eq));
    }
  };
  visit(filter);
  return seed;
}
