import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { startRedisServer, startRoundRobinProxy, type TestRedisServer } from '@x/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../../src/errors.js';
import {
  type CallerContext,
  type HttpServeOptions,
  type HttpSessionCloseReason,
  type RunningHttpServer,
  type ServerFactory,
  serveHttp,
} from '../../src/serve/index.js';
import {
  createMemorySessionStore,
  createRedisSessionStore,
  type SessionStore,
} from '../../src/sessions/index.js';
import { callText, errorCode, INITIALIZE_REQUEST, POST_HEADERS, rawRequest } from './helpers.js';

/**
 * A factory whose per-session counter lives in `store` (as every per-caller state must), and
 * whose servers tell who they serve: the instance, the caller context and the client's name.
 */
function createSharedFactory(store: SessionStore, instance: string) {
  const contexts: CallerContext[] = [];
  const factory: ServerFactory = (context) => {
    contexts.push(context);
    const server = new McpServer({ name: 'shared', version: '1.0.0' });
    server.registerTool('increment', { description: 'Adds one.' }, async () => {
      const count = await store.update(`counter:${context.sessionId}`, (value) =>
        typeof value === 'number' ? value + 1 : 1,
      );
      return { content: [{ type: 'text', text: String(count) }] };
    });
    server.registerTool('whoami', { description: 'Who serves.' }, async () => ({
      content: [
        {
          type: 'text',
          text: JSON.stringify({
            instance,
            role: context.role,
            client: server.server.getClientVersion()?.name,
            capabilities: server.server.getClientCapabilities(),
          }),
        },
      ],
    }));
    return server;
  };
  return { factory, contexts };
}

describe('serveHttp with a shared session store', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function startPair(store: SessionStore, options: Partial<HttpServeOptions> = {}) {
    const closed: Array<[string, HttpSessionCloseReason]> = [];
    const errors: unknown[] = [];
    const instances: Array<{ running: RunningHttpServer; contexts: CallerContext[] }> = [];
    for (const name of ['a', 'b']) {
      const shared = createSharedFactory(store, name);
      const running = await serveHttp(shared.factory, {
        port: 0,
        sessionStore: store,
        onSessionClosed: (id, reason) => closed.push([id, reason]),
        onError: (error) => errors.push(error),
        ...options,
      });
      cleanups.push(() => running.close());
      instances.push({ running, contexts: shared.contexts });
    }
    const [first, second] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const proxy = await startRoundRobinProxy([first.running.url, second.running.url]);
    cleanups.push(() => proxy.close());
    return { first, second, proxy, closed, errors };
  }

  async function connect(url: URL, headers: Record<string, string> = {}): Promise<Client> {
    const client = new Client({ name: 'alternating-client', version: '2.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    cleanups.push(() => client.close());
    return client;
  }

  it('serves one session from both instances behind one address, state and client info intact', async () => {
    const store = createMemorySessionStore();
    const { first, second, proxy } = await startPair(store);
    const client = await connect(proxy.url);
    const counts: string[] = [];
    const instances = new Set<string>();
    for (let call = 0; call < 6; call += 1) counts.push(await callText(client, 'increment'));
    // Consecutive calls of one tool reach both instances (calls of two tools in turn might not).
    for (let call = 0; call < 4; call += 1) {
      const who = JSON.parse(await callText(client, 'whoami')) as Record<string, unknown>;
      instances.add(who.instance as string);
      expect(who.client).toBe('alternating-client');
      expect(who.capabilities).toEqual({});
    }
    expect(counts).toEqual(['1', '2', '3', '4', '5', '6']);
    expect([...instances].sort()).toEqual(['a', 'b']);
    expect(proxy.served.every((count) => count > 3)).toBe(true);
    // Each instance built the session's server once, for the same session id.
    const ids = [...first.contexts, ...second.contexts].map((context) => context.sessionId);
    expect(first.contexts).toHaveLength(1);
    expect(second.contexts).toHaveLength(1);
    expect(new Set(ids).size).toBe(1);
  });

  it('keeps sessions apart: a second session starts from its own state', async () => {
    const { proxy } = await startPair(createMemorySessionStore());
    const one = await connect(proxy.url);
    const two = await connect(proxy.url);
    await callText(one, 'increment');
    await callText(one, 'increment');
    expect(await callText(two, 'increment')).toBe('1');
    expect(await callText(one, 'increment')).toBe('3');
  });

  it('ends the session everywhere on DELETE, and the other instance answers 404 after it', async () => {
    const { first, second, proxy, closed } = await startPair(createMemorySessionStore());
    const client = await connect(proxy.url);
    for (let call = 0; call < 3; call += 1) await callText(client, 'increment');
    const transport = client.transport as StreamableHTTPClientTransport;
    const sessionId = transport.sessionId ?? '';
    expect(first.running.sessionCount() + second.running.sessionCount()).toBe(2);
    await transport.terminateSession();
    for (const instance of [first, second]) {
      const response = await rawRequest(instance.running.url, {
        method: 'POST',
        headers: { ...POST_HEADERS, 'mcp-session-id': sessionId },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
      });
      expect(response.status).toBe(404);
      expect(errorCode(response)).toBe(-32001);
    }
    expect(first.running.sessionCount() + second.running.sessionCount()).toBe(0);
    expect(closed.map(([, reason]) => reason).sort()).toEqual(['deleted', 'expired']);
  });

  it('answers 404 to a session id no instance and no store knows', async () => {
    const { proxy } = await startPair(createMemorySessionStore());
    const response = await rawRequest(proxy.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-session-id': 'never-issued' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(404);
  });

  it('restores the role with the session and keeps it bound to its token', async () => {
    const tokens = {
      'viewer-token-0123456789': 'viewer',
      'admin-token-01234567890': 'admin',
    };
    const { first, second, proxy } = await startPair(createMemorySessionStore(), { tokens });
    const client = await connect(proxy.url, { authorization: 'Bearer viewer-token-0123456789' });
    const roles = new Set<unknown>();
    for (let call = 0; call < 4; call += 1) {
      roles.add((JSON.parse(await callText(client, 'whoami')) as { role: unknown }).role);
    }
    expect([...roles]).toEqual(['viewer']);
    expect([...first.contexts, ...second.contexts].map((context) => context.role)).toEqual([
      'viewer',
      'viewer',
    ]);
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId ?? '';
    for (const instance of [first, second]) {
      const response = await rawRequest(instance.running.url, {
        method: 'POST',
        headers: {
          ...POST_HEADERS,
          authorization: 'Bearer admin-token-01234567890',
          'mcp-session-id': sessionId,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(403);
    }
  });

  it('answers 503 while the store fails, and serves again once it is back', async () => {
    const memory = createMemorySessionStore();
    let failing = false;
    const failure = () =>
      new CoreError({ code: 'UNAVAILABLE', message: 'The store is away (test).' });
    const store: SessionStore = {
      get: (key) => (failing ? Promise.reject(failure()) : memory.get(key)),
      set: (key, value, options) =>
        failing ? Promise.reject(failure()) : memory.set(key, value, options),
      update: (key, updater, options) =>
        failing ? Promise.reject(failure()) : memory.update(key, updater, options),
      delete: (key) => (failing ? Promise.reject(failure()) : memory.delete(key)),
      keys: (prefix) => (failing ? Promise.reject(failure()) : memory.keys(prefix)),
    };
    const { proxy, errors } = await startPair(store);
    const client = await connect(proxy.url);
    expect(await callText(client, 'increment')).toBe('1');
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId ?? '';
    failing = true;
    const refused = await rawRequest(proxy.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-session-id': sessionId },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list' }),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    const opening = await rawRequest(proxy.url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    expect(opening.status).toBe(503);
    expect(errors.every((error) => CoreError.isInstance(error))).toBe(true);
    failing = false;
    expect(await callText(client, 'increment')).toBe('2');
  });

  describe('on a real Redis', () => {
    let redis: TestRedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('serves one session alternately from two instances, each with its own connection', async () => {
      const stores = await Promise.all([
        createRedisSessionStore({ url: redis.url, keyPrefix: 'serve:' }),
        createRedisSessionStore({ url: redis.url, keyPrefix: 'serve:' }),
      ]);
      cleanups.push(() => Promise.all(stores.map((store) => store.close())));
      const [storeA, storeB] = stores as [SessionStore, SessionStore];
      const instances: RunningHttpServer[] = [];
      for (const [name, store] of [
        ['a', storeA],
        ['b', storeB],
      ] as const) {
        const running = await serveHttp(createSharedFactory(store, name).factory, {
          port: 0,
          sessionStore: store,
        });
        cleanups.push(() => running.close());
        instances.push(running);
      }
      const proxy = await startRoundRobinProxy(instances.map((running) => running.url));
      cleanups.push(() => proxy.close());
      const client = await connect(proxy.url);
      const other = await connect(proxy.url);
      const counts: string[] = [];
      for (let call = 0; call < 6; call += 1) counts.push(await callText(client, 'increment'));
      expect(counts).toEqual(['1', '2', '3', '4', '5', '6']);
      expect(await callText(other, 'increment')).toBe('1');
      expect((await storeA.keys('mcp-session:')).length).toBe(2);
    });
  });
});
