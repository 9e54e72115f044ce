/**
 * The value axis of a chart: from 0 to a round maximum in 3 to 5 round steps (1, 2 or 5 times a
 * power of ten; whole steps only, since the charts count things). An empty chart still gets 0..1.
 */
export function valueTicks(maxValue: number, wantedSteps = 4): number[] {
  const max = Number.isFinite(maxValue) && maxValue > 0 ? maxValue : 1;
  const rough = max / wantedSteps;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(Math.round(value));
  return ticks;
}

/**
 * Which category labels an axis prints when there is no room for all: every `n`th, `n` chosen so at
 * most `room` are printed; the first and the last are always printed.
 */
export function labelledIndexes(count: number, room: number): Set<number> {
  const every = Math.max(1, Math.ceil(count / Math.max(1, room)));
  const shown = new Set<number>();
  for (let index = 0; index < count; index += every) shown.add(index);
  if (count > 0) shown.add(count - 1);
  // The last label would overlap the one before it when they are closer than a step.
  const previous = count - 1 - ((count - 1) % every);
  if (every > 1 && previous !== count - 1 && count - 1 - previous < every / 2) shown.delete(previous);
  return shown;
}
