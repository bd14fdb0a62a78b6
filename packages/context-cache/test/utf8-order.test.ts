import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareUtf8 } from '../src/utf8-order.js';

describe('compareUtf8', () => {
  it('orders characters above U+FFFF after U+E000–U+FFFF, as UTF-8 bytes do', () => {
    expect(compareUtf8('\u{1F600}', '\uFF5E')).toBeGreaterThan(0);
    expect('\u{1F600}' < '\uFF5E').toBe(true);
  });

  it('agrees in sign with a byte comparison of the UTF-8 encodings', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme' }),
        (left, right) => {
          const bytes = Buffer.compare(Buffer.from(left, 'utf8'), Buffer.from(right, 'utf8'));
          expect(Math.sign(compareUtf8(left, right))).toBe(bytes);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
