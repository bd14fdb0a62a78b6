import type { CallToolResult } from '@modelcontextprotocol/server';
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { type SkillSource, SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import type { CashManifest } from './manifest/manifest-schema.js';
import { CASH_TOOL_NAMES, CASH_TOOLS } from './tools.js';

/** The URI of the server identity resource (cash-rfc §5.6). */
export const SERVER_RESOURCE_URI = 'cash://server';

/** What an MCP server of a CaSH server delegates to. */
export interface McpServerParts {
  /** `serverInfo`. */
  info: { name: string; version: string };
  /** `instructions` of `initialize`, if any. */
  instructions: string | undefined;
  /** Answers one of the three tools. */
  callTool(
    name: 'call' | 'help' | 'skill',
    args: unknown,
    signal: AbortSignal,
  ): Promise<CallToolResult>;
  /** The manifest for `cash://server`. */
  manifest(): CashManifest;
  /** The skills served through the Skills extension (SEP-2640). */
  skills: SkillSource;
}

/**
 * Builds an MCP server exposing exactly `call`, `help` and `skill`, and the `cash://server`
 * resource (the manifest as JSON, marked as an operator interface), and the same skills as
 * `skill()` through the Skills extension (`skills/list`, `skills/get`, `skill://` resources).
 * Tool handlers are installed on the low-level server so the input schemas go out exactly as
 * written in {@link CASH_TOOLS}.
 *
 * @see cash-rfc §4 (exactly three tools), §5.6; SEP-2640 (the Skills extension)
 */
export function createCashMcpServer(parts: McpServerParts): McpServer {
  const server = new McpServer(
    parts.info,
    parts.instructions === undefined ? {} : { instructions: parts.instructions },
  );
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler('tools/list', () => ({ tools: [...CASH_TOOLS] }));
  server.server.setRequestHandler('tools/call', (request, ctx) => {
    const name = request.params.name;
    if (!CASH_TOOL_NAMES.includes(name)) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool ${JSON.stringify(name.slice(0, 64))}: this server has call, help and skill`,
      );
    }
    return parts.callTool(
      name as 'call' | 'help' | 'skill',
      request.params.arguments,
      ctx.mcpReq.signal,
    );
  });
  server.registerResource(
    'cash-server',
    SERVER_RESOURCE_URI,
    {
      title: 'CaSH server manifest',
      description: "Operator/aggregator interface (not user data): this server's CaSH manifest.",
      mimeType: 'application/json',
      annotations: { audience: ['assistant'], priority: 0 },
    },
    (uri) => ({
      contents: [
        { uri: uri.href, mimeType: 'application/json', text: JSON.stringify(parts.manifest()) },
      ],
    }),
  );
  new SkillsExtension({ source: parts.skills }).attach(server);
  return server;
}
