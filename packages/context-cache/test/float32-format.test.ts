import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFloat32 } from '../src/float32-format.js';

/** Reads a printed float back as a 32-bit float. */
function parse32(text: string): number {
  return Math.fround(Number(text));
}

/** Number of significant digits of a printed float (`0.00012` has 2, `1.5e+13` has 2). */
function significantDigits(text: string): number {
  const mantissa = text.replace(/^-/, '').split('e')[0] ?? '';
  const digits = mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.max(digits.length, 1);
}

const finiteFloat32 = fc.float({ noNaN: true, noDefaultInfinity: true });

describe('formatFloat32', () => {
  it.each([
    [0, '0.0'],
    [0.5, '0.5'],
    [1 / 3, '0.33333334'],
    [2 / 3, '0.6666667'],
    [1 / 7, '0.14285715'],
    [0.75, '0.75'],
    [1, '1.0'],
    [12, '12.0'],
    [0.1, '0.1'],
    [16777216, '16777216.0'],
    [123456.789, '123456.79'],
    [1e12, '1000000000000.0'],
    [0.000001, '0.000001'],
    [0.000123, '0.000123'],
  ])('prints %s in positional notation as %s', (value, expected) => {
    expect(formatFloat32(value)).toBe(expected);
  });

  it.each([
    [1e-7, '1e-7'],
    [5e-7, '5e-7'],
    [1.2e-7, '1.2e-7'],
    [1e13, '1e+13'],
    [1.5e13, '1.5e+13'],
    [3.4028234663852886e38, '3.4028235e+38'],
    [1.1754943508222875e-38, '1.1754944e-38'],
    [1.401298464324817e-45, '1e-45'],
  ])(
    'prints %s outside 1e-6..1e13 in exponent notation as %s, like serde_json',
    (value, expected) => {
      expect(formatFloat32(value)).toBe(expected);
    },
  );

  it('keeps the sign of negative values and negative zero', () => {
    expect(formatFloat32(-0.5)).toBe('-0.5');
    expect(formatFloat32(-0)).toBe('-0.0');
    expect(formatFloat32(-1e-7)).toBe('-1e-7');
  });

  it('refuses NaN and infinities, which have no JSON number form', () => {
    expect(() => formatFloat32(Number.NaN)).toThrow(RangeError);
    expect(() => formatFloat32(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('reads back as the same 32-bit float for every finite float', () => {
    fc.assert(
      fc.property(finiteFloat32, (value) => {
        expect(Object.is(parse32(formatFloat32(value)), Math.fround(value))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('prints no more digits than needed: one digit fewer never reads back', () => {
    fc.assert(
      fc.property(
        finiteFloat32.filter((value) => value !== 0),
        (value) => {
          const printed = formatFloat32(value);
          const digits = significantDigits(printed);
          if (digits > 1) {
            // The nearest decimal with one digit fewer, and its two neighbours at that precision.
            const nearest = Number(Math.fround(value).toPrecision(digits - 1));
            const spacing = 10 ** (Math.floor(Math.log10(Math.abs(nearest))) - digits + 2);
            for (const candidate of [nearest - spacing, nearest, nearest + spacing]) {
              const clean = candidate.toPrecision(digits - 1);
              expect(parse32(clean)).not.toBe(Math.fround(value));
            }
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('always prints a decimal point or an exponent, never a bare integer', () => {
    fc.assert(
      fc.property(finiteFloat32, (value) => {
        expect(formatFloat32(value)).toMatch(/^-?(\d+\.\d+|\d(\.\d+)?e[+-]\d+)$/);
      }),
      { numRuns: 2000 },
    );
  });

  it('uses positional notation exactly when the decimal exponent is between -6 and 12', () => {
    fc.assert(
      fc.property(
        finiteFloat32.filter((value) => value !== 0),
        (value) => {
          const magnitude = Math.abs(parse32(formatFloat32(value)));
          const printed = formatFloat32(value);
          const positional = magnitude >= 1e-6 && magnitude < 1e13;
          expect(printed.includes('e')).toBe(!positional);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
