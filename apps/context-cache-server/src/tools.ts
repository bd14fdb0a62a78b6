/**
 * The three tools of the MCP interface: names, descriptions and input schemas.
 *
 * The schemas are written as JSON Schema rather than derived from zod so that they say exactly
 * what the spec documents say (key for key), and so that validation stays in one place: the
 * library's checks, which answer with the spec's error codes instead of the SDK's text errors.
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import { MAX_BUDGET, MAX_QUERY_BYTES } from '@x/context-cache';

/** The tool that resolves context for a query within a budget. */
export const RESOLVE_TOOL = 'context.resolve';
/** The tool that lists the caches under the root. */
export const LIST_CACHES_TOOL = 'context.list_caches';
/** The tool that inspects one cache. */
export const INSPECT_CACHE_TOOL = 'context.inspect_cache';

/** One entry of `tools/list`. */
export interface ToolDefinition {
  /** The tool name (the dot is allowed by the MCP naming rule). */
  readonly name: string;
  /** A short display name. */
  readonly title: string;
  /** What the tool does, for a model. */
  readonly description: string;
  /** The JSON Schema of the arguments. */
  readonly inputSchema: Tool['inputSchema'];
  /** Hints: every tool only reads, gives the same answer twice, and touches nothing outside the root. */
  readonly annotations: Readonly<Record<string, boolean>>;
}

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

const CACHE_NAME_DESCRIPTION =
  'Name of a cache folder inside the server root, as context.list_caches reports it';

/**
 * The tools, in the order of `context-cache-mcp.md §Core Tools`. `context.resolve` takes the
 * spec's three required arguments plus the optional versioned parameter `strategy` (one of
 * `strategyNames`; `defaultStrategy` when absent). `context.list_caches` takes no argument
 * (the interface document wins over the `root` argument of `context.list_caches.md`).
 *
 * @see context.resolve.md §Input Schema; context.inspect_cache.md §Input Schema; context-cache-mcp.md
 */
export function contextTools(
  strategyNames: readonly string[],
  defaultStrategy: string,
): readonly ToolDefinition[] {
  return [
    {
      name: RESOLVE_TOOL,
      title: 'Resolve context',
      description:
        'Pick the documents of a built context cache that matter most for a query, whole and ' +
        'ranked, within a token budget. The same cache, query and budget always give the same ' +
        'bytes; every document says why it was chosen. Failures are {"error":{"code","message"}} ' +
        'with isError set.',
      inputSchema: {
        type: 'object',
        properties: {
          cache: { type: 'string', description: CACHE_NAME_DESCRIPTION },
          query: {
            type: 'string',
            description: `What the context is for, in natural language (at most ${MAX_QUERY_BYTES} UTF-8 bytes)`,
          },
          budget: {
            type: 'integer',
            minimum: 0,
            maximum: MAX_BUDGET,
            description: 'The most tokens the selected documents may use together',
          },
          strategy: {
            type: 'string',
            enum: [...strategyNames],
            description: `Ranking version (default ${defaultStrategy}): v0 is the specified term frequency with ceil(bytes/4) tokens; bm25 ranks title, headings and body with BM25 and counts cl100k_base tokens`,
          },
        },
        required: ['cache', 'query', 'budget'],
        additionalProperties: false,
      },
      annotations: READ_ONLY,
    },
    {
      name: LIST_CACHES_TOOL,
      title: 'List context caches',
      description:
        'List the cache folders under the server root, sorted by name, each with whether it ' +
        'has a manifest file. Nothing is parsed or validated.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      annotations: READ_ONLY,
    },
    {
      name: INSPECT_CACHE_TOOL,
      title: 'Inspect a context cache',
      description:
        'Report the version, document count and size of one cache, and whether its manifest ' +
        'is readable. Document content is never returned.',
      inputSchema: {
        type: 'object',
        properties: { cache: { type: 'string', description: CACHE_NAME_DESCRIPTION } },
        required: ['cache'],
        additionalProperties: false,
      },
      annotations: READ_ONLY,
    },
  ];
}
