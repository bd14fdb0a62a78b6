import { describe, expect, it } from 'vitest';
import type { CacheDocument } from '../../src/document.js';
import { ContextCacheError } from '../../src/errors.js';
import { documentVersion } from '../../src/hashing.js';
import { createBm25Strategy } from '../../src/selection/bm25.js';
import { createSelectionIndexCache } from '../../src/selection/index-cache.js';
import { termFrequencyStrategy } from '../../src/selection/term-frequency.js';

function document(id: string, content: string): CacheDocument {
  return { id, version: documentVersion(content), source: id, content, metadata: {} };
}

const FIRST = [document('a.md', 'alpha beta'), document('b.md', 'beta')];
const SECOND = [document('a.md', 'alpha gamma'), document('b.md', 'gamma')];
const KEY = { cache: '/caches/docs', cacheVersion: 'sha256:1', strategy: termFrequencyStrategy };

describe('createSelectionIndexCache', () => {
  it('keeps one index per cache and strategy and reuses it while cache_version is the same', () => {
    const indexes = createSelectionIndexCache();
    const first = indexes.get(KEY, FIRST);
    expect(indexes.get(KEY, FIRST)).toBe(first);
    const bm25 = indexes.get({ ...KEY, strategy: createBm25Strategy() }, FIRST);
    expect(bm25).not.toBe(first);
    expect(indexes.size).toBe(2);
  });

  it('rebuilds when cache_version changes and forgets the old version', () => {
    const indexes = createSelectionIndexCache();
    const before = indexes.get(KEY, FIRST);
    const after = indexes.get({ ...KEY, cacheVersion: 'sha256:2' }, SECOND);
    expect(after).not.toBe(before);
    expect(after.select('gamma', 100).documents[0]?.id).toBe('b.md');
    expect(indexes.size).toBe(1);
    expect(indexes.characters).toBe('alpha gamma'.length + 'gamma'.length);
  });

  it('evicts the least recently used index beyond maxIndexes', () => {
    const indexes = createSelectionIndexCache({ maxIndexes: 2 });
    const key = (cache: string) => ({ cache, cacheVersion: 'v', strategy: termFrequencyStrategy });
    const one = indexes.get(key('one'), FIRST);
    indexes.get(key('two'), FIRST);
    expect(indexes.get(key('one'), FIRST)).toBe(one);
    indexes.get(key('three'), FIRST);
    expect(indexes.size).toBe(2);
    expect(indexes.get(key('one'), FIRST)).toBe(one);
    const two = indexes.get(key('two'), FIRST);
    expect(indexes.get(key('two'), FIRST)).toBe(two);
  });

  it('keeps the covered characters within maxCharacters and never keeps a larger index', () => {
    const indexes = createSelectionIndexCache({ maxCharacters: 20 });
    const key = (cache: string) => ({ cache, cacheVersion: 'v', strategy: termFrequencyStrategy });
    indexes.get(key('one'), FIRST);
    indexes.get(key('two'), SECOND);
    expect(indexes.characters).toBeLessThanOrEqual(20);
    expect(indexes.size).toBe(1);
    const big = [document('big.md', 'word '.repeat(10))];
    const used = indexes.get(key('big'), big);
    expect(used.select('word', 100).documents).toHaveLength(1);
    expect(indexes.get(key('big'), big)).not.toBe(used);
    expect(indexes.characters).toBeLessThanOrEqual(20);
  });

  it('refuses bounds that are not positive integers with invalid_options', () => {
    for (const options of [{ maxIndexes: 0 }, { maxCharacters: 1.5 }, { maxIndexes: -1 }]) {
      expect(() => createSelectionIndexCache(options)).toThrow(ContextCacheError);
      try {
        createSelectionIndexCache(options);
      } catch (error) {
        expect((error as ContextCacheError).code).toBe('invalid_options');
      }
    }
    expect(() => createSelectionIndexCache({ unknown: 1 } as never)).toThrow(ContextCacheError);
  });

  it('drops everything on clear', () => {
    const indexes = createSelectionIndexCache();
    indexes.get({ cache: 'c', cacheVersion: 'v', strategy: termFrequencyStrategy }, FIRST);
    indexes.clear();
    expect(indexes.size).toBe(0);
    expect(indexes.characters).toBe(0);
  });
});

describe('SelectionIndexCache.select', () => {
  const queries = ['beta', 'alpha beta', 'gamma', ''];

  it('answers a cold v0 cache by scoring every document, then from the index built behind it', async () => {
    const indexes = createSelectionIndexCache();
    const expected = createSelectionIndexCache().get(KEY, FIRST);
    const first = await indexes.select(KEY, FIRST, 'beta', 100);
    expect(first).toEqual(expected.select('beta', 100));
    // The build is under way: the next calls wait for it, and get the same answers.
    for (const query of queries) {
      expect(await indexes.select(KEY, FIRST, query, 100)).toEqual(expected.select(query, 100));
    }
    const built = indexes.get(KEY, FIRST);
    expect(indexes.get(KEY, FIRST)).toBe(built);
    expect(indexes.size).toBe(1);
    expect(indexes.characters).toBe('alpha beta'.length + 'beta'.length);
  });

  it('abandons the build of a version that changed while it ran', async () => {
    const indexes = createSelectionIndexCache();
    await indexes.select(KEY, FIRST, 'beta', 100);
    const changed = { ...KEY, cacheVersion: 'sha256:2' };
    const answer = await indexes.select(changed, SECOND, 'gamma', 100);
    expect(answer.documents.map((item) => item.id)).toEqual(['b.md', 'a.md']);
    expect(await indexes.select(changed, SECOND, 'alpha', 100)).toEqual(
      createSelectionIndexCache().get(changed, SECOND).select('alpha', 100),
    );
    expect(indexes.size).toBe(1);
    expect(indexes.characters).toBe('alpha gamma'.length + 'gamma'.length);
  });

  it('builds the index of a strategy without steps in the call itself', async () => {
    const indexes = createSelectionIndexCache();
    const bm25 = { ...KEY, strategy: createBm25Strategy() };
    await indexes.select(bm25, FIRST, 'beta', 100);
    expect(indexes.size).toBe(1);
    expect(indexes.characters).toBe('alpha beta'.length + 'beta'.length);
  });

  it('scores every document of a cache larger than maxCharacters on every call, keeping nothing', async () => {
    const indexes = createSelectionIndexCache({ maxCharacters: 5 });
    const expected = createSelectionIndexCache().get(KEY, FIRST);
    for (const query of queries) {
      expect(await indexes.select(KEY, FIRST, query, 100)).toEqual(expected.select(query, 100));
    }
    expect(indexes.size).toBe(0);
  });
});
