/**
 * A bare MCP SDK v2 server over Streamable HTTP, the floor of the load benchmark's telemetry
 * rows: the load's `echo_job` tool, one `McpServer` per 2025-era session on the SDK's own Node
 * transport, and nothing of ours in between (no guards, limits, telemetry or gateway).
 *
 * Usage: `node bare-http-main.js --http 127.0.0.1:0`; reports
 * `serving echo_job at http://127.0.0.1:PORT/mcp` on stderr once it listens.
 *
 * @module
 */

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

function echoServer(): McpServer {
  const server = new McpServer({ name: 'bare-echo', version: '0.1.0' });
  server.registerTool(
    'echo_job',
    {
      description: 'Runs a numbered echo job and reports its nonce and number.',
      inputSchema: { nonce: z.string(), n: z.number().int().optional() },
    },
    // The catalog server's echo: the tool's name and the call's arguments, as text and as
    // structured content.
    async (args) => {
      const echo = { arguments: args, tool: 'echo_job' };
      return { content: [{ type: 'text', text: JSON.stringify(echo) }], structuredContent: echo };
    },
  );
  return server;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const transports = new Map<string, NodeStreamableHTTPServerTransport>();

const http = createServer((request, response) => {
  void (async () => {
    const header = request.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    const body = request.method === 'POST' ? await readBody(request) : undefined;
    let transport = sessionId === undefined ? undefined : transports.get(sessionId);
    if (transport === undefined) {
      if (sessionId !== undefined || !isInitializeRequest(body)) {
        response.writeHead(400).end('no session');
        return;
      }
      const opened = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, opened);
        },
      });
      opened.onclose = () => {
        if (opened.sessionId !== undefined) transports.delete(opened.sessionId);
      };
      await echoServer().connect(opened);
      transport = opened;
    }
    await transport.handleRequest(request, response, body);
  })().catch((error: unknown) => {
    if (!response.headersSent) response.writeHead(500);
    response.end(String(error));
  });
});

const listen = process.argv[process.argv.indexOf('--http') + 1] ?? '127.0.0.1:0';
const [host = '127.0.0.1', port = '0'] = listen.includes(':')
  ? listen.split(':')
  : ['127.0.0.1', listen];
http.listen(Number(port), host, () => {
  const { port: bound } = http.address() as AddressInfo;
  process.stderr.write(`serving echo_job at http://127.0.0.1:${bound}/mcp\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    http.closeAllConnections();
    http.close(() => process.exit(0));
  });
}
