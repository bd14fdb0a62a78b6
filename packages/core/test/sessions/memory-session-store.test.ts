import { beforeEach, describe, expect, it } from 'vitest';
import {
  createMemorySessionStore,
  type JsonValue,
  type SessionStore,
} from '../../src/sessions/index.js';
import { sessionStoreContract } from './session-store-contract.js';

/** A clock the test moves by hand. */
function createClock(start = 0) {
  let time = start;
  return {
    now: () => time,
    advance(milliseconds: number) {
      time += milliseconds;
    },
  };
}

describe('createMemorySessionStore: the SessionStore contract', () => {
  let current: SessionStore;
  beforeEach(() => {
    current = createMemorySessionStore();
  });
  sessionStoreContract(() => current);
});

describe('createMemorySessionStore', () => {
  it('expires an entry at its time to live, measured on the injected clock', async () => {
    const clock = createClock();
    const store = createMemorySessionStore({ now: clock.now });
    await store.set('window', 1, { ttlMs: 1000 });
    clock.advance(999);
    expect(await store.get('window')).toBe(1);
    clock.advance(1);
    expect(await store.get('window')).toBeUndefined();
  });

  it('applies the default time to live to writes that name none', async () => {
    const clock = createClock(5);
    const store = createMemorySessionStore({ now: clock.now, defaultTtlMs: 100 });
    await store.set('short', 'a');
    await store.set('long', 'b', { ttlMs: 1000 });
    clock.advance(100);
    expect(await store.get('short')).toBeUndefined();
    expect(await store.get('long')).toBe('b');
  });

  it('keeps entries without any time to live until they are deleted', async () => {
    const clock = createClock();
    const store = createMemorySessionStore({ now: clock.now });
    await store.set('forever', true);
    clock.advance(Number.MAX_SAFE_INTEGER / 2);
    expect(await store.get('forever')).toBe(true);
    expect(await store.delete('forever')).toBe(true);
    expect(await store.delete('forever')).toBe(false);
  });

  it('sets the time to live anew on every write, and reads do not extend it', async () => {
    const clock = createClock();
    const store = createMemorySessionStore({ now: clock.now, defaultTtlMs: 100 });
    await store.set('key', 1);
    clock.advance(60);
    await store.set('key', 2);
    clock.advance(60);
    expect(await store.get('key')).toBe(2);
    clock.advance(39);
    expect(await store.get('key')).toBe(2);
    clock.advance(1);
    expect(await store.get('key')).toBeUndefined();
  });

  it('evicts the least recently used entry when full, counting reads as use', async () => {
    const store = createMemorySessionStore({ maxEntries: 3 });
    await store.set('a', 1);
    await store.set('b', 2);
    await store.set('c', 3);
    await store.get('a');
    await store.set('d', 4);
    expect(await store.keys()).toEqual(['a', 'c', 'd']);
    await store.set('c', 30);
    await store.set('e', 5);
    expect(await store.keys()).toEqual(['c', 'd', 'e']);
  });

  it('never holds more than maxEntries entries', async () => {
    const store = createMemorySessionStore({ maxEntries: 50 });
    for (let index = 0; index < 500; index += 1) {
      await store.set(`key:${index}`, index);
    }
    const keys = await store.keys();
    expect(keys).toHaveLength(50);
    expect(keys).toContain('key:499');
    expect(keys).not.toContain('key:449');
  });

  it('reclaims expired entries that are never read again, so they do not push live ones out', async () => {
    const clock = createClock();
    const store = createMemorySessionStore({ now: clock.now, maxEntries: 10 });
    for (let index = 0; index < 5; index += 1) await store.set(`live:${index}`, index);
    for (let index = 0; index < 5; index += 1)
      await store.set(`dead:${index}`, index, { ttlMs: 10 });
    clock.advance(10);
    // Without the sweep, these writes would evict live:0..4, the least recently used entries.
    for (let index = 5; index < 10; index += 1) await store.set(`live:${index}`, index);
    expect(await store.keys('live:')).toHaveLength(10);
  });

  it('lists live keys under a prefix in code-unit order', async () => {
    const clock = createClock();
    const store = createMemorySessionStore({ now: clock.now });
    await store.set('seen:s1:b', 1);
    await store.set('seen:s1:a', 1);
    await store.set('seen:s1:Z', 1);
    await store.set('seen:s1:gone', 1, { ttlMs: 5 });
    await store.set('seen:s2:a', 1);
    clock.advance(5);
    expect(await store.keys('seen:s1:')).toEqual(['seen:s1:Z', 'seen:s1:a', 'seen:s1:b']);
  });

  it('deletes the entry when an updater returns undefined, and sees expired entries as absent', async () => {
    const clock = createClock();
    const store = createMemorySessionStore({ now: clock.now });
    await store.set('gone', 'x', { ttlMs: 1 });
    clock.advance(1);
    const seen: Array<JsonValue | undefined> = [];
    const result = await store.update('gone', (current) => {
      seen.push(current);
      return 'fresh';
    });
    expect(seen).toEqual([undefined]);
    expect(result).toBe('fresh');
    expect(await store.update('gone', () => undefined)).toBeUndefined();
    expect(await store.keys()).toEqual([]);
  });

  it('rejects options outside their domain with INVALID_ARGUMENT', async () => {
    for (const options of [{ maxEntries: 0 }, { maxEntries: 1.5 }, { defaultTtlMs: -1 }]) {
      expect(() => createMemorySessionStore(options)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
      );
    }
    const store = createMemorySessionStore();
    await expect(store.set('key', 1, { ttlMs: 0 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});
