/**
 * `manifest.json` as verification reads it: parsed, checked on its own, its cache version
 * recomputed once per version of the file.
 *
 * @module
 */

import { computeCacheVersion } from '../cache-version.js';
import { VERSION_PATTERN } from '../hashing.js';
import { type CacheManifest, CacheManifestSchema } from '../manifest.js';
import { parseJsonBytes } from '../read-json.js';
import type { CacheFileRead } from './cache-file.js';

/** What the manifest held: a manifest (with whether its cache version is the recomputed one) or its problems. */
export type ManifestContent =
  | {
      readonly kind: 'manifest';
      readonly manifest: CacheManifest;
      readonly versionMatches: boolean;
    }
  | { readonly kind: 'problems'; readonly problems: readonly string[] };

const FILE_PATTERN = /^documents\/[0-9a-f]{12}\.json$/;

function entryProblems(manifest: CacheManifest): string[] {
  const problems: string[] = [];
  if (manifest.document_count !== manifest.documents.length) {
    problems.push('document_count differs from the number of entries');
  }
  const ids = new Set<string>();
  const files = new Set<string>();
  for (const entry of manifest.documents) {
    if (ids.has(entry.id)) problems.push(`duplicate id ${entry.id}`);
    if (files.has(entry.file)) problems.push(`duplicate file ${entry.file}`);
    if (!VERSION_PATTERN.test(entry.version)) problems.push(`malformed version for ${entry.id}`);
    if (!FILE_PATTERN.test(entry.file)) problems.push(`malformed file for ${entry.id}`);
    ids.add(entry.id);
    files.add(entry.file);
  }
  return problems;
}

/** A line saying why a manifest could not be read at all. */
export function unreadableManifest(kind: 'missing' | 'not_regular'): ManifestContent {
  return {
    kind: 'problems',
    problems: [
      kind === 'missing' ? 'manifest.json is missing' : 'manifest.json is not a regular file',
    ],
  };
}

/**
 * The content of the manifest from what {@link readCacheFile} read of it: every required
 * field, entries consistent with each other, the cache version recomputed.
 *
 * @see context_cache.md §The Manifest, §Cache Version, §Verification 1 and 2
 */
export function manifestContent(read: CacheFileRead, maxBytes: number): ManifestContent {
  if (read.kind === 'missing' || read.kind === 'not_regular') return unreadableManifest(read.kind);
  if (read.kind === 'too_large') {
    return { kind: 'problems', problems: [`manifest.json is larger than ${maxBytes} bytes`] };
  }
  const parsed = read.kind === 'read' ? parseJsonBytes(read.bytes) : { kind: 'malformed' as const };
  if (parsed.kind !== 'parsed') {
    return { kind: 'problems', problems: ['manifest.json is not UTF-8 JSON'] };
  }
  const manifest = CacheManifestSchema.safeParse(parsed.value);
  if (!manifest.success) {
    return {
      kind: 'problems',
      problems: ['manifest.json lacks required fields or has wrong types'],
    };
  }
  const problems = entryProblems(manifest.data);
  if (problems.length > 0) return { kind: 'problems', problems };
  return {
    kind: 'manifest',
    manifest: manifest.data,
    versionMatches:
      computeCacheVersion(manifest.data.build_config, manifest.data.documents) ===
      manifest.data.cache_version,
  };
}
