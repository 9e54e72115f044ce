/** Sort fields, relevance and writing order, and the first k slots in that order. */

export type Compare = (a: number, b: number) => number;

/** A sortable field: numbers in a Float64Array (NaN when not a number), strings beside them when any. */
export class SortColumn {
  numbers: Float64Array;
  strings: Array<string | undefined> | null = null;

  constructor(capacity: number) {
    this.numbers = new Float64Array(capacity).fill(NaN);
  }

  grow(capacity: number): void {
    const numbers = new Float64Array(capacity).fill(NaN);
    numbers.set(this.numbers);
    this.numbers = numbers;
  }

  set(slot: number, value: unknown): void {
    if (typeof value === 'number' && Number.isFinite(value)) this.numbers[slot] = value;
    else if (typeof value === 'string') (this.strings ??= [])[slot] = value;
  }

  unset(slot: number): void {
    this.numbers[slot] = NaN;
    if (this.strings) this.strings[slot] = undefined;
  }
}

export interface SortRule {
  column: SortColumn;
  descending: boolean;
}

/**
 * Sort fields first (numbers before strings ascending, as Meilisearch; missing values last in
 * either order), then relevance, then the order of writing.
 */
export function compareBy(sort: SortRule[], relevance: Float64Array): Compare {
  const byRelevance: Compare = (a, b) => relevance[a]! - relevance[b]! || a - b;
  if (sort.length === 1 && sort[0]!.column.strings === null) {
    // The common case, one numeric field: no loop, no boxing.
    const { numbers } = sort[0]!.column;
    const sign = sort[0]!.descending ? -1 : 1;
    return (a, b) => {
      const x = numbers[a]!;
      const y = numbers[b]!;
      if (x === y) return byRelevance(a, b);
      if (x !== x) return 1; // NaN: missing, last
      if (y !== y) return -1;
      return x < y ? -sign : sign;
    };
  }
  return (a, b) => {
    for (const { column, descending } of sort) {
      const x = valueAt(column, a);
      const y = valueAt(column, b);
      if (x === y) continue;
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      let order: number;
      if (typeof x === typeof y) order = x < y ? -1 : 1;
      else order = typeof x === 'number' ? -1 : 1;
      return descending ? -order : order;
    }
    return byRelevance(a, b);
  };
}

function valueAt(column: SortColumn, slot: number): number | string | undefined {
  const number = column.numbers[slot]!;
  return number === number ? number : column.strings?.[slot];
}

/** The first `k` slots in order: a bounded heap when k is small against n, else a full sort. */
export function topK(slots: number[], k: number, compare: Compare): number[] {
  if (k <= 0) return [];
  if (k * 8 >= slots.length) return [...slots].sort(compare).slice(0, k);
  // Max-heap of the best k so far (its root is the worst of them).
  const heap: number[] = [];
  const up = (index: number) => {
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (compare(heap[index]!, heap[parent]!) <= 0) break;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
  };
  const down = (index: number) => {
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let largest = index;
      if (left < heap.length && compare(heap[left]!, heap[largest]!) > 0) largest = left;
      if (right < heap.length && compare(heap[right]!, heap[largest]!) > 0) largest = right;
      if (largest === index) return;
      [heap[index], heap[largest]] = [heap[largest]!, heap[index]!];
      index = largest;
    }
  };
  for (const slot of slots) {
    if (heap.length < k) {
      heap.push(slot);
      up(heap.length - 1);
    } else if (compare(slot, heap[0]!) < 0) {
      heap[0] = slot;
      down(0);
    }
  }
  return heap.sort(compare);
}
