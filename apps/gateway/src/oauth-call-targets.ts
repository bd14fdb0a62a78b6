/**
 * What a gateway tool call reaches, for the OAuth tool scopes (`toolScopes` of `--oauth`): a
 * `tool_execute` runs the tool its `tool_id` names, so a scope that guards that tool also guards
 * the `tool_execute` that targets it.
 *
 * @module
 */

import { parseToolId } from '@x/gateway';

/**
 * The names a `tools/call` of `name` reaches besides `name`: for `tool_execute`, its `tool_id`
 * as given and, when that is a canonical tool id (gateway-surface §1.1), the upstream tool's own
 * name; nothing for any other tool.
 */
export function gatewayCallTargets(name: string, args: unknown): string[] {
  if (name !== 'tool_execute' || typeof args !== 'object' || args === null) return [];
  const toolId = (args as { tool_id?: unknown }).tool_id;
  if (typeof toolId !== 'string') return [];
  try {
    return [toolId, parseToolId(toolId).name];
  } catch {
    // A listed name (proxy mode) or a malformed id: matched as given; the call itself reports it.
    return [toolId];
  }
}
