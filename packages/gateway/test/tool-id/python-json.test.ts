import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pythonJsonDumps,
  pythonJsonNumber,
  pythonJsonString,
} from '../../src/tool-id/python-json.js';

describe('pythonJsonNumber', () => {
  // Expected values printed by CPython 3.11: json.dumps(value).
  it.each([
    [0.5, '0.5'],
    [-0.5, '-0.5'],
    [0.1, '0.1'],
    [1 / 3, '0.3333333333333333'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [0.00012345, '0.00012345'],
    [1e-7, '1e-07'],
    [-2.5e-10, '-2.5e-10'],
    [179769313.48623157, '179769313.48623157'],
    [5e-324, '5e-324'],
    [2.2250738585072014e-308, '2.2250738585072014e-308'],
    [123456.789, '123456.789'],
    [4503599627370495.5, '4503599627370495.5'],
    [0.30000000000000004, '0.30000000000000004'],
    [1e-300, '1e-300'],
    [3, '3'],
    [-0, '0'],
    [9007199254740991, '9007199254740991'],
    [1e21, '1000000000000000000000'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [Number.NEGATIVE_INFINITY, '-Infinity'],
  ])('writes %d as CPython writes it', (value, expected) => {
    expect(pythonJsonNumber(value)).toBe(expected);
  });

  it('round-trips every finite double and uses only Python float syntax (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = pythonJsonNumber(value);
        expect(Number(text)).toBe(value === 0 ? 0 : value);
        expect(text).toMatch(/^-?(\d+|\d+\.\d+|\d(\.\d+)?e-\d{2,3})$/);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('pythonJsonString', () => {
  // Expected values printed by CPython 3.11: json.dumps(value) (ensure_ascii=True).
  it.each([
    ['a"b\\c', '"a\\"b\\\\c"'],
    ['\n\r\t\b\f', '"\\n\\r\\t\\b\\f"'],
    ['\u0000\u001f\u007f', '"\\u0000\\u001f\\u007f"'],
    ['é中😀', '"\\u00e9\\u4e2d\\ud83d\\ude00"'],
    ['\ud800', '"\\ud800"'],
    ['\u2028', '"\\u2028"'],
    ['plain ASCII ~', '"plain ASCII ~"'],
  ])('escapes %j as CPython does', (value, expected) => {
    expect(pythonJsonString(value)).toBe(expected);
  });

  it('always writes pure printable ASCII that JSON.parse reads back (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 50 }), (value) => {
        const text = pythonJsonString(value);
        expect(text).toMatch(/^[ -~]*$/);
        expect(JSON.parse(text)).toBe(value);
      }),
    );
  });
});

describe('pythonJsonDumps', () => {
  it('sorts keys by code point and writes compact separators', () => {
    expect(pythonJsonDumps({ b: 1, a: [true, null, 0.5], '\uff01': 1, '\u{1F600}': 2, é: 3 })).toBe(
      '{"a":[true,null,0.5],"b":1,"\\u00e9":3,"\\uff01":1,"\\ud83d\\ude00":2}',
    );
  });

  it('refuses values JSON cannot hold', () => {
    expect(() => pythonJsonDumps(undefined)).toThrow(TypeError);
    expect(() => pythonJsonDumps({ a: () => 1 })).toThrow(TypeError);
  });

  it('agrees with JSON.parse on any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(pythonJsonDumps(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
