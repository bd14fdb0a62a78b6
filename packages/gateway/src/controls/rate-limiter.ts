/**
 * Per-caller rate limits (§4.5's "per session", kept per caller scope), per meta-tool and per tool
 * id: a sliding 60-second window and a total per caller, kept in a `SessionStore` so that several
 * instances can share them.
 *
 * @module
 */

import type { JsonValue, SessionStore } from '@x/core/sessions';
import { GatewayError } from '../errors.js';
import {
  matchesConfiguredToolId,
  type RateLimit,
  type RateLimitsSettings,
} from './controls-options.js';

/** The sliding window, in milliseconds. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * What a limit applies to: a meta-tool (`meta:tool_execute`) or a tool id (`tool:<id>`).
 *
 * @see gateway-surface §4.5
 */
export type RateLimitScope = `meta:${string}` | `tool:${string}`;

/**
 * The verdict of one scope: allowed, or refused with the limit broken and when to come back.
 *
 * @see gateway-surface §4.5
 */
export type RateLimitVerdict =
  | {
      /** The call is admitted (and counted). */
      allowed: true;
      /** What was counted. */
      scope: RateLimitScope;
    }
  | {
      /** The call is refused. */
      allowed: false;
      /** What refused it. */
      scope: RateLimitScope;
      /** The limit broken. */
      limit: 'max_calls_per_minute' | 'max_calls_per_session';
      /** Seconds until the window admits a call; `null` when the session total is spent. */
      retryAfter: number | null;
    };

/**
 * Checks and counts calls against the configured limits of one process.
 *
 * @see gateway-surface §4.5 (rate limiting / quotas)
 */
export interface RateLimiter {
  /** The limits that apply to a meta-tool and, when given, a tool id, as scopes. */
  scopes(metaTool: string | undefined, toolId: string | undefined): RateLimitScope[];
  /**
   * Counts one call in every scope of the session when all of them allow it (one atomic
   * update per scope; when a scope refuses after a check that passed, which only a concurrent
   * call can cause, the scopes before it keep their count). Throws {@link GatewayError}
   * `RATE_LIMITED` (`retryable`, `details.scope`, `details.retry_after` in seconds) on a breach.
   */
  consume(session: RateLimitSession, scopes: readonly RateLimitScope[]): Promise<void>;
  /** The verdicts of the scopes without counting anything (dry run). */
  evaluate(
    session: RateLimitSession,
    scopes: readonly RateLimitScope[],
  ): Promise<RateLimitVerdict[]>;
}

/**
 * The session whose counters to use, and the store that keeps them.
 *
 * @see gateway-surface §4.5
 */
export interface RateLimitSession {
  /** The MCP session id (or a process-made one over stdio). */
  id: string;
  /** Where its counters live. */
  store: SessionStore;
}

interface Counter {
  total: number;
  recent: number[];
}

function readCounter(value: JsonValue | undefined, now: number): Counter {
  const record = (
    typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
  ) as { total?: unknown; recent?: unknown };
  const total = typeof record.total === 'number' ? record.total : 0;
  const recent = Array.isArray(record.recent)
    ? record.recent.filter(
        (time): time is number => typeof time === 'number' && time > now - RATE_LIMIT_WINDOW_MS,
      )
    : [];
  return { total, recent };
}

function judge(
  scope: RateLimitScope,
  limit: RateLimit,
  counter: Counter,
  now: number,
): RateLimitVerdict {
  if (limit.maxCallsPerSession !== undefined && counter.total >= limit.maxCallsPerSession) {
    return { allowed: false, scope, limit: 'max_calls_per_session', retryAfter: null };
  }
  if (limit.maxCallsPerMinute !== undefined && counter.recent.length >= limit.maxCallsPerMinute) {
    const oldest = counter.recent[counter.recent.length - limit.maxCallsPerMinute] ?? now;
    const waitMs = oldest + RATE_LIMIT_WINDOW_MS - now;
    return {
      allowed: false,
      scope,
      limit: 'max_calls_per_minute',
      retryAfter: Math.max(1, Math.ceil(waitMs / 1000)),
    };
  }
  return { allowed: true, scope };
}

/** The §3.4 error of a refused verdict. */
export function rateLimitedError(
  verdict: Extract<RateLimitVerdict, { allowed: false }>,
): GatewayError {
  const what =
    verdict.limit === 'max_calls_per_minute'
      ? `try again in ${verdict.retryAfter} s`
      : 'the session has used all of its calls';
  return new GatewayError({
    code: 'RATE_LIMITED',
    message: `rate limit of ${verdict.scope} reached (${verdict.limit}): ${what}`,
    data: { scope: verdict.scope, limit: verdict.limit, retry_after: verdict.retryAfter },
  });
}

/**
 * Creates a {@link RateLimiter} over `store`. A session's counter of a scope is the entry
 * `gateway:<sessionId>:rate:<scope>`: `{total, recent}` (the call times of the last 60
 * seconds), written with `store.update` so concurrent calls never lose a count, and living
 * `sessionTtlMs` after its last write.
 *
 * @see gateway-surface §4.5
 */
export function createRateLimiter(
  settings: RateLimitsSettings,
  now: () => number = Date.now,
): RateLimiter {
  function limitOf(scope: RateLimitScope): RateLimit | undefined {
    if (scope.startsWith('meta:')) {
      return settings.metaTools[scope.slice(5) as keyof RateLimitsSettings['metaTools']];
    }
    const toolId = scope.slice(5);
    for (const [configured, limit] of Object.entries(settings.tools)) {
      if (configured !== '*' && matchesConfiguredToolId(toolId, configured)) return limit;
    }
    return settings.tools['*'];
  }

  const keyOf = (session: RateLimitSession, scope: RateLimitScope) =>
    `gateway:${session.id}:rate:${scope}`;

  async function evaluate(
    session: RateLimitSession,
    scopes: readonly RateLimitScope[],
  ): Promise<RateLimitVerdict[]> {
    const time = now();
    return Promise.all(
      scopes.map(async (scope) => {
        const counter = readCounter(await session.store.get(keyOf(session, scope)), time);
        return judge(scope, limitOf(scope) as RateLimit, counter, time);
      }),
    );
  }

  return {
    scopes(metaTool, toolId) {
      const scopes: RateLimitScope[] = [];
      if (metaTool !== undefined && limitOf(`meta:${metaTool}`) !== undefined) {
        scopes.push(`meta:${metaTool}`);
      }
      if (toolId !== undefined && limitOf(`tool:${toolId}`) !== undefined) {
        scopes.push(`tool:${toolId}`);
      }
      return scopes;
    },
    evaluate,
    async consume(session, scopes) {
      const refused = (await evaluate(session, scopes)).find((verdict) => !verdict.allowed);
      if (refused !== undefined && !refused.allowed) throw rateLimitedError(refused);
      for (const scope of scopes) {
        let verdict: RateLimitVerdict = { allowed: true, scope };
        await session.store.update(
          keyOf(session, scope),
          (current) => {
            const time = now();
            const counter = readCounter(current, time);
            verdict = judge(scope, limitOf(scope) as RateLimit, counter, time);
            if (!verdict.allowed) return { total: counter.total, recent: counter.recent };
            return { total: counter.total + 1, recent: [...counter.recent, time] };
          },
          { ttlMs: settings.sessionTtlMs },
        );
        const final = verdict as RateLimitVerdict;
        if (!final.allowed) throw rateLimitedError(final);
      }
    },
  };
}
