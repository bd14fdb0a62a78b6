/**
 * The compact, key-sorted JSON text CPython's `json.dumps` writes, so that
 * hashes over it agree byte for byte with the spec's Python reference.
 *
 * Hand-written because no JSON library reproduces CPython's choices:
 * `ensure_ascii` escaping (every character outside printable ASCII as a
 * lowercase `\uXXXX`, astral characters as surrogate pairs, DEL included),
 * `repr()` of floats (`1e-05`, `1e+16`, `0.0001`) and keys sorted by code point.
 *
 * @module
 */

import { sortByCodePoint } from '../util/strings.js';

const NAMED_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** Everything CPython escapes with `ensure_ascii=True`: not in space..tilde, or a quote or backslash. */
const NEEDS_ESCAPE = /[^ -~]|["\\]/g;
/** Text CPython writes as is: printable ASCII without a quote or backslash (most names). */
const PLAIN = /^[ !#-[\]-~]*$/;

/** A JSON string literal as CPython writes it with `ensure_ascii=True`. */
export function pythonJsonString(text: string): string {
  if (PLAIN.test(text)) return `"${text}"`;
  const body = text.replace(
    NEEDS_ESCAPE,
    (character) =>
      NAMED_ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `"${body}"`;
}

/**
 * A number as CPython writes it. JavaScript cannot tell `1` from `1.0` once
 * JSON is parsed, so integral values are written as Python writes an int
 * (all digits); other values as Python's `repr(float)`: shortest round-trip
 * digits, in plain notation down to 1e-4 and as `d.ddde-XX` below.
 */
export function pythonJsonNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return 'Infinity';
  if (value === Number.NEGATIVE_INFINITY) return '-Infinity';
  if (Number.isInteger(value)) return BigInt(value).toString();
  // Non-integral doubles are below 2^52, so only small exponents need the exponent form.
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace('-', '').replace('.', '');
  if (exponent < -4) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    return `${sign}${digits[0]}${fraction}e-${String(-exponent).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  return `${sign}${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
}

/**
 * `json.dumps(value, sort_keys=True, separators=(",", ":"))` for a JSON value.
 * `undefined`, functions and symbols, which JSON cannot hold, throw a `TypeError`
 * (callers turn it into their typed error).
 */
export function pythonJsonDumps(value: unknown): string {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'string') return pythonJsonString(value);
  if (typeof value === 'number') return pythonJsonNumber(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(',')}]`;
  if (typeof value === 'object') {
    const entries = sortByCodePoint(Object.keys(value)).map(
      (key) =>
        `${pythonJsonString(key)}:${pythonJsonDumps((value as Record<string, unknown>)[key])}`,
    );
    return `{${entries.join(',')}}`;
  }
  throw new TypeError(`a ${typeof value} has no JSON form`);
}
