/**
 * The SessionStore contract as one suite, run unchanged against every store
 * (memory-session-store.test.ts, redis-session-store.test.ts).
 */

import { expect, it } from 'vitest';
import { CoreError } from '../../src/errors.js';
import type { JsonValue, SessionStore } from '../../src/sessions/index.js';

/** Polls `check` every few milliseconds until it holds; fails after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Registers the contract tests; `store()` returns a fresh, empty store for the running test
 * (the caller closes it).
 */
export function sessionStoreContract(store: () => SessionStore): void {
  it('returns what was set and undefined for keys never set', async () => {
    await store().set('grants:s1', ['search', 'fetch']);
    expect(await store().get('grants:s1')).toEqual(['search', 'fetch']);
    expect(await store().get('grants:s2')).toBeUndefined();
  });

  it('keeps keys isolated: writing one session never changes another', async () => {
    await store().set('grants:a:tools', ['one']);
    await store().set('grants:b:tools', ['two']);
    await store().update('grants:a:tools', (current) => [
      ...((current as string[]) ?? []),
      'three',
    ]);
    await store().delete('grants:b:tools');
    expect(await store().get('grants:a:tools')).toEqual(['one', 'three']);
    expect(await store().get('grants:b:tools')).toBeUndefined();
  });

  it('expires an entry at its time to live and keeps one without a time to live', async () => {
    await store().set('short', 1, { ttlMs: 40 });
    await store().set('forever', true);
    expect(await store().get('short')).toBe(1);
    await waitFor(async () => (await store().get('short')) === undefined);
    expect(await store().get('forever')).toBe(true);
    expect(await store().keys()).toEqual(['forever']);
  });

  it('sets the time to live anew on update, and drops it on a set without one', async () => {
    await store().set('windowed', 1, { ttlMs: 60_000 });
    await store().update('windowed', (current) => (current as number) + 1, { ttlMs: 40 });
    await waitFor(async () => (await store().get('windowed')) === undefined);
    await store().set('kept', 1, { ttlMs: 40 });
    await store().set('kept', 2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await store().get('kept')).toBe(2);
  });

  it('resolves delete to whether a live entry was there', async () => {
    await store().set('key', 'value');
    expect(await store().delete('key')).toBe(true);
    expect(await store().delete('key')).toBe(false);
    expect(await store().get('key')).toBeUndefined();
  });

  it('lists live keys under a prefix in code-unit order, matching the prefix literally', async () => {
    for (const key of ['seen:s1:b', 'seen:s1:a', 'seen:s1:Z', 'seen:s1:é', 'seen:s2:a']) {
      await store().set(key, 1);
    }
    await store().set('glob*[x]?:a', 1);
    await store().set('glob-other:a', 1);
    expect(await store().keys('seen:s1:')).toEqual([
      'seen:s1:Z',
      'seen:s1:a',
      'seen:s1:b',
      'seen:s1:é',
    ]);
    expect(await store().keys('glob*[x]?:')).toEqual(['glob*[x]?:a']);
    expect(await store().keys('none:')).toEqual([]);
    expect(await store().keys()).toHaveLength(7);
  });

  it('lists many keys completely, each once', async () => {
    const written = Array.from({ length: 1_500 }, (_, index) => `many:${index}`);
    await Promise.all(written.map((key) => store().set(key, 0)));
    expect(await store().keys('many:')).toEqual([...written].sort());
  });

  it('hands out copies: mutating a value given or returned never changes the store', async () => {
    const written = { tools: ['a'], nested: { count: 1 } };
    await store().set('state', written);
    written.tools.push('mutated');
    const first = (await store().get('state')) as { nested: { count: number } };
    first.nested.count = 99;
    expect(await store().get('state')).toEqual({ tools: ['a'], nested: { count: 1 } });
  });

  it('keeps values as JSON: undefined properties dropped, NaN as null', async () => {
    await store().set('json', { kept: 1, dropped: undefined, nan: Number.NaN } as never);
    expect(await store().get('json')).toEqual({ kept: 1, nan: null });
  });

  it('refuses values JSON cannot write with INVALID_ARGUMENT and writes nothing', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const value of [cyclic, 10n, undefined, () => 1]) {
      const error = await store()
        .set('bad', value as JsonValue)
        .catch((caught: unknown) => caught);
      expect(CoreError.isInstance(error) && error.code).toBe('INVALID_ARGUMENT');
    }
    const error = await store()
      .update('bad', () => 10n as never)
      .catch((caught: unknown) => caught);
    expect(CoreError.isInstance(error) && error.code).toBe('INVALID_ARGUMENT');
    expect(await store().keys()).toEqual([]);
  });

  it('refuses keys and prefixes with control characters with INVALID_ARGUMENT and writes nothing', async () => {
    for (const key of ['gateway:abc\u0000:seen', 'x\u001b[31m', 'tab\there', 'c1\u0085']) {
      await expect(store().set(key, 1)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      await expect(store().get(key)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      await expect(store().update(key, () => 1)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
      });
      await expect(store().delete(key)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      await expect(store().keys(key)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    expect(await store().keys()).toEqual([]);
  });

  it('refuses a time to live that is not a positive integer', async () => {
    for (const ttlMs of [0, -5, 1.5]) {
      await expect(store().set('key', 1, { ttlMs })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
      });
    }
    expect(await store().get('key')).toBeUndefined();
  });

  it('updates atomically: concurrent updates all land', async () => {
    await Promise.all(
      Array.from({ length: 25 }, () =>
        store().update('counter', (current) => (typeof current === 'number' ? current + 1 : 1)),
      ),
    );
    expect(await store().get('counter')).toBe(25);
  });

  it('passes absent entries to the updater as undefined and deletes when it returns undefined', async () => {
    const seen: Array<JsonValue | undefined> = [];
    const created = await store().update('fresh', (current) => {
      seen.push(current);
      return { made: true };
    });
    expect(seen).toEqual([undefined]);
    expect(created).toEqual({ made: true });
    expect(await store().update('fresh', () => undefined)).toBeUndefined();
    expect(await store().update('never', () => undefined)).toBeUndefined();
    expect(await store().keys()).toEqual([]);
  });
}
