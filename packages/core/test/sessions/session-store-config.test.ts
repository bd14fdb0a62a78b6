import { describe, expect, it } from 'vitest';
import { CoreError } from '../../src/errors.js';
import {
  createSessionStore,
  parseSessionStoreArgument,
  validateSessionStoreConfig,
} from '../../src/sessions/index.js';

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return CoreError.isInstance(error) ? error.code : 'not a CoreError';
  }
  return undefined;
}

describe('createSessionStore', () => {
  it('builds the in-memory store when no configuration is given', async () => {
    const store = await createSessionStore();
    expect(store.backend).toBe('memory');
    await store.set('key', { a: 1 });
    expect(await store.get('key')).toEqual({ a: 1 });
    await store.close();
  });

  it('builds a bounded in-memory store for { memory }', async () => {
    const store = await createSessionStore({ memory: { maxEntries: 2 } });
    for (const key of ['a', 'b', 'c']) await store.set(key, 1);
    expect(await store.keys()).toEqual(['b', 'c']);
  });

  it('refuses bad configurations with CONFIG_INVALID naming the field, never the URL', async () => {
    const bad: unknown[] = [
      'redis://127.0.0.1:6379',
      { redis: 'http://user:secret@127.0.0.1' },
      { redis: 'redis://127.0.0.1:6379', extra: true },
      { redis: 'redis://127.0.0.1:6379', commandTimeoutMs: 0 },
      { memory: { maxEntries: -1 } },
      {},
    ];
    for (const config of bad) {
      const error = await createSessionStore(config).catch((caught: unknown) => caught);
      expect(CoreError.isInstance(error) && error.code).toBe('CONFIG_INVALID');
      expect((error as Error).message).not.toContain('secret');
    }
    expect(() =>
      validateSessionStoreConfig({ redis: 'redis://127.0.0.1:6379', commandTimeoutMs: 0 }),
    ).toThrow(/commandTimeoutMs/);
  });
});

describe('parseSessionStoreArgument', () => {
  it('reads memory and redis URLs', () => {
    expect(parseSessionStoreArgument('memory')).toEqual({ memory: {} });
    expect(parseSessionStoreArgument('redis://127.0.0.1:6379/2')).toEqual({
      redis: 'redis://127.0.0.1:6379/2',
    });
    expect(parseSessionStoreArgument('rediss://cache.example:6380')).toEqual({
      redis: 'rediss://cache.example:6380',
    });
  });

  it('refuses anything else with CONFIG_INVALID', () => {
    for (const text of ['', 'redis', 'http://127.0.0.1:6379', 'redis:// spaced']) {
      expect(codeOf(() => parseSessionStoreArgument(text))).toBe('CONFIG_INVALID');
    }
  });
});
