import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveStdio } from '../../src/serve/index.js';
import { INITIALIZE_REQUEST } from './helpers.js';

function line(message: unknown): string {
  return `${JSON.stringify(message)}\n`;
}

function blobServer(): McpServer {
  const server = new McpServer({ name: 'blob', version: '1.0.0' });
  server.registerTool('blob', { inputSchema: { bytes: z.number().int() } }, async ({ bytes }) => ({
    content: [{ type: 'text', text: 'x'.repeat(bytes) }],
  }));
  return server;
}

function blobCall(id: number, bytes: number) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'blob', arguments: { bytes } },
  };
}

describe('serveStdio and the size of what it writes', () => {
  it('answers a result above maxMessageBytes with RESULT_TOO_LARGE and keeps serving', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const errors: Error[] = [];
    const running = await serveStdio(blobServer, {
      stdin,
      stdout,
      maxMessageBytes: 4_096,
      onError: (error) => errors.push(error),
    });
    const responses = createInterface({ input: stdout })[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await responses.next()).value as string);
    stdin.write(line(INITIALIZE_REQUEST));
    expect(await next()).toMatchObject({ id: 1, result: { serverInfo: { name: 'blob' } } });
    stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));

    stdin.write(line(blobCall(2, 10_000)));
    const refused = await next();
    expect(refused).toMatchObject({
      id: 2,
      error: { code: -32603, data: { reason: 'RESULT_TOO_LARGE', maxMessageBytes: 4_096 } },
    });
    expect(refused.error.message).toMatch(
      /^RESULT_TOO_LARGE: the result is \d+ bytes, above this server's limit of 4096 bytes per message \(maxMessageBytes\)/,
    );

    stdin.write(line(blobCall(3, 100)));
    expect(await next()).toMatchObject({ id: 3, result: { content: [{ text: 'x'.repeat(100) }] } });
    expect(errors).toEqual([]);
    await running.close();
  });
});
