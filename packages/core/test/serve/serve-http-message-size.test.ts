import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveHttp } from '../../src/serve/index.js';

const MODERN = '2026-07-28';
const LIMIT = 64 * 1024;

/** `blob` answers `bytes` characters; `noise` first reports progress of `bytes` characters. */
function blobServer(): McpServer {
  const server = new McpServer({ name: 'blob', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool('blob', { inputSchema: { bytes: z.number().int() } }, async ({ bytes }) => ({
    content: [{ type: 'text', text: 'x'.repeat(bytes) }],
  }));
  server.registerTool(
    'noise',
    { inputSchema: { bytes: z.number().int() } },
    async ({ bytes }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      if (progressToken !== undefined) {
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress: 1, message: 'y'.repeat(bytes) },
        });
      }
      return { content: [{ type: 'text', text: 'after the noise' }] };
    },
  );
  return server;
}

function text(result: { content?: unknown }): string {
  return (result.content as Array<{ text?: string }>)[0]?.text ?? '';
}

describe.each(['legacy', 'modern'] as const)(
  'serveHttp and the size of what it sends (%s era)',
  (era) => {
    const cleanups: Array<() => Promise<unknown>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function start(maxMessageBytes?: number): Promise<{ client: Client; errors: unknown[] }> {
      const errors: unknown[] = [];
      const running = await serveHttp(blobServer, {
        port: 0,
        ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
        onError: (error) => errors.push(error),
      });
      cleanups.push(() => running.close());
      const client = new Client(
        { name: 'size-test', version: '1.0.0' },
        era === 'modern' ? { versionNegotiation: { mode: { pin: MODERN } } } : {},
      );
      await client.connect(new StreamableHTTPClientTransport(running.url));
      cleanups.push(() => client.close());
      return { client, errors };
    }

    it('answers a result above maxMessageBytes with RESULT_TOO_LARGE to the same request and serves the next call', async () => {
      const { client, errors } = await start(LIMIT);
      const refused = await client.callTool({ name: 'blob', arguments: { bytes: 2 * LIMIT } }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ProtocolError);
      expect(refused).toMatchObject({
        code: -32603,
        data: { reason: 'RESULT_TOO_LARGE', maxMessageBytes: LIMIT },
      });
      expect((refused as Error).message).toMatch(
        /RESULT_TOO_LARGE: the result is \d+ bytes, above this server's limit of 65536 bytes per message \(maxMessageBytes\)/,
      );
      expect(text(await client.callTool({ name: 'blob', arguments: { bytes: LIMIT / 2 } }))).toBe(
        'x'.repeat(LIMIT / 2),
      );
      expect(errors).toEqual([]);
    });

    it('drops a notification above the bound, reports it and still delivers the result', async () => {
      const { client, errors } = await start(LIMIT);
      const progress: unknown[] = [];
      const result = await client.callTool(
        { name: 'noise', arguments: { bytes: 2 * LIMIT } },
        { onprogress: (update) => progress.push(update) },
      );
      expect(progress).toEqual([]);
      expect(text(result)).toBe('after the noise');
      expect(String(errors[0])).toMatch(
        /RESULT_TOO_LARGE: dropped an outgoing message of \d+ bytes/,
      );
    });

    it('sends results up to 10 MiB by default', async () => {
      const { client } = await start();
      const bytes = 9 * 1024 * 1024;
      expect(text(await client.callTool({ name: 'blob', arguments: { bytes } }))).toHaveLength(
        bytes,
      );
      const refused = await client
        .callTool({ name: 'blob', arguments: { bytes: 11 * 1024 * 1024 } })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused).toMatchObject({
        data: { reason: 'RESULT_TOO_LARGE', maxMessageBytes: 10 * 1024 * 1024 },
      });
    });
  },
);

describe('serveHttp maxMessageBytes', () => {
  it('refuses a bound that is not a positive integer', async () => {
    await expect(serveHttp(blobServer, { port: 0, maxMessageBytes: 0 })).rejects.toThrow(
      /maxMessageBytes must be a positive integer/,
    );
  });
});
