/**
 * An `McpServer` with raw `tools/list` and `tools/call` handlers, and the
 * result shapes both modes return.
 *
 * @module
 */

import { createRequire } from 'node:module';
import type {
  CallToolResult,
  Implementation,
  ListToolsResult,
  ServerContext,
} from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/server';
import { toErrorPayload } from '../error-payload/error-payload.js';
import { type GatewayErrorCode, toGatewayError } from '../errors.js';

const packageJson = createRequire(import.meta.url)('../../package.json') as { version: string };

/**
 * The `serverInfo` both modes announce unless told otherwise.
 *
 * @see gateway-surface §4
 */
export const DEFAULT_SERVER_INFO: Implementation = {
  name: 'x-gateway',
  version: packageJson.version,
};

/** What a raw tool server answers. */
export interface RawToolServerHandlers {
  /** The server's name and version. */
  serverInfo: Implementation;
  /** The `instructions` of the `initialize` answer, if any. */
  instructions?: string;
  /** Whether the tool list can change (the proxy follows upstream changes). */
  listChanged: boolean;
  /** Answers `tools/list` for a cursor (`extra`: the request's context). */
  listTools(cursor: string | undefined, extra: ServerContext): ListToolsResult;
  /** Answers `tools/call`. */
  callTool(
    name: string,
    args: Record<string, unknown> | undefined,
    extra: ServerContext,
  ): Promise<CallToolResult>;
}

/**
 * Builds an `McpServer` whose tools are served by raw handlers, so the JSON
 * Schemas go out exactly as written (`registerTool` would want zod shapes)
 * and every argument error takes the §3.4 shape instead of the SDK's.
 */
export function createRawToolServer(handlers: RawToolServerHandlers): McpServer {
  const server = new McpServer(
    handlers.serverInfo,
    handlers.instructions === undefined ? {} : { instructions: handlers.instructions },
  );
  server.server.registerCapabilities({ tools: { listChanged: handlers.listChanged } });
  server.server.setRequestHandler('tools/list', (request, ctx) =>
    handlers.listTools(request.params?.cursor, ctx),
  );
  server.server.setRequestHandler('tools/call', (request, ctx) =>
    handlers.callTool(request.params.name, request.params.arguments, ctx),
  );
  return server;
}

/**
 * A tool result carrying a JSON value as text and as `structuredContent`.
 *
 * @see gateway-surface §3.4, §4.2
 */
export function jsonResult(value: object, isError = false): CallToolResult {
  return renderedResult(JSON.stringify(value), value, isError);
}

/**
 * A tool result whose text is a rendering made for a model (cards, a view) and whose
 * `structuredContent` is the value it renders.
 *
 * @see gateway-surface §2.3, §3.1
 */
export function renderedResult(text: string, value: object, isError = false): CallToolResult {
  return {
    content: [{ type: 'text', text }],
    structuredContent: value as Record<string, unknown>,
    ...(isError ? { isError: true } : {}),
  };
}

/**
 * The tool result of a failure: the §3.4 payload (redacted), `isError: true`.
 *
 * @see gateway-surface §3.4
 */
export function errorResult(error: unknown, fallbackCode?: GatewayErrorCode): CallToolResult {
  const gatewayError = toGatewayError(error, fallbackCode === undefined ? {} : { fallbackCode });
  return jsonResult(toErrorPayload(gatewayError), true);
}
