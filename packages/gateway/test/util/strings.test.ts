import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints, sortByCodePoint, toSingleLine } from '../../src/util/strings.js';
import { anyText } from '../arbitraries.js';

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

describe('toSingleLine', () => {
  /** The rules as documented, each applied in turn, with no shortcut for text already clean. */
  const byTheRules = (text: string): string =>
    text
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
      .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  /** Mostly printable ASCII and spaces, so that many texts are clean lines already. */
  const nearlyClean = fc.string({
    unit: fc.oneof(
      {
        weight: 8,
        arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          ' ',
          '\t',
          '\n',
          '\u00a0',
          '\u007f',
          '\u202e',
          '\ud800',
          '\ufeff',
          'é',
        ),
      },
    ),
    maxLength: 40,
  });

  it('gives what the rules give, for clean lines and any other text (property)', () => {
    fc.assert(
      fc.property(fc.oneof(nearlyClean, anyText(40)), (text) => {
        expect(toSingleLine(text)).toBe(byTheRules(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a clean line as it is and collapses one that is not', () => {
    expect(toSingleLine('Get the weather. Then plan.')).toBe('Get the weather. Then plan.');
    expect(toSingleLine(' Get  the\tweather\u00a0now ')).toBe('Get the weather now');
  });
});
