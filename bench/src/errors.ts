/**
 * The error type of `@x/bench`, with one documented table of codes.
 *
 * @module
 */

/**
 * Every code a {@link BenchError} can carry.
 *
 * - `USAGE`: the command line is wrong (unknown benchmark or option); the CLI exits with 2.
 * - `NO_DATA`: the data folder, a data set or a split is missing.
 * - `BAD_DATA`: a data file exists but does not have the expected shape.
 * - `SETUP`: something a benchmark measures did not start or answered unexpectedly (a server
 *   that does not spawn, a help call that fails, a build that throws).
 */
export type BenchErrorCode = 'USAGE' | 'NO_DATA' | 'BAD_DATA' | 'SETUP';

/** The one error class `@x/bench` throws; its message is meant for a person at a terminal. */
export class BenchError extends Error {
  /** The machine-readable code. */
  readonly code: BenchErrorCode;
  constructor(options: { code: BenchErrorCode; message: string; cause?: unknown }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BenchError';
    this.code = options.code;
  }
}
