/**
 * The error answers our stdio servers give a request line they cannot take: one that breaks
 * the JSON-RPC request shape MCP uses, and one above `maxMessageBytes`. Each goes to the
 * request's own id; a line whose id cannot be read gets no answer and is only reported.
 *
 * @module
 */
import type { JSONRPCErrorResponse, RequestId } from '@modelcontextprotocol/server';
import { tooLargeAnswer } from './outgoing-bound.js';

/** JSON-RPC 2.0 §5.1: the JSON sent is not a valid Request object. */
export const INVALID_REQUEST = -32_600;
/** JSON-RPC 2.0 §5.1: invalid method parameters. */
const INVALID_PARAMS = -32_602;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A request id as MCP has it (basic, "Requests"): a string or an integer. */
export function requestIdOf(value: unknown): RequestId | undefined {
  if (!isRecord(value) || 'result' in value || 'error' in value) return undefined;
  const id = value.id;
  if (typeof id === 'string') return id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
}

/** What is wrong with a request that failed the JSON-RPC message schema, and its error code. */
function fault(request: Record<string, unknown>): { code: number; message: string } {
  if (request.jsonrpc !== '2.0') return { code: INVALID_REQUEST, message: 'jsonrpc must be "2.0"' };
  if (typeof request.method !== 'string') {
    return { code: INVALID_REQUEST, message: 'method must be a string' };
  }
  const params = request.params;
  // JSON-RPC 2.0 §4.2: params, when present, is a structured value (an object or an array).
  if (params === null || (params !== undefined && typeof params !== 'object')) {
    return { code: INVALID_REQUEST, message: 'params must be an object' };
  }
  // MCP basic: the params of a request are an object, whose _meta.progressToken is a string
  // or an integer; an array breaks the method's parameters rather than the Request object.
  if (Array.isArray(params)) {
    return { code: INVALID_PARAMS, message: 'params must be an object, not an array' };
  }
  const meta = isRecord(params) ? params._meta : undefined;
  if (meta !== undefined && !isRecord(meta)) {
    return { code: INVALID_PARAMS, message: 'params._meta must be an object' };
  }
  const token = isRecord(meta) ? meta.progressToken : undefined;
  if (token !== undefined && typeof token !== 'string' && typeof token !== 'number') {
    return {
      code: INVALID_PARAMS,
      message: 'params._meta.progressToken must be a string or an integer',
    };
  }
  return { code: INVALID_REQUEST, message: 'not a JSON-RPC request MCP accepts' };
}

/**
 * The error answer to a request that is JSON but fails the JSON-RPC message schema: -32600
 * Invalid Request when the Request object itself is broken (`jsonrpc`, `method`, `params` that
 * is no structured value), -32602 Invalid params when only MCP's shape of `params` is (an array,
 * a malformed `_meta`); `undefined` when it has no readable id (then nothing can answer it).
 *
 * @see JSON-RPC 2.0 §4.2 and §5.1; MCP basic, "Requests".
 */
export function malformedRequestAnswer(value: unknown): JSONRPCErrorResponse | undefined {
  const id = requestIdOf(value);
  if (id === undefined || !isRecord(value)) return undefined;
  const { code, message } = fault(value);
  return { jsonrpc: '2.0', id, error: { code, message: `Invalid request: ${message}` } };
}

/**
 * The error answer to request `id` whose line of `bytes` bytes was above `maxMessageBytes` and
 * was skipped unread: -32600 Invalid Request, `data.reason: 'REQUEST_TOO_LARGE'`.
 */
export function requestTooLargeAnswer(
  id: RequestId,
  bytes: number,
  maxMessageBytes: number,
): JSONRPCErrorResponse {
  return tooLargeAnswer(id, INVALID_REQUEST, 'REQUEST_TOO_LARGE', 'request', {
    bytes,
    maxMessageBytes,
  });
}
