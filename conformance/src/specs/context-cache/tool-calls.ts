/**
 * Calling the `context.*` tools over a raw session and reading their answers as sent.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { describeRawError, errorOf, excerpt, isRecord } from '../../session/json-rpc.js';
import type { RawSession } from '../../session/raw-session.js';

/** The tool that resolves context. */
export const RESOLVE_TOOL = 'context.resolve';
/** The tool that lists caches. */
export const LIST_CACHES_TOOL = 'context.list_caches';
/** The tool that inspects a cache. */
export const INSPECT_CACHE_TOOL = 'context.inspect_cache';
/** The three tools of the interface, in the order of its table. */
export const CONTEXT_TOOLS: readonly string[] = [
  RESOLVE_TOOL,
  LIST_CACHES_TOOL,
  INSPECT_CACHE_TOOL,
];

/** The six error codes of `error_schema.md`, with their canonical messages. */
export const CANONICAL_MESSAGES: Readonly<Record<string, string>> = {
  cache_missing: 'Cache does not exist',
  cache_invalid: 'Cache exists but is invalid',
  invalid_query: 'Query is invalid',
  invalid_budget: 'Budget is invalid',
  io_error: 'I/O error occurred',
  internal_error: 'Internal error',
};

/** What a `tools/call` got back. */
export type ToolReply =
  | {
      readonly kind: 'result';
      /** The result's `isError`. */
      readonly isError: boolean;
      /** The content items. */
      readonly content: readonly unknown[];
      /** The text of the only content item when it is the only one and a text item. */
      readonly text: string | undefined;
    }
  | { readonly kind: 'protocol-error'; readonly message: string };

/** Calls `name` with `args` on `session` (default: the shared raw session). */
export async function callTool(
  context: CheckContext,
  name: string,
  args: Readonly<Record<string, unknown>>,
  session?: RawSession,
): Promise<ToolReply> {
  const on = session ?? (await context.session());
  const response = await on.request('tools/call', { name, arguments: args });
  const error = errorOf(response);
  if (error !== undefined) return { kind: 'protocol-error', message: describeRawError(error) };
  const result = isRecord(response.result) ? response.result : {};
  const content = Array.isArray(result.content) ? result.content : [];
  const [first] = content;
  const text =
    content.length === 1 &&
    isRecord(first) &&
    first.type === 'text' &&
    typeof first.text === 'string'
      ? first.text
      : undefined;
  return { kind: 'result', isError: result.isError === true, content, text };
}

/** One line describing a reply for a failure message. */
export function describeReply(reply: ToolReply): string {
  if (reply.kind === 'protocol-error') return `a JSON-RPC error (${reply.message})`;
  const flag = reply.isError ? ' (isError)' : '';
  if (reply.text === undefined)
    return `${reply.content.length} content item(s) that are not one text${flag}`;
  return `${JSON.stringify(excerpt(reply.text, 120))}${flag}`;
}

/** Everything a reply carries, for comparing two replies: its whole text and flag, or its description. */
export function replyBytes(reply: ToolReply): string {
  return reply.kind === 'result' && reply.text !== undefined
    ? `${reply.isError ? 'error:' : ''}${reply.text}`
    : describeReply(reply);
}

/** `text` parsed as JSON, or `undefined` when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The parsed JSON object of a successful reply, or a problem saying why there is none. */
export function successObject(
  reply: ToolReply,
  what: string,
): { readonly value: Readonly<Record<string, unknown>>; readonly text: string } | string {
  if (reply.kind === 'protocol-error' || reply.isError || reply.text === undefined) {
    return `${what} answered ${describeReply(reply)}`;
  }
  const value = parseJson(reply.text);
  if (!isRecord(value))
    return `${what} answered text that is not a JSON object: ${describeReply(reply)}`;
  return { value, text: reply.text };
}

/** The `error.code` of a reply that is an error result holding an error object, if it is one. */
export function errorCode(reply: ToolReply): string | undefined {
  if (reply.kind !== 'result' || !reply.isError || reply.text === undefined) return undefined;
  const value = parseJson(reply.text);
  if (!isRecord(value) || !isRecord(value.error)) return undefined;
  return typeof value.error.code === 'string' ? value.error.code : undefined;
}

/** `undefined` when `reply` is the error `code`; otherwise what it was instead. */
export function errorProblem(reply: ToolReply, code: string, call: string): string | undefined {
  return errorCode(reply) === code
    ? undefined
    : `${call} answered ${describeReply(reply)}, not ${code}`;
}

/** `undefined` when `actual` starts with `expected` in order; otherwise one line saying how not. */
export function keyOrderProblem(
  value: Readonly<Record<string, unknown>>,
  expected: readonly string[],
  label: string,
): string | undefined {
  const actual = Object.keys(value);
  const prefix = actual.slice(0, expected.length);
  return prefix.length === expected.length && prefix.every((key, index) => key === expected[index])
    ? undefined
    : `${label} has keys ${actual.join(', ') || '(none)'}; expected ${expected.join(', ')} in that order`;
}

/** True for a non-negative integer. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
