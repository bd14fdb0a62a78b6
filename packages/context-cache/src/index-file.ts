/**
 * `index.json`: document ids mapped to their files.
 *
 * @module
 */

import { prettyStringMap } from './json-text.js';
import type { ManifestEntry } from './manifest.js';
import { compareUtf8 } from './utf8-order.js';

/**
 * `index.json` bytes: a flat `{ id: file }` map with keys sorted by UTF-8 bytes, printed like
 * serde_json's pretty printer with no trailing newline (the original's builder output).
 *
 * @see context_cache.md §Index ("MUST be serialized with keys sorted lexicographically")
 */
export function serializeIndex(entries: readonly ManifestEntry[]): string {
  const sorted = [...entries].sort((left, right) => compareUtf8(left.id, right.id));
  return prettyStringMap(sorted.map((entry) => [entry.id, entry.file] as const));
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The id map of a parsed `index.json`: the object itself (the flat `{ id: file }` map our
 * builder writes, as in the spec's example), or the object under `entries` when that is its
 * only key (the layout of the original's own fixtures).
 */
function idMap(index: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(index);
  return keys.length === 1 && keys[0] === 'entries' && isMap(index.entries) ? index.entries : index;
}

/**
 * Describes how a parsed `index.json` diverges from the manifest entries; empty when they
 * reference exactly the same documents with the same files. Only verification reads it, and
 * only as a warning (see `IntegrityCheckName`).
 *
 * @see context_cache.md §Index, §Invariants 7
 */
export function indexDivergence(index: unknown, entries: readonly ManifestEntry[]): string[] {
  if (!isMap(index)) return ['index.json is not a JSON object'];
  const problems: string[] = [];
  const mapped = new Map(Object.entries(idMap(index)));
  for (const entry of entries) {
    const file = mapped.get(entry.id);
    if (file === undefined) problems.push(`index.json lacks ${entry.id}`);
    else if (file !== entry.file) problems.push(`index.json maps ${entry.id} to another file`);
    mapped.delete(entry.id);
  }
  for (const id of [...mapped.keys()].sort(compareUtf8)) {
    problems.push(`index.json lists ${id}, which the manifest does not`);
  }
  return problems;
}
