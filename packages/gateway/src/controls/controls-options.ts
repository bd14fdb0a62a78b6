/**
 * The options of the opt-in controls: schema trust, tolerant arguments, retry, the read-only
 * result cache, dry run and rate limits. Every section is optional and off when absent.
 *
 * @module
 */

import { z } from 'zod';

const positiveInteger = z.int().positive();

/**
 * Bounds on an upstream input schema (§4.4); each defaults to `DEFAULT_SCHEMA_LIMITS`.
 *
 * @see gateway-surface §4.4 (schema trust and complexity)
 */
export const SchemaLimitsOptionsSchema = z.strictObject({
  /** The longest serialized schema, in UTF-16 code units. */
  maxLength: positiveInteger.optional(),
  /** The deepest nesting of objects and arrays. */
  maxDepth: positiveInteger.optional(),
  /** The most `properties` entries over the whole schema. */
  maxProperties: positiveInteger.optional(),
});

/**
 * Schema trust at ingest (§4.4): meta-validate and bound every upstream input schema.
 * `lenient` (default) flags a bad schema and keeps the tool (its execute answers
 * `SCHEMA_INVALID`); `strict` refuses the whole catalog.
 *
 * @see gateway-surface §4.4
 */
export const SchemaTrustOptionsSchema = z.strictObject({
  /** `lenient`: flag and keep; `strict`: refuse the catalog. */
  mode: z
    .enum({
      /** Flag a bad schema and keep the tool. */
      lenient: 'lenient',
      /** Refuse the whole catalog. */
      strict: 'strict',
    })
    .default('lenient'),
  /** The complexity bounds. */
  limits: SchemaLimitsOptionsSchema.default({}),
});

/** One error code a retry may be configured for: a retryable class of §3.4. */
export const RetryableCodeSchema = z.enum({
  /** The upstream did not answer in time. */
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
  /** The upstream could not be reached. */
  UPSTREAM_UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
  /** The upstream refused for its own rate limit. */
  RATE_LIMITED: 'RATE_LIMITED',
});

/** The error codes a retry may be configured for: the retryable classes of §3.4. */
export const RETRYABLE_CODES: readonly (typeof RetryableCodeSchema.options)[number][] =
  RetryableCodeSchema.options;

/**
 * Retry with bounded exponential backoff and jitter (§4.5). Attempt `n` (from 2) waits
 * `min(maxDelayMs, baseDelayMs × 2^(n-2))`, shortened by up to `jitter` of itself at random.
 *
 * @see gateway-surface §4.5 (retry/backoff)
 */
export const RetryOptionsSchema = z.strictObject({
  /** Attempts in all, the first included (1 disables retry). */
  maxAttempts: z.int().min(1).max(10).default(3),
  /** The wait before the second attempt, in milliseconds. */
  baseDelayMs: z.int().min(0).max(60_000).default(100),
  /** The longest wait between two attempts, in milliseconds. */
  maxDelayMs: z.int().min(0).max(300_000).default(2_000),
  /** The fraction of a wait that may be taken off at random (0 to 1). */
  jitter: z.number().min(0).max(1).default(0.5),
  /** The classified failures that are retried; tool results with `isError` never are. */
  retryableCodes: z
    .array(RetryableCodeSchema)
    .min(1)
    .default(['UPSTREAM_TIMEOUT', 'UPSTREAM_UNAVAILABLE']),
});

/**
 * A tool id as configured: the full `tool_id`, or `namespace:name` without `@version` and
 * `#hash8`, which matches every id of that tool.
 */
const ConfiguredToolIdSchema = z
  .string()
  .regex(
    /^[a-z][a-z0-9_-]{0,63}:[A-Za-z_][A-Za-z0-9_.-]{0,127}(@[A-Za-z0-9._-]{1,32})?(#[0-9a-f]{8})?$/,
    {
      message: 'must be a tool_id or namespace:name',
    },
  );

/**
 * The read-only result cache (§4.5). Only tools whose upstream declares `readOnlyHint: true`
 * (and not `destructiveHint: true`) are cached, and with `allow` only those listed too; error
 * results are never cached; the cache is emptied whenever the catalog changes.
 *
 * @see gateway-surface §4.5 (read-only response cache)
 */
export const ResultCacheOptionsSchema = z.strictObject({
  /** Must be `true`: caching trusts upstream read-only hints, so it is never implied. */
  readOnly: z.literal(true),
  /** Tool ids (or `namespace:name`) that may be cached; absent: every read-only tool. */
  allow: z.array(ConfiguredToolIdSchema).optional(),
  /** How long an entry lives, in milliseconds. */
  ttlMs: positiveInteger.max(86_400_000).default(60_000),
  /** The most entries kept; the least recently used go first. */
  maxEntries: positiveInteger.max(1_000_000).default(1_000),
  /** Results larger than this (UTF-8 bytes of their JSON) are not cached. */
  maxEntryBytes: positiveInteger.default(1_048_576),
});

/**
 * One rate limit (§4.5): a sliding 60-second window and a total per caller; at least one.
 *
 * @see gateway-surface §4.5 (rate limiting / quotas)
 */
export const RateLimitSchema = z
  .strictObject({
    /** Calls allowed in any 60 seconds. */
    maxCallsPerMinute: positiveInteger.optional(),
    /** Calls allowed over the whole session. */
    maxCallsPerSession: positiveInteger.optional(),
  })
  .refine(
    (limit) => limit.maxCallsPerMinute !== undefined || limit.maxCallsPerSession !== undefined,
    { message: 'set maxCallsPerMinute, maxCallsPerSession or both' },
  );

/**
 * Per-caller rate limits (§4.5): per meta-tool and per tool id. The key `*` under `tools`
 * gives every tool without its own entry a limit of its own (a window per tool).
 *
 * @see gateway-surface §4.5
 */
export const RateLimitsOptionsSchema = z.strictObject({
  /** Limits by meta-tool name (`tool_browse`, `tool_execute`, `tool_view`, `tool_hydrate`). */
  metaTools: z
    .partialRecord(
      z.enum({
        /** Browsing (gateway mode). */
        tool_browse: 'tool_browse',
        /** Executing (both modes). */
        tool_execute: 'tool_execute',
        /** Viewing artifacts (gateway mode). */
        tool_view: 'tool_view',
        /** Hydrating (proxy mode). */
        tool_hydrate: 'tool_hydrate',
      }),
      RateLimitSchema,
    )
    .default({}),
  /** Limits by tool id, `namespace:name`, or `*`. */
  tools: z.record(z.union([ConfiguredToolIdSchema, z.literal('*')]), RateLimitSchema).default({}),
  /** How long a session's counters live after its last call, in milliseconds (default a day). */
  sessionTtlMs: positiveInteger.default(86_400_000),
});

/**
 * Every opt-in control of the dispatch path (§4.4, §4.5); an absent section is off, and with
 * none the gateway answers exactly as without controls.
 *
 * @see gateway-surface §4.4, §4.5
 */
export const GatewayControlsOptionsSchema = z.strictObject({
  /** Meta-validate and bound upstream schemas at ingest. */
  schemaTrust: SchemaTrustOptionsSchema.optional(),
  /** Repair arguments with the five rules of §4.4 before validation. */
  tolerantArgs: z.boolean().optional(),
  /** Retry retryable upstream failures. */
  retry: RetryOptionsSchema.optional(),
  /** Cache results of read-only tools. */
  cache: ResultCacheOptionsSchema.optional(),
  /** Accept `dry_run` in `tool_execute`. */
  dryRun: z.boolean().optional(),
  /** Per-caller rate limits. */
  rateLimits: RateLimitsOptionsSchema.optional(),
});

/**
 * The controls as written (defaults not yet filled in).
 *
 * @see gateway-surface §4.4, §4.5
 */
export type GatewayControlsOptions = z.input<typeof GatewayControlsOptionsSchema>;

/**
 * The controls with every default filled in.
 *
 * @see gateway-surface §4.4, §4.5
 */
export type GatewayControlsSettings = z.output<typeof GatewayControlsOptionsSchema>;

/** Filled-in retry options. */
export type RetrySettings = z.output<typeof RetryOptionsSchema>;
/** Filled-in cache options. */
export type ResultCacheSettings = z.output<typeof ResultCacheOptionsSchema>;
/** Filled-in rate limits. */
export type RateLimitsSettings = z.output<typeof RateLimitsOptionsSchema>;
/** One rate limit. */
export type RateLimit = z.output<typeof RateLimitSchema>;
/** Filled-in schema trust options. */
export type SchemaTrustSettings = z.output<typeof SchemaTrustOptionsSchema>;

/** True when `toolId` is `configured` or is an id of the tool `configured` names as `namespace:name`. */
export function matchesConfiguredToolId(toolId: string, configured: string): boolean {
  if (toolId === configured) return true;
  if (/[@#]/.test(configured)) return false;
  return toolId.startsWith(configured) && /^[@#]/.test(toolId.slice(configured.length));
}
