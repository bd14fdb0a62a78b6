/**
 * `manifest.json`: the authoritative list of a cache's documents.
 *
 * @module
 */

import { z } from 'zod';
import type { BuildConfig } from './build-config.js';
import { isWellFormedText } from './document.js';

/**
 * An RFC 3339 date-time, as the original's `chrono` reader accepts it: `T`, `t` or a space
 * between date and time, optional fraction, `Z` or a numeric offset.
 */
const RFC3339_PATTERN =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt ]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

const WellFormedStringSchema = z
  .string()
  .refine(isWellFormedText, { message: 'String holds a lone surrogate' });

/** One manifest entry: which document, which version, which file. */
export const ManifestEntrySchema = z.object({
  /** The document id. */
  id: WellFormedStringSchema,
  /** The document version (`sha256:…`). */
  version: WellFormedStringSchema,
  /** The cache-relative document file, `documents/<12 hex>.json`. */
  file: WellFormedStringSchema,
});

/** One manifest entry. */
export type ManifestEntry = z.infer<typeof ManifestEntrySchema>;

/**
 * The manifest as the original reads it: every field required, unknown keys ignored,
 * `created_at` an RFC 3339 date-time, `document_count` a non-negative integer.
 *
 * @see context_cache.md §The Manifest
 */
export const CacheManifestSchema = z.object({
  /** The hash of the build configuration and every `id:version` (`context_cache.md §Cache Version`). */
  cache_version: WellFormedStringSchema,
  /** The build configuration the cache was built with. */
  build_config: z.object({
    /** The configuration format version; `"1"` in v0. */
    version: WellFormedStringSchema,
    /** The hash algorithm; `"sha256"` in v0. */
    hash_algorithm: WellFormedStringSchema,
  }),
  /** When the cache was built; informational, never hashed. */
  created_at: z.string().regex(RFC3339_PATTERN),
  /** How many entries `documents` holds. */
  document_count: z.number().int().nonnegative(),
  /** The authoritative list of documents, sorted by id when built. */
  documents: z.array(ManifestEntrySchema),
});

/** A parsed manifest. */
export type CacheManifest = z.infer<typeof CacheManifestSchema>;

/**
 * Formats a timestamp the way the original's `chrono` writes `created_at`: UTC, seconds
 * precision, and a fraction only when it is not zero (`2026-02-05T10:30:00Z`,
 * `2026-02-05T10:30:00.120Z`).
 *
 * @see context_cache.md §The Manifest (`created_at` is informational and never hashed)
 */
export function formatCreatedAt(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/** What {@link serializeManifest} writes. */
export interface ManifestContent {
  /** The cache version. */
  readonly cacheVersion: string;
  /** The build configuration. */
  readonly buildConfig: BuildConfig;
  /** The `created_at` text. */
  readonly createdAt: string;
  /** The entries, already sorted by id. */
  readonly documents: readonly ManifestEntry[];
}

/**
 * `manifest.json` bytes as the original's builder writes them: serde_json's pretty printer
 * (two-space indent), keys `cache_version`, `build_config`, `created_at`, `document_count`,
 * `documents`, no trailing newline.
 *
 * @see context_cache.md §The Manifest
 */
export function serializeManifest(content: ManifestContent): string {
  const manifest = {
    cache_version: content.cacheVersion,
    build_config: {
      version: content.buildConfig.version,
      hash_algorithm: content.buildConfig.hash_algorithm,
    },
    created_at: content.createdAt,
    document_count: content.documents.length,
    documents: content.documents.map((entry) => ({
      id: entry.id,
      version: entry.version,
      file: entry.file,
    })),
  };
  return JSON.stringify(manifest, null, 2);
}
