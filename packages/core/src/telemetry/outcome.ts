/**
 * Outcome classes: the few words a metric label or span attribute uses to say how a request or
 * an upstream call ended, so that a dashboard can split failures by whose fault they were.
 *
 * @module
 */

/**
 * How an MCP request or upstream call ended.
 *
 * - `ok`: a result.
 * - `tool_error`: a tool result with `isError: true` (the tool ran and failed; the protocol did not).
 * - `parse_error`, `invalid_request`, `method_not_found`, `invalid_params`, `internal_error`:
 *   the JSON-RPC 2.0 error codes -32700, -32600, -32601, -32602 and -32603.
 * - `error`: any other JSON-RPC error code.
 * - `cancelled`: the caller cancelled, or the connection closed before an answer.
 * - for upstream calls, a `CoreError` code in lower case (`timeout`, `unavailable`, `auth`, ...).
 */
export type OutcomeClass = string;

const JSON_RPC_CODES: ReadonlyMap<number, OutcomeClass> = new Map([
  [-32_700, 'parse_error'],
  [-32_600, 'invalid_request'],
  [-32_601, 'method_not_found'],
  [-32_602, 'invalid_params'],
  [-32_603, 'internal_error'],
]);

/** The outcome class of a JSON-RPC error code. */
export function outcomeOfErrorCode(code: unknown): OutcomeClass {
  return (typeof code === 'number' ? JSON_RPC_CODES.get(code) : undefined) ?? 'error';
}

/** The outcome class of a result: `tool_error` for a tool result with `isError: true`, else `ok`. */
export function outcomeOfResult(result: unknown): OutcomeClass {
  return (result as { isError?: unknown } | undefined)?.isError === true ? 'tool_error' : 'ok';
}

/** A `CoreError`-like failure's class: its string `code` in lower case, else `error`. */
export function outcomeOfFailure(error: unknown): OutcomeClass {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z_]{0,40}$/.test(code)
    ? code.toLowerCase()
    : 'error';
}
