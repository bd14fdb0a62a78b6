/**
 * The HTTP answers `serveHttp` gives before a request reaches an MCP transport: one table of
 * JSON-RPC error codes, one writer.
 *
 * @module
 */

import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * JSON-RPC error codes of the HTTP layer. The parse error is JSON-RPC's own; the others sit in
 * the range JSON-RPC leaves to servers and match the MCP SDK's transport (-32000 for a refused
 * request, -32001 for an unknown session).
 */
export const HttpErrorCode = {
  /** The body is not JSON. */
  PARSE_ERROR: -32700,
  /** The body is JSON but not a JSON-RPC request that can start a session. */
  INVALID_REQUEST: -32600,
  /** An `initialize` whose parameters break its schema. */
  INVALID_PARAMS: -32602,
  /** Something failed on our side (the details go to `onError`, not to the caller). */
  INTERNAL_ERROR: -32603,
  /** The request was refused before any MCP processing (Host, Origin, auth, size, method, path). */
  REFUSED: -32000,
  /** The `mcp-session-id` names no open session. */
  SESSION_NOT_FOUND: -32001,
} as const;

/**
 * Writes a JSON-RPC error response with `status` (`id: null` unless the request's `id` is
 * given), unless headers already went out.
 */
export function sendJsonRpcError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: OutgoingHttpHeaders = {},
  id: string | number | null = null,
): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id });
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}
