/**
 * One HTTP POST with header names sent exactly as spelled (`fetch` lowercases them), for checks
 * that a server compares header names without regard to case.
 *
 * @module
 */

import { request } from 'node:http';
import { request as requestTls } from 'node:https';
import { ConformanceError } from '../errors.js';
import { isRecord, type RawMessage } from './json-rpc.js';

/** What came back: the status and the JSON-RPC message of a JSON body, when there was one. */
export interface RawHttpAnswer {
  /** The HTTP status. */
  readonly status: number;
  /** The JSON object of an `application/json` body, if any. */
  readonly message: RawMessage | undefined;
}

/** The most of an answer's body that is read. */
const MAX_BODY_BYTES = 1 << 20;

/**
 * POSTs `body` to `url` with `headers` (name-value pairs, names as given) and resolves with the
 * answer; aborts with `signal`.
 */
export function postWithHeaderCase(
  url: string,
  headers: readonly (readonly [string, string])[],
  body: string,
  signal: AbortSignal,
): Promise<RawHttpAnswer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? requestTls : request;
  return new Promise((resolve, reject) => {
    const outgoing = send(target, { method: 'POST', signal }, (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      });
      incoming.on('error', reject);
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({
          status: incoming.statusCode ?? 0,
          message: isRecord(parsed) ? parsed : undefined,
        });
      });
    });
    outgoing.on('error', (error) =>
      reject(
        new ConformanceError({
          code: 'TARGET_EXITED',
          message: `cannot reach ${url}: ${error.message}`,
          cause: error,
        }),
      ),
    );
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    outgoing.setHeader('content-length', Buffer.byteLength(body));
    outgoing.end(body);
  });
}
