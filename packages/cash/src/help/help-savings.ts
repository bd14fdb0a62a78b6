/**
 * What a `help` listing saves a caller, for the `mcp_tokens_*` metrics (`kind: help`): the
 * tokens of the listed functions' full definitions, as a `tools/list` would carry them, against
 * the listing it read.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { recordTextSavings } from '@x/core/telemetry';
import type { NamespaceView } from '../resolve.js';

/**
 * Records one listing of `view` answered with `result`, when the view has functions of its own
 * (only while metrics are recorded).
 */
export function recordHelpSavings(view: NamespaceView, result: CallToolResult): void {
  if (view.functions.size === 0) return;
  recordTextSavings(
    'help',
    () =>
      JSON.stringify({
        tools: [...view.functions.values()].map((entry) => ({
          name: entry.label,
          description: entry.description,
          inputSchema: entry.inputSchema,
        })),
      }),
    () => result.content.map((block) => (block.type === 'text' ? block.text : '')).join(''),
  );
}
