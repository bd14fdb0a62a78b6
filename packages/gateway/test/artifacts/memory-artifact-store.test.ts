import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_HANDLE_PATTERN, newArtifactHandle } from '../../src/artifacts/artifact.js';
import { createMemoryArtifactStore } from '../../src/artifacts/memory-artifact-store.js';
import { GatewayError } from '../../src/errors.js';
import { MALFORMED_HANDLES } from './malformed-handles.js';

const text = (content: string) => ({ text: content, mediaType: 'text/plain' });

describe('createMemoryArtifactStore', () => {
  it('stores each put under a new random handle, the same content included', async () => {
    const store = createMemoryArtifactStore();
    const first = await store.put(text('a'));
    expect(first.handle).toMatch(ARTIFACT_HANDLE_PATTERN);
    const again = await store.put(text('a'));
    expect(again.handle).not.toBe(first.handle);
    expect(await store.get(first.handle)).toBe(first);
    expect(await store.get(again.handle)).toBe(again);
    // Another store given the same content draws its own handle: nothing ties a handle to content.
    expect((await createMemoryArtifactStore().put(text('a'))).handle).not.toBe(first.handle);
  });

  it('draws handles of 128 random bits: of the pattern, and never twice (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 200 }), (count) => {
        const handles = Array.from({ length: count }, () => newArtifactHandle());
        for (const handle of handles) expect(handle).toMatch(ARTIFACT_HANDLE_PATTERN);
        expect(new Set(handles).size).toBe(count);
      }),
    );
    expect(ARTIFACT_HANDLE_PATTERN.test(`art_${'0'.repeat(32)}`)).toBe(true);
    expect(ARTIFACT_HANDLE_PATTERN.test(`art_${'0'.repeat(16)}`)).toBe(false);
  });

  it('evicts the least recently used artifact beyond the count bound', async () => {
    const store = createMemoryArtifactStore({ maxArtifacts: 2 });
    const a = await store.put(text('a'));
    const b = await store.put(text('b'));
    await store.get(a.handle);
    await store.put(text('c'));
    expect(await store.get(a.handle)).toBe(a);
    await expect(store.get(b.handle)).rejects.toMatchObject({
      code: 'VIEW_FAILED',
      data: { reason: 'evicted', max_artifacts: 2 },
    });
  });

  it('evicts beyond the byte bound and cuts content above the per-artifact cap', async () => {
    const store = createMemoryArtifactStore({ maxBytes: 12, maxArtifactBytes: 6 });
    const long = await store.put(text('ééééé'));
    expect(long).toMatchObject({ text: 'ééé', bytes: 10, truncated: true });
    const other = await store.put(text('123456'));
    expect(await store.get(long.handle)).toBe(long);
    await store.put(text('abcdef'));
    expect(await store.get(long.handle)).toBe(long);
    await expect(store.get(other.handle)).rejects.toMatchObject({ code: 'VIEW_FAILED' });
  });

  it('answers undefined for malformed and unknown handles, and forgets everything on clear', async () => {
    const store = createMemoryArtifactStore();
    const artifact = await store.put(text('x'));
    for (const handle of MALFORMED_HANDLES) {
      expect(await store.get(handle as string)).toBeUndefined();
    }
    await store.clear();
    expect(await store.get(artifact.handle)).toBeUndefined();
  });

  it('splits lines and parses JSON once, on demand', async () => {
    const store = createMemoryArtifactStore();
    const json = await store.put({ text: '{"a":\r\n1}', mediaType: 'application/json' });
    expect(json.lines()).toEqual(['{"a":', '1}']);
    expect(json.json()).toEqual({ ok: true, value: { a: 1 } });
    expect(json.json()).toBe(json.json());
    const plain = await store.put(text('{"a":1}'));
    expect(plain.json()).toEqual({ ok: false });
  });

  it('refuses limits that are not positive integers', () => {
    for (const options of [{ maxArtifacts: 0 }, { maxBytes: 1.5 }, { maxArtifactBytes: -1 }]) {
      try {
        createMemoryArtifactStore(options);
        expect.unreachable();
      } catch (error) {
        expect(GatewayError.isInstance(error) && error.code).toBe('ARGS_INVALID');
      }
    }
  });
});
