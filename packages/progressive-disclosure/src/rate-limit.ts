/**
 * Per-caller rate limiting of description reads: a token bucket kept in the `SessionStore`.
 *
 * @see progressive-disclosure §10.3
 * @module
 */

import type { JsonValue, SessionStore } from '@x/core/sessions';
import { sessionKeyPrefix } from './grants.js';

/** How many description reads a session may make: `maxReads` per `windowMs`, in bursts up to `maxReads`. */
export interface RateLimitOptions {
  /** Reads allowed in a burst, and per window on average (a positive integer). */
  maxReads: number;
  /** The window, in milliseconds (a positive integer). */
  windowMs: number;
}

/** The verdict on one read. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Takes one read from a session's allowance. */
export type ReadLimiter = (sessionKey: string) => Promise<RateDecision>;

interface Bucket {
  tokens: number;
  at: number;
}

function asBucket(value: JsonValue | undefined, full: number, now: number): Bucket {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { tokens, at } = value as Record<string, JsonValue>;
    if (typeof tokens === 'number' && typeof at === 'number') return { tokens, at };
  }
  return { tokens: full, at: now };
}

/**
 * Creates a limiter that lets each session read `maxReads` times at once and then once every
 * `windowMs / maxReads` milliseconds (a token bucket refilled continuously). `now` is the clock
 * (inject one in tests). A bucket idle for a whole window is full again, so its entry expires then.
 */
export function createReadLimiter(
  store: SessionStore,
  options: RateLimitOptions,
  now: () => number,
): ReadLimiter {
  const { maxReads, windowMs } = options;
  const refillPerMs = maxReads / windowMs;
  return async (sessionKey) => {
    let decision: RateDecision = { allowed: true };
    await store.update(
      `${sessionKeyPrefix(sessionKey)}reads`,
      (current) => {
        const time = now();
        const bucket = asBucket(current, maxReads, time);
        const tokens = Math.min(
          maxReads,
          bucket.tokens + Math.max(0, time - bucket.at) * refillPerMs,
        );
        if (tokens >= 1) {
          decision = { allowed: true };
          return { tokens: tokens - 1, at: time };
        }
        decision = { allowed: false, retryAfterMs: Math.ceil((1 - tokens) / refillPerMs) };
        return { tokens, at: time };
      },
      { ttlMs: windowMs },
    );
    return decision;
  };
}
