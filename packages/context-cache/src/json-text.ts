/**
 * Small JSON writers that keep key order exactly as given. `JSON.stringify` moves integer-like
 * keys (`"42"`) first, which would break the sorted maps the specs require; these do not.
 * Strings go through `JSON.stringify`, whose escaping (`\"`, `\\`, short escapes, `\u00xx` in
 * lowercase for other control characters, nothing else) is the same as the original's serde_json.
 *
 * @module
 */

/** A JSON value with readonly containers. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/** One JSON string literal. */
export function jsonString(value: string): string {
  return JSON.stringify(value);
}

/**
 * Compact JSON for `value`, object keys in insertion order. Numbers print as JavaScript prints
 * them; a non-finite number has no JSON form and throws.
 */
export function compactJson(value: JsonValue): string {
  if (typeof value === 'string') return jsonString(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError('A non-finite number has no JSON form');
    return JSON.stringify(value);
  }
  if (typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value))
    return `[${value.map((item: JsonValue) => compactJson(item)).join(',')}]`;
  const entries = Object.entries(value as { readonly [key: string]: JsonValue });
  return `{${entries.map(([key, item]) => `${jsonString(key)}:${compactJson(item)}`).join(',')}}`;
}

/**
 * A flat string-to-string map printed the way serde_json's pretty printer prints it: two-space
 * indent, `": "` between key and value, `{}` when empty, no trailing newline.
 */
export function prettyStringMap(entries: readonly (readonly [string, string])[]): string {
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, value]) => `  ${jsonString(key)}: ${jsonString(value)}`);
  return `{\n${lines.join(',\n')}\n}`;
}
