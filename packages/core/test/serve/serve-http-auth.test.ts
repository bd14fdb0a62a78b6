import { afterEach, describe, expect, it } from 'vitest';
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

const ADMIN_TOKEN = 'admin-token-0123456789';
const READER_TOKEN = 'reader-token-0123456789';
const SECOND_READER_TOKEN = 'reader-token-abcdefghij';
const TOKENS = {
  [ADMIN_TOKEN]: 'admin',
  [READER_TOKEN]: 'reader',
  [SECOND_READER_TOKEN]: 'reader',
};

describe('serveHttp with bearer tokens', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start() {
    const counter = createCounterFactory();
    const running = await serveHttp(counter.factory, { port: 0, tokens: TOKENS });
    cleanups.push(() => running.close());
    return { running, ...counter };
  }

  function initialize(running: RunningHttpServer, headers: Record<string, string>) {
    return rawRequest(running.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, ...headers },
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
  }

  it('answers 401 with WWW-Authenticate: Bearer when the token is missing', async () => {
    const { running, contexts } = await start();
    const response = await initialize(running, {});
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(errorCode(response)).toBe(-32000);
    expect(contexts).toHaveLength(0);
  });

  it('answers 401 with an invalid_token challenge when the token is wrong', async () => {
    const { running, contexts } = await start();
    for (const authorization of [
      'Bearer wrong-token-0123456789',
      `Bearer ${ADMIN_TOKEN}x`,
      `Bearer ${ADMIN_TOKEN.slice(0, -1)}`,
    ]) {
      const response = await initialize(running, { authorization });
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);
    }
    expect((await initialize(running, { authorization: `Basic ${ADMIN_TOKEN}` })).status).toBe(401);
    expect(contexts).toHaveLength(0);
  });

  it('serves a client with the right token and hands its role to the factory', async () => {
    const { running, contexts } = await start();
    const client = await connectClient(running.url, { authorization: `Bearer ${READER_TOKEN}` });
    cleanups.push(() => client.close());
    const context = JSON.parse(await callText(client, 'whoami')) as Record<string, unknown>;
    expect(context).toEqual({
      sessionId: expect.any(String),
      role: 'reader',
      transport: 'http',
      era: 'legacy',
      scope: expect.stringMatching(/^principal:[0-9a-f]{64}$/),
    });
    expect(contexts.map((seen) => seen.role)).toEqual(['reader']);
  });

  it('gives every 2025 session of one token its principal scope, another token its own', async () => {
    const { running, contexts } = await start();
    for (const token of [READER_TOKEN, READER_TOKEN, SECOND_READER_TOKEN]) {
      const client = await connectClient(running.url, { authorization: `Bearer ${token}` });
      cleanups.push(() => client.close());
    }
    const [first, second, other] = contexts.map((seen) => seen.scope);
    expect(first).toMatch(/^principal:/);
    expect(second).toBe(first);
    expect(other).toMatch(/^principal:/);
    expect(other).not.toBe(first);
  });

  it('refuses a request on an open session that carries another token with 403', async () => {
    const { running } = await start();
    const client = await connectClient(running.url, { authorization: `Bearer ${READER_TOKEN}` });
    cleanups.push(() => client.close());
    await callText(client, 'increment');
    const sessionId = (client.transport as { sessionId?: string }).sessionId ?? '';
    // Even a token with the same role is another caller.
    for (const token of [ADMIN_TOKEN, SECOND_READER_TOKEN]) {
      const response = await rawRequest(running.url, {
        method: 'POST',
        headers: {
          ...POST_HEADERS,
          authorization: `Bearer ${token}`,
          'mcp-session-id': sessionId,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
      });
      expect(response.status).toBe(403);
      expect(errorCode(response)).toBe(-32000);
    }
    const unauthenticated = await rawRequest(running.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': sessionId },
    });
    expect(unauthenticated.status).toBe(401);
    expect(running.sessionCount()).toBe(1);
    expect(await callText(client, 'increment')).toBe('2');
  });
});
