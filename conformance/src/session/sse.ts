/**
 * Reads the JSON-RPC messages of a Server-Sent Events response (Streamable HTTP).
 *
 * @module
 */

import { EventSourceParserStream } from 'eventsource-parser/stream';

/**
 * Feeds each event's `data` to `onData` until it returns `true` or the stream ends, then
 * releases the stream. Events without data (priming events) are skipped.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onData: (data: string) => boolean,
): Promise<void> {
  const reader = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value.data.length > 0 && onData(value.data)) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
