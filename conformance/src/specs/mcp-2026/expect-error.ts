/**
 * Reads an answer the 2026-07-28 revision wants to be a given error: the JSON-RPC code and,
 * over HTTP, the status.
 *
 * @module
 */

import { describeRawError, errorOf, excerpt, type RawMessage } from '../../session/json-rpc.js';
import type { RawExchange } from '../../session/raw-session.js';

/** An answer as far as these checks read it (from a raw session, or a raw HTTP POST). */
export interface ErrorAnswer {
  /** The JSON-RPC message, when one came. */
  readonly message: RawMessage | undefined;
  /** The HTTP status (HTTP only). */
  readonly status?: number | undefined;
}

/**
 * What is wrong with `answer` as error `code` with HTTP status `status` (checked only when the
 * answer came over HTTP); empty when nothing is. `what` names the request in the problems.
 */
export function errorProblems(
  answer: ErrorAnswer | RawExchange,
  code: number,
  status: number,
  what: string,
): string[] {
  const problems: string[] = [];
  const error = answer.message === undefined ? undefined : errorOf(answer.message);
  if (answer.message === undefined)
    problems.push(`${what}: the answer carried no JSON-RPC message`);
  else if (error === undefined) {
    const result = excerpt(JSON.stringify(answer.message.result) ?? 'undefined');
    problems.push(`${what}: answered with a result, not error ${code}: ${result}`);
  } else if (error.code !== code) {
    problems.push(`${what}: answered with ${describeRawError(error)}, not ${code}`);
  }
  if (answer.status !== undefined && answer.status !== status)
    problems.push(`${what}: HTTP ${answer.status}, not ${status}`);
  return problems;
}
