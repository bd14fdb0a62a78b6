/**
 * A bound on each JSON-RPC message of a Streamable HTTP response (`application/json` counted
 * whole, `text/event-stream` event by event), shared by our HTTP client and our HTTP server.
 *
 * @module
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { BoundedEventStream, type OversizedEvent } from './bounded-sse-stream.js';
import { startsLikeRequest } from './result-too-large.js';

/** What to do with a message above the bound. */
export interface MessageBound {
  /** The largest message passed on, in bytes. */
  maxMessageBytes: number;
  /**
   * The answer sent in place of an answer of `bytes` bytes above the bound, or `undefined` to
   * drop it.
   */
  answerInstead(bytes: number): JSONRPCMessage | undefined;
  /** Told of each message above the bound that was dropped (a request or notification, say). */
  onDropped?(bytes: number): void;
}

/** The media type of a response, without parameters, in lower case. */
function mediaTypeOf(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Reads a body up to `maxBytes`; above that it reads on only to count, keeping nothing. */
async function readBounded(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<{ bytes: number; content: Buffer | undefined }> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    const chunk = next.value;
    bytes += chunk.length;
    if (bytes <= maxBytes) chunks.push(chunk);
    else chunks.length = 0;
  }
  return { bytes, content: bytes <= maxBytes ? Buffer.concat(chunks, bytes) : undefined };
}

/** The text of the first `data:` line of an event's head. */
function firstData(head: string): string {
  const match = /(?:^|[\r\n])data: ?([^\r\n]*)/.exec(head);
  return match?.[1] ?? '';
}

function withBody(
  response: Response,
  body: string | Buffer | ReadableStream<Uint8Array>,
): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * `response` with no message above `bound.maxMessageBytes`: a JSON body above it is replaced
 * by `bound.answerInstead` (or emptied), an event above it by an event carrying that answer;
 * an event that is a request or notification is dropped. A response that is not successful,
 * or of another media type, is returned as it is.
 */
export async function boundResponseMessages(
  response: Response,
  bound: MessageBound,
): Promise<Response> {
  const body = response.body;
  if (!response.ok || body === null) return response;
  const { maxMessageBytes } = bound;
  const mediaType = mediaTypeOf(response);
  if (mediaType === 'application/json') {
    const { bytes, content } = await readBounded(body, maxMessageBytes);
    if (content !== undefined) return withBody(response, content);
    const answer = bound.answerInstead(bytes);
    if (answer === undefined) bound.onDropped?.(bytes);
    return withBody(response, answer === undefined ? '' : JSON.stringify(answer));
  }
  if (mediaType === 'text/event-stream') {
    const replace = (event: OversizedEvent) => {
      const answer = startsLikeRequest(firstData(event.head))
        ? undefined
        : bound.answerInstead(event.bytes);
      if (answer === undefined) {
        bound.onDropped?.(event.bytes);
        return undefined;
      }
      return `event: message\ndata: ${JSON.stringify(answer)}\n\n`;
    };
    return withBody(response, body.pipeThrough(new BoundedEventStream(maxMessageBytes, replace)));
  }
  return response;
}
