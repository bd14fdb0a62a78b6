import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiEmbeddingProvider } from '../../src/embeddings/index.js';
import { CoreError } from '../../src/errors.js';
import {
  type FakeEmbeddingServer,
  fakeVector,
  startFakeEmbeddingServer,
} from './fake-embedding-server.js';

let server: FakeEmbeddingServer;
beforeAll(async () => {
  server = await startFakeEmbeddingServer();
});
afterAll(async () => {
  await server[Symbol.asyncDispose]();
});

async function failureOf(promise: Promise<unknown>): Promise<CoreError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!CoreError.isInstance(error)) throw new Error(`expected a CoreError, got ${String(error)}`);
  return error;
}

describe('createOpenAiEmbeddingProvider', () => {
  it('posts batches to <baseUrl>/embeddings and places each vector by its index', async () => {
    server.behave('ok');
    const before = server.inputs.length;
    const provider = createOpenAiEmbeddingProvider({
      baseUrl: `${server.baseUrl}/`,
      model: 'fake',
      apiKey: 'secret',
      batchSize: 2,
    });
    const vectors = await provider.embed(['weather today', 'bitcoin price', 'rent a flat']);
    expect(vectors.map((vector) => Array.from(vector))).toEqual(
      ['weather today', 'bitcoin price', 'rent a flat'].map(fakeVector),
    );
    expect(server.inputs.slice(before)).toEqual([
      ['weather today', 'bitcoin price'],
      ['rent a flat'],
    ]);
    expect(server.authorizations.at(-1)).toBe('Bearer secret');
    expect(provider.id).toBe(`openai:${server.baseUrl}/embeddings#fake`);
  });

  it.each([
    ['status-500', 'UNAVAILABLE'],
    ['status-401', 'AUTH'],
    ['not-json', 'UPSTREAM_ERROR'],
    ['short', 'UPSTREAM_ERROR'],
  ] as const)(
    'turns a %s answer into CoreError %s without the key in the message',
    async (behaviour, code) => {
      server.behave(behaviour);
      const provider = createOpenAiEmbeddingProvider({
        baseUrl: server.baseUrl,
        model: 'fake',
        apiKey: 'secret',
      });
      const error = await failureOf(provider.embed(['one', 'two']));
      expect(error.code).toBe(code);
      expect(error.message).not.toContain('secret');
    },
  );

  it('gives up on a server that never answers with TIMEOUT', async () => {
    server.behave('hang');
    const provider = createOpenAiEmbeddingProvider({
      baseUrl: server.baseUrl,
      model: 'fake',
      timeoutMs: 1,
    });
    expect((await failureOf(provider.embed(['one']))).code).toBe('TIMEOUT');
  });

  it('rejects with CANCELLED when the caller has aborted', async () => {
    server.behave('ok');
    const provider = createOpenAiEmbeddingProvider({ baseUrl: server.baseUrl, model: 'fake' });
    const error = await failureOf(provider.embed(['one'], AbortSignal.abort()));
    expect(error.code).toBe('CANCELLED');
  });

  it('answers UNAVAILABLE when nothing listens', async () => {
    const provider = createOpenAiEmbeddingProvider({
      baseUrl: 'http://127.0.0.1:1/v1',
      model: 'fake',
    });
    expect((await failureOf(provider.embed(['one']))).code).toBe('UNAVAILABLE');
  });

  it.each([
    [{ baseUrl: 'not a url', model: 'm' }],
    [{ baseUrl: 'file:///tmp', model: 'm' }],
    [{ baseUrl: 'http://127.0.0.1/v1', model: '' }],
    [{ baseUrl: 'http://127.0.0.1/v1', model: 'm', batchSize: 0 }],
    [{ baseUrl: 'http://127.0.0.1/v1', model: 'm', timeoutMs: Number.NaN }],
    [{ baseUrl: 'http://127.0.0.1/v1', model: 'm', dimensions: 1.5 }],
  ])('rejects bad options %j with INVALID_ARGUMENT', (options) => {
    expect(() => createOpenAiEmbeddingProvider(options)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});
