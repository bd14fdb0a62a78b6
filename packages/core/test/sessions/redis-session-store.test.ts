import { createServer, type Server, type Socket } from 'node:net';
import { startRedisServer, type TestRedisServer } from '@x/test-kit';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../src/errors.js';
import {
  type ClosableSessionStore,
  createRedisSessionStore,
  createSessionStore,
} from '../../src/sessions/index.js';
import { sessionStoreContract, waitFor } from './session-store-contract.js';

let redis: TestRedisServer;
let testNumber = 0;

beforeAll(async () => {
  redis = await startRedisServer();
});

afterAll(async () => {
  await redis?.stop();
});

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return CoreError.isInstance(error) ? error.code : undefined;
}

describe('createRedisSessionStore: the SessionStore contract', () => {
  let current: ClosableSessionStore;
  beforeEach(async () => {
    testNumber += 1;
    // A prefix per test: every test starts with an empty store on the one Redis.
    current = await createRedisSessionStore({ url: redis.url, keyPrefix: `t${testNumber}:` });
  });
  afterEach(async () => {
    await current.close();
  });
  sessionStoreContract(() => current);
});

describe('createRedisSessionStore', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function open(
    options: Partial<Parameters<typeof createRedisSessionStore>[0]> = {},
  ): Promise<ClosableSessionStore> {
    testNumber += 1;
    const store = await createRedisSessionStore({
      url: redis.url,
      keyPrefix: `o${testNumber}:`,
      ...options,
    });
    cleanups.push(() => store.close());
    return store;
  }

  function rawClient(): Redis {
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    cleanups.push(async () => client.disconnect());
    return client;
  }

  it('namespaces keys by prefix: stores with other prefixes never see them', async () => {
    const first = await open({ keyPrefix: 'deployment-a:' });
    const second = await open({ keyPrefix: 'deployment-b:' });
    await first.set('grants:s1', ['x']);
    expect(await second.get('grants:s1')).toBeUndefined();
    expect(await second.keys()).toEqual([]);
    expect(await first.keys()).toEqual(['grants:s1']);
    const client = rawClient();
    await client.connect();
    expect(await client.get('deployment-a:grants:s1')).toBe('["x"]');
    expect(await client.pttl('deployment-a:grants:s1')).toBe(-1);
  });

  it('shares entries between two stores on the same Redis and prefix', async () => {
    const first = await open({ keyPrefix: 'shared:' });
    const second = await open({ keyPrefix: 'shared:' });
    await first.update('grants', () => ['a']);
    await second.update('grants', (value) => [...(value as string[]), 'b']);
    expect(await first.get('grants')).toEqual(['a', 'b']);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? first : second).update('count', (value) => ((value as number) ?? 0) + 1),
      ),
    );
    expect(await second.get('count')).toBe(20);
  });

  it('writes the time to live as a Redis expiry', async () => {
    const store = await open({ keyPrefix: 'ttl:', defaultTtlMs: 60_000 });
    await store.set('default', 1);
    await store.set('explicit', 1, { ttlMs: 5_000 });
    const client = rawClient();
    await client.connect();
    expect(await client.pttl('ttl:default')).toBeGreaterThan(55_000);
    expect(await client.pttl('ttl:explicit')).toBeLessThanOrEqual(5_000);
  });

  it('answers UPSTREAM_ERROR for an entry that is not JSON', async () => {
    const store = await open({ keyPrefix: 'foreign:' });
    const client = rawClient();
    await client.connect();
    await client.set('foreign:key', 'not json');
    expect(await codeOf(store.get('key'))).toBe('UPSTREAM_ERROR');
  });

  it('fails with UNAVAILABLE at once when nothing listens on the port', async () => {
    const started = Date.now();
    expect(await codeOf(createRedisSessionStore({ url: 'redis://127.0.0.1:1' }))).toBe(
      'UNAVAILABLE',
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('fails with UNAVAILABLE within the connect timeout when the peer never answers', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    );
    const { port } = silent.address() as { port: number };
    const started = Date.now();
    const code = await codeOf(
      createRedisSessionStore({ url: `redis://127.0.0.1:${port}`, connectTimeoutMs: 200 }),
    );
    expect(code).toBe('UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('fails a command with TIMEOUT past the command timeout instead of hanging', async () => {
    const store = await open({ commandTimeoutMs: 100 });
    const client = rawClient();
    await client.connect();
    await client.client('PAUSE', 600, 'ALL');
    const started = Date.now();
    expect(await codeOf(store.get('paused'))).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(500);
    await waitFor(async () => (await store.get('paused').catch(() => 'error')) === undefined);
  });

  it('fails with UNAVAILABLE while Redis is down and serves again once it is back', async () => {
    const logged: CoreError[] = [];
    const store = await open({ keyPrefix: 'restart:', onError: (error) => logged.push(error) });
    await store.set('before', 1);
    await redis.pause();
    try {
      const failure = await store.get('before').catch((caught: unknown) => caught);
      // Callers read a generic error; the address goes only to the log.
      expect(failure).toMatchObject({
        code: 'UNAVAILABLE',
        message: 'The session store is unavailable.',
      });
      const port = new URL(redis.url).port;
      expect(
        JSON.stringify({ ...(failure as CoreError), message: (failure as CoreError).message }),
      ).not.toContain(port);
      await waitFor(async () => logged.length > 0);
      expect(logged[0]?.message).toContain(`127.0.0.1:${port}`);
      expect(await codeOf(store.update('before', () => 2))).toBe('UNAVAILABLE');
    } finally {
      await redis.restart();
    }
    // Nothing is saved: the restarted Redis is empty, and the store reconnects by itself.
    await waitFor(async () => (await store.get('before').catch(() => 'down')) === undefined);
    await store.set('after', 2);
    expect(await store.get('after')).toBe(2);
  });

  it('fails with CLOSED after close, and close is idempotent', async () => {
    const store = await open();
    await store.close();
    await store.close();
    expect(await codeOf(store.get('key'))).toBe('CLOSED');
  });

  it('refuses a URL that is not redis:// with CONFIG_INVALID, without repeating it', async () => {
    const error = await createRedisSessionStore({ url: 'http://user:secret@host' }).catch(
      (caught: unknown) => caught,
    );
    expect(CoreError.isInstance(error) && error.code).toBe('CONFIG_INVALID');
    expect(String((error as Error).message)).not.toContain('secret');
  });

  it('is what createSessionStore builds for { redis }', async () => {
    const store = await createSessionStore({ redis: redis.url, keyPrefix: 'configured:' });
    cleanups.push(() => store.close());
    expect(store.backend).toBe('redis');
    await store.set('key', 1);
    const direct = await open({ keyPrefix: 'configured:' });
    expect(await direct.get('key')).toBe(1);
  });
});
