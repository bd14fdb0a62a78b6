/**
 * The answer to a write that ran and returned more than the size limit: a success that keeps the
 * response back, since the change happened and a "failed" answer would invite a second one.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { approximate, suggestSizeLimit } from './gate.js';

/** What a withheld write answer says. */
export interface WithheldWriteDetails {
  /** The function as the caller named it (`orders.create`). */
  function: string;
  /** The response's size in characters. */
  size: number;
  /** The limit it broke. */
  limit: number;
  /** The count or summary of the result. */
  summary: string;
  /** Whether calling again with the same kwargs repeats no change (a read, or an idempotency key). */
  retrySafe: boolean;
}

/**
 * A success answer (`isError` unset, `structuredContent.code` `WITHHELD`, `executed: true`) that
 * says the write ran, gives the count or summary, and either the `sizelimit` that reads the
 * response on a safe retry or, when a retry would repeat the change, a warning not to retry.
 *
 * @see cash-rfc §7.2 (the full response is never returned above the limit)
 */
export function withheldWriteResult(details: WithheldWriteDetails): CallToolResult {
  const suggested = suggestSizeLimit(details.size);
  const next = details.retrySafe
    ? `- To read the response, call again with the same kwargs and \`sizelimit=${suggested}\`: the call is safe to repeat and changes nothing more.`
    : '- Do not call it again to read the response: that would repeat the change. Look at what changed with a read function.';
  const text = [
    `**Done; response withheld:** \`${details.function}\` ran and its change is kept. Its response exceeds the size limit (${details.summary}, ~${approximate(details.size)} characters; limit ${details.limit.toLocaleString('en-US')}).`,
    '',
    next,
  ].join('\n');
  return {
    content: [{ type: 'text', text }],
    structuredContent: {
      code: 'WITHHELD',
      executed: true,
      message: `The call ran; its response exceeds the size limit (${details.summary}).`,
      size: details.size,
      limit: details.limit,
      summary: details.summary,
      ...(details.retrySafe ? { suggested_sizelimit: suggested } : {}),
    },
  };
}
