/**
 * Reading cache files strictly: regular files only (a symlink is never followed), valid UTF-8
 * (a byte-order mark is not stripped, so it makes the JSON invalid, as in the original), valid JSON
 * without lone surrogate escapes.
 *
 * @module
 */

import { lstat, readFile } from 'node:fs/promises';
import { ContextCacheError, isNotFoundError } from './errors.js';

/** The outcome of reading one JSON file of a cache. */
export type JsonFileRead =
  | { readonly kind: 'missing' }
  | { readonly kind: 'not_regular' }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'parsed'; readonly value: unknown };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes bytes as UTF-8, failing on any invalid sequence and keeping a leading byte-order mark.
 *
 * @see document_model.md §Invariants 4 ("Invalid bytes are rejected, not cleaned")
 */
export function decodeUtf8Strict(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** How deep arrays and objects may nest; serde_json, the original's reader, stops at 128. */
const MAX_NESTING = 128;

/**
 * True when a parsed JSON value is one serde_json would refuse: a lone surrogate in a key or
 * string, or nesting deeper than {@link MAX_NESTING}.
 */
function refusedByOriginal(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return /\p{Cs}/u.test(value);
  if (typeof value !== 'object' || value === null) return false;
  if (depth >= MAX_NESTING) return true;
  if (Array.isArray(value)) return value.some((item) => refusedByOriginal(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => refusedByOriginal(key) || refusedByOriginal(item, depth + 1),
  );
}

/**
 * Reads and parses one JSON file. A missing path, a path that is not a regular file, and
 * bytes that are not UTF-8 JSON are outcomes; any other filesystem failure throws `io_error`.
 */
export async function readJsonFile(path: string): Promise<JsonFileRead> {
  let bytes: Uint8Array;
  try {
    const stats = await lstat(path);
    if (!stats.isFile()) return { kind: 'not_regular' };
    bytes = await readFile(path);
  } catch (error) {
    if (isNotFoundError(error)) return { kind: 'missing' };
    throw new ContextCacheError({ code: 'io_error', cause: error });
  }
  const text = decodeUtf8Strict(bytes);
  if (text === undefined) return { kind: 'malformed' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'malformed' };
  }
  return refusedByOriginal(value) ? { kind: 'malformed' } : { kind: 'parsed', value };
}
