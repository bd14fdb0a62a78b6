/**
 * The hard limits of `context.resolve` and cache names. The specs allow a hard maximum
 * ("exceeds hard max" in `context.resolve.md §Error Types`) without fixing one; these are ours.
 *
 * @module
 */

/**
 * The largest budget accepted, in tokens (one billion). Far above any model's context, so it
 * never changes a real answer, and it keeps every sum a safe integer. Above it: `invalid_budget`.
 */
export const MAX_BUDGET = 1_000_000_000;

/**
 * The longest query accepted, in UTF-8 bytes (4 KiB). The query's terms are echoed in every
 * selected document's `why`, so a longer query would multiply the response size. Above it:
 * `invalid_query`.
 */
export const MAX_QUERY_BYTES = 4096;

/** The longest cache name accepted, in UTF-8 bytes. Above it: `cache_missing`. */
export const MAX_CACHE_NAME_BYTES = 1024;

/**
 * The largest cache file read by default, in bytes (64 MiB): a manifest of about 400,000
 * entries, or a document far longer than any model's context. A larger file (a 2 GB sparse
 * file, say) is refused from its `fstat` without reading a byte: its cache answers
 * `cache_invalid` at once, and memory stays bounded. Configurable per deployment
 * (`maxFileBytes`).
 */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;
