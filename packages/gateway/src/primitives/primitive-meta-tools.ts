/**
 * The four primitive meta-tools: names, `tools/list` entries and argument
 * schemas (gateway-surface §9.4).
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { MAX_TOP_K } from '../browse/router.js';
import { ToolBrowseArgumentsSchema } from '../server/meta-tools.js';

/**
 * The names of the primitive meta-tools.
 *
 * @see gateway-surface §9.4
 */
export const PRIMITIVE_TOOL_NAMES = {
  /** Find resources by query or path. */
  resourceBrowse: 'resource_browse',
  /** Read a resource through the firewall. */
  resourceRead: 'resource_read',
  /** Find prompts by query or path. */
  promptBrowse: 'prompt_browse',
  /** Render a prompt through the firewall. */
  promptGet: 'prompt_get',
} as const;

function browseTool(name: string, noun: string, verb: string, idField: string): Tool {
  return {
    name,
    description: `Find ${noun}s among all connected servers. Give exactly one of: query (what you need; returns the best ${noun} cards) or path ("/" lists namespaces). Pass a card's id to ${verb} as ${idField}.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What you need, in plain words.' },
        path: { type: 'string', description: 'A browse path: "/", "/namespace".' },
        top_k: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_TOP_K,
          description: 'How many cards a query returns (default 10).',
        },
      },
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  };
}

/**
 * The `tools/list` entry of `resource_browse`.
 *
 * @see gateway-surface §9.4
 */
export const RESOURCE_BROWSE: Tool = browseTool(
  PRIMITIVE_TOOL_NAMES.resourceBrowse,
  'resource',
  'resource_read',
  'resource_id',
);

/**
 * The `tools/list` entry of `resource_read`.
 *
 * @see gateway-surface §9.4
 */
export const RESOURCE_READ: Tool = {
  name: PRIMITIVE_TOOL_NAMES.resourceRead,
  description:
    'Read a resource by the id of its card. Large contents come back as a summary with artifact handles for tool_view.',
  inputSchema: {
    type: 'object',
    properties: {
      resource_id: {
        type: 'string',
        description: 'The id from a resource card, e.g. "resource::docs:readme#1a2b3c4d".',
      },
    },
    required: ['resource_id'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
};

/**
 * The `tools/list` entry of `prompt_browse`.
 *
 * @see gateway-surface §9.4
 */
export const PROMPT_BROWSE: Tool = browseTool(
  PRIMITIVE_TOOL_NAMES.promptBrowse,
  'prompt',
  'prompt_get',
  'prompt_id',
);

/**
 * The `tools/list` entry of `prompt_get`.
 *
 * @see gateway-surface §9.4
 */
export const PROMPT_GET: Tool = {
  name: PRIMITIVE_TOOL_NAMES.promptGet,
  description:
    "Render a prompt by the id of its card with its arguments (strings). Arguments are checked against the prompt's argument list first; a mismatch returns ARGS_INVALID with the list.",
  inputSchema: {
    type: 'object',
    properties: {
      prompt_id: {
        type: 'string',
        description: 'The id from a prompt card, e.g. "prompt::gh:summarize#1a2b3c4d".',
      },
      args: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: "The prompt's arguments.",
      },
    },
    required: ['prompt_id'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
};

/**
 * The arguments of `resource_browse` and `prompt_browse`: exactly one of
 * `query` and `path`, and an optional `top_k`.
 *
 * @see gateway-surface §9.4
 */
export const PrimitiveBrowseArgumentsSchema = ToolBrowseArgumentsSchema;

/**
 * The arguments of `resource_read`.
 *
 * @see gateway-surface §9.4
 */
export const ResourceReadArgumentsSchema = z.strictObject({
  /** The id from a resource card. */
  resource_id: z.string(),
});

/**
 * The arguments of `prompt_get`; `args` is checked against the prompt later.
 *
 * @see gateway-surface §9.4
 */
export const PromptGetArgumentsSchema = z.strictObject({
  /** The id from a prompt card. */
  prompt_id: z.string(),
  /** The prompt's arguments. */
  args: z.unknown().optional(),
});
