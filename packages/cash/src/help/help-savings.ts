/**
 * What a `help` listing saves a caller, for the `mcp_tokens_*` metrics (`kind: help`): the
 * tokens of the listed functions' full definitions, as a `tools/list` would carry them, against
 * the listing it read.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { isRecordingMetrics, recordTokenSavings } from '@x/core/telemetry';
import { countTokens } from '@x/core/tokens';
import type { NamespaceView } from '../resolve.js';

/** Texts remembered with their token counts; the same text is counted once. */
const MAX_REMEMBERED = 256;
const counted = new Map<string, number>();

function tokensOf(text: string): number {
  const known = counted.get(text);
  if (known !== undefined) return known;
  const tokens = countTokens(text);
  if (counted.size >= MAX_REMEMBERED) counted.clear();
  counted.set(text, tokens);
  return tokens;
}

/**
 * Records one listing of `view` answered with `result`, only while metrics are recorded (counting
 * is not free) and when the view has functions of its own.
 */
export function recordHelpSavings(view: NamespaceView, result: CallToolResult): void {
  if (!isRecordingMetrics() || view.functions.size === 0) return;
  const tools = [...view.functions.values()].map((entry) => ({
    name: entry.label,
    description: entry.description,
    inputSchema: entry.inputSchema,
  }));
  const served = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  recordTokenSavings('help', tokensOf(JSON.stringify({ tools })), tokensOf(served));
}
