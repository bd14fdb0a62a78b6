/**
 * Reads and parses a JSON request body under a size limit.
 *
 * Hand-written rather than `raw-body` or the SDK's `readRequestBody` (which reads a web
 * `Request`): a Node stream, a byte count and `JSON.parse` are all it takes.
 *
 * @module
 */

import type { IncomingMessage } from 'node:http';
import { exceedsJsonDepth } from '../json/json-depth.js';

/** The outcome of {@link readJsonBody}. */
export type JsonBodyResult =
  | { outcome: 'parsed'; value: unknown }
  | { outcome: 'too-large' }
  | { outcome: 'too-deep' }
  | { outcome: 'malformed' }
  | { outcome: 'aborted' };

/**
 * Reads `request`'s body and parses it as JSON, refusing text nested more than `maxDepth` levels
 * (`too-deep`) before parsing it.
 *
 * A declared `Content-Length` over `maxBytes` is refused without reading; otherwise reading
 * stops as soon as more than `maxBytes` arrived. After a refusal the rest of the body is
 * drained and dropped, so the caller can still answer on the same connection. `aborted` means
 * the client hung up before the body was complete.
 */
export async function readJsonBody(
  request: IncomingMessage,
  maxBytes: number,
  maxDepth: number,
): Promise<JsonBodyResult> {
  if (Number(request.headers['content-length']) > maxBytes) {
    request.resume();
    return { outcome: 'too-large' };
  }
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    // destroyOnReturn: false keeps the socket open when the loop stops early, to answer 413.
    for await (const chunk of request.iterator({
      destroyOnReturn: false,
    }) as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > maxBytes) {
        request.resume();
        return { outcome: 'too-large' };
      }
      chunks.push(chunk);
    }
  } catch {
    // The client went away mid-body: nobody is left to answer.
    return { outcome: 'aborted' };
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (exceedsJsonDepth(text, maxDepth)) return { outcome: 'too-deep' };
  try {
    return { outcome: 'parsed', value: JSON.parse(text) };
  } catch {
    return { outcome: 'malformed' };
  }
}
