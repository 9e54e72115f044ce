/**
 * A small deterministic random source (mulberry32) for tests and benches (`@ruedas/testing/random`):
 * one seed, one sequence, so a random history, a fixture set or a bench's data is the same on every run.
 */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    /** A number in [0, 1). */
    next,
    /** True with probability `p`. */
    chance: (p: number) => next() < p,
    /** A whole number from `min` to `max`, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** One of the items. */
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
