/**
 * The error type of `@x/cash`, with one documented table of codes.
 *
 * @module
 */

import { CoreError, type CoreErrorCode } from '@x/core';

/** Marker used by {@link CashError.isInstance}, so checks work across duplicated package copies. */
const CASH_ERROR_MARKER = Symbol.for('@x/cash.error');

/**
 * Codes that reach a model: the `code` of an error result's `structuredContent`.
 *
 * - `UNKNOWN_NAMESPACE`: no visible namespace has that path (hidden ones answer the same).
 * - `UNKNOWN_FUNCTION`: the namespace has no visible function of that name.
 * - `UNKNOWN_SKILL`: the namespace has no visible skill of that name.
 * - `INVALID_ARGUMENTS`: the tool arguments or the function's `kwargs` are malformed or fail
 *   the function's schema; the message points at `help(namespace, function)`.
 * - `GATED`: the response is larger than the size limit and was withheld (cash-rfc §7.2).
 * - `FUNCTION_FAILED`: the function's handler threw.
 * - `UPSTREAM_UNAVAILABLE`: the upstream behind the namespace cannot be reached (retryable).
 * - `UPSTREAM_TIMEOUT`: the upstream behind the namespace did not answer in time (retryable).
 * - `UPSTREAM_ERROR`: the upstream behind the namespace failed in another way.
 *
 * @see cash-rfc §4.4 and the CaSH part of ARCHITECTURE.md
 */
export type CashWireErrorCode =
  | 'UNKNOWN_NAMESPACE'
  | 'UNKNOWN_FUNCTION'
  | 'UNKNOWN_SKILL'
  | 'INVALID_ARGUMENTS'
  | 'GATED'
  | 'FUNCTION_FAILED'
  | 'UPSTREAM_UNAVAILABLE'
  | 'UPSTREAM_TIMEOUT'
  | 'UPSTREAM_ERROR';

/**
 * Codes thrown to the program that builds or configures a server; they never reach a model.
 *
 * - `INVALID_LABEL`: a namespace, function, skill or parameter label breaks cash-rfc §5.1.
 * - `LABEL_COLLISION`: two labels of one registry are equal after normalization (§5.1, §5.4).
 * - `INVALID_DEFINITION`: a function, skill or option is malformed (a bad schema, say).
 * - `INVALID_MANIFEST`: a manifest fails the §5.5 schema, or its text is not YAML or JSON.
 * - `MANIFEST_FETCH_FAILED`: a manifest could not be fetched (not HTTPS, network, HTTP status).
 * - `ENDPOINT_NOT_TRUSTED`: a manifest's `endpoint` host differs from the host it came from
 *   and is not trusted by configuration (§5.4.2).
 * - `SKILL_FILE_INVALID`: a `SKILL.md` file cannot be read or parsed.
 */
export type CashConfigErrorCode =
  | 'INVALID_LABEL'
  | 'LABEL_COLLISION'
  | 'INVALID_DEFINITION'
  | 'INVALID_MANIFEST'
  | 'MANIFEST_FETCH_FAILED'
  | 'ENDPOINT_NOT_TRUSTED'
  | 'SKILL_FILE_INVALID';

/** Every code a {@link CashError} can carry. */
export type CashErrorCode = CashWireErrorCode | CashConfigErrorCode;

/** What {@link CashError}'s constructor takes. */
export interface CashErrorOptions {
  /** The machine-readable code. */
  code: CashErrorCode;
  /** One line; for wire codes it is the markdown a model reads. */
  message: string;
  /** Structured details for programs (never secrets); for wire codes it joins `structuredContent`. */
  data?: Record<string, unknown>;
  /** The underlying error. */
  cause?: unknown;
}

const RETRYABLE: ReadonlySet<CashErrorCode> = new Set(['UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT']);

/** The one error class `@x/cash` throws. */
export class CashError extends Error {
  /** The machine-readable code. */
  readonly code: CashErrorCode;
  /** Structured details for programs. */
  readonly data: Record<string, unknown> | undefined;
  /** Whether repeating the same operation later may succeed. */
  readonly retryable: boolean;
  constructor(options: CashErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CashError';
    this.code = options.code;
    this.data = options.data;
    this.retryable = RETRYABLE.has(options.code);
    Object.defineProperty(this, CASH_ERROR_MARKER, { value: true });
  }

  /** True when `value` is a {@link CashError}, even one from another copy of this package. */
  static isInstance(value: unknown): value is CashError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[CASH_ERROR_MARKER] === true
    );
  }
}

/** How `@x/core`'s upstream failure classes map to wire codes; a `Record` so new core codes must be mapped. */
const WIRE_CODE_FOR_CORE_CODE: Readonly<Record<CoreErrorCode, CashWireErrorCode>> = {
  TIMEOUT: 'UPSTREAM_TIMEOUT',
  UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
  CLOSED: 'UPSTREAM_UNAVAILABLE',
  CONFIG_INVALID: 'UPSTREAM_UNAVAILABLE',
  AUTH: 'UPSTREAM_ERROR',
  PERMISSION: 'UPSTREAM_ERROR',
  RATE_LIMITED: 'UPSTREAM_UNAVAILABLE',
  UPSTREAM_ERROR: 'UPSTREAM_ERROR',
  CANCELLED: 'UPSTREAM_ERROR',
  INVALID_ARGUMENT: 'UPSTREAM_ERROR',
  STORE_CORRUPT: 'UPSTREAM_UNAVAILABLE',
  POLICY_DENIED: 'INVALID_ARGUMENTS',
};

const WHAT_FOR_WIRE_CODE: Partial<Record<CashWireErrorCode, string>> = {
  UPSTREAM_TIMEOUT: 'did not answer in time',
  UPSTREAM_UNAVAILABLE: 'is unavailable',
  UPSTREAM_ERROR: 'failed',
};

/**
 * Turns an upstream failure into a wire error about `namespace`, without hosts, paths or stacks.
 *
 * A {@link CashError} passes through; a `CoreError` maps by code (`TIMEOUT` to
 * `UPSTREAM_TIMEOUT`, `UNAVAILABLE`, `CLOSED` and `RATE_LIMITED` to `UPSTREAM_UNAVAILABLE`,
 * the rest to `UPSTREAM_ERROR`); anything else is `UPSTREAM_ERROR`.
 */
export function toUpstreamError(error: unknown, namespace: string): CashError {
  if (CashError.isInstance(error)) return error;
  const coreCode = CoreError.isInstance(error) ? error.code : undefined;
  const code = coreCode === undefined ? 'UPSTREAM_ERROR' : WIRE_CODE_FOR_CORE_CODE[coreCode];
  const what = WHAT_FOR_WIRE_CODE[code] ?? 'failed';
  return new CashError({
    code,
    message: `The upstream behind namespace \`${namespace}\` ${what}${coreCode === undefined ? '' : ` (${coreCode.toLowerCase().replace('_', ' ')})`}. Other namespaces still work; retry later.`,
    data: { namespace, ...(coreCode === undefined ? {} : { upstream_code: coreCode }) },
    cause: error,
  });
}
