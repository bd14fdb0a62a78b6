import type { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../src/errors.js';
import { type RunningHttpServer, serveHttp } from '../../src/serve/index.js';
import {
  callText,
  connectClient,
  createCounterFactory,
  errorCode,
  INITIALIZE_REQUEST,
  POST_HEADERS,
  rawRequest,
} from './helpers.js';

describe('serveHttp', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(options: Partial<Parameters<typeof serveHttp>[1]> = {}) {
    const counter = createCounterFactory();
    const running = await serveHttp(counter.factory, { port: 0, ...options });
    cleanups.push(() => running.close());
    return { running, ...counter };
  }

  async function connect(running: RunningHttpServer, headers?: Record<string, string>) {
    const client = await connectClient(running.url, headers);
    cleanups.push(() => client.close());
    return client;
  }

  function initialize(running: RunningHttpServer, headers: Record<string, string> = {}) {
    return rawRequest(running.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, ...headers },
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
  }

  it('binds 127.0.0.1 on an ephemeral port and serves an SDK client at /mcp', async () => {
    const { running, contexts } = await start();
    expect(running.host).toBe('127.0.0.1');
    expect(running.port).toBeGreaterThan(0);
    expect(running.url.href).toBe(`http://127.0.0.1:${running.port}/mcp`);
    const client: Client = await connect(running);
    expect(await callText(client, 'increment')).toBe('1');
    expect(running.sessionCount()).toBe(1);
    expect(contexts).toEqual([
      {
        sessionId: expect.any(String),
        role: undefined,
        transport: 'http',
        era: 'legacy',
        scope: `session:${contexts[0]?.sessionId}`,
      },
    ]);
  });

  it('refuses a foreign Host with 403 and a JSON-RPC error before any MCP processing', async () => {
    const { running, contexts } = await start();
    const response = await initialize(running, { host: `evil.example:${running.port}` });
    expect(response.status).toBe(403);
    expect(errorCode(response)).toBe(-32000);
    expect(contexts).toHaveLength(0);
  });

  it('refuses a loopback Host with another port, and a Host with userinfo', async () => {
    const { running } = await start();
    for (const host of [`localhost:${running.port + 1}`, `evil@127.0.0.1:${running.port}`]) {
      const response = await initialize(running, { host });
      expect({ host, status: response.status }).toEqual({ host, status: 403 });
    }
  });

  it('accepts localhost, 127.0.0.1 and [::1] with the bound port, and allowedHosts', async () => {
    const { running } = await start({ allowedHosts: ['mcp.example', 'proxy.example:8443'] });
    const accepted = [
      `localhost:${running.port}`,
      `127.0.0.1:${running.port}`,
      `[::1]:${running.port}`,
      'mcp.example:1234',
      'proxy.example:8443',
    ];
    for (const host of accepted) {
      expect((await initialize(running, { host })).status, host).toBe(200);
    }
    expect((await initialize(running, { host: 'proxy.example:9000' })).status).toBe(403);
  });

  it('refuses a foreign Origin with 403 and accepts loopback and allowed origins', async () => {
    const { running, contexts } = await start({ allowedOrigins: ['https://app.example'] });
    const refused = await initialize(running, { origin: 'http://evil.example' });
    expect(refused.status).toBe(403);
    expect(errorCode(refused)).toBe(-32000);
    expect((await initialize(running, { origin: 'null' })).status).toBe(403);
    expect(contexts).toHaveLength(0);
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:1', 'https://app.example']) {
      expect((await initialize(running, { origin })).status, origin).toBe(200);
    }
  });

  it('checks Host and Origin on extra routes too, and answers them without a token', async () => {
    const { running } = await start({
      tokens: { 'token-for-tests-0001': 'reader' },
      routes: {
        '/.well-known/cash-mcp.yaml': (_request, response) => {
          response.writeHead(200, { 'content-type': 'application/yaml' });
          response.end('name: counter\n');
        },
      },
    });
    const manifest = new URL('/.well-known/cash-mcp.yaml', running.url);
    const response = await rawRequest(manifest);
    expect(response).toMatchObject({ status: 200, text: 'name: counter\n' });
    expect((await rawRequest(manifest, { headers: { host: 'evil.example' } })).status).toBe(403);
    expect((await rawRequest(manifest, { method: 'POST' })).status).toBe(405);
  });

  it('demands the token on a route marked requireAuth', async () => {
    const { running } = await start({
      tokens: { 'token-for-tests-0001': 'reader' },
      routes: {
        '/private': {
          requireAuth: true,
          handler: (_request, response) => void response.end('secret'),
        },
      },
    });
    const url = new URL('/private', running.url);
    expect((await rawRequest(url)).status).toBe(401);
    const authorized = await rawRequest(url, {
      headers: { authorization: 'Bearer token-for-tests-0001' },
    });
    expect(authorized).toMatchObject({ status: 200, text: 'secret' });
  });

  it('answers 404 with a JSON-RPC error for paths it does not serve', async () => {
    const { running } = await start();
    const response = await rawRequest(new URL('/other', running.url));
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe(-32000);
  });

  it('answers 500 and reports to onError when a route handler throws, then keeps serving', async () => {
    const errors: unknown[] = [];
    const { running } = await start({
      onError: (error) => errors.push(error),
      routes: {
        '/broken': () => {
          throw new Error('route failed');
        },
      },
    });
    const response = await rawRequest(new URL('/broken', running.url));
    expect(response.status).toBe(500);
    expect(errorCode(response)).toBe(-32603);
    expect(errors).toEqual([expect.objectContaining({ message: 'route failed' })]);
    expect(await callText(await connect(running), 'increment')).toBe('1');
  });

  it('answers 500 when the factory throws, without leaking its message, and keeps serving', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const counter = createCounterFactory();
    const running = await serveHttp(
      (context) => {
        if (fail) throw new Error('secret detail');
        return counter.factory(context);
      },
      { port: 0, onError: (error) => errors.push(error) },
    );
    cleanups.push(() => running.close());
    const response = await initialize(running);
    expect(response.status).toBe(500);
    expect(response.text).not.toContain('secret detail');
    expect(errors).toHaveLength(1);
    expect(running.sessionCount()).toBe(0);
    fail = false;
    expect(await callText(await connect(running), 'increment')).toBe('1');
  });

  it('rejects options outside their domain with INVALID_ARGUMENT', async () => {
    const { factory } = createCounterFactory();
    const invalid = [
      { port: -1 },
      { port: 70_000 },
      { port: 0, path: 'mcp' },
      { port: 0, maxBodyBytes: 0 },
      { port: 0, sessionIdleMs: -5 },
      { port: 0, tokens: { short: 'role' } },
      { port: 0, tokens: {} },
      { port: 0, allowedOrigins: ['not an origin'] },
      { port: 0, routes: { '/mcp': () => {} } },
    ];
    for (const options of invalid) {
      const error = await serveHttp(factory, options).catch((caught: unknown) => caught);
      expect(CoreError.isInstance(error) && error.code, JSON.stringify(options)).toBe(
        'INVALID_ARGUMENT',
      );
    }
  });

  it('fails with UNAVAILABLE when the port is taken', async () => {
    const { running, factory } = await start();
    await expect(serveHttp(factory, { port: running.port })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });
});
