/**
 * Parsing cache files strictly: valid UTF-8 (a byte-order mark is not stripped, so it makes the
 * JSON invalid, as in the original), valid JSON without lone surrogate escapes; read through
 * `readCacheFile` (regular files only, a symlink is never followed, bounded in size).
 *
 * @module
 */

import { nestsDeeperThan } from '@x/core/json';
import { isWellFormedText } from './document.js';
import { readCacheFile } from './verification/cache-file.js';

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

/** True when a string or key somewhere in `value` holds a lone surrogate; the depth is bounded. */
function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return !isWellFormedText(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  return Object.entries(value).some(
    ([key, item]) => holdsLoneSurrogate(key) || holdsLoneSurrogate(item),
  );
}

/**
 * True when a parsed JSON value is one serde_json would refuse: nesting deeper than
 * {@link MAX_NESTING}, or a lone surrogate in a key or string.
 */
function refusedByOriginal(value: unknown): boolean {
  return nestsDeeperThan(value, MAX_NESTING) || holdsLoneSurrogate(value);
}

/** The outcome of parsing the bytes of one JSON file of a cache. */
export type JsonParse =
  | { readonly kind: 'malformed' }
  | { readonly kind: 'parsed'; readonly value: unknown };

/**
 * Parses the bytes of one cache file as the original reads them: strict UTF-8 (a byte-order
 * mark is kept, so it makes the JSON invalid), JSON, no lone surrogate, nesting the original
 * accepts.
 */
export function parseJsonBytes(bytes: Uint8Array): JsonParse {
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

/** The outcome of reading and parsing one JSON file of a cache. */
export type JsonFileRead =
  | { readonly kind: 'missing' }
  | { readonly kind: 'not_regular' }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'parsed'; readonly value: unknown };

/**
 * Reads and parses one JSON file through {@link readCacheFile}: a missing path, a path that is
 * not a regular file, a file over `maxBytes` and bytes that are not UTF-8 JSON (or that changed
 * while being read) are outcomes; any other filesystem failure throws `io_error`.
 */
export function readJsonFile(path: string, maxBytes: number): JsonFileRead {
  const read = readCacheFile(path, maxBytes);
  if (read.kind === 'unstable') return { kind: 'malformed' };
  return read.kind === 'read' ? parseJsonBytes(read.bytes) : { kind: read.kind };
}
