/**
 * Which protocol era an HTTP request belongs to, decided by the SDK's own classifier so that our
 * routing never disagrees with `createMcpHandler`.
 *
 * A request carrying the 2026-07-28 per-request `_meta` envelope (or its `MCP-Protocol-Version`
 * header) is modern; `initialize`, envelope-less requests, posted responses and batches are
 * 2025-era traffic (MCP 2026-07-28, Basic › Transports › Streamable HTTP). Malformed modern
 * claims are classified modern, so the modern path answers them with its own errors (`-32020`
 * for a header mismatch, `-32022` for an unsupported version).
 *
 * @module
 */

import type { IncomingHttpHeaders } from 'node:http';
import { classifyInboundRequest } from '@modelcontextprotocol/server';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Whether a POST with this parsed body is 2025-era traffic. */
export function isLegacyPost(headers: IncomingHttpHeaders, body: unknown): boolean {
  const protocolVersionHeader = header(headers, 'mcp-protocol-version');
  const mcpMethodHeader = header(headers, 'mcp-method');
  const mcpNameHeader = header(headers, 'mcp-name');
  const outcome = classifyInboundRequest({
    httpMethod: 'POST',
    body,
    ...(protocolVersionHeader === undefined ? {} : { protocolVersionHeader }),
    ...(mcpMethodHeader === undefined ? {} : { mcpMethodHeader }),
    ...(mcpNameHeader === undefined ? {} : { mcpNameHeader }),
  });
  return outcome.kind === 'legacy';
}
