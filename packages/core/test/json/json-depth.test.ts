import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth, nestsDeeperThan } from '../../src/json/json-depth.js';

/** The nesting depth, recursively: the law both iterative walks must agree with. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe('exceedsJsonDepth', () => {
  it('agrees with the depth of the parsed value for any JSON text and bound', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), fc.integer({ min: 0, max: 14 }), (value, max) => {
        const text = JSON.stringify(value);
        expect(exceedsJsonDepth(text, max)).toBe(depthOf(JSON.parse(text)) > max);
      }),
    );
  });

  it('ignores brackets and escaped quotes inside strings', () => {
    expect(exceedsJsonDepth(JSON.stringify({ text: '[[[{{{"\\\\"[[[' }), 1)).toBe(false);
    expect(exceedsJsonDepth('["\\"[[[["]', 1)).toBe(false);
    expect(exceedsJsonDepth('{"a": "[[[{{{", "b": [1]}', 1)).toBe(true);
    expect(exceedsJsonDepth('{"a": "[[[{{{", "b": [1]}', 2)).toBe(false);
  });

  it('lets no stray closing bracket pay for a later opening one', () => {
    expect(exceedsJsonDepth(']]]}}[[[', 2)).toBe(true);
    expect(exceedsJsonDepth(']]]}}[[[', 3)).toBe(false);
  });

  it('stops early on hostile input', () => {
    expect(exceedsJsonDepth('['.repeat(1_000_000), 64)).toBe(true);
  });
});

describe('nestsDeeperThan', () => {
  it('agrees with the recursive depth on any JSON value and bound', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.nat(10), (value, bound) => {
        expect(nestsDeeperThan(value, bound)).toBe(depthOf(value) > bound);
      }),
    );
  });

  it('gives the same answer as exceedsJsonDepth on the value serialized', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.nat(10), (value, bound) => {
        expect(nestsDeeperThan(value, bound)).toBe(exceedsJsonDepth(JSON.stringify(value), bound));
      }),
    );
  });

  it('measures 100,000 levels without recursion', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(nestsDeeperThan(deep, 99_999)).toBe(true);
    expect(nestsDeeperThan(deep, 100_000)).toBe(false);
  });
});
