/**
 * The error type of `@x/conformance`, with one documented table of codes.
 *
 * @module
 */

/** Marker used by {@link ConformanceError.isInstance}, so checks work across duplicated package copies. */
const CONFORMANCE_ERROR_MARKER = Symbol.for('@x/conformance.error');

/**
 * Every code a {@link ConformanceError} can carry.
 *
 * - `USAGE`: the command line or the options of `runConformance` are invalid (the CLI exits 2).
 * - `UNKNOWN_SPEC`: a spec name that no registered spec has.
 * - `TARGET_START_FAILED`: a target could not be started or reached, or never answered `initialize` (the CLI exits 2).
 * - `TARGET_EXITED`: the server process exited, or the HTTP endpoint stopped answering, during a check.
 * - `TIMEOUT`: a request or a check had no answer within its time limit.
 * - `PROTOCOL`: the server answered with something the runner cannot read as JSON-RPC.
 */
export type ConformanceErrorCode =
  | 'USAGE'
  | 'UNKNOWN_SPEC'
  | 'TARGET_START_FAILED'
  | 'TARGET_EXITED'
  | 'TIMEOUT'
  | 'PROTOCOL';

/** What {@link ConformanceError}'s constructor takes. */
export interface ConformanceErrorOptions {
  /** The machine-readable code. */
  code: ConformanceErrorCode;
  /** One human-readable line. */
  message: string;
  /** Structured details for programs. */
  data?: Record<string, unknown>;
  /** The underlying error. */
  cause?: unknown;
}

/** The one error class `@x/conformance` throws. */
export class ConformanceError extends Error {
  /** The machine-readable code. */
  readonly code: ConformanceErrorCode;
  /** Structured details for programs. */
  readonly data: Record<string, unknown> | undefined;
  constructor(options: ConformanceErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ConformanceError';
    this.code = options.code;
    this.data = options.data;
    Object.defineProperty(this, CONFORMANCE_ERROR_MARKER, { value: true });
  }

  /** True when `value` is a {@link ConformanceError}, even one from another copy of this package. */
  static isInstance(value: unknown): value is ConformanceError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[CONFORMANCE_ERROR_MARKER] === true
    );
  }
}

/** One line describing anything thrown, for check messages (a zod error lists its issues). */
export function describeError(error: unknown): string {
  return oneLine(error instanceof Error ? (describeIssues(error) ?? error.message) : String(error));
}

/** `text` on one line: runs of whitespace, newlines included, become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function describeIssues(error: Error): string | undefined {
  const issues: unknown = (error as { issues?: unknown }).issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  return issues
    .map((issue: { path?: unknown; message?: unknown }) => {
      const path =
        Array.isArray(issue.path) && issue.path.length > 0 ? issue.path.join('.') : '(root)';
      return `${path}: ${String(issue.message)}`;
    })
    .join('; ');
}
