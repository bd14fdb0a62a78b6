/**
 * How deeply JSON nests, in one convention for text and for parsed values: a scalar is depth 0,
 * `{}`, `[]` and `[1]` are depth 1, `[[1]]` is depth 2; a bound `maxDepth` admits values of depth
 * `maxDepth` and refuses deeper ones.
 *
 * Both walks are iterative and stop at the first level past the bound, so a hostile input of a
 * million `[` costs one pass and cannot overflow the stack. Hand-written: no library answers
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
 * Whether JSON `text` nests objects and arrays more than `maxDepth` levels deep, measured before
 * parsing. Brackets inside strings do not count, and a closing bracket never goes below level 0,
 * so stray closers cannot pay for later openers. Text that is not JSON gives an answer about its
 * brackets only; parsing it still fails later.
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
    } else if ((code === CLOSE_OBJECT || code === CLOSE_ARRAY) && depth > 0) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Whether a parsed JSON `value` nests arrays and objects more than `maxDepth` levels deep. Walks
 * with an explicit stack, so the work is at most the size of the value.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const [item, depth] = entry;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
  }
  return false;
}
