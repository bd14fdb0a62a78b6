/**
 * Bookkeeping of consecutive failures and the exponential backoff between reconnects.
 *
 * @module
 */
import { backoffDelayMs } from '../backoff/backoff.js';
import type { ReconnectOptions } from './upstream-options.js';

/**
 * The delay before attempt number `failures + 1`: none before any failure, then the shared
 * backoff (`initial × 2^(failures - 1)`, capped).
 */
export function reconnectDelayMs(failures: number, options: ReconnectOptions): number {
  return failures <= 0 ? 0 : backoffDelayMs(failures - 1, options);
}

/** Whether a reconnect may start now, and if not, why. */
export type GateDecision =
  | { allowed: true }
  | { allowed: false; gaveUp: false; retryInMs: number }
  | { allowed: false; gaveUp: true; failures: number };

/** Counts consecutive failures and says when the next attempt may start. No timers. */
export interface ReconnectGate {
  /** Consecutive failures since the last success. */
  readonly failures: number;
  /** Whether the failures reached `maxAttempts`. */
  readonly gaveUp: boolean;
  /** Records a failed attempt (or the loss of a connection that never served a request). */
  recordFailure(now: number): void;
  /** Forgets past failures: after a successful request, or an explicit `connect()`. */
  reset(): void;
  /** Whether an attempt may start at `now`. */
  check(now: number): GateDecision;
}

/** Creates a {@link ReconnectGate} for one upstream. */
export function createReconnectGate(options: ReconnectOptions): ReconnectGate {
  let failures = 0;
  let retryAt = 0;
  return {
    get failures() {
      return failures;
    },
    get gaveUp() {
      return failures >= options.maxAttempts;
    },
    recordFailure(now) {
      failures += 1;
      retryAt = now + reconnectDelayMs(failures, options);
    },
    reset() {
      failures = 0;
      retryAt = 0;
    },
    check(now) {
      if (failures >= options.maxAttempts) {
        return { allowed: false, gaveUp: true, failures };
      }
      return now >= retryAt
        ? { allowed: true }
        : { allowed: false, gaveUp: false, retryInMs: retryAt - now };
    },
  };
}
