import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints, sortByCodePoint } from '../src/strings.js';
import { anyText } from './arbitraries.js';

describe('sortByCodePoint', () => {
  it('orders like compareCodePoints, astral and private-use characters included (property)', () => {
    const mixed = fc.array(
      fc.oneof(anyText(12), fc.constantFrom('a', 'z', '\uE000', '\uFFFF', '😀', '\uD800', 'é')),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(mixed, (values) => {
        expect(sortByCodePoint(values)).toEqual([...values].sort(compareCodePoints));
      }),
      { numRuns: 500 },
    );
  });

  it('puts an astral character after the last BMP characters, as Python sorts', () => {
    expect(sortByCodePoint(['😀', '\uFFFF', 'a'])).toEqual(['a', '\uFFFF', '😀']);
  });

  it('leaves its input unchanged', () => {
    const values = ['b', 'a'];
    sortByCodePoint(values);
    expect(values).toEqual(['b', 'a']);
  });
});
