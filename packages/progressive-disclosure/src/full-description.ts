/**
 * Stage 2: the full description of a tool, as the `tool_descriptions` resource returns it.
 *
 * @see progressive-disclosure §3.2, §4.4
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import type { ToolDescriptionOverride, ToolExample } from './description-override.js';

/**
 * One tool's entry in a read of the `tool_descriptions` resource (§4.4).
 *
 * `inputSchema` is the tool's complete schema as the server registered it. `outputSchema`, when
 * the tool has one, is here rather than in stage 1. `examples`, `usage_guidance` and
 * `error_guidance` appear when known (from an override), never as empty placeholders.
 */
export interface FullToolDescription {
  /** The tool name, exactly as in `tools/list`. */
  name: string;
  /** The full description (the override's, else the tool's own, else `''`). */
  description: string;
  /** The complete JSON Schema of the arguments. */
  inputSchema: Tool['inputSchema'];
  /** The JSON Schema of `structuredContent`, when the tool declares one. */
  outputSchema?: Tool['outputSchema'];
  /** Usage examples. */
  examples?: ToolExample[];
  /** Usage notes. */
  usage_guidance?: Record<string, unknown>;
  /** Error handling guidance. */
  error_guidance?: Record<string, unknown>;
}

/** Builds the §4.4 entry of `tool`, with `override` taking precedence where it says something. */
export function toFullDescription(
  tool: Tool,
  override: ToolDescriptionOverride | undefined,
): FullToolDescription {
  return {
    name: tool.name,
    description: override?.description ?? tool.description ?? '',
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    ...(override?.examples === undefined ? {} : { examples: override.examples }),
    ...(override?.usage_guidance === undefined ? {} : { usage_guidance: override.usage_guidance }),
    ...(override?.error_guidance === undefined ? {} : { error_guidance: override.error_guidance }),
  };
}
