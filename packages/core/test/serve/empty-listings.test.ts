import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerFactory, serveHttp, serveStdio } from '../../src/serve/index.js';
import {
  createCounterFactory,
  INITIALIZE_REQUEST,
  MODERN,
  MODERN_ENVELOPE,
  POST_HEADERS,
  rawRequest,
} from './helpers.js';

const LISTINGS = [
  ['prompts/list', { prompts: [] }],
  ['resources/list', { resources: [] }],
  ['resources/templates/list', { resourceTemplates: [] }],
] as const;

interface Answer {
  id?: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A JSON-RPC request of `era`: the 2026-07-28 one carries the `_meta` envelope. */
function request(
  id: number,
  method: string,
  era: 'legacy' | 'modern',
  params: Record<string, unknown> = {},
) {
  return {
    jsonrpc: '2.0',
    id,
    method,
    params: era === 'modern' ? { ...params, _meta: MODERN_ENVELOPE } : params,
  };
}

/** A stdio connection to `factory`'s servers that answers one request at a time. */
async function openStdio(factory: ServerFactory, emptyListings?: boolean) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const running = await serveStdio(factory, {
    stdin,
    stdout,
    ...(emptyListings === undefined ? {} : { emptyListings }),
  });
  const lines = createInterface({ input: stdout })[Symbol.asyncIterator]();
  const send = async (message: unknown): Promise<Answer> => {
    stdin.write(`${JSON.stringify(message)}\n`);
    return JSON.parse((await lines.next()).value as string) as Answer;
  };
  const initialize = async (): Promise<Answer> => {
    const answer = await send(INITIALIZE_REQUEST);
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    return answer;
  };
  return { send, initialize, close: () => running.close() };
}

/** A factory whose servers offer one prompt and one resource of their own. */
const withOwnPrimitives: ServerFactory = () => {
  const server = new McpServer({ name: 'primitives', version: '1.0.0' });
  server.registerPrompt('greet', { description: 'Says hello.' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }],
  }));
  server.registerResource('readme', 'file:///readme', { mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri: uri.href, text: 'read me' }],
  }));
  return server;
};

describe('empty listings over stdio', () => {
  it('declares prompts and resources beside the tools, and lists none of them (2025 era)', async () => {
    const connection = await openStdio(createCounterFactory().factory);
    const opened = await connection.initialize();
    expect(opened.result?.capabilities).toEqual({
      tools: { listChanged: true },
      prompts: {},
      resources: {},
    });
    for (const [index, [method, empty]] of LISTINGS.entries()) {
      expect(await connection.send(request(10 + index, method, 'legacy'))).toEqual({
        jsonrpc: '2.0',
        id: 10 + index,
        result: empty,
      });
    }
    await connection.close();
  });

  it('answers a get or read of any name as unknown, never as a missing method', async () => {
    const connection = await openStdio(createCounterFactory().factory);
    await connection.initialize();
    const got = await connection.send(request(20, 'prompts/get', 'legacy', { name: 'nope' }));
    expect(got.error).toEqual({ code: -32602, message: 'Prompt nope not found' });
    const read = await connection.send(
      request(21, 'resources/read', 'legacy', { uri: 'file:///nope' }),
    );
    expect(read.error?.code).not.toBe(-32601);
    expect(read.error?.message).toContain('file:///nope');
    await connection.close();
  });

  it('lists nothing with caching hints in the 2026-07-28 era, and server/discover declares both', async () => {
    const connection = await openStdio(createCounterFactory().factory);
    const discovered = await connection.send(request(1, 'server/discover', 'modern'));
    expect(discovered.result?.capabilities).toMatchObject({ prompts: {}, resources: {} });
    for (const [index, [method, empty]] of LISTINGS.entries()) {
      const answer = await connection.send(request(10 + index, method, 'modern'));
      expect(answer.result).toMatchObject(empty);
      expect(answer.result).toMatchObject({
        ttlMs: expect.any(Number),
        cacheScope: expect.stringMatching(/^(public|private)$/),
      });
    }
    await connection.close();
  });

  it("leaves a server's own prompts and resources as they are", async () => {
    const connection = await openStdio(withOwnPrimitives);
    const opened = await connection.initialize();
    expect(opened.result?.capabilities).toEqual({
      prompts: { listChanged: true },
      resources: { listChanged: true },
    });
    const prompts = await connection.send(request(10, 'prompts/list', 'legacy'));
    expect(prompts.result?.prompts).toMatchObject([{ name: 'greet' }]);
    const resources = await connection.send(request(11, 'resources/list', 'legacy'));
    expect(resources.result?.resources).toMatchObject([{ uri: 'file:///readme' }]);
    await connection.close();
  });

  it('declares nothing more and answers -32601 when emptyListings is false', async () => {
    const connection = await openStdio(createCounterFactory().factory, false);
    const opened = await connection.initialize();
    expect(opened.result?.capabilities).toEqual({ tools: { listChanged: true } });
    const answer = await connection.send(request(10, 'prompts/list', 'legacy'));
    expect(answer.error?.code).toBe(-32601);
    await connection.close();
  });
});

describe('empty listings over Streamable HTTP', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** One 2026-07-28 request with its standard headers; the answer's JSON-RPC message. */
  async function modernRequest(url: URL, id: number, method: string): Promise<Answer> {
    const response = await rawRequest(url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-protocol-version': MODERN, 'mcp-method': method },
      body: JSON.stringify(request(id, method, 'modern')),
    });
    const data = /^data: (.*)$/m.exec(response.text)?.[1];
    return JSON.parse(data ?? response.text) as Answer;
  }

  it('lists nothing with the caching hints tools/list gets, in the 2026-07-28 era', async () => {
    const running = await serveHttp(createCounterFactory().factory, { port: 0 });
    cleanups.push(() => running.close());
    const tools = await modernRequest(running.url, 1, 'tools/list');
    const hints = { ttlMs: tools.result?.ttlMs, cacheScope: tools.result?.cacheScope };
    expect(hints.ttlMs).toEqual(expect.any(Number));
    for (const [index, [method, empty]] of LISTINGS.entries()) {
      const answer = await modernRequest(running.url, 10 + index, method);
      expect(answer.result).toMatchObject({ ...empty, ...hints });
    }
  });

  it('declares prompts and resources in a 2025-era session', async () => {
    const running = await serveHttp(createCounterFactory().factory, { port: 0 });
    cleanups.push(() => running.close());
    const opened = await rawRequest(running.url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    const data = /^data: (.*)$/m.exec(opened.text)?.[1];
    const answer = JSON.parse(data ?? opened.text) as Answer;
    expect(answer.result?.capabilities).toEqual({
      tools: { listChanged: true },
      prompts: {},
      resources: {},
    });
  });

  it('answers -32601 for the listings when emptyListings is false', async () => {
    const running = await serveHttp(createCounterFactory().factory, {
      port: 0,
      emptyListings: false,
    });
    cleanups.push(() => running.close());
    for (const [index, [method]] of LISTINGS.entries()) {
      const answer = await modernRequest(running.url, 10 + index, method);
      expect(answer.error?.code).toBe(-32601);
    }
  });
});
