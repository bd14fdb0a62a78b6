import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth } from '../../src/serve/json-depth.js';

/** The nesting depth of a parsed JSON value: objects and arrays count one level each. */
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
  });

  it('stops early on hostile input', () => {
    expect(exceedsJsonDepth('['.repeat(1_000_000), 64)).toBe(true);
  });
});
