import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../../src/firewall/view/json-depth.js';

/** The nesting depth, recursively: the law the iterative walk must agree with. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe('nestsDeeperThan', () => {
  it('agrees with the recursive depth on any JSON value and bound', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.nat(10), (value, bound) => {
        expect(nestsDeeperThan(value, bound)).toBe(depthOf(value) > bound);
      }),
    );
  });

  it('measures 100,000 levels without recursion', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(nestsDeeperThan(deep, 99_999)).toBe(true);
    expect(nestsDeeperThan(deep, 100_000)).toBe(false);
  });
});
