/**
 * The error type of `@x/context-cache` and the one place where errors become wire payloads.
 *
 * @see error_schema.md (the six codes, the canonical messages, the exact payload shape)
 * @module
 */

/** Marker used by {@link ContextCacheError.isInstance}, so checks work across duplicated package copies. */
const CONTEXT_CACHE_ERROR_MARKER = Symbol.for('@x/context-cache.error');

/**
 * The six error codes allowed on the wire in v0 (`error_schema.md §Canonical Error Codes`).
 *
 * - `cache_missing`: the cache name does not resolve to a directory inside the cache root.
 * - `cache_invalid`: the cache exists but violates an invariant (bad manifest, tampered, missing or oversized document, orphan file, foreign build config; never `index.json`, which is advisory).
 * - `invalid_query`: the query is not a well-formed string, is longer than the hard maximum, or names an unknown strategy.
 * - `invalid_budget`: the budget is not an integer in `[0, MAX_BUDGET]`.
 * - `io_error`: an environmental filesystem failure (permission denied, disk error); a retry may succeed.
 * - `internal_error`: anything else; an implementation bug.
 */
export type WireErrorCode =
  | 'cache_missing'
  | 'cache_invalid'
  | 'invalid_query'
  | 'invalid_budget'
  | 'io_error'
  | 'internal_error';

/**
 * Codes of failures that only building a cache can produce. Building is an operator action, not
 * part of the MCP surface, so these never have a wire meaning of their own (see {@link wireErrorCode}).
 *
 * - `invalid_options`: the build options (or the bounds of a selection index cache) failed validation.
 * - `source_missing`: the sources path is not a directory.
 * - `cache_exists`: the destination exists and `force` was not set (`context_cache.md §Build`), or it is not a directory.
 * - `duplicate_document_id`: two sources normalize to the same document id (`context_cache.md §Invariants` 6).
 * - `filename_collision`: two documents share the first 12 hex digits of their version, which includes two sources with identical content (`context_cache.md §Document Files`).
 * - `invalid_utf8`: a source's bytes or its path are not valid UTF-8 (`document_model.md §Invariants` 4).
 */
export type BuildErrorCode =
  | 'invalid_options'
  | 'source_missing'
  | 'cache_exists'
  | 'duplicate_document_id'
  | 'filename_collision'
  | 'invalid_utf8';

/** Every code a {@link ContextCacheError} can carry. */
export type ContextCacheErrorCode = WireErrorCode | BuildErrorCode;

/** The canonical, stable, non-diagnostic message of each wire code (`error_schema.md §Recommended canonical messages`). */
export const CANONICAL_ERROR_MESSAGES: Readonly<Record<WireErrorCode, string>> = {
  cache_missing: 'Cache does not exist',
  cache_invalid: 'Cache exists but is invalid',
  invalid_query: 'Query is invalid',
  invalid_budget: 'Budget is invalid',
  io_error: 'I/O error occurred',
  internal_error: 'Internal error',
};

const WIRE_CODE_BY_CODE: Readonly<Record<ContextCacheErrorCode, WireErrorCode>> = {
  cache_missing: 'cache_missing',
  cache_invalid: 'cache_invalid',
  invalid_query: 'invalid_query',
  invalid_budget: 'invalid_budget',
  io_error: 'io_error',
  internal_error: 'internal_error',
  invalid_options: 'internal_error',
  source_missing: 'internal_error',
  cache_exists: 'internal_error',
  duplicate_document_id: 'internal_error',
  filename_collision: 'internal_error',
  invalid_utf8: 'internal_error',
};

/** What {@link ContextCacheError}'s constructor takes. */
export interface ContextCacheErrorOptions {
  /** The machine-readable code. */
  code: ContextCacheErrorCode;
  /** One human-readable line for logs; defaults to the canonical message. Never sent on the wire. */
  message?: string;
  /** Structured local diagnostics (ids, file names); never sent on the wire. */
  data?: Record<string, unknown>;
  /** The underlying error. */
  cause?: unknown;
}

/** The one error class `@x/context-cache` throws. */
export class ContextCacheError extends Error {
  /** The machine-readable code. */
  readonly code: ContextCacheErrorCode;
  /** Structured local diagnostics; never sent on the wire. */
  readonly data: Record<string, unknown> | undefined;
  constructor(options: ContextCacheErrorOptions) {
    super(
      options.message ?? CANONICAL_ERROR_MESSAGES[wireErrorCode(options.code)],
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'ContextCacheError';
    this.code = options.code;
    this.data = options.data;
    Object.defineProperty(this, CONTEXT_CACHE_ERROR_MARKER, { value: true });
  }

  /** True when `value` is a {@link ContextCacheError}, even one from another copy of this package. */
  static isInstance(value: unknown): value is ContextCacheError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[CONTEXT_CACHE_ERROR_MARKER] === true
    );
  }
}

/** The wire code a {@link ContextCacheErrorCode} is reported as: itself for the six wire codes, `internal_error` for build codes. */
export function wireErrorCode(code: ContextCacheErrorCode): WireErrorCode {
  return WIRE_CODE_BY_CODE[code];
}

/** Node's codes for "this path is not there", which callers map to a spec code of their own. */
const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['ENOENT', 'ENOTDIR']);

/** True when `error` is a Node filesystem error saying the path does not exist. */
export function isNotFoundError(error: unknown): boolean {
  return NOT_FOUND_CODES.has(errnoCode(error) ?? '');
}

/** The `code` of a Node system error (`EACCES`, `ENOENT` ...), if `error` is one. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

/**
 * Turns anything thrown into a {@link ContextCacheError}: itself, `io_error` for a Node
 * filesystem error, `internal_error` for anything else. Boundaries call this so no raw
 * stack or host path reaches a model.
 */
export function toContextCacheError(error: unknown): ContextCacheError {
  if (ContextCacheError.isInstance(error)) return error;
  if (errnoCode(error) !== undefined)
    return new ContextCacheError({ code: 'io_error', cause: error });
  return new ContextCacheError({ code: 'internal_error', cause: error });
}

/** The exact error response of `error_schema.md`: one top-level key, `code` then `message`. */
export interface ErrorPayload {
  /** The error object; no other keys are allowed. */
  readonly error: {
    /** One of the six wire codes. */
    readonly code: WireErrorCode;
    /** The canonical message of `code`. */
    readonly message: string;
  };
}

/**
 * The wire payload for anything thrown: the code of {@link toContextCacheError} mapped by
 * {@link wireErrorCode}, with its canonical message (never the error's own message, which
 * may hold ids or paths).
 *
 * @see error_schema.md §JSON Schema, §Message Field Rules
 */
export function toErrorPayload(error: unknown): ErrorPayload {
  const code = wireErrorCode(toContextCacheError(error).code);
  return { error: { code, message: CANONICAL_ERROR_MESSAGES[code] } };
}

/**
 * The payload as compact JSON, keys in the schema's order (`{"error":{"code":…,"message":…}}`).
 * The original server sends this text followed by one `\n`; append it at the transport.
 */
export function serializeErrorPayload(payload: ErrorPayload): string {
  return `{"error":{"code":${JSON.stringify(payload.error.code)},"message":${JSON.stringify(payload.error.message)}}}`;
}
