import type { SearchFilter, SearchScalar } from '@ruedas/platform';
import { SearchSettingsError } from './errors';
import { normalize } from './text';

/**
 * A filter or facet field: a dictionary-encoded column (an Int32Array of value codes per slot), a
 * Float64Array of the numbers for ranges, the values of array fields beside them.
 */

export const MISSING = -1;
export const MULTI = -2;

export class FacetColumn {
  readonly codeOf = new Map<string, number>();
  readonly labels: string[] = [];
  /** Per value code: slots holding it (dead ones included until compaction). */
  readonly slotsByCode: number[][] = [];
  codes: Int32Array;
  numbers: Float64Array;
  readonly multi = new Map<number, SearchScalar[]>();
  /** Per value code: live documents holding it (the facets of a query matching everything). */
  readonly live: number[] = [];

  constructor(capacity: number) {
    this.codes = new Int32Array(capacity).fill(MISSING);
    this.numbers = new Float64Array(capacity).fill(NaN);
  }

  grow(capacity: number): void {
    const codes = new Int32Array(capacity).fill(MISSING);
    codes.set(this.codes);
    this.codes = codes;
    const numbers = new Float64Array(capacity).fill(NaN);
    numbers.set(this.numbers);
    this.numbers = numbers;
  }

  code(value: SearchScalar): number {
    const key = valueKey(value);
    let code = this.codeOf.get(key);
    if (code === undefined) {
      code = this.labels.length;
      this.codeOf.set(key, code);
      this.labels.push(String(value));
      this.slotsByCode.push([]);
      this.live.push(0);
    }
    return code;
  }

  set(slot: number, value: unknown): void {
    if (Array.isArray(value)) {
      const scalars = value.filter(isScalar);
      if (scalars.length === 0) return;
      this.codes[slot] = MULTI;
      this.multi.set(slot, scalars);
      for (const code of new Set(scalars.map((s) => this.code(s)))) {
        this.slotsByCode[code]!.push(slot);
        this.live[code]!++;
      }
      return;
    }
    if (!isScalar(value)) return;
    const code = this.code(value);
    this.codes[slot] = code;
    this.slotsByCode[code]!.push(slot);
    this.live[code]!++;
    if (typeof value === 'number') this.numbers[slot] = value;
  }

  /**
   * A live slot's value rewritten in place (its document rewritten with the same words, engine
   * `add`): unchanged codes change nothing; a code it gains lists the slot in slot order (once); a
   * code it loses keeps listing it until compaction (filters check the codes again). Answers how
   * many such stale entries it left.
   */
  replace(slot: number, value: unknown): number {
    const before = this.codesAt(slot);
    const scalars = Array.isArray(value) ? value.filter(isScalar) : isScalar(value) ? [value] : [];
    const after = new Set(scalars.map((scalar) => this.code(scalar)));
    if (before.size === after.size && [...after].every((code) => before.has(code))) {
      // The same values (as filters and facets compare them): an array's own order and repeats are kept.
      if (this.codes[slot] === MULTI) this.multi.set(slot, scalars);
      return 0;
    }
    this.unset(slot);
    if (scalars.length === 0) return before.size;
    if (Array.isArray(value)) {
      this.codes[slot] = MULTI;
      this.multi.set(slot, scalars);
    } else {
      this.codes[slot] = [...after][0]!;
      if (typeof value === 'number') this.numbers[slot] = value;
    }
    let stale = 0;
    for (const code of after) {
      this.live[code]!++;
      insertSlot(this.slotsByCode[code]!, slot);
    }
    for (const code of before) if (!after.has(code)) stale++;
    return stale;
  }

  private codesAt(slot: number): Set<number> {
    const code = this.codes[slot]!;
    if (code >= 0) return new Set([code]);
    if (code === MULTI) return new Set(this.multi.get(slot)!.map((value) => this.codeOf.get(valueKey(value))!));
    return new Set();
  }

  unset(slot: number): void {
    const code = this.codes[slot]!;
    if (code >= 0) this.live[code]!--;
    else if (code === MULTI) for (const held of new Set(this.multi.get(slot)!.map((v) => this.codeOf.get(valueKey(v))!))) this.live[held]!--;
    this.codes[slot] = MISSING;
    this.numbers[slot] = NaN;
    this.multi.delete(slot);
  }

  /** Counts of the live documents, as countFacets would give over all of them. */
  liveCounts(): Record<string, number> {
    const result: Record<string, number> = {};
    for (let code = 0; code < this.live.length; code++) if (this.live[code]! > 0) result[this.labels[code]!] = this.live[code]!;
    return result;
  }
}

/** Puts a slot into a list sorted by slot, unless it is there already. */
function insertSlot(slots: number[], slot: number): void {
  let low = 0;
  let high = slots.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (slots[mid]! < slot) low = mid + 1;
    else high = mid;
  }
  if (slots[low] !== slot) slots.splice(low, 0, slot);
}

export function isScalar(value: unknown): value is SearchScalar {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';
}

/** Filters compare strings without regard to case, as Meilisearch does. */
export function valueKey(value: SearchScalar): string {
  return typeof value === 'string' ? normalize(value) : String(value);
}

export function countFacets(column: FacetColumn, slots: number[]): Record<string, number> {
  const counts = new Int32Array(column.labels.length);
  const { codes, multi, codeOf } = column;
  for (const slot of slots) {
    const code = codes[slot]!;
    if (code >= 0) counts[code]!++;
    else if (code === MULTI) {
      for (const value of new Set(multi.get(slot)!.map((v) => codeOf.get(valueKey(v))!))) counts[value]!++;
    }
  }
  const result: Record<string, number> = {};
  for (let code = 0; code < counts.length; code++) if (counts[code]! > 0) result[column.labels[code]!] = counts[code]!;
  return result;
}

/** The test of one filter on a slot (an equals/oneOf filter by value codes, a range on the numbers). */
export function compileFilter(column: FacetColumn, filter: SearchFilter): (slot: number) => boolean {
  const { codes, numbers, multi } = column;
  if ('equals' in filter || 'oneOf' in filter) {
    const values = 'equals' in filter ? [filter.equals] : filter.oneOf;
    const wanted = new Set(values.map((value) => column.codeOf.get(valueKey(value))).filter((code): code is number => code !== undefined));
    return (slot) => {
      const code = codes[slot]!;
      if (code >= 0) return wanted.has(code);
      if (code === MULTI) return multi.get(slot)!.some((value) => wanted.has(column.codeOf.get(valueKey(value))!));
      return false;
    };
  }
  // A range without either end is no condition (as in Meilisearch, where it has no expression).
  if (filter.min === undefined && filter.max === undefined) return () => true;
  const min = filter.min ?? -Infinity;
  const max = filter.max ?? Infinity;
  if (typeof min !== 'number' || typeof max !== 'number' || Number.isNaN(min) || Number.isNaN(max))
    throw new SearchSettingsError(`range filter on ${filter.field} needs numbers`);
  return (slot) => {
    const code = codes[slot]!;
    if (code === MULTI) return multi.get(slot)!.some((value) => typeof value === 'number' && value >= min && value <= max);
    const number = numbers[slot]!;
    return number >= min && number <= max;
  };
}
