/**
 * Tool results on the wire: text, JSON, and errors with their machine-readable code.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { CashError, type CashWireErrorCode } from './errors.js';

/** A result holding one text block. */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/**
 * An error result: `isError: true`, one markdown line for the model, and the code (with the
 * error's data) in `structuredContent` for programs.
 *
 * @see cash-rfc §4.4 and the CaSH part of ARCHITECTURE.md
 */
export function errorResult(error: CashError): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `**Error:** ${error.message}` }],
    structuredContent: { code: error.code, message: error.message, ...error.data },
  };
}

/** Shorthand for a wire {@link CashError}. */
export function wireError(
  code: CashWireErrorCode,
  message: string,
  data?: Record<string, unknown>,
): CashError {
  return new CashError(data === undefined ? { code, message } : { code, message, data });
}

/** The wire code of an error result, when it carries one. */
export function resultCode(result: CallToolResult): string | undefined {
  const code = (result.structuredContent as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The first line of an error's message, cut to 300 characters: what a model may see of it. */
export function errorLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n', 1)[0]?.trim() ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}...` : line || 'unknown error';
}

/**
 * The text of a value returned by a handler: a string as it is, `undefined` as empty text,
 * anything else as compact JSON.
 *
 * @throws CashError `FUNCTION_FAILED` when the value has no JSON form (a cycle, a bigint).
 */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw wireError('FUNCTION_FAILED', `the result cannot be serialized: ${errorLine(error)}`);
  }
  return text ?? '';
}

/** Formats a call as a model would write it: `help(namespace="orders", function="create")`. */
export function formatInvocation(tool: string, args: Record<string, string | undefined>): string {
  const parts = Object.entries(args)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return `${tool}(${parts.join(', ')})`;
}
