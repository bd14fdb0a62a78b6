import type { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpServeOptions, serveHttp } from '../../src/serve/index.js';
import {
  callText,
  connectClient,
  createCounterFactory,
  errorCode,
  INITIALIZE_REQUEST,
  POST_HEADERS,
  rawRequest,
} from './helpers.js';

describe('serveHttp sessions', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(options: Partial<HttpServeOptions> = {}) {
    const counter = createCounterFactory();
    const running = await serveHttp(counter.factory, { port: 0, ...options });
    cleanups.push(() => running.close());
    return { running, ...counter };
  }

  async function connect(url: URL): Promise<Client> {
    const client = await connectClient(url);
    cleanups.push(() => client.close());
    return client;
  }

  function sessionIdOf(client: Client): string {
    return (client.transport as StreamableHTTPClientTransport).sessionId ?? '';
  }

  it('isolates concurrent sessions: each has its own server state', async () => {
    const { running, contexts } = await start();
    const [first, second] = await Promise.all([connect(running.url), connect(running.url)]);
    const interleaved = [];
    for (const client of [first, second, first, first, second]) {
      interleaved.push(await callText(client, 'increment'));
    }
    expect(interleaved).toEqual(['1', '1', '2', '3', '2']);
    const together = await Promise.all([
      callText(first, 'increment'),
      callText(second, 'increment'),
    ]);
    expect(together).toEqual(['4', '3']);
    expect(running.sessionCount()).toBe(2);
    expect(new Set(contexts.map((context) => context.sessionId)).size).toBe(2);
    expect(sessionIdOf(first)).not.toBe(sessionIdOf(second));
  });

  it('answers 404 with a JSON-RPC error for an unknown session id', async () => {
    const { running } = await start();
    const response = await rawRequest(running.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-session-id': 'no-such-session' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe(-32001);
  });

  it('answers 400 to a 2025 request without a session id that is not initialize, 405 to a GET', async () => {
    const { running, contexts } = await start();
    const response = await rawRequest(running.url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(400);
    expect((await rawRequest(running.url)).status).toBe(405);
    expect(contexts).toHaveLength(0);
  });

  it('closes a session on DELETE, tells onSessionClosed, and forgets its id', async () => {
    const closed: string[] = [];
    const { running } = await start({ onSessionClosed: (sessionId) => closed.push(sessionId) });
    const client = await connect(running.url);
    const sessionId = sessionIdOf(client);
    await (client.transport as StreamableHTTPClientTransport).terminateSession();
    expect(closed).toEqual([sessionId]);
    expect(running.sessionCount()).toBe(0);
    const after = await rawRequest(running.url, {
      method: 'GET',
      headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId },
    });
    expect(after.status).toBe(404);
  });

  it('opens the SSE stream of a session on GET', async () => {
    const { running } = await start();
    const initialized = await rawRequest(running.url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    const sessionId = String(initialized.headers['mcp-session-id']);
    const controller = new AbortController();
    cleanups.push(async () => controller.abort());
    const response = await fetch(running.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
  });

  it('closes sessions left idle for sessionIdleMs, but not one with a stream open', async () => {
    const closed: string[] = [];
    let resolveClosed: () => void = () => {};
    const idleClosed = new Promise<void>((resolve) => {
      resolveClosed = resolve;
    });
    const { running } = await start({
      sessionIdleMs: 150,
      onSessionClosed: (sessionId) => {
        closed.push(sessionId);
        resolveClosed();
      },
    });
    // The SDK client keeps the session's GET stream open while connected.
    const busy = await connect(running.url);
    const idle = await connectClient(running.url);
    // A request that ends while the stream is open does not start the idle clock either.
    expect(await callText(busy, 'increment')).toBe('1');
    const idleSessionId = sessionIdOf(idle);
    // Closing the client ends its stream without deleting the session, which then sits idle.
    await idle.close();
    await idleClosed;
    expect(closed).toEqual([idleSessionId]);
    expect(running.sessionCount()).toBe(1);
    expect(await callText(busy, 'increment')).toBe('2');
  });

  it('closes every session and client stream on close(), idempotently', async () => {
    const closed: string[] = [];
    const { running } = await start({ onSessionClosed: (sessionId) => closed.push(sessionId) });
    await Promise.all([connect(running.url), connect(running.url)]);
    expect(running.sessionCount()).toBe(2);
    await Promise.all([running.close(), running.close()]);
    await running.close();
    expect(closed).toHaveLength(2);
    expect(running.sessionCount()).toBe(0);
    await expect(fetch(running.url)).rejects.toThrow();
  });
});
