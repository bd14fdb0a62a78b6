/**
 * Small string helpers shared by the modules of this package (not exported from the index).
 *
 * @module
 */

/** C0/C1 controls and the Unicode line and paragraph separators: everything that breaks a line. */
const LINE_BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
/** Bidirectional overrides and marks, which can make displayed text lie about its order. */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** A high surrogate without its low half, or a low surrogate without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const WHITESPACE_RUN = /\s+/g;
/** Any UTF-16 surrogate, paired or not. */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Orders two strings by Unicode code point, as Python's `sorted` does.
 *
 * JavaScript's `<` compares UTF-16 code units, which puts astral characters
 * (stored as surrogates 0xD800-0xDFFF) before BMP characters 0xE000-0xFFFF.
 */
export function compareCodePoints(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a !== b) return codePointRank(a) - codePointRank(b);
  }
  return left.length - right.length;
}

/**
 * A sorted copy of `values` in code-point order. Without a surrogate in any value, code-unit
 * order is code-point order, so the engine's own (faster) string sort is used then.
 */
export function sortByCodePoint(values: readonly string[]): string[] {
  const sorted = [...values];
  return sorted.some((value) => SURROGATE.test(value))
    ? sorted.sort(compareCodePoints)
    : sorted.sort();
}

function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

/** Replaces lone surrogates with U+FFFD so the text encodes to valid UTF-8. */
export function toWellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Printable ASCII words separated by single spaces: a text that {@link toSingleLine} leaves as
 * it is (most descriptions and every card line), told by one linear scan.
 */
const CLEAN_ASCII_LINE = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;

/**
 * Collapses text to one line: control characters and line separators become
 * spaces, bidirectional controls are removed, lone surrogates become U+FFFD,
 * whitespace runs become one space, and the ends are trimmed.
 */
export function toSingleLine(text: string): string {
  if (CLEAN_ASCII_LINE.test(text)) return text;
  return toWellFormed(text)
    .replace(LINE_BREAKING, ' ')
    .replace(BIDI_CONTROLS, '')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

/**
 * Cuts text to at most `maxLength` UTF-16 code units, ending with `…` when
 * something was cut, and never splitting a surrogate pair.
 */
export function capLength(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  if (maxLength < 1) return '';
  let end = maxLength - 1;
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}
