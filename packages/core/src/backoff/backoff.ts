/**
 * Exponential backoff, one formula for every wait between tries: reconnecting an upstream, a
 * gateway retry, a REST call.
 *
 * @module
 */

/** The bounds of an exponential backoff. */
export interface BackoffBounds {
  /** The wait before the first retry, in milliseconds. */
  readonly initialDelayMs: number;
  /** The longest wait, in milliseconds. */
  readonly maxDelayMs: number;
}

/**
 * The wait before retry number `retry + 1` (0 for the first retry):
 * `min(maxDelayMs, initialDelayMs × 2^retry)`. A negative `retry` counts as 0, and the answer
 * is never `NaN` or above the cap, however many retries came before.
 */
export function backoffDelayMs(retry: number, bounds: BackoffBounds): number {
  if (bounds.initialDelayMs <= 0) return 0;
  return Math.min(bounds.maxDelayMs, bounds.initialDelayMs * 2 ** Math.max(0, retry));
}
