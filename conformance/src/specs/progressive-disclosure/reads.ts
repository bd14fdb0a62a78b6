/**
 * Reads of the `tool_descriptions` resource, and what came back, taken apart without trusting
 * the server.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { excerpt, isRecord, type RawMessage } from '../../session/json-rpc.js';
import type { RawSession } from '../../session/raw-session.js';

/** A JSON object as read from the server. */
export type JsonObject = Readonly<Record<string, unknown>>;

/**
 * What a `resources/read` of the resource returned.
 *
 * - `json`: the first text content parsed as JSON (`contents` counts every content item).
 * - `not-json`: text that is not JSON, or no text content at all.
 * - `error`: a JSON-RPC error response.
 */
export type ReadAnswer =
  | {
      readonly kind: 'json';
      readonly value: unknown;
      readonly contents: number;
      readonly uri: string;
    }
  | {
      readonly kind: 'not-json';
      readonly text: string;
      readonly contents: number;
      readonly uri: string;
    }
  | {
      readonly kind: 'error';
      readonly code: unknown;
      readonly message: string;
      readonly data: unknown;
      readonly uri: string;
    };

/** The URI that reads `names`: `<base>?tools=a,b`, each name percent-encoded. */
export function descriptionsUri(baseUri: string, names: readonly string[]): string {
  return `${baseUri}?tools=${names.map(encodeURIComponent).join(',')}`;
}

/** Takes a `resources/read` response apart. */
function toReadAnswer(uri: string, response: RawMessage): ReadAnswer {
  if (isRecord(response.error)) {
    const { code, message, data } = response.error;
    return { kind: 'error', code, message: typeof message === 'string' ? message : '', data, uri };
  }
  const result = isRecord(response.result) ? response.result : {};
  const contents = Array.isArray(result.contents) ? result.contents : [];
  const first = contents.find((content) => isRecord(content) && typeof content.text === 'string');
  const text = isRecord(first) && typeof first.text === 'string' ? first.text : '';
  try {
    return { kind: 'json', value: JSON.parse(text), contents: contents.length, uri };
  } catch {
    return { kind: 'not-json', text, contents: contents.length, uri };
  }
}

/** Reads `uri` on `session`. */
export async function readUri(session: RawSession, uri: string): Promise<ReadAnswer> {
  return toReadAnswer(uri, await session.request('resources/read', { uri }));
}

/** Reads `uri` once per target on the shared session; checks that read the same URI share it. */
export function readShared(context: CheckContext, uri: string): Promise<ReadAnswer> {
  return context.memo(`pd:read:${uri}`, async () => readUri(await context.session(), uri));
}

/** One line saying what a read returned that is not a JSON object. */
export function describeAnswer(answer: ReadAnswer): string {
  if (answer.kind === 'error') {
    return `the read of ${answer.uri} failed: ${String(answer.code)} ${answer.message}`;
  }
  if (answer.kind === 'not-json') {
    return answer.text === ''
      ? `the read of ${answer.uri} returned no text content`
      : `the read of ${answer.uri} returned text that is not JSON: ${JSON.stringify(excerpt(answer.text, 60))}`;
  }
  return `the read of ${answer.uri} returned ${Array.isArray(answer.value) ? 'an array' : typeof answer.value}, not a JSON object`;
}

/** The JSON object a read returned, or `undefined`. */
export function objectOf(answer: ReadAnswer): JsonObject | undefined {
  return answer.kind === 'json' && isRecord(answer.value) ? answer.value : undefined;
}

/** True for an entry that is a full description: an object with an `inputSchema` object. */
export function isFullEntry(entry: unknown): entry is JsonObject {
  return isRecord(entry) && isRecord(entry.inputSchema);
}

/**
 * The wire error a value carries: `{"error": {"code": ...}}` (the spec's envelope) or a bare
 * `{"code": ...}` object.
 */
export function wireErrorIn(value: unknown): JsonObject | undefined {
  if (!isRecord(value)) return undefined;
  if (isRecord(value.error) && typeof value.error.code === 'string') return value.error;
  return typeof value.code === 'string' ? value : undefined;
}

/**
 * The wire error with `code` that a read returned: in the content (the spec's JSON), in a
 * JSON-RPC error's `data`, or named in a JSON-RPC error's message (then only `code` is known).
 */
export function readErrorWithCode(answer: ReadAnswer, code: string): JsonObject | undefined {
  if (answer.kind === 'json') {
    const error = wireErrorIn(answer.value);
    return error?.code === code ? error : undefined;
  }
  if (answer.kind === 'error') {
    const error = wireErrorIn(answer.data);
    if (error?.code === code) return error;
    return answer.message.includes(code) ? { code } : undefined;
  }
  return undefined;
}
