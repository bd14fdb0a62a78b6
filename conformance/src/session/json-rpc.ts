/**
 * Small readers for JSON-RPC messages as a server really sent them: nothing here assumes the
 * message is well formed.
 *
 * @module
 */

import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';

/** A parsed JSON object received from a server, not yet trusted to be valid JSON-RPC. */
export type RawMessage = Readonly<Record<string, unknown>>;

/** The `error` member of an error response, as far as it could be read. */
export interface RawError {
  /** The error code, when it is a number. */
  readonly code: number | undefined;
  /** The error message, when it is a string. */
  readonly message: string | undefined;
}

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when `message` answers a request (it has an `id` and a `result` or an `error`). */
export function isResponse(message: RawMessage): boolean {
  return 'id' in message && ('result' in message || 'error' in message) && !('method' in message);
}

/** True when `message` is a request the server sent to us. */
export function isServerRequest(message: RawMessage): boolean {
  return typeof message.method === 'string' && 'id' in message && message.id !== null;
}

/** The error of an error response, or `undefined` when `message` carries no `error` member. */
export function errorOf(message: RawMessage): RawError | undefined {
  if (!('error' in message)) return undefined;
  const error = isRecord(message.error) ? message.error : {};
  return {
    code: typeof error.code === 'number' ? error.code : undefined,
    message: typeof error.message === 'string' ? error.message : undefined,
  };
}

/** One line describing an error response: `-32601 Method not found`. */
export function describeRawError(error: RawError): string {
  return `${error.code ?? '(no code)'} ${error.message ?? '(no message)'}`;
}

/** True when `value` is a message the MCP schema of the SDK accepts as JSON-RPC. */
export function isValidJsonRpcMessage(value: unknown): boolean {
  return JSONRPCMessageSchema.safeParse(value).success;
}

/** Text cut to `limit` characters with an ellipsis, for quoting server output in messages. */
export function excerpt(text: string, limit = 80): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
