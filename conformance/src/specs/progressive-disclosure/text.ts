/**
 * Small text measures the heuristic checks share: words of a description or a tool name, and
 * the JSON size of a value.
 *
 * @module
 */

/** The lowercase words (letters and digits) of `text`. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The words of a tool name: split on separators and at camelCase humps. */
export function nameWords(name: string): string[] {
  return wordsOf(name.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2'));
}

/** The length of `value` as compact JSON (0 for `undefined`). */
export function jsonSize(value: unknown): number {
  return value === undefined ? 0 : JSON.stringify(value).length;
}

/** True when two JSON values are equal (same members, any member order). */
export function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(sorted(left)) === JSON.stringify(sorted(right));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
  );
}
