/**
 * The texts that teach a model the two-stage workflow: the resource description (§4.2) and the
 * recommended system prompt guidance for agents (§8).
 *
 * @module
 */

import { formatToolDescriptionsUri, TOOL_DESCRIPTIONS_URI } from './resource-uri.js';

/** Options of {@link systemPromptGuidance}. */
export interface GuidanceOptions {
  /**
   * Real tool names to show in the example URIs (the first two are used); the placeholders
   * `TOOL_NAME`, `first_tool` and `second_tool` otherwise.
   */
  exampleTools?: readonly string[];
}

function exampleUris(exampleTools: readonly string[] | undefined): { one: string; two: string } {
  const [first, second] = exampleTools ?? [];
  return {
    one: formatToolDescriptionsUri([first ?? 'TOOL_NAME']),
    two: formatToolDescriptionsUri(
      first !== undefined && second !== undefined ? [first, second] : ['first_tool', 'second_tool'],
    ),
  };
}

/**
 * The description of the `tool_descriptions` resource: sequential steps that tie `tools/list`
 * (selection) to this resource (parameters), the `?tools=` syntax with concrete URIs, that a
 * read authorizes the tool for the session, and what happens otherwise.
 *
 * @see progressive-disclosure §4.2
 */
export function resourceDescription(exampleTools?: readonly string[]): string {
  const { one, two } = exampleUris(exampleTools);
  return [
    'Full descriptions of the tools in tools/list, required before calling them.',
    'Step 1: choose a tool by its short description in tools/list.',
    `Step 2: read this resource with the chosen names to learn their parameters, examples and errors: ${one} (several at once, comma-separated: ${two}; names exactly as in tools/list).`,
    'Step 3: call the tool with what you learned.',
    'Reading a description authorizes that tool for this session; calling a tool whose description was not read fails with TOOL_DESCRIPTION_REQUIRED.',
    `Always name the tools: reading ${TOOL_DESCRIPTIONS_URI} without ?tools= returns MISSING_TOOL_SELECTION.`,
  ].join(' ');
}

/**
 * The recommended system prompt guidance for agents that use a progressive-disclosure server:
 * the two-stage workflow, that short descriptions suffice to choose, never to read without
 * `?tools=`, and example syntax. Put it in the agent's system prompt; a server may also send it
 * as its `instructions`.
 *
 * @see progressive-disclosure §8
 */
export function systemPromptGuidance(options: GuidanceOptions = {}): string {
  const { one, two } = exampleUris(options.exampleTools);
  return [
    'Tools on this server are described in two stages.',
    '1. Choose: tools/list gives each tool a short description. It is enough to decide which tool fits the task; do not read full descriptions to browse.',
    `2. Learn: before the first call of a tool, read the resource ${one} to get its parameters, examples and error guidance. Read several tools in one request: ${two}, with the names exactly as tools/list shows them. Reading authorizes those tools for this session.`,
    '3. Call: call the tool with the parameters you learned. A call made before its description was read fails with TOOL_DESCRIPTION_REQUIRED and names the resource to read; read it, then call again.',
    `Never read ${TOOL_DESCRIPTIONS_URI} without ?tools=: it only returns the error MISSING_TOOL_SELECTION.`,
  ].join('\n');
}
