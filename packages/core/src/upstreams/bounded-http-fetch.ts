/**
 * The `fetch` of our Streamable HTTP upstreams: the SDK's transport reads whatever a server
 * sends, so this one bounds each message before the SDK sees it.
 *
 * @module
 */
import type { FetchLike, RequestId } from '@modelcontextprotocol/client';
import { boundResponseMessages } from './bounded-response.js';
import { resultTooLargeAnswer } from './result-too-large.js';

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
    const id = requestIdOf(init);
    return boundResponseMessages(await baseFetch(url, init), {
      maxMessageBytes,
      answerInstead: (bytes) =>
        id === undefined ? undefined : resultTooLargeAnswer(id, bytes, maxMessageBytes),
    });
  };
}
