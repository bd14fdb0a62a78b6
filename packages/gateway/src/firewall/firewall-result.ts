/**
 * The `tools/call` result of a firewalled answer (`tool_execute`, `resource_read`, `prompt_get`).
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import type { FirewallOutcome } from './firewall.js';
import type { ResultEnvelope } from './result-envelope.js';

/**
 * Builds the result a client receives for one firewall outcome; `structuredContent` is always
 * the envelope, and `isError` is set when its status is `error`.
 *
 * - Inline (`provenance.firewall: "inline"`): `content` is the upstream's own blocks, untouched,
 *   so a model reads a small result exactly as the upstream wrote it. Repeating it inside the
 *   envelope's JSON text would escape every quote and line break (more tokens for the same
 *   text) and put the text on the wire a third time; the envelope's `summary` already holds it
 *   for clients that read `structuredContent`.
 * - Stored (`"artifact"`): `content` is the envelope as JSON text (the handles and views a model
 *   needs to drill in), followed by the result's resource links.
 *
 * `envelope` is the outcome's envelope, possibly with provenance added by the dispatch controls.
 *
 * @see gateway-surface §4.2
 */
export function firewallResult(
  envelope: ResultEnvelope,
  inlineBlocks: FirewallOutcome['inlineBlocks'],
): CallToolResult {
  const content: CallToolResult['content'] =
    envelope.provenance.firewall === 'inline'
      ? inlineBlocks
      : [{ type: 'text', text: JSON.stringify(envelope) }, ...inlineBlocks];
  return {
    content,
    structuredContent: envelope as unknown as Record<string, unknown>,
    ...(envelope.status === 'error' ? { isError: true } : {}),
  };
}
