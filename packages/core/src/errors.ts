/**
 * The error type of `@x/core`, with one documented table of codes.
 *
 * @module
 */

/** Marker used by {@link CoreError.isInstance}, so checks work across duplicated package copies. */
const CORE_ERROR_MARKER = Symbol.for('@x/core.error');

/**
 * Every code a {@link CoreError} can carry.
 *
 * - `CONFIG_INVALID`: an `mcpServers` file or option failed validation; the message names the file, server and field.
 * - `TIMEOUT`: an upstream did not answer in time (retryable).
 * - `UNAVAILABLE`: an upstream could not be reached, or its process died (retryable).
 * - `AUTH`: an upstream refused our credentials (HTTP 401).
 * - `PERMISSION`: an upstream forbade the operation (HTTP 403).
 * - `RATE_LIMITED`: an upstream asked us to slow down (HTTP 429), or a bound this process keeps is
 *   full (the in-memory session store at `maxEntries`, `data.reason: "session_store_full"`); retryable.
 * - `UPSTREAM_ERROR`: an upstream answered with a protocol-level error.
 * - `CANCELLED`: the caller aborted the operation.
 * - `CLOSED`: the object was used after it was closed.
 * - `INVALID_ARGUMENT`: a caller passed a value outside the documented domain.
 * - `STORE_CORRUPT`: a file we keep state in (the integrity records) cannot be read as ours; it
 *   is left untouched and the message names it.
 * - `POLICY_DENIED`: a tool call's argument breaks the caller's role policy (`@x/core/policy`).
 */
export type CoreErrorCode =
  | 'CONFIG_INVALID'
  | 'TIMEOUT'
  | 'UNAVAILABLE'
  | 'AUTH'
  | 'PERMISSION'
  | 'RATE_LIMITED'
  | 'UPSTREAM_ERROR'
  | 'CANCELLED'
  | 'CLOSED'
  | 'INVALID_ARGUMENT'
  | 'STORE_CORRUPT'
  | 'POLICY_DENIED';

/** What {@link CoreError}'s constructor takes. */
export interface CoreErrorOptions {
  /** The machine-readable code. */
  code: CoreErrorCode;
  /** One human-readable line. */
  message: string;
  /** Whether repeating the same operation later may succeed. Defaults by code. */
  retryable?: boolean;
  /** Structured details for programs (never secrets). */
  data?: Record<string, unknown>;
  /** The underlying error. */
  cause?: unknown;
}

const RETRYABLE_BY_DEFAULT: ReadonlySet<CoreErrorCode> = new Set([
  'TIMEOUT',
  'UNAVAILABLE',
  'RATE_LIMITED',
]);

/** The one error class `@x/core` throws. */
export class CoreError extends Error {
  /** The machine-readable code. */
  readonly code: CoreErrorCode;
  /** Whether repeating the same operation later may succeed. */
  readonly retryable: boolean;
  /** Structured details for programs. */
  readonly data: Record<string, unknown> | undefined;
  constructor(options: CoreErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CoreError';
    this.code = options.code;
    this.retryable = options.retryable ?? RETRYABLE_BY_DEFAULT.has(options.code);
    this.data = options.data;
    Object.defineProperty(this, CORE_ERROR_MARKER, { value: true });
  }

  /** True when `value` is a {@link CoreError}, even one from another copy of this package. */
  static isInstance(value: unknown): value is CoreError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[CORE_ERROR_MARKER] === true
    );
  }
}
