import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stableStringify } from '../../src/catalog-server/index.js';
import { jsonDepth } from '../../src/catalog-server/stable-json.js';

/** The same value with the keys of every object inserted in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, member]) => [key, reverseKeys(member)]),
  );
}

describe('stableStringify', () => {
  it('sorts keys at every level', () => {
    expect(stableStringify({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it('drops undefined members and writes undefined items and non-finite numbers as null', () => {
    expect(stableStringify({ a: undefined, b: [undefined, Number.NaN], c: 'x' })).toBe(
      '{"b":[null,null],"c":"x"}',
    );
  });

  it('reads back as JSON.stringify does for any JSON value (property)', () => {
    // Compared with JSON's own round trip, not with the value: JSON writes -0 as 0.
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(stableStringify(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('gives the same text whatever the key insertion order (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stableStringify(reverseKeys(value))).toBe(stableStringify(value));
      }),
    );
  });
});

describe('jsonDepth', () => {
  it('counts nesting levels of objects and arrays', () => {
    expect(jsonDepth('text', 10)).toBe(0);
    expect(jsonDepth({}, 10)).toBe(1);
    expect(jsonDepth({ a: [1, { b: [] }] }, 10)).toBe(4);
  });

  it('stops at the limit on a value nested far deeper than the stack could recurse', () => {
    let value: unknown = [];
    for (let level = 0; level < 100_000; level += 1) value = [value];
    expect(jsonDepth(value, 100)).toBe(101);
  });
});
