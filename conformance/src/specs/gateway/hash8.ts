/**
 * The `hash8` of a tool id, recomputed as gateway-surface §1.3 defines it: the first 8 hex
 * characters of the SHA-256 of the upstream name, a newline, and the compact JSON of the sorted
 * top-level property names and sorted `required` list (keys sorted, no spaces).
 *
 * @module
 */

import { createHash } from 'node:crypto';

/** The shape of an input schema that §1.3 hashes. */
export interface HashedShape {
  /** The top-level property names. */
  readonly properties: readonly string[];
  /** The `required` list. */
  readonly required: readonly string[];
}

/** Code-point order, as Python's `sorted` on strings. */
function sortedByCodePoint(values: readonly string[]): string[] {
  return [...values].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
}

/**
 * The canonical form of a shape, for ASCII names (the probe catalog's): `json.dumps` with
 * `sort_keys` and compact separators writes what `JSON.stringify` does for them.
 */
export function canonicalShape(shape: HashedShape): string {
  return JSON.stringify({
    properties: sortedByCodePoint(shape.properties),
    required: sortedByCodePoint(shape.required),
  });
}

/** The §1.3 `hash8` of an upstream tool. */
export function expectedHash8(upstreamName: string, shape: HashedShape): string {
  return createHash('sha256')
    .update(`${upstreamName}\n${canonicalShape(shape)}`, 'utf8')
    .digest('hex')
    .slice(0, 8);
}
