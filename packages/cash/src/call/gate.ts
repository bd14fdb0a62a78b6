/**
 * Output size gating: measure a response, withhold it above the limit, and say how to get it.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { resultText } from '../forward.js';

/**
 * The size of a response in characters, as the model would read it: the text of text blocks,
 * the JSON of other blocks; `structuredContent` only when there is no content block (it
 * usually repeats the text).
 *
 * @see cash-rfc §7.2 (the gate threshold is measured in characters)
 */
export function responseSize(result: CallToolResult): number {
  let size = 0;
  for (const block of result.content) {
    size += block.type === 'text' ? block.text.length : JSON.stringify(block).length;
  }
  if (result.content.length === 0 && result.structuredContent !== undefined) {
    size += JSON.stringify(result.structuredContent).length;
  }
  return size;
}

/**
 * A size limit that lets a response of `size` characters through with a margin for variation
 * (10%, at least 100 characters), rounded up to two significant digits (`48,213` gives `54,000`).
 *
 * @see cash-rfc §7.2 item 3
 */
export function suggestSizeLimit(size: number): number {
  const target = size + Math.max(100, Math.ceil(size * 0.1));
  const step = 10 ** Math.max(0, String(target).length - 2);
  return Math.ceil(target / step) * step;
}

/** "About" a size, two significant digits with thousands separators (`~48,000`). */
export function approximate(size: number): string {
  const step = 10 ** Math.max(0, String(size).length - 2);
  return (Math.round(size / step) * step).toLocaleString('en-US');
}

function countValue(value: unknown): string | undefined {
  if (Array.isArray(value)) return `${value.length} items`;
  if (typeof value !== 'object' || value === null) return undefined;
  let best: [string, number] | undefined;
  for (const [key, item] of Object.entries(value)) {
    if (Array.isArray(item) && (best === undefined || item.length > best[1]))
      best = [key, item.length];
  }
  return best === undefined ? undefined : `${best[1]} ${best[0]}`;
}

/** How large a text may be for the count to parse it as JSON. */
const MAX_PARSED_CHARACTERS = 5_000_000;

/**
 * The count or summary of a gated result: the function's own `summarize`, else the length of
 * an array result (or of the largest array in an object result, named by its key), else the
 * number of lines of the text.
 *
 * @see cash-rfc §7.2 item 2
 */
export function summarizeResult(
  result: CallToolResult,
  value: unknown,
  summarize: ((value: unknown) => string | undefined) | undefined,
): string {
  if (summarize !== undefined) {
    try {
      const custom = summarize(value);
      if (typeof custom === 'string' && custom.trim() !== '')
        return custom.trim().split('\n')[0] ?? custom;
    } catch {
      // A failing summary falls back to the default count.
    }
  }
  const text = resultText(result);
  const direct = value === undefined ? undefined : countValue(value);
  if (direct !== undefined) return direct;
  if (text.length <= MAX_PARSED_CHARACTERS) {
    try {
      const parsed = countValue(JSON.parse(text));
      if (parsed !== undefined) return parsed;
    } catch {
      // Not JSON: count lines.
    }
  }
  const lines = text === '' ? 0 : text.split('\n').length;
  return `${lines} line${lines === 1 ? '' : 's'}`;
}

/** What a gated response says. */
export interface GateDetails {
  /** The response's size in characters. */
  size: number;
  /** The limit it broke. */
  limit: number;
  /** The count or summary of the result. */
  summary: string;
  /** How to narrow the query: a hint, or parameter names to filter by. */
  narrow: string | undefined;
  /** Optional parameters of the function, suggested as filters when no hint is given. */
  filters: readonly string[];
  /** Set for a write gated before it ran, by its dry-run estimate: says that nothing changed. */
  notRun?: string;
}

/**
 * The gated response: that it was gated, the count or summary, a size limit that lets it
 * through, and the directive to narrow the query or pass that `sizelimit`. `isError` is set
 * and `structuredContent.code` is `GATED`.
 *
 * @see cash-rfc §7.2
 */
export function gatedResult(details: GateDetails): CallToolResult {
  const suggested = suggestSizeLimit(details.size);
  const narrowLine =
    details.narrow !== undefined
      ? `- Narrow the query: ${details.narrow}`
      : details.filters.length > 0
        ? `- Add filters (e.g., ${details.filters.slice(0, 4).join(', ')}) to narrow results`
        : '- Narrow the query to return less';
  const text = [
    `**Gated:** Response exceeds size limit (${details.summary}, ~${approximate(details.size)} characters; limit ${details.limit.toLocaleString('en-US')}).`,
    '',
    'To retrieve, either:',
    narrowLine,
    `- Pass \`sizelimit=${suggested}\` to allow the full response through`,
    ...(details.notRun === undefined
      ? []
      : [
          '',
          `Nothing was changed: \`${details.notRun}\` did not run (its response was measured on a dry run).`,
        ]),
  ].join('\n');
  return {
    isError: true,
    content: [{ type: 'text', text }],
    structuredContent: {
      code: 'GATED',
      ...(details.notRun === undefined ? {} : { executed: false }),
      message: `Response exceeds size limit (${details.summary}).`,
      size: details.size,
      limit: details.limit,
      summary: details.summary,
      suggested_sizelimit: suggested,
    },
  };
}
