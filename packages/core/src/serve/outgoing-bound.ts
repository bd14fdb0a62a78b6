/**
 * The bound on what our servers send (`maxMessageBytes`), on stdio and HTTP alike: a result
 * above it goes out as an error answer to the same request, anything else above it is dropped
 * and reported, so that a client never meets a message it cannot hold.
 *
 * @module
 */
import type {
  JSONRPCErrorResponse,
  JSONRPCMessage,
  RequestId,
  Transport,
} from '@modelcontextprotocol/server';
import { boundResponseMessages } from '../upstreams/bounded-response.js';

/**
 * The largest message our servers read or write when none is given (10 MiB, the bound of the
 * SDK's stdio readers, so a client on the SDK's defaults can read every answer).
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** The JSON-RPC code of an answer replaced for its size (JSON-RPC 2.0 §5.1, internal error). */
const INTERNAL_ERROR = -32_603;

function sizeText(bytes: number, maxMessageBytes: number): string {
  return `${bytes} bytes, above this server's limit of ${maxMessageBytes} bytes per message (maxMessageBytes)`;
}

/**
 * The error answer to request `id` about a message of `bytes` bytes above `maxMessageBytes`:
 * `code`, a message naming `reason` and what was too large (`subject`, then `advice`), and
 * `data: { reason, bytes, maxMessageBytes }`. Both directions use it: a request skipped unread,
 * a result replaced.
 */
export function tooLargeAnswer(
  id: RequestId,
  code: number,
  reason: 'REQUEST_TOO_LARGE' | 'RESULT_TOO_LARGE',
  subject: string,
  sizes: { readonly bytes: number; readonly maxMessageBytes: number },
  advice = '',
): JSONRPCErrorResponse {
  const { bytes, maxMessageBytes } = sizes;
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code,
      message: `${reason}: the ${subject} is ${sizeText(bytes, maxMessageBytes)}${advice}`,
      data: { reason, bytes, maxMessageBytes },
    },
  };
}

/** The error answer to request `id` sent in place of its result of `bytes` bytes. */
export function outgoingTooLargeAnswer(
  id: RequestId,
  bytes: number,
  maxMessageBytes: number,
): JSONRPCErrorResponse {
  return tooLargeAnswer(
    id,
    INTERNAL_ERROR,
    'RESULT_TOO_LARGE',
    'result',
    { bytes, maxMessageBytes },
    '; ask for less',
  );
}

/** The error reported for an outgoing message of `bytes` bytes that was dropped. */
export function outgoingDroppedError(bytes: number, maxMessageBytes: number): Error {
  return new Error(
    `RESULT_TOO_LARGE: dropped an outgoing message of ${sizeText(bytes, maxMessageBytes)}`,
  );
}

/** The ids of the requests in a parsed POST body (one message, or a batch). */
function requestIdsOf(body: unknown): RequestId[] {
  const messages = Array.isArray(body) ? body : [body];
  const ids: RequestId[] = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null || !('method' in message)) continue;
    const id = (message as { id?: unknown }).id;
    if (typeof id === 'number' || typeof id === 'string') ids.push(id);
  }
  return ids;
}

/**
 * `response` to a request whose parsed body was `body`, with no message above
 * `maxMessageBytes`: the answer to its one request is replaced by
 * {@link outgoingTooLargeAnswer}; any other message above the bound is dropped and reported
 * through `onError`.
 */
export function boundOutgoingResponse(
  response: Response,
  body: unknown,
  maxMessageBytes: number,
  onError: (error: Error) => void,
): Promise<Response> {
  const ids = requestIdsOf(body);
  const only = ids.length === 1 ? ids[0] : undefined;
  return boundResponseMessages(response, {
    maxMessageBytes,
    answerInstead: (bytes) =>
      only === undefined ? undefined : outgoingTooLargeAnswer(only, bytes, maxMessageBytes),
    onDropped: (bytes) => onError(outgoingDroppedError(bytes, maxMessageBytes)),
  });
}

/** What an SSE event adds around the JSON of its message: `event: message\ndata: ` and `\n\n`. */
const SSE_EVENT_FRAMING_BYTES = Buffer.byteLength('event: message\ndata: \n\n');

/** Whether `message` answers a request (a result or an error), rather than being one. */
function isAnswer(
  message: JSONRPCMessage,
): message is JSONRPCMessage & { id: RequestId; result?: unknown } {
  return !('method' in message) && 'id' in message && ('result' in message || 'error' in message);
}

/**
 * Bounds every message `transport` sends (a Streamable HTTP server transport without an event
 * store, which writes each message as one SSE event): a message whose event would be above
 * `maxMessageBytes` is, when it answers a request, replaced by {@link outgoingTooLargeAnswer} to
 * the same request, and otherwise dropped and reported through `onError`. The size is measured
 * on the message before the transport writes it, so the response stream passes through as the
 * SDK wrote it, with no stream of ours in between.
 */
export function boundTransportMessages(
  transport: Transport,
  maxMessageBytes: number,
  onError: (error: Error) => void,
): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const bytes = SSE_EVENT_FRAMING_BYTES + Buffer.byteLength(JSON.stringify(message));
    if (bytes <= maxMessageBytes) return send(message, options);
    if (!isAnswer(message)) {
      onError(outgoingDroppedError(bytes, maxMessageBytes));
      return Promise.resolve();
    }
    return send(outgoingTooLargeAnswer(message.id, bytes, maxMessageBytes), options);
  };
}
