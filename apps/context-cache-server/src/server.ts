/**
 * The MCP server of `x-context-cache`: `context.resolve`, `context.list_caches` and
 * `context.inspect_cache` over one cache root.
 *
 * @module
 */

import { createRequire } from 'node:module';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import {
  type Answer,
  type AnswerOptions,
  answerInspectCache,
  answerListCaches,
  answerResolve,
} from './answers.js';
import { DEFAULT_STRATEGY, STRATEGY_NAMES } from './strategies.js';
import { contextTools, INSPECT_CACHE_TOOL, LIST_CACHES_TOOL, RESOLVE_TOOL } from './tools.js';

/** The name the server reports in `initialize`. */
export const SERVER_NAME = 'x-context-cache';

/** The version the server reports: this app's package version. */
export const SERVER_VERSION: string = (
  createRequire(import.meta.url)('../package.json') as { version: string }
).version;

const INSTRUCTIONS =
  'Context caches are read-only bundles of documents. Call context.list_caches to see them, ' +
  'then context.resolve with a cache, a query and a token budget to get the documents that ' +
  'matter, whole, in a stable order.';

/** The longest tool name echoed back in an unknown-tool error. */
const ECHOED_NAME_LENGTH = 100;

/**
 * The tool result for an answer: one text item holding the exact bytes of the CLI. An error is
 * the same kind of result with `isError: true` and the `error_schema.md` object as its text, so
 * the model sees the typed error and the text stays byte-identical to the CLI's. No
 * `structuredContent`: the spec returns exactly the serialized object, and a second copy
 * could only drift from it.
 */
export function toToolResult(answer: Answer): CallToolResult {
  return {
    content: [{ type: 'text', text: answer.text }],
    ...(answer.isError ? { isError: true } : {}),
  };
}

/**
 * Creates one MCP server over `options.cacheRoot` (one per session; what sessions share, the
 * store of verified caches and the strategies, comes in `options`).
 * Uses the SDK's low-level handlers rather than `registerTool`, so the input schemas are the
 * spec's JSON Schemas and invalid arguments get the spec's error objects, not SDK messages.
 * An unknown tool name is a protocol error (JSON-RPC -32602), as MCP specifies; `arguments`
 * that is not an object is refused by the SDK with -32602 before any tool runs.
 */
export function createContextCacheServer(options: AnswerOptions): McpServer {
  // Capabilities are registered on the low-level server: declaring them in McpServer's options
  // would install its own tool handlers, which these replace.
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    { instructions: INSTRUCTIONS },
  );
  server.server.registerCapabilities({ tools: {} });
  const tools = contextTools(STRATEGY_NAMES, options.defaultStrategy ?? DEFAULT_STRATEGY);
  server.server.setRequestHandler('tools/list', () => ({ tools: [...tools] }));
  server.server.setRequestHandler('tools/call', async (request) => {
    const args = request.params.arguments ?? {};
    switch (request.params.name) {
      case RESOLVE_TOOL:
        return toToolResult(await answerResolve(args, options));
      case LIST_CACHES_TOOL:
        return toToolResult(await answerListCaches(options));
      case INSPECT_CACHE_TOOL:
        return toToolResult(await answerInspectCache(args, options));
      default:
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Unknown tool ${JSON.stringify(request.params.name.slice(0, ECHOED_NAME_LENGTH))}`,
        );
    }
  });
  return server;
}
