/** Readers of CaSH tool results. */

import type { CallToolResult } from '@modelcontextprotocol/server';

/** The joined text blocks of a result. */
export function text(result: CallToolResult): string {
  return result.content
    .filter((block) => block.type === 'text')
    .map((block) => (block as { text: string }).text)
    .join('\n');
}

/** The wire code of an error result. */
export function code(result: CallToolResult): unknown {
  return (result.structuredContent as { code?: unknown } | undefined)?.code;
}

/** The parsed JSON text of a result. */
export function json(result: CallToolResult): Record<string, unknown> {
  return JSON.parse(text(result)) as Record<string, unknown>;
}
