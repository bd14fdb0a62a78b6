/**
 * The error type of `@x/progressive-disclosure`, with one documented table of codes.
 *
 * These are errors thrown to the program that uses the package (bad options, a server that
 * cannot be wrapped, a bad description file). What a client sees on the wire is built in
 * `wire-errors.ts` from the specification's own codes.
 *
 * @module
 */

/** Marker used by {@link ProgressiveDisclosureError.isInstance}, so checks work across package copies. */
const ERROR_MARKER = Symbol.for('@x/progressive-disclosure.error');

/**
 * Every code a {@link ProgressiveDisclosureError} can carry.
 *
 * - `INVALID_OPTIONS`: an option is outside its documented domain; the message names it.
 * - `UNSUPPORTED_SERVER`: the server cannot be wrapped (already connected, no tools, or an SDK
 *   whose internals changed); the message says which.
 * - `DESCRIPTIONS_INVALID`: a description file or override failed validation; the message
 *   names the file or tool and the field.
 */
export type ProgressiveDisclosureErrorCode =
  | 'INVALID_OPTIONS'
  | 'UNSUPPORTED_SERVER'
  | 'DESCRIPTIONS_INVALID';

/** What {@link ProgressiveDisclosureError}'s constructor takes. */
export interface ProgressiveDisclosureErrorOptions {
  /** The machine-readable code. */
  code: ProgressiveDisclosureErrorCode;
  /** One human-readable line. */
  message: string;
  /** Structured details for programs. */
  data?: Record<string, unknown>;
  /** The underlying error. */
  cause?: unknown;
}

/** The one error class `@x/progressive-disclosure` throws. */
export class ProgressiveDisclosureError extends Error {
  /** The machine-readable code. */
  readonly code: ProgressiveDisclosureErrorCode;
  /** Structured details for programs. */
  readonly data: Record<string, unknown> | undefined;
  constructor(options: ProgressiveDisclosureErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProgressiveDisclosureError';
    this.code = options.code;
    this.data = options.data;
    Object.defineProperty(this, ERROR_MARKER, { value: true });
  }

  /** True when `value` is a {@link ProgressiveDisclosureError}, even one from another copy of this package. */
  static isInstance(value: unknown): value is ProgressiveDisclosureError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[ERROR_MARKER] === true
    );
  }
}
