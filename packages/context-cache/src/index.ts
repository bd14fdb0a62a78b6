/**
 * `@x/context-cache`: read and write the original context engine's caches and give its v0
 * answers byte for byte (`context-cache-mcp.md` and the normative documents of
 * `specs/context-engine/`).
 *
 * @module
 */

// Building
export {
  type BuildCacheOptions,
  BuildCacheOptionsSchema,
  type BuildCacheResult,
  buildCache,
  type WriteCacheOptions,
  WriteCacheOptionsSchema,
  writeCache,
} from './build-cache.js';
export { type BuildConfig, V0_BUILD_CONFIG } from './build-config.js';
// context.resolve
export { resolveCachePath } from './cache-path.js';
export { computeCacheVersion, type VersionedId } from './cache-version.js';
export {
  type CacheDocument,
  CacheDocumentSchema,
  type Metadata,
  MetadataSchema,
  type MetadataValue,
  MetadataValueSchema,
  serializeDocument,
} from './document.js';
export { normalizeDocumentId } from './document-id.js';
// Errors
export {
  type BuildErrorCode,
  CANONICAL_ERROR_MESSAGES,
  ContextCacheError,
  type ContextCacheErrorCode,
  type ContextCacheErrorOptions,
  type ErrorPayload,
  serializeErrorPayload,
  toContextCacheError,
  toErrorPayload,
  type WireErrorCode,
  wireErrorCode,
} from './errors.js';
export { formatFloat32 } from './float32-format.js';
export { documentFileOf, documentVersion } from './hashing.js';
// context.list_caches and context.inspect_cache
export {
  type InspectCacheOptions,
  type InspectCacheResult,
  inspectCache,
  serializeInspectCacheResult,
} from './inspect-cache.js';
export type { JsonValue } from './json-text.js';
export {
  DEFAULT_MAX_FILE_BYTES,
  MAX_BUDGET,
  MAX_CACHE_NAME_BYTES,
  MAX_QUERY_BYTES,
} from './limits.js';
export {
  type CacheListing,
  type ListCachesResult,
  listCaches,
  serializeListCachesResult,
} from './list-caches.js';
export {
  type CacheManifest,
  CacheManifestSchema,
  type ManifestEntry,
  ManifestEntrySchema,
} from './manifest.js';
export {
  chooseStrategy,
  type ResolveContextOptions,
  type ResolveContextRequest,
  resolveContext,
  validateBudget,
  validateQuery,
} from './resolve-context.js';
export {
  createSelectionIndexCache,
  DEFAULT_INDEX_CACHE_LIMITS,
  type SelectionIndexCache,
  type SelectionIndexCacheOptions,
  SelectionIndexCacheOptionsSchema,
  type SelectionIndexKey,
} from './selection/index-cache.js';
export { fillBudget, orderScored, selectContext } from './selection/select.js';
export { createSelectionIndex, type SelectionIndex } from './selection/selection-index.js';
export type {
  ContextStrategy,
  ScoredDocument,
  ScoreTable,
  ScoringIndex,
  SelectionWhy,
} from './selection/strategy.js';
export {
  approximateTokens,
  indexTermFrequency,
  indexTermFrequencySteps,
  scoreTermFrequency,
  type TermFrequencyScore,
  type TermFrequencyWhy,
  termFrequencyStrategy,
  V0_STRATEGY_NAME,
} from './selection/term-frequency.js';
export { queryTerms, splitWhitespace } from './selection/whitespace.js';
export {
  type SelectedDocument,
  type SelectionMetadata,
  type SelectionResult,
  serializeSelectionResult,
} from './selection-result.js';
// Verifying and loading
export {
  INTEGRITY_CHECK_NAMES,
  type IntegrityCheck,
  type IntegrityCheckName,
  type LoadedCache,
  type VerificationReport,
} from './verification/integrity-report.js';
export {
  createVerifiedCacheStore,
  DEFAULT_CACHE_STORE_LIMITS,
  type VerifiedCacheStore,
  type VerifiedCacheStoreOptions,
  VerifiedCacheStoreOptionsSchema,
} from './verification/verified-cache-store.js';
export { loadCache, type ReadCacheOptions, verifyCache } from './verify-cache.js';
