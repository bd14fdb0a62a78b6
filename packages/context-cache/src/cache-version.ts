/**
 * The cache version: one hash over the build configuration and every document's id and version.
 *
 * @module
 */

import { createHash } from 'node:crypto';
import { type BuildConfig, serializeBuildConfig } from './build-config.js';
import { SHA256_PREFIX } from './hashing.js';
import { compareUtf8 } from './utf8-order.js';

/** The identity of one document as far as the cache version is concerned. */
export interface VersionedId {
  /** The document id. */
  readonly id: string;
  /** The document version (`sha256:…`). */
  readonly version: string;
}

/**
 * Computes `cache_version := sha256(build_config_json + sorted(id + ":" + version))`.
 *
 * The spec leaves the concatenation open; the original hashes the compact configuration JSON
 * (`{"version":"1","hash_algorithm":"sha256"}`) followed by each `id:version` in ascending id
 * order (UTF-8 bytes) with no separator and no newline, and so does this. Timestamps never
 * take part.
 *
 * @see context_cache.md §Cache Version
 */
export function computeCacheVersion(
  config: BuildConfig,
  documents: readonly VersionedId[],
): string {
  const hash = createHash('sha256').update(serializeBuildConfig(config));
  const sorted = [...documents].sort((left, right) => compareUtf8(left.id, right.id));
  for (const document of sorted) hash.update(`${document.id}:${document.version}`);
  return SHA256_PREFIX + hash.digest('hex');
}
