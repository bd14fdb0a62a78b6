/**
 * The error answer we put in place of an upstream message above `maxMessageBytes`, on every
 * transport: the request it answers fails alone and the connection stays up.
 *
 * @module
 */
import type { JSONRPCErrorResponse, RequestId } from '@modelcontextprotocol/client';

/**
 * The JSON-RPC error code of the answer we put in place of a message above the bound (in the
 * range JSON-RPC 2.0 §5.1 leaves to implementations).
 */
export const RESULT_TOO_LARGE_RPC_CODE = -32_050;

/** The `data.reason` of that answer, which {@link classifyUpstreamError} looks for. */
export const RESULT_TOO_LARGE = 'RESULT_TOO_LARGE';

/** The `data` of the error answer put in place of a message above the bound. */
export interface ResultTooLargeData {
  /** Always {@link RESULT_TOO_LARGE}. */
  reason: typeof RESULT_TOO_LARGE;
  /** The size of the message that was thrown away, in bytes. */
  bytes: number;
  /** The bound it went over, in bytes. */
  maxMessageBytes: number;
}

/** A request or notification, which names its method first (`{"method":...` as the SDK writes it). */
const METHOD_AT_START = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"method"\s*:/;

/** Whether the start of a JSON-RPC message shows a request or notification (not an answer). */
export function startsLikeRequest(head: string): boolean {
  return METHOD_AT_START.test(head);
}

/** What is said of a message of `bytes` bytes above `maxMessageBytes`. */
export function tooLargeText(bytes: number, maxMessageBytes: number): string {
  return `a message of ${bytes} bytes is above the limit of ${maxMessageBytes} bytes`;
}

/** The error answer to request `id` in place of its answer of `bytes` bytes. */
export function resultTooLargeAnswer(
  id: RequestId,
  bytes: number,
  maxMessageBytes: number,
): JSONRPCErrorResponse {
  const data: ResultTooLargeData = { reason: RESULT_TOO_LARGE, bytes, maxMessageBytes };
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: RESULT_TOO_LARGE_RPC_CODE,
      message: `${RESULT_TOO_LARGE}: ${tooLargeText(bytes, maxMessageBytes)}`,
      data,
    },
  };
}
