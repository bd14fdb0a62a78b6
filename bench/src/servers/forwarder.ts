import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Upstream } from '@x/core/upstreams';

/**
 * An `McpServer` whose `tools/call` handler passes the call, under the upstream's own tool name,
 * to the upstream that lists that tool (the first one, in the given order, when several do), with
 * the request's abort signal, and returns the upstream's result as it is: the same SDK layers as
 * the gateway's servers (a raw handler on `McpServer`), without the gateway. Lists every
 * upstream's tools once, here; an unknown tool name is a JSON-RPC `InvalidParams` error.
 */
export async function createForwardingServer(upstreams: readonly Upstream[]): Promise<McpServer> {
  const byTool = new Map<string, Upstream>();
  for (const upstream of upstreams) {
    for (const tool of await upstream.listTools()) {
      if (!byTool.has(tool.name)) byTool.set(tool.name, upstream);
    }
  }
  const server = new McpServer({ name: 'x-bench-forwarder', version: '0.1.0' });
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler('tools/call', (request, ctx) => {
    const { name, arguments: args } = request.params;
    const upstream = byTool.get(name);
    if (upstream === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `no upstream has a tool named ${name}`,
      );
    }
    return upstream.callTool(name, args ?? {}, { signal: ctx.mcpReq.signal });
  });
  return server;
}
