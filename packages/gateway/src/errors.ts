/**
 * The error type of `@x/gateway`, with one documented table of codes.
 *
 * @module
 */

import { CoreError, type CoreErrorCode } from '@x/core';

/** Marker used by {@link GatewayError.isInstance}, so checks work across duplicated package copies. */
const GATEWAY_ERROR_MARKER = Symbol.for('@x/gateway.error');

/**
 * The codes that travel on the wire in the `error` field of the §3.4 payload.
 *
 * - `PATH_INVALID`: a `tool_browse` path breaks the §3.2 grammar.
 * - `PATH_NOT_FOUND`: a well-formed path names no node of the current ChoiceGraph.
 * - `ARGS_INVALID`: caller-supplied arguments are wrong (both or neither of `query`/`path`,
 *   a malformed `tool_id`, arguments that fail the hydrated schema).
 * - `SCHEMA_INVALID`: an upstream tool schema failed ingest-time validation (§4.4).
 * - `UPSTREAM_ERROR`: the conservative fallback for every other failure.
 * - `UPSTREAM_TIMEOUT`: the upstream did not answer in time (retryable).
 * - `UPSTREAM_UNAVAILABLE`: the upstream could not be reached or its process died (retryable).
 * - `AUTH_FAILED`: the upstream refused the gateway's credentials.
 * - `PERMISSION_DENIED`: the upstream forbade the operation.
 * - `RATE_LIMITED`: the upstream or a gateway quota throttled the call (retryable, §4.5).
 * - `HYDRATE_FAILED`: a `tool_id` has no schema to hydrate, e.g. it vanished in a catalog refresh (§4.6).
 * - `VIEW_FAILED`: a `tool_view` drilldown into an artifact failed.
 * - `RESOURCE_NOT_FOUND`: a `resource_id` names no resource of the catalog (§9.4).
 * - `PROMPT_NOT_FOUND`: a `prompt_id` names no prompt of the catalog (§9.4).
 *
 * @see gateway-surface §3.4, §9.4
 */
export type GatewayWireErrorCode =
  | 'PATH_INVALID'
  | 'PATH_NOT_FOUND'
  | 'ARGS_INVALID'
  | 'SCHEMA_INVALID'
  | 'UPSTREAM_ERROR'
  | 'UPSTREAM_TIMEOUT'
  | 'UPSTREAM_UNAVAILABLE'
  | 'AUTH_FAILED'
  | 'PERMISSION_DENIED'
  | 'RATE_LIMITED'
  | 'HYDRATE_FAILED'
  | 'VIEW_FAILED'
  | 'RESOURCE_NOT_FOUND'
  | 'PROMPT_NOT_FOUND';

/**
 * Codes raised inside the process, where the spec raises `CatalogError` or `RouteError`.
 * They never reach the wire as such: {@link toErrorPayload} maps them to a wire code.
 *
 * - `TOOL_ID_INVALID`: a string or parts outside the §1.1 grammar (`parse_tool_id`'s
 *   `CatalogError`); on the wire `ARGS_INVALID`, since a caller sent it.
 * - `TOOL_ID_COLLISION`: two upstream tools, or two client-safe names, resolve to the same id (§1.5).
 * - `CARD_INVALID`: a card carries a banned or unknown field, or a field outside its bounds (§2.1, §2.2).
 * - `CARD_OVER_BUDGET`: a card is above the token hard cap after description truncation (§2.3).
 * - `NO_CANDIDATES`: a selection schema was asked for with no candidate ids (§2.6, `RouteError`).
 *
 * @see gateway-surface §1.5, §1.6, §2.3, §2.6
 */
export type GatewayInternalErrorCode =
  | 'TOOL_ID_INVALID'
  | 'TOOL_ID_COLLISION'
  | 'CARD_INVALID'
  | 'CARD_OVER_BUDGET'
  | 'NO_CANDIDATES';

/**
 * Every code a {@link GatewayError} can carry: the wire codes and the in-process ones.
 *
 * @see gateway-surface §3.4
 */
export type GatewayErrorCode = GatewayWireErrorCode | GatewayInternalErrorCode;

/**
 * What {@link GatewayError}'s constructor takes.
 *
 * @see gateway-surface §3.4
 */
export interface GatewayErrorOptions {
  /** The machine-readable code. */
  code: GatewayErrorCode;
  /** A human-readable line; it is kept whole here and redacted when it goes on the wire. */
  message: string;
  /** Whether the same call may succeed on retry. Defaults to true for timeouts, unavailability and rate limits. */
  retryable?: boolean;
  /** The offending `tool_browse` path, echoed in the payload's `path` field. */
  path?: string;
  /** Structured details for programs (never secrets); becomes the payload's `details`. */
  data?: Record<string, unknown>;
  /** The underlying error, for server-side logs. */
  cause?: unknown;
}

const RETRYABLE_BY_DEFAULT: ReadonlySet<GatewayErrorCode> = new Set([
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_UNAVAILABLE',
  'RATE_LIMITED',
]);

/**
 * The one error class `@x/gateway` throws.
 *
 * The message is kept unredacted for operators' logs; {@link toErrorPayload}
 * is the only way it reaches a model.
 *
 * @see gateway-surface §3.4
 */
export class GatewayError extends Error {
  /** The machine-readable code. */
  readonly code: GatewayErrorCode;
  /** Whether the same call may succeed on retry. */
  readonly retryable: boolean;
  /** The offending `tool_browse` path, if any. */
  readonly path: string | undefined;
  /** Structured details for programs. */
  readonly data: Record<string, unknown> | undefined;
  constructor(options: GatewayErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GatewayError';
    this.code = options.code;
    this.retryable = options.retryable ?? RETRYABLE_BY_DEFAULT.has(options.code);
    this.path = options.path;
    this.data = options.data;
    Object.defineProperty(this, GATEWAY_ERROR_MARKER, { value: true });
  }

  /** True when `value` is a {@link GatewayError}, even one from another copy of this package. */
  static isInstance(value: unknown): value is GatewayError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[GATEWAY_ERROR_MARKER] === true
    );
  }
}

/**
 * How `@x/core`'s upstream failure classes map to the spec's taxonomy. A
 * `Record` so that a new core code fails to compile until it is mapped here.
 */
const CODE_FOR_CORE_CODE: Readonly<Record<CoreErrorCode, GatewayWireErrorCode>> = {
  TIMEOUT: 'UPSTREAM_TIMEOUT',
  UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
  AUTH: 'AUTH_FAILED',
  PERMISSION: 'PERMISSION_DENIED',
  RATE_LIMITED: 'RATE_LIMITED',
  UPSTREAM_ERROR: 'UPSTREAM_ERROR',
  CANCELLED: 'UPSTREAM_ERROR',
  CLOSED: 'UPSTREAM_UNAVAILABLE',
  CONFIG_INVALID: 'UPSTREAM_UNAVAILABLE',
  INVALID_ARGUMENT: 'UPSTREAM_ERROR',
  STORE_CORRUPT: 'UPSTREAM_UNAVAILABLE',
  POLICY_DENIED: 'ARGS_INVALID',
};

/**
 * What {@link toGatewayError} takes besides the thrown value.
 *
 * @see gateway-surface §3.4
 */
export interface ToGatewayErrorOptions {
  /** The code for a value that is neither a GatewayError nor a CoreError. Default `UPSTREAM_ERROR`. */
  fallbackCode?: GatewayErrorCode;
}

/**
 * Turns anything thrown into a {@link GatewayError}; boundaries call it so no raw error reaches a model.
 *
 * - A `GatewayError` (from any copy of this package) is returned as is.
 * - A `CoreError` keeps its `retryable` flag and `data`, and its code maps to the
 *   spec's taxonomy: `TIMEOUT` → `UPSTREAM_TIMEOUT`, `UNAVAILABLE` and `CLOSED` and
 *   `CONFIG_INVALID` → `UPSTREAM_UNAVAILABLE`, `AUTH` → `AUTH_FAILED`, `PERMISSION` →
 *   `PERMISSION_DENIED`, `RATE_LIMITED` → `RATE_LIMITED`, and `UPSTREAM_ERROR`,
 *   `CANCELLED`, `INVALID_ARGUMENT` → `UPSTREAM_ERROR`; `data.upstream_code` keeps the core code.
 * - Anything else gets `fallbackCode` (default `UPSTREAM_ERROR`, the spec's conservative
 *   fallback) and the thrown value as `cause`.
 *
 * @see gateway-surface §3.4 (upstream-error taxonomy)
 */
export function toGatewayError(error: unknown, options: ToGatewayErrorOptions = {}): GatewayError {
  if (GatewayError.isInstance(error)) return error;
  if (CoreError.isInstance(error)) {
    return new GatewayError({
      code: CODE_FOR_CORE_CODE[error.code],
      message: error.message,
      retryable: error.retryable,
      data: { ...error.data, upstream_code: error.code },
      cause: error,
    });
  }
  return new GatewayError({
    code: options.fallbackCode ?? 'UPSTREAM_ERROR',
    message: messageOf(error),
    cause: error,
  });
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    try {
      const message = (error as { message?: unknown }).message;
      if (typeof message === 'string') return message;
    } catch {
      // A hostile getter: fall through to the generic message.
    }
  }
  return 'unexpected failure';
}
