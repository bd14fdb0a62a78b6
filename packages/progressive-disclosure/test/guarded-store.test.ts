import { ProtocolError } from '@modelcontextprotocol/server';
import { CoreError } from '@x/core';
import { createMemorySessionStore, type SessionStore } from '@x/core/sessions';
import { describe, expect, it } from 'vitest';
import { guardSessionStore, STORE_UNAVAILABLE_MESSAGE } from '../src/guarded-store.js';

const failing: SessionStore = {
  get: () => Promise.reject(unavailable()),
  set: () => Promise.reject(unavailable()),
  update: () => Promise.reject(unavailable()),
  delete: () => Promise.reject(unavailable()),
  keys: () => Promise.reject(unavailable()),
};

function unavailable(): CoreError {
  return new CoreError({
    code: 'UNAVAILABLE',
    message: 'Redis at redis://:secret@10.0.0.7:6379 is unavailable.',
    data: { url: 'redis://:secret@10.0.0.7:6379' },
  });
}

describe('guardSessionStore', () => {
  it('passes values through a working store', async () => {
    const store = guardSessionStore(createMemorySessionStore());
    await store.set('a', { n: 1 });
    expect(await store.update('a', () => ({ n: 2 }))).toEqual({ n: 2 });
    expect(await store.keys()).toEqual(['a']);
    expect(await store.delete('a')).toBe(true);
    expect(await store.get('a')).toBeUndefined();
  });

  it('turns every failure into a retryable error that names no backend', async () => {
    const store = guardSessionStore(failing);
    const calls = [
      () => store.get('a'),
      () => store.set('a', 1),
      () => store.update('a', () => 1),
      () => store.delete('a'),
      () => store.keys(),
    ];
    for (const call of calls) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProtocolError);
      expect((error as ProtocolError).message).toContain(STORE_UNAVAILABLE_MESSAGE);
      expect((error as ProtocolError).data).toEqual({ retryable: true });
      expect(
        JSON.stringify({
          message: (error as ProtocolError).message,
          data: (error as ProtocolError).data,
        }),
      ).not.toMatch(/secret|10\.0\.0\.7|redis:/);
      expect((error as Error).cause).toBeInstanceOf(CoreError);
    }
  });
});
