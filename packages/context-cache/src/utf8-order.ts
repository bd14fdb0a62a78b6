/**
 * String ordering by UTF-8 bytes, the order of Rust's `String` comparison and of the specs'
 * "UTF-8 byte order" (`context.list_caches.md §Ordering Rules`).
 *
 * @module
 */

/**
 * Maps a UTF-16 code unit so that comparing mapped units orders well-formed strings by code
 * point (hence by UTF-8 bytes): surrogates (U+D800–U+DFFF) move above U+E000–U+FFFF.
 */
function codePointOrderUnit(unit: number): number {
  if (unit < 0xd800) return unit;
  if (unit < 0xe000) return unit + 0x2000;
  return unit - 0x800;
}

/**
 * Compares two strings by their UTF-8 bytes: negative, zero or positive. JavaScript's `<`
 * compares UTF-16 code units, which disagrees for characters above U+FFFF against U+E000–U+FFFF.
 */
export function compareUtf8(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a !== b) return codePointOrderUnit(a) - codePointOrderUnit(b);
  }
  return left.length - right.length;
}
