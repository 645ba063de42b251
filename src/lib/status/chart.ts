/** The arithmetic of the CI usage cards' bar charts. Pure, unit-tested in tests/unit/status.test.ts. */

/**
 * Axis ticks from 0 to a round maximum at or above `max` (about five steps of 1, 2, 2.5 or 5
 * times a power of ten).
 */
export function axisTicks(max: number, steps = 5): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough && Number.isInteger(s)) ?? Math.ceil(rough);
  const ticks: number[] = [];
  for (let value = 0; value < max + step; value += step) {
    ticks.push(value);
    if (value >= max) break;
  }
  return ticks;
}

/** Indices of at most `count` evenly spread labels for `length` bars, first and last included. */
export function labelIndices(length: number, count: number): number[] {
  if (length <= 0) return [];
  if (length <= count) return Array.from({length}, (_, i) => i);
  const picked = new Set<number>();
  for (let i = 0; i < count; i += 1) picked.add(Math.round((i * (length - 1)) / (count - 1)));
  return [...picked];
}
