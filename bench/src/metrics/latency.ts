/** Latency figures of a set of timings, in milliseconds. */
export interface LatencySummary {
  /** The median (nearest rank). */
  readonly p50: number;
  /** The 95th percentile (nearest rank). */
  readonly p95: number;
  /** The mean. */
  readonly mean: number;
}

/**
 * The `p`-th percentile of `values` by the nearest-rank method: the smallest value with at least
 * `p` percent of the values at or below it. 0 for no values.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

/** Summarizes timings in milliseconds. */
export function summarizeLatency(values: readonly number[]): LatencySummary {
  const total = values.reduce((sum, value) => sum + value, 0);
  return {
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    mean: values.length === 0 ? 0 : total / values.length,
  };
}

/** Runs `task` and returns its result with the elapsed milliseconds. */
export function timed<Result>(task: () => Result): { result: Result; milliseconds: number } {
  const started = performance.now();
  const result = task();
  return { result, milliseconds: performance.now() - started };
}

/** The median of `values` (the lower middle one for an even count); 0 for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}
