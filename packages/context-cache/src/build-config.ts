/**
 * The build configuration of v0 caches.
 *
 * @module
 */

/** A cache's build configuration (`context_cache.md §Build Configuration (v0)`). */
export interface BuildConfig {
  /** The configuration format version; `"1"` in v0. */
  readonly version: string;
  /** The hash algorithm of versions; `"sha256"` in v0. */
  readonly hash_algorithm: string;
}

/** The only configuration v0 builds write and accept: `{"version":"1","hash_algorithm":"sha256"}`. */
export const V0_BUILD_CONFIG: BuildConfig = { version: '1', hash_algorithm: 'sha256' };

/**
 * Compact JSON of a build configuration, `version` then `hash_algorithm`: the exact bytes that
 * open the cache version hash.
 *
 * @see context_cache.md §Cache Version
 */
export function serializeBuildConfig(config: BuildConfig): string {
  return `{"version":${JSON.stringify(config.version)},"hash_algorithm":${JSON.stringify(config.hash_algorithm)}}`;
}

/** True when `config` is the v0 configuration (`context_cache.md §Invalidation` 4: "Config changed"). */
export function isV0BuildConfig(config: BuildConfig): boolean {
  return (
    config.version === V0_BUILD_CONFIG.version &&
    config.hash_algorithm === V0_BUILD_CONFIG.hash_algorithm
  );
}
