/**
 * The error type of `@x/mcs`, with one documented table of codes.
 *
 * @module
 */

/** Marker used by {@link McsError.isInstance}, so checks work across duplicated package copies. */
const MCS_ERROR_MARKER = Symbol.for('@x/mcs.error');

/**
 * Every code a {@link McsError} can carry.
 *
 * Set-up errors (thrown while a driver is built):
 * - `META_INVALID`: a `DriverMeta` failed validation; the message names the field (mcs §3).
 * - `FUNCTION_INVALID`: a function definition is malformed, its name is taken twice, or its
 *   parameters schema does not compile.
 * - `NAME_COLLISION`: two drivers of an orchestrator expose the same name after prefixing.
 * - `CAPABILITY_MISSING`: `meta.capabilities` declares a flag whose method the driver lacks (mcs §5).
 * - `CONFIG_INVALID`: driver options failed validation (mcs §4).
 * - `DOCUMENT_INVALID`: a specification document (OpenAPI, Swagger) could not be loaded or is invalid.
 *
 * Call errors (thrown by `processLlmResponse`; they carry a `retryPrompt`):
 * - `CALL_INVALID`: the model wrote a call that cannot be executed (unknown function,
 *   arguments that fail the schema, broken JSON, hostile input).
 * - `EXECUTION_FAILED`: the bridge ran the call and it failed in a way that is not a raw result.
 * - `TIMEOUT`: the bridge did not answer in time, after the configured retries (retryable).
 * - `UNAVAILABLE`: the bridge could not be reached, after the configured retries (retryable).
 * - `RESPONSE_TOO_LARGE`: the bridge answered with more bytes than the configured limit.
 * - `CANCELLED`: the caller aborted the operation.
 *
 * Autostart errors (thrown by `startBridge`, mcs §6):
 * - `CONTAINER_RUNTIME_UNAVAILABLE`: the launch needs a container image, and no container
 *   runtime is installed with a reachable engine (a client alone is not enough).
 * - `AUTOSTART_FAILED`: the bridge could not be spawned, exited, or was not healthy in time;
 *   `data.reason` says which (`spawn`, `exited`, `unhealthy`), `data.output` has the tail of
 *   its output.
 */
export type McsErrorCode =
  | 'META_INVALID'
  | 'FUNCTION_INVALID'
  | 'NAME_COLLISION'
  | 'CAPABILITY_MISSING'
  | 'CONFIG_INVALID'
  | 'DOCUMENT_INVALID'
  | 'CALL_INVALID'
  | 'EXECUTION_FAILED'
  | 'TIMEOUT'
  | 'UNAVAILABLE'
  | 'RESPONSE_TOO_LARGE'
  | 'CANCELLED'
  | 'CONTAINER_RUNTIME_UNAVAILABLE'
  | 'AUTOSTART_FAILED';

/** What {@link McsError}'s constructor takes. */
export interface McsErrorOptions {
  /** The machine-readable code. */
  code: McsErrorCode;
  /** One human-readable line; never a secret, a stack or a host path. */
  message: string;
  /** Whether repeating the same operation later may succeed. Defaults by code. */
  retryable?: boolean;
  /** A text the client can send back to the model so it corrects its call. */
  retryPrompt?: string;
  /** Structured details for programs (never secrets). */
  data?: Record<string, unknown>;
  /** The underlying error. */
  cause?: unknown;
}

const RETRYABLE_BY_DEFAULT: ReadonlySet<McsErrorCode> = new Set(['TIMEOUT', 'UNAVAILABLE']);

/** The one error class `@x/mcs` throws. */
export class McsError extends Error {
  /** The machine-readable code. */
  readonly code: McsErrorCode;
  /** Whether repeating the same operation later may succeed. */
  readonly retryable: boolean;
  /** A text the client can send back to the model so it corrects its call, when there is one. */
  readonly retryPrompt: string | undefined;
  /** Structured details for programs. */
  readonly data: Record<string, unknown> | undefined;
  constructor(options: McsErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'McsError';
    this.code = options.code;
    this.retryable = options.retryable ?? RETRYABLE_BY_DEFAULT.has(options.code);
    this.retryPrompt = options.retryPrompt;
    this.data = options.data;
    Object.defineProperty(this, MCS_ERROR_MARKER, { value: true });
  }

  /** True when `value` is a {@link McsError}, even one from another copy of this package. */
  static isInstance(value: unknown): value is McsError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[MCS_ERROR_MARKER] === true
    );
  }
}

/**
 * Turns anything thrown by a bridge into a {@link McsError}.
 *
 * A `McsError` passes through; an abort becomes `CANCELLED`; anything else becomes
 * `EXECUTION_FAILED` with the original kept as `cause` and only its message line shown.
 */
export function toMcsError(error: unknown): McsError {
  if (McsError.isInstance(error)) return error;
  if (error instanceof Error && error.name === 'AbortError') {
    return new McsError({ code: 'CANCELLED', message: 'the operation was aborted', cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new McsError({
    code: 'EXECUTION_FAILED',
    message: firstLine(message) || 'the call failed',
    cause: error,
  });
}

function firstLine(text: string): string {
  const newline = text.indexOf('\n');
  return (newline === -1 ? text : text.slice(0, newline)).trim().slice(0, 500);
}
