import { describe, expect, it } from 'vitest';
import { createRandom, sample, shuffled } from '../src/random.js';

describe('createRandom', () => {
  it('gives the same numbers in [0, 1) for the same seed and others for another seed', () => {
    const first = Array.from({ length: 5 }, createRandom(42));
    expect(Array.from({ length: 5 }, createRandom(42))).toEqual(first);
    expect(Array.from({ length: 5 }, createRandom(43))).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });
});

describe('shuffled and sample', () => {
  it('shuffles into a permutation without touching the input', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const result = shuffled(items, createRandom(1));
    expect([...result].sort((a, b) => a - b)).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('draws distinct items in input order, and all of them when asked for more', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    const drawn = sample(items, 3, createRandom(9));
    expect(drawn).toHaveLength(3);
    expect(new Set(drawn).size).toBe(3);
    expect(drawn).toEqual(items.filter((item) => drawn.includes(item)));
    expect(sample(items, 3, createRandom(9))).toEqual(drawn);
    expect(sample(items, 10, createRandom(9))).toEqual(items);
  });
});
