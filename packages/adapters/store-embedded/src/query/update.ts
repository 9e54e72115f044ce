import type { Filter, Update } from '@ruedas/platform';
import { update as mingoUpdate, type Modifier } from 'mingo/updater';
import { resolve, setValue } from 'mingo/util';
import { isOperatorExpression, UnsupportedQueryError } from './filter';
import { clone, isPlainObject, type Doc } from './values';

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
 * Applies an update to a copy of `doc` and returns the copy. `inserting` is true for the document
 * an upsert creates (only then does `$setOnInsert` apply, as a `$set`). mingo applies the
 * operators; the `_id` never changes.
 */
export function applyUpdate(doc: Doc, update: Update, inserting: boolean): Doc {
  const next = clone(doc);
  const { $setOnInsert, ...modifier } = update as Doc;
  if (inserting && isPlainObject($setOnInsert)) modifier.$set = { ...(isPlainObject(modifier.$set) ? modifier.$set : {}), ...$setOnInsert };
  for (const [path, operand] of Object.entries((modifier.$inc ?? {}) as Doc)) {
    if (typeof operand !== 'number') throw new UnsupportedQueryError(`$inc needs a number for ${path}`);
    const current = resolve(next, path);
    if (current !== undefined && typeof current !== 'number') throw new UnsupportedQueryError(`cannot $inc the non-numeric field ${path}`);
  }
  for (const [path, operand] of Object.entries((modifier.$push ?? {}) as Doc)) {
    if (isPlainObject(operand) && '$each' in operand && Object.keys(operand).length > 1) {
      throw new UnsupportedQueryError(`unsupported modifiers of $push on ${path} (only $each is supported)`);
    }
  }
  try {
    if (Object.keys(modifier).length > 0) mingoUpdate(next, modifier as Modifier<Doc>, undefined, undefined, { cloneMode: 'deep' });
  } catch (error) {
    throw new UnsupportedQueryError(error instanceof Error ? error.message : String(error));
  }
  if (next._id !== doc._id && !inserting) {
    throw new UnsupportedQueryError("an update may not change the immutable field '_id'");
  }
  return next;
}

/** The document an upsert starts from: the filter's equality conditions (top level and in $and). */
export function upsertSeed(filter: Filter): Doc {
  const seed: Doc = {};
  const visit = (f: Filter): void => {
    for (const [key, condition] of Object.entries(f)) {
      if (key === '$and' && Array.isArray(condition)) condition.forEach((c) => visit(c as Filter));
      else if (key.startsWith('$') || condition instanceof RegExp) continue;
      else if (!isOperatorExpression(condition)) setValue(seed, key, clone(condition));
      else if ('$eq' in condition) setValue(seed, key, clone(condition.$eq));
    }
  };
  visit(filter);
  return seed;
}
