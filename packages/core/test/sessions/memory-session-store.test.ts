import { beforeEach, describe, expect, it } from 'vitest';
import {
  createMemorySessionStore,
  type JsonValue,
  ownerOfKey,
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

  it('never holds more than maxEntries entries: one caller gives up its own oldest', async () => {
    const store = createMemorySessionStore({ maxEntries: 50, maxEntriesPerCaller: 50 });
    for (let index = 0; index < 500; index += 1) {
      await store.set(`feature:session:one:${index}`, index);
    }
    const keys = await store.keys();
    expect(keys).toHaveLength(50);
    expect(keys).toContain('feature:session:one:499');
    expect(keys).not.toContain('feature:session:one:449');
  });

  it("bounds each caller on its own: a caller at its bound never evicts another caller's entries", async () => {
    const store = createMemorySessionStore({ maxEntries: 100, maxEntriesPerCaller: 10 });
    await store.set('gateway:principal:a:seen', ['a']);
    await store.set('progressive-disclosure:principal:a:grant', true);
    for (let index = 0; index < 1_000; index += 1) {
      await store.set(`gateway:principal:b:rate:${index}`, index);
    }
    expect(await store.get('gateway:principal:a:seen')).toEqual(['a']);
    expect(await store.get('progressive-disclosure:principal:a:grant')).toBe(true);
    const mine = await store.keys('gateway:principal:b:');
    expect(mine).toHaveLength(10);
    expect(mine).toContain('gateway:principal:b:rate:999');
    // Many 2025 sessions of callers without a token are callers of their own: each holds its few.
    for (let index = 0; index < 88; index += 1)
      await store.set(`gateway:session:s${index}:seen`, 1);
    await expect(store.set('gateway:session:s88:seen', 1)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(await store.get('gateway:principal:a:seen')).toEqual(['a']);
    expect(await store.keys()).toHaveLength(100);
  });

  it('refuses, with RATE_LIMITED, a new caller of a store full of live entries of others', async () => {
    const clock = createClock();
    const store = createMemorySessionStore({ now: clock.now, maxEntries: 3 });
    await store.set('gateway:principal:a:seen', 1);
    await store.set('gateway:principal:b:seen', 2, { ttlMs: 10 });
    await store.set('gateway:principal:c:seen', 3);
    await expect(store.set('gateway:principal:d:seen', 4)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/holds its maximum of 3 entries/),
      data: { reason: 'session_store_full', maxEntries: 3 },
    });
    expect(await store.keys()).toEqual([
      'gateway:principal:a:seen',
      'gateway:principal:b:seen',
      'gateway:principal:c:seen',
    ]);
    // A caller already in the store replaces its own entry; an expired entry makes room.
    await store.set('gateway:principal:a:seen', 5);
    clock.advance(10);
    await store.set('gateway:principal:d:seen', 4);
    expect(await store.get('gateway:principal:d:seen')).toBe(4);
    expect(await store.get('gateway:principal:a:seen')).toBe(5);
  });

  it('names the caller of a key by the <feature>:<scope>:<name> convention', () => {
    expect(ownerOfKey('gateway:principal:abc:rate:meta:tool_browse')).toBe('principal:abc');
    expect(ownerOfKey('gateway:session:1234:seen')).toBe('session:1234');
    expect(ownerOfKey('progressive-disclosure:stdio:9:grant')).toBe('stdio:9');
    expect(ownerOfKey('gateway:anonymous:seen')).toBe('anonymous');
    expect(ownerOfKey('mcp-session:5678')).toBe('5678');
    expect(ownerOfKey('gateway:session')).toBe('session');
    expect(ownerOfKey('plain')).toBe('');
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
