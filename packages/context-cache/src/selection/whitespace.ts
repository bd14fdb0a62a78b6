/**
 * Whitespace splitting with the original's definition of whitespace.
 *
 * @module
 */

/**
 * True for the UTF-16 code unit of a Unicode `White_Space` character, the set Rust's
 * `str::split_whitespace` splits on. JavaScript's `\s` differs (it includes U+FEFF and lacks
 * U+0085), so it is not used. All such characters are in the Basic Multilingual Plane.
 */
export function isWhitespace(unit: number): boolean {
  if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  if (unit < 0x85) return false;
  return (
    unit === 0x85 ||
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000
  );
}

/**
 * Calls `visit` with every whitespace-separated word of `text`, in order, without building an
 * array (documents can hold millions of words). All `White_Space` characters are in the Basic
 * Multilingual Plane, so scanning UTF-16 code units is exact.
 */
export function forEachWord(text: string, visit: (word: string) => void): void {
  let start = -1;
  for (let index = 0; index < text.length; index += 1) {
    if (isWhitespace(text.charCodeAt(index))) {
      if (start >= 0) visit(text.slice(start, index));
      start = -1;
    } else if (start < 0) {
      start = index;
    }
  }
  if (start >= 0) visit(text.slice(start));
}

/**
 * Splits on whitespace and drops empty pieces: `split(text, whitespace)` of the spec.
 *
 * @see context_selection.md §v0: Term Frequency
 */
export function splitWhitespace(text: string): string[] {
  const words: string[] = [];
  forEachWord(text, (word) => words.push(word));
  return words;
}

/**
 * The spec's query normalization: lowercase (Unicode, locale-independent), then split on
 * whitespace. Identical input strings give identical term lists.
 *
 * @see context_selection.md §v0: Term Frequency, §Invariants 8
 */
export function queryTerms(query: string): string[] {
  return splitWhitespace(query.toLowerCase());
}
