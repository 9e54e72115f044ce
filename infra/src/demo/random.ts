/**
 * A small seeded random source (mulberry32): the same seed gives the same catalogue on every
 * machine, and it is fast enough for 100,000 ads.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    if (!Number.isInteger(seed)) throw new TypeError(`seed must be an integer, got ${seed}`);
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, count);
  }

  /** A number around `mean`, spread by `spread` (a fraction), never below `mean * (1 - spread)`. */
  around(mean: number, spread: number): number {
    return mean * (1 + spread * (this.next() + this.next() - 1));
  }

  /** A deterministic version-4-shaped uuid, so the same seed gives the same ids. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = (8 + Math.floor(this.next() * 4)).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}

/** Picks by weight: a table of [item, weight] built once, drawn from many times. */
export class Weighted<T> {
  private readonly items: T[];
  private readonly cumulative: number[];
  private readonly total: number;

  constructor(table: ReadonlyArray<readonly [T, number]>) {
    if (table.length === 0) throw new RangeError('a weighted table needs at least one entry');
    this.items = table.map(([item]) => item);
    let sum = 0;
    this.cumulative = table.map(([, weight]) => {
      if (!(weight > 0)) throw new RangeError(`weights must be positive, got ${weight}`);
      return (sum += weight);
    });
    this.total = sum;
  }

  draw(random: Random): T {
    const target = random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.cumulative[mid] as number) > target) high = mid;
      else low = mid + 1;
    }
    return this.items[low] as T;
  }
}
