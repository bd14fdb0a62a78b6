/**
 * JSON text with sorted object keys, so equal values always give the same bytes.
 *
 * Hand-written rather than a dependency: it is a dozen lines over `JSON.stringify`, and the
 * catalog server bounds the nesting depth of what it is given (see {@link jsonDepth}).
 *
 * @module
 */

/**
 * Serializes a JSON value with the keys of every object sorted by UTF-16 code units.
 *
 * Follows `JSON.stringify` for everything else: `undefined` members are dropped, `undefined`
 * array items and non-finite numbers become `null`.
 */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    return `[${value.map((item: unknown) => stableStringify(item)).join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') {
      continue;
    }
    members.push(`${JSON.stringify(key)}:${stableStringify(member)}`);
  }
  return `{${members.join(',')}}`;
}

/**
 * How deeply objects and arrays nest in `value` (a scalar is 0, `{}` is 1), without recursion.
 *
 * Stops counting past `limit` and returns `limit + 1`, so a hostile value costs little.
 */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item.value === null || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > limit) return limit + 1;
    if (depth > deepest) deepest = depth;
    for (const child of Object.values(item.value)) stack.push({ value: child, depth });
  }
  return deepest;
}
