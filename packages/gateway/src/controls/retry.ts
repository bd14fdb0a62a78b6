/**
 * Dispatch with retry (§4.5): bounded exponential backoff with jitter, for retryable
 * classified failures only.
 *
 * @module
 */

import { backoffDelayMs } from '@x/core/backoff';
import { GatewayError, toGatewayError } from '../errors.js';
import type { RetrySettings } from './controls-options.js';

/**
 * The sources of time and chance a retry uses; inject both in tests.
 *
 * @see gateway-surface §4.5
 */
export interface RetryEnvironment {
  /** A number in [0, 1); default `Math.random`. */
  random?: () => number;
  /** Waits `milliseconds` or until `signal` aborts; default a timer. */
  sleep?: (milliseconds: number, signal: AbortSignal | undefined) => Promise<void>;
}

/**
 * The result of a dispatch with retry and how many attempts it took.
 *
 * @see gateway-surface §4.5
 */
export interface RetryOutcome<Value> {
  /** What the successful attempt returned. */
  value: Value;
  /** Attempts made, the successful one included. */
  attempts: number;
}

/**
 * The wait before attempt `attempt` (2 for the first retry), before jitter: the shared backoff
 * of `@x/core/backoff`, `min(maxDelayMs, baseDelayMs × 2^(attempt-2))`.
 *
 * @see gateway-surface §4.5
 */
export function backoffDelay(policy: RetrySettings, attempt: number): number {
  return backoffDelayMs(attempt - 2, {
    initialDelayMs: policy.baseDelayMs,
    maxDelayMs: policy.maxDelayMs,
  });
}

function defaultSleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) {
      resolve();
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Calls `attempt` until it succeeds, fails with a code outside `policy.retryableCodes`, or
 * `policy.maxAttempts` attempts have failed; then throws the last failure with
 * `data.attempts`. Failures are classified with `toGatewayError` first. Tool results with
 * `isError` are results, not failures, so they are never retried. An aborted `signal` stops
 * the waiting and the retrying.
 *
 * @see gateway-surface §4.5 (retry/backoff)
 */
export async function withRetry<Value>(
  attempt: () => Promise<Value>,
  policy: RetrySettings,
  signal: AbortSignal | undefined,
  environment: RetryEnvironment = {},
): Promise<RetryOutcome<Value>> {
  const random = environment.random ?? Math.random;
  const sleep = environment.sleep ?? defaultSleep;
  const retryable: ReadonlySet<string> = new Set(policy.retryableCodes);
  for (let attempts = 1; ; attempts += 1) {
    try {
      return { value: await attempt(), attempts };
    } catch (error) {
      const failure = toGatewayError(error);
      const last =
        attempts >= policy.maxAttempts || !retryable.has(failure.code) || isAborted(signal);
      if (last) throw attemptsNoted(failure, attempts);
      const delay = backoffDelay(policy, attempts + 1);
      await sleep(Math.round(delay * (1 - policy.jitter * random())), signal);
      if (isAborted(signal)) throw attemptsNoted(failure, attempts);
    }
  }
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** The failure with the attempt count in its data (a copy; the original is left alone). */
function attemptsNoted(failure: GatewayError, attempts: number): GatewayError {
  if (attempts === 1) return failure;
  return new GatewayError({
    code: failure.code,
    message: failure.message,
    retryable: failure.retryable,
    ...(failure.path === undefined ? {} : { path: failure.path }),
    data: { ...failure.data, attempts },
    cause: failure,
  });
}
