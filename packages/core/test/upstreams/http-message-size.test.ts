import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type NodeIncomingMessageLike, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUpstream, type Upstream } from '../../src/upstreams/index.js';
import { expectResultTooLarge, firstText, rejection } from './helpers.js';

const MiB = 1024 * 1024;
const opened: Upstream[] = [];
const servers: Server[] = [];

/** An MCP server of both eras whose `blob` answers `bytes` characters and `noise` logs them first. */
function buildServer(): McpServer {
  const server = new McpServer(
    { name: 'large-result-http', version: '1.0.0' },
    { capabilities: { tools: {}, logging: {} } },
  );
  server.registerTool(
    'blob',
    { inputSchema: z.object({ bytes: z.number().int() }) },
    async ({ bytes }) => ({
      content: [{ type: 'text', text: 'x'.repeat(bytes) }],
    }),
  );
  server.registerTool(
    'echo',
    { inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({
      content: [{ type: 'text', text }],
    }),
  );
  server.registerTool(
    'noise',
    { inputSchema: z.object({ bytes: z.number().int() }) },
    async ({ bytes }, ctx) => {
      await ctx.mcpReq.log('info', 'y'.repeat(bytes));
      return { content: [{ type: 'text', text: 'after the noise' }] };
    },
  );
  return server;
}

/** `auto` answers a call with one JSON body unless the tool sends a message first. */
async function startServer(responseMode: 'auto' | 'sse'): Promise<string> {
  const handler = toNodeHandler(createMcpHandler(buildServer, { responseMode }));
  const server = createServer(
    (request, response) => void handler(request as NodeIncomingMessageLike, response),
  );
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((upstream) => upstream.close()));
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

const CASES = [
  { era: 'legacy', protocol: 'legacy', responseMode: 'sse' },
  { era: 'modern', protocol: 'modern', responseMode: 'auto' },
  { era: 'modern', protocol: 'modern', responseMode: 'sse' },
] as const;

describe.each(CASES)(
  'the size of messages read from an HTTP upstream ($era era, $responseMode answers)',
  ({ era, protocol, responseMode }) => {
    async function open(maxMessageBytes?: number): Promise<Upstream> {
      const url = await startServer(responseMode);
      const upstream = createUpstream('web', {
        type: 'http',
        url,
        protocol,
        ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
      });
      opened.push(upstream);
      return upstream;
    }

    it('delivers an answer below the bound', async () => {
      const upstream = await open(MiB);
      const result = await upstream.callTool('blob', { bytes: MiB / 2 });
      expect(firstText(result)).toHaveLength(MiB / 2);
      expect(upstream.era()).toBe(era);
    });

    it('fails only the call whose answer is above maxMessageBytes, naming the limit and the setting, and keeps the connection', async () => {
      const upstream = await open(MiB);
      expect(firstText(await upstream.callTool('echo', { text: 'before' }))).toBe('before');
      const error = await rejection(upstream.callTool('blob', { bytes: 2 * MiB }));
      expectResultTooLarge(error, MiB, 2 * MiB);
      expect(upstream.status).toBe('ready');
      expect(firstText(await upstream.callTool('echo', { text: 'after' }))).toBe('after');
    });

    it('uses the upstream option when the entry sets no bound', async () => {
      const url = await startServer(responseMode);
      const upstream = createUpstream(
        'web',
        { type: 'http', url, protocol },
        { maxMessageBytes: MiB },
      );
      opened.push(upstream);
      const error = await rejection(upstream.callTool('blob', { bytes: 2 * MiB }));
      expect(error).toMatchObject({ data: { reason: 'RESULT_TOO_LARGE', maxMessageBytes: MiB } });
    });
  },
);

describe('server messages above the bound in an HTTP event stream', () => {
  it('drops a notification above the bound and delivers the answer after it', async () => {
    const url = await startServer('sse');
    const upstream = createUpstream('web', {
      type: 'http',
      url,
      protocol: 'modern',
      maxMessageBytes: MiB,
    });
    opened.push(upstream);
    expect(firstText(await upstream.callTool('noise', { bytes: 2 * MiB }))).toBe('after the noise');
    expect(upstream.status).toBe('ready');
  });
});
