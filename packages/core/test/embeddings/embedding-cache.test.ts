import { describe, expect, it } from 'vitest';
import { createEmbeddingCache } from '../../src/embeddings/index.js';

describe('createEmbeddingCache', () => {
  it('keys vectors by provider and text content', () => {
    const cache = createEmbeddingCache();
    const vector = Float32Array.of(1, 0);
    cache.set('a', 'text', vector);
    expect(cache.get('a', 'text')).toBe(vector);
    expect(cache.get('b', 'text')).toBeUndefined();
    expect(cache.get('a', 'text ')).toBeUndefined();
    expect(cache.get('a:', 'text')).toBeUndefined();
  });

  it('drops the least recently used vector past its bound', () => {
    const cache = createEmbeddingCache({ maxEntries: 2 });
    cache.set('p', 'one', Float32Array.of(1));
    cache.set('p', 'two', Float32Array.of(2));
    cache.get('p', 'one');
    cache.set('p', 'three', Float32Array.of(3));
    expect(cache.size).toBe(2);
    expect(cache.get('p', 'two')).toBeUndefined();
    expect(cache.get('p', 'one')).toEqual(Float32Array.of(1));
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects maxEntries %s with INVALID_ARGUMENT', (maxEntries) => {
    expect(() => createEmbeddingCache({ maxEntries })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});
