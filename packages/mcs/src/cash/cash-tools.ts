/**
 * The three tools of a CaSH server as the CaSH driver sees them.
 *
 * @module
 */

import { McsError } from '../errors.js';
import type { McpTool, McpToolResult } from '../mcp/index.js';

/**
 * The names of the CaSH primitives (cash-rfc §4): `call` runs a function, `help` discovers,
 * `skill` returns task instructions. A server must register all three; the driver needs
 * `call` and `help` and uses `skill` when it is there.
 *
 * @see cash-rfc §4
 */
export const CASH_TOOL_NAMES = ['call', 'help', 'skill'] as const;

/** One of {@link CASH_TOOL_NAMES}. */
export type CashToolName = (typeof CASH_TOOL_NAMES)[number];

/** The primitives the driver cannot work without. */
const REQUIRED_TOOLS: readonly CashToolName[] = ['call', 'help'];

/**
 * Checks that a tool list (already narrowed to the CaSH names) holds `call` and `help`.
 *
 * @throws McsError `CONFIG_INVALID` naming the missing tools: the server is not a CaSH server.
 */
export function requireCashTools(tools: readonly McpTool[], serverName: string): void {
  const names = new Set(tools.map((tool) => tool.name));
  const missing = REQUIRED_TOOLS.filter((name) => !names.has(name));
  if (missing.length > 0) {
    throw new McsError({
      code: 'CONFIG_INVALID',
      message: `${serverName} is not a CaSH server: it has no ${missing.join(' or ')} tool (cash-rfc §4 wants call, help and skill)`,
      data: { missing },
    });
  }
}

/**
 * The `include` list of the upstream entry: the CaSH names, narrowed by the caller's own
 * `include` when it has one. Other tools a server registers (cash-rfc §4 discourages them)
 * are not part of the spec.
 */
export function cashInclude(include: readonly string[] | undefined): string[] {
  return CASH_TOOL_NAMES.filter((name) => include === undefined || include.includes(name));
}

/** The text blocks of a tool result, joined by blank lines. */
export function resultText(result: McpToolResult): string {
  return result.content
    .filter((block) => block.type === 'text')
    .map((block) => (block as { text: string }).text)
    .join('\n\n');
}
