/**
 * The meta-tools both modes expose: names, descriptions, input schemas and
 * the checks of their arguments.
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { MAX_TOP_K } from '../browse/router.js';
import { GatewayError } from '../errors.js';

/**
 * The names of the meta-tools: the gateway exposes `tool_browse`,
 * `tool_execute` and `tool_view`; the proxy `tool_hydrate` and `tool_execute`.
 *
 * @see gateway-surface §4.1, §4.2
 */
export const META_TOOL_NAMES = {
  /** Find tools by query or path (gateway). */
  browse: 'tool_browse',
  /** Run a tool (both modes). */
  execute: 'tool_execute',
  /** Look into an artifact (gateway). */
  view: 'tool_view',
  /** Get a tool's schema (proxy). */
  hydrate: 'tool_hydrate',
} as const;

/**
 * The `tools/list` entry of `tool_browse`.
 *
 * @see gateway-surface §3.1, §4.2
 */
export const TOOL_BROWSE: Tool = {
  name: META_TOOL_NAMES.browse,
  description:
    'Find tools on all connected servers. Give query (the task in plain words; returns the best cards) or path ("/" lists namespaces, then "/<namespace>/..." from card ids), not both. Run a card with tool_execute.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string' },
      path: { type: 'string' },
      top_k: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_TOP_K,
        description: 'Cards per query (default 10)',
      },
    },
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
};

/**
 * The `tools/list` entry of `tool_execute`.
 *
 * @see gateway-surface §4.1, §4.2
 */
export const TOOL_EXECUTE: Tool = {
  name: META_TOOL_NAMES.execute,
  description:
    "Run a tool: tool_id from a card, args checked against the tool's schema (ARGS_INVALID shows it). Large results come back summarized with artifact handles for tool_view.",
  inputSchema: {
    type: 'object',
    properties: {
      tool_id: { type: 'string' },
      args: { type: 'object' },
    },
    required: ['tool_id'],
    additionalProperties: false,
  },
};

/**
 * The `tools/list` entry of `tool_view`.
 *
 * @see gateway-surface §4.2
 */
export const TOOL_VIEW: Tool = {
  name: META_TOOL_NAMES.view,
  description:
    'Read an artifact handle from tool_execute. selector: head[:N], lines:A-B, json_keys[:$.path], rows:A-B[:$.path], a JSON path ($.items[0].name) or grep:RE2.',
  inputSchema: {
    type: 'object',
    properties: {
      handle: { type: 'string' },
      selector: { type: 'string' },
    },
    required: ['handle', 'selector'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
};

/**
 * The `tools/list` entry of `tool_hydrate` (proxy mode).
 *
 * @see gateway-surface §4.1, §4.3
 */
export const TOOL_HYDRATE: Tool = {
  name: META_TOOL_NAMES.hydrate,
  description:
    "Get the full description and input schema of a listed tool before running it with tool_execute. tool_id is the tool's canonical id or its name in this list.",
  inputSchema: {
    type: 'object',
    properties: {
      tool_id: { type: 'string', description: "The tool's canonical id or listed name." },
    },
    required: ['tool_id'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

/**
 * The arguments of `tool_browse`: exactly one of `query` and `path`.
 *
 * @see gateway-surface §3.1
 */
export const ToolBrowseArgumentsSchema = z
  .strictObject({
    /** What the caller wants to do. */
    query: z.string().optional(),
    /** A ChoiceGraph path. */
    path: z.string().optional(),
    /** Cards per query. */
    top_k: z.number().optional(),
  })
  .refine((value) => (value.query === undefined) !== (value.path === undefined), {
    message: 'give exactly one of query and path',
  });

/**
 * The arguments of `tool_execute`.
 *
 * @see gateway-surface §4.2
 */
export const ToolExecuteArgumentsSchema = z.strictObject({
  /** The tool's canonical id (or, in proxy mode, its listed name). */
  tool_id: z.string(),
  /** The tool's arguments, checked against its schema. */
  args: z.unknown().optional(),
});

/**
 * The arguments of `tool_view`.
 *
 * @see gateway-surface §4.2
 */
export const ToolViewArgumentsSchema = z.strictObject({
  /** An artifact handle of this session. */
  handle: z.string(),
  /** What to show. */
  selector: z.string(),
});

/**
 * The arguments of `tool_hydrate`.
 *
 * @see gateway-surface §4.1
 */
export const ToolHydrateArgumentsSchema = z.strictObject({
  /** The tool's canonical id or listed name. */
  tool_id: z.string(),
});

/**
 * Checks a meta-tool's arguments; a mismatch throws {@link GatewayError}
 * `ARGS_INVALID` naming the first problem and the field.
 *
 * @see gateway-surface §3.4
 */
export function parseMetaArguments<Schema extends z.ZodType>(
  tool: string,
  schema: Schema,
  args: unknown,
): z.infer<Schema> {
  const result = schema.safeParse(args ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const unknownKeys = issue?.code === 'unrecognized_keys' ? issue.keys.join(', ') : undefined;
  const field = issue?.path.join('.') ?? '';
  const problem =
    unknownKeys === undefined
      ? `${field === '' ? '' : `${field}: `}${issue?.message ?? 'invalid'}`
      : `unknown argument(s) ${unknownKeys}`;
  throw new GatewayError({
    code: 'ARGS_INVALID',
    message: `${tool}: ${problem}`,
    data: { tool, field },
  });
}
