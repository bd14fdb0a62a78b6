/**
 * Stage 1: the minimal form of a tool that `tools/list` returns.
 *
 * @see progressive-disclosure §3.1
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';

/**
 * How stage 1 simplifies input schemas.
 *
 * - `type-only` (default): `{"type": "object"}`. JSON Schema reads it as the spec's open form
 *   (additional properties are allowed unless forbidden), in 5 fewer tokens per tool; MCP
 *   requires an `inputSchema` of type `object`, so it is the smallest schema a client accepts.
 * - `explicit`: `{"type": "object", "additionalProperties": true}`, the spec's literal form (§3.1).
 *
 * Neither names parameters: selection needs the tool's purpose, which the description gives;
 * the parameters come with the full description a session must read before calling anyway.
 * Either way a client that validates arguments against the listed schema accepts every call;
 * the server still validates each call against the tool's complete schema.
 */
export type MinimalSchemaStyle = 'explicit' | 'type-only';

/** The stage-1 input schema of every tool in the given style. */
export function minimalInputSchema(style: MinimalSchemaStyle): Tool['inputSchema'] {
  return style === 'explicit' ? { type: 'object', additionalProperties: true } : { type: 'object' };
}

/**
 * The stage-1 form of `tool`: its `summary` as description and a simplified input schema.
 *
 * What stays besides `name`: `_meta` (clients act on it, e.g. to render a tool's UI) and
 * `execution` unless it says the default `taskSupport: "forbidden"` (a client must know that a
 * tool needs a task). The output schema moves to stage 2 (a detailed schema, §3.1). The client
 * hints `title`, `annotations` and `icons` are dropped unless `keepClientHints`: without them a
 * client assumes the cautious defaults of MCP (not read-only, possibly destructive), so dropping
 * them costs prompts, never safety. An empty summary leaves the description out.
 */
export function toMinimalTool(
  tool: Tool,
  summary: string,
  style: MinimalSchemaStyle,
  keepClientHints = false,
): Tool {
  const { name, title, annotations, icons, execution, _meta } = tool;
  const needsExecution =
    execution !== undefined &&
    execution.taskSupport !== undefined &&
    execution.taskSupport !== 'forbidden';
  return {
    name,
    ...(keepClientHints && title !== undefined ? { title } : {}),
    ...(summary === '' ? {} : { description: summary }),
    inputSchema: minimalInputSchema(style),
    ...(keepClientHints && annotations !== undefined ? { annotations } : {}),
    ...(keepClientHints && icons !== undefined ? { icons } : {}),
    ...(needsExecution ? { execution } : {}),
    ...(_meta === undefined ? {} : { _meta }),
  };
}
