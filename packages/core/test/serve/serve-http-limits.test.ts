import { request as httpRequest } from 'node:http';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningHttpServer, serveHttp } from '../../src/serve/index.js';
import {
  callText,
  connectClient,
  createCounterFactory,
  errorCode,
  INITIALIZE_REQUEST,
  POST_HEADERS,
  type RawResponse,
  rawRequest,
} from './helpers.js';

const MAX_BODY_BYTES = 64 * 1024;

describe('serveHttp limits', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(): Promise<{ running: RunningHttpServer; contexts: unknown[] }> {
    const counter = createCounterFactory();
    const running = await serveHttp(counter.factory, { port: 0, maxBodyBytes: MAX_BODY_BYTES });
    cleanups.push(() => running.close());
    return { running, contexts: counter.contexts };
  }

  function hugeInitialize(): string {
    return JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { padding: 'x'.repeat(MAX_BODY_BYTES * 4) },
    });
  }

  /** Sends `body` in chunks without a Content-Length, so only counting can catch it. */
  function chunkedPost(url: URL, body: string): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(url, { method: 'POST', headers: POST_HEADERS });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      request.on('error', reject);
      for (let offset = 0; offset < body.length; offset += 8192) {
        request.write(body.slice(offset, offset + 8192));
      }
      request.end();
    });
  }

  it('answers 413 to a body above maxBodyBytes declared by Content-Length', async () => {
    const { running, contexts } = await start();
    const response = await rawRequest(running.url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: hugeInitialize(),
    });
    expect(response.status).toBe(413);
    expect(errorCode(response)).toBe(-32000);
    expect(contexts).toHaveLength(0);
  });

  it('answers 413 to a chunked body once it grows past maxBodyBytes', async () => {
    const { running, contexts } = await start();
    const response = await chunkedPost(running.url, hugeInitialize());
    expect(response.status).toBe(413);
    expect(contexts).toHaveLength(0);
  });

  it('answers 413 on an open session too, and the session keeps working', async () => {
    const { running } = await start();
    const client = await connectClient(running.url);
    cleanups.push(() => client.close());
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId ?? '';
    const response = await rawRequest(running.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-session-id': sessionId },
      body: hugeInitialize(),
    });
    expect(response.status).toBe(413);
    expect(await callText(client, 'increment')).toBe('1');
  });

  it('answers malformed JSON with 400 and -32700, and keeps serving', async () => {
    const { running } = await start();
    for (const body of ['{"jsonrpc": "2.0", "id": 1,', '', 'not json', '\u0000']) {
      const response = await rawRequest(running.url, {
        method: 'POST',
        headers: POST_HEADERS,
        body,
      });
      expect(response.status).toBe(400);
      expect(errorCode(response)).toBe(-32700);
    }
    const client = await connectClient(running.url);
    cleanups.push(() => client.close());
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId ?? '';
    const onSession = await rawRequest(running.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-session-id': sessionId },
      body: '{]',
    });
    expect(onSession.status).toBe(400);
    expect(errorCode(onSession)).toBe(-32700);
    expect(await callText(client, 'increment')).toBe('1');
  });

  it('answers 405 to methods the MCP endpoint does not serve', async () => {
    const { running } = await start();
    for (const method of ['PUT', 'PATCH', 'OPTIONS']) {
      const response = await rawRequest(running.url, { method });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('GET, POST, DELETE');
    }
  });

  it('answers 400 to a body nested deeper than maxJsonDepth, counting no bracket inside strings', async () => {
    const counter = createCounterFactory();
    const running = await serveHttp(counter.factory, { port: 0, maxJsonDepth: 8 });
    cleanups.push(() => running.close());
    const client = await connectClient(running.url);
    cleanups.push(() => client.close());
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId ?? '';
    const call = (argumentsValue: unknown) =>
      rawRequest(running.url, {
        method: 'POST',
        headers: { ...POST_HEADERS, 'mcp-session-id': sessionId },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'increment', arguments: argumentsValue },
        }),
      });
    // The message and its params are 2 levels: arguments nested 6 deep reach the bound of 8.
    const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : { inner: nest(levels - 1) });
    expect((await call(nest(6))).status).toBe(200);
    const tooDeep = await call(nest(7));
    expect(tooDeep.status).toBe(400);
    expect(errorCode(tooDeep)).toBe(-32600);
    expect(tooDeep.text).toContain('deeper than 8 levels');
    const hostile = await rawRequest(running.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-session-id': sessionId },
      body: '['.repeat(100_000),
    });
    expect(hostile.status).toBe(400);
    expect((await call({ inner: { inner: { inner: { inner: '[[[[[[[[[[{{{{' } } } })).status).toBe(
      200,
    );
    expect(await callText(client, 'increment')).toBe('3');
  });

  it('refuses a session beyond maxSessions with 503 and Retry-After, and accepts one after a DELETE', async () => {
    const counter = createCounterFactory();
    const running = await serveHttp(counter.factory, { port: 0, maxSessions: 2 });
    cleanups.push(() => running.close());
    const first = await connectClient(running.url);
    cleanups.push(() => first.close());
    const second = await connectClient(running.url);
    cleanups.push(() => second.close());
    const refused = await rawRequest(running.url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.text).toContain('maximum of 2 sessions');
    expect(running.sessionCount()).toBe(2);
    await (first.transport as StreamableHTTPClientTransport).terminateSession();
    const third = await connectClient(running.url);
    cleanups.push(() => third.close());
    expect(await callText(third, 'increment')).toBe('1');
    expect(await callText(second, 'increment')).toBe('1');
  });

  it('refuses limits that are not positive integers', async () => {
    const counter = createCounterFactory();
    for (const options of [{ maxJsonDepth: 0 }, { maxSessions: 1.5 }, { sessionStoreTtlMs: -1 }]) {
      await expect(serveHttp(counter.factory, { port: 0, ...options })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
      });
    }
  });
});
