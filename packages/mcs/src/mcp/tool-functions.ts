/**
 * MCP tools as MCS functions: the tool list is the driver's spec (mcs §8).
 *
 * @module
 */

import type { Upstream } from '@x/core/upstreams';
import { FUNCTION_NAME_PATTERN, type FunctionDefinition } from '../function-definition.js';

/** One tool as `tools/list` returns it. */
export type McpTool = Awaited<ReturnType<Upstream['listTools']>>[number];

/** A tool the driver cannot expose, and why. */
export interface SkippedTool {
  /** The tool's name as the server gave it. */
  name: string;
  /** Why it is not a function. */
  reason: string;
}

/** The functions made from a tool list, and the tools left out. */
export interface ToolFunctions {
  /** One function per usable tool, in the server's order. */
  functions: FunctionDefinition[];
  /** The tools left out, in the server's order. */
  skipped: SkippedTool[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Turns a tool list into function definitions.
 *
 * A tool's `inputSchema` is its parameters schema, read as JSON Schema 2020-12 unless it names
 * its own `$schema` (the MCP default). A tool whose name breaks {@link FUNCTION_NAME_PATTERN},
 * repeats an earlier name, or has no object `inputSchema` is skipped, not fatal: the others
 * stay usable.
 */
export function toolsToFunctions(tools: readonly McpTool[]): ToolFunctions {
  const functions: FunctionDefinition[] = [];
  const skipped: SkippedTool[] = [];
  const seen = new Set<string>();
  for (const tool of tools) {
    if (!FUNCTION_NAME_PATTERN.test(tool.name)) {
      skipped.push({
        name: tool.name,
        reason: 'the name is not 1-128 characters of A-Za-z0-9_.:/-',
      });
      continue;
    }
    if (seen.has(tool.name)) {
      skipped.push({ name: tool.name, reason: 'the name is listed twice' });
      continue;
    }
    if (!isObject(tool.inputSchema)) {
      skipped.push({ name: tool.name, reason: 'the inputSchema is not an object' });
      continue;
    }
    seen.add(tool.name);
    const description = tool.description ?? tool.title;
    functions.push({
      name: tool.name,
      ...(description === undefined ? {} : { description }),
      parameters: tool.inputSchema,
      dialect: '2020-12',
    });
  }
  return { functions, skipped };
}

/**
 * The `mcp` description format: `{"tools": [...]}` as `tools/list` returns it, keeping for each
 * usable tool its `name`, `title`, `description`, `inputSchema`, `outputSchema` and
 * `annotations` (protocol metadata such as `_meta`, `icons` and `execution` is left out).
 * Pretty-printed, in the server's order.
 *
 * @see mcs §8
 */
export function renderToolList(
  tools: readonly McpTool[],
  functions: readonly FunctionDefinition[],
): string {
  const usable = new Set(functions.map((definition) => definition.name));
  const listed = tools
    .filter(
      (tool, index) =>
        usable.has(tool.name) && tools.findIndex((other) => other.name === tool.name) === index,
    )
    .map((tool) => ({
      name: tool.name,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      ...(tool.description === undefined ? {} : { description: tool.description }),
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
      ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    }));
  return JSON.stringify({ tools: listed }, null, 2);
}
