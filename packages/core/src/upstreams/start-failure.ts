/**
 * What a failed start of a stdio server says about it: the command not found, or the process's
 * exit code and the tail of its stderr.
 *
 * @module
 */
import { CoreError } from '../errors.js';
import type { UpstreamConfig } from './config-schema.js';
import type { UpstreamConnection } from './connection.js';

/** How many of the last stderr lines a failed start quotes. */
const TAIL_LINES = 5;

function lastLines(text: string): string {
  return text.trim().split(/\r?\n/).slice(-TAIL_LINES).join(' | ');
}

function errnoOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'EACCES') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * `error` (the classified failure of a connect) with what the stdio `connection` tells about
 * it: a command that was not found or may not run, or the exit code (or signal) and the last
 * stderr lines of a process that ended; any other failure is returned as it is.
 */
export function explainStartFailure(
  error: CoreError,
  cause: unknown,
  config: UpstreamConfig,
  connection: UpstreamConnection,
): CoreError {
  if (config.type !== 'stdio') return error;
  const errno = errnoOf(cause);
  const exit = connection.exit;
  let what: string;
  let data: Record<string, unknown>;
  if (errno !== undefined) {
    // The command's path stays out of the message, as every path of this machine does.
    what = `the command ${errno === 'ENOENT' ? 'was not found' : 'may not run'} (${errno})`;
    data = { systemCode: errno };
  } else if (exit !== undefined) {
    what =
      exit.code === null
        ? `the server ended on ${exit.signal}`
        : `the server exited with code ${exit.code}`;
    data = { exitCode: exit.code, ...(exit.signal === null ? {} : { signal: exit.signal }) };
  } else {
    return error;
  }
  const stderr = lastLines(connection.stderrTail?.() ?? '');
  return new CoreError({
    code: error.code,
    message: `${error.message}: ${what}${stderr === '' ? '' : `; stderr: ${stderr}`}`,
    data: {
      ...(error.data as Record<string, unknown>),
      ...data,
      ...(stderr === '' ? {} : { stderrTail: stderr }),
    },
    retryable: error.retryable,
    cause: error,
  });
}
