/**
 * The `fetch` of our Streamable HTTP upstreams: the SDK's transport reads whatever a server
 * sends, so this one bounds each message before the SDK sees it.
 *
 * @module
 */
import type { FetchLike, RequestId } from '@modelcontextprotocol/client';
import { BoundedEventStream, type OversizedEvent } from './bounded-sse-stream.js';
import { resultTooLargeAnswer, startsLikeRequest } from './result-too-large.js';

/** The media type of a response, without parameters, in lower case. */
function mediaTypeOf(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The id of the one request a POST body carries (the SDK sends one message per POST). */
function requestIdOf(init: RequestInit | undefined): RequestId | undefined {
  if (typeof init?.body !== 'string') return undefined;
  try {
    const message: unknown = JSON.parse(init.body);
    if (typeof message !== 'object' || message === null || !('method' in message)) {
      return undefined;
    }
    const id = (message as { id?: unknown }).id;
    return typeof id === 'number' || typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
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

function bounded(response: Response, body: string | Buffer | ReadableStream<Uint8Array>): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Wraps `baseFetch` so that no message of a successful answer is above `maxMessageBytes`: an
 * `application/json` body is counted whole, a `text/event-stream` body event by event.
 *
 * An answer to our request above the bound is replaced by the `RESULT_TOO_LARGE` error answer
 * to that request (see {@link resultTooLargeAnswer}), so the request fails alone and the
 * connection stays up; a request or notification from the server above the bound is dropped.
 */
export function createBoundedFetch(
  maxMessageBytes: number,
  baseFetch: FetchLike = fetch,
): FetchLike {
  return async (url, init) => {
    const response = await baseFetch(url, init);
    const body = response.body;
    if (!response.ok || body === null) return response;
    const id = requestIdOf(init);
    const mediaType = mediaTypeOf(response);
    if (mediaType === 'application/json') {
      const { bytes, content } = await readBounded(body, maxMessageBytes);
      if (content !== undefined) return bounded(response, content);
      // The SDK reads no answer to a notification; an oversized one is only thrown away.
      if (id === undefined) return bounded(response, '');
      return bounded(response, JSON.stringify(resultTooLargeAnswer(id, bytes, maxMessageBytes)));
    }
    if (mediaType === 'text/event-stream') {
      const replace = (event: OversizedEvent) => {
        if (id === undefined || startsLikeRequest(firstData(event.head))) return undefined;
        const answer = resultTooLargeAnswer(id, event.bytes, maxMessageBytes);
        return `event: message\ndata: ${JSON.stringify(answer)}\n\n`;
      };
      return bounded(response, body.pipeThrough(new BoundedEventStream(maxMessageBytes, replace)));
    }
    return response;
  };
}
