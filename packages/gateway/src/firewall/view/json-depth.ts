/**
 * How deeply a parsed JSON value nests, measured without recursion, so a hostile document
 * cannot overflow the stack of the code that asks.
 *
 * @module
 */

/**
 * Whether `value` nests deeper than `maxDepth` levels of arrays and objects (a scalar is depth
 * 0, `[]` and `[1]` depth 1, `[[1]]` depth 2). Walks with an explicit stack and stops at the
 * first container past the bound, so the work is at most the size of the value.
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
