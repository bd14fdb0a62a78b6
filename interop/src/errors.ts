/**
 * The error type of `@x/interop`, with one documented table of codes.
 *
 * @module
 */

/**
 * Every code an {@link InteropError} can carry.
 *
 * - `USAGE`: the command line is invalid (exit 2).
 * - `TOOLCHAIN_FAILED`: Node 22 or the official suite could not be installed from the npm registry.
 * - `TARGET_START_FAILED`: a reference app exited, or printed no HTTP address in time.
 * - `SUITE_FAILED`: the official suite crashed or printed no summary.
 * - `BASELINE_INVALID`: the expected-failures file breaks its grammar.
 */
export type InteropErrorCode =
  | 'USAGE'
  | 'TOOLCHAIN_FAILED'
  | 'TARGET_START_FAILED'
  | 'SUITE_FAILED'
  | 'BASELINE_INVALID';

/** What {@link InteropError}'s constructor takes. */
export interface InteropErrorOptions {
  /** The machine-readable code. */
  code: InteropErrorCode;
  /** One human-readable line (or a few, for a process's output). */
  message: string;
  /** The underlying error. */
  cause?: unknown;
}

/** The one error class `@x/interop` throws. */
export class InteropError extends Error {
  /** The machine-readable code. */
  readonly code: InteropErrorCode;
  constructor(options: InteropErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'InteropError';
    this.code = options.code;
  }
}

/** The last `lines` non-empty lines of a process's output, for an error message. */
export function tail(text: string, lines = 12): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-lines)
    .join('\n');
}
