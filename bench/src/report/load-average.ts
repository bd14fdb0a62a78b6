/**
 * The machine's load average, for benchmarks whose figures depend on how busy a shared machine
 * was while they ran.
 *
 * @module
 */

import { loadavg } from 'node:os';

/** The load averages over 1, 5 and 15 minutes, rounded to two decimals. */
export function readLoadAverage(): number[] {
  return loadavg().map((value) => Math.round(value * 100) / 100);
}

/** A load average as `1.00 2.00 3.00` (1, 5 and 15 minutes). */
export function formatLoadAverage(values: readonly number[]): string {
  return values.map((value) => value.toFixed(2)).join(' ');
}
