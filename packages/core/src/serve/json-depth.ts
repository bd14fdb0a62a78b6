/**
 * The nesting depth of JSON text, measured before parsing so a hostile body of a million `[`
 * costs one pass over its bytes and no deep structure.
 *
 * Hand-written: it is one loop over the text that skips strings, and no library answers
 * "deeper than N?" without building the value first.
 *
 * @module
 */

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether `text` nests objects and arrays more than `maxDepth` levels deep (`{}` and `[]` are one
 * level; brackets inside strings do not count). Stops at the first level past the bound. Text that
 * is not JSON gives an answer about its brackets only; parsing it still fails later.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}
