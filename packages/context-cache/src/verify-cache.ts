/**
 * Verifying a cache once (`context verify --cache …`) and loading it once: the checks of
 * `verification/`, with no memory between calls. Servers keep verified caches in a
 * `VerifiedCacheStore` instead.
 *
 * @module
 */

import { stat } from 'node:fs/promises';
import { ContextCacheError, isNotFoundError, toContextCacheError } from './errors.js';
import { nextTurn } from './event-loop.js';
import { DEFAULT_MAX_FILE_BYTES } from './limits.js';
import { createCacheState, refreshCacheState } from './verification/cache-state.js';
import {
  type LoadedCache,
  toLoadedCache,
  type VerificationReport,
  type VerifiedCache,
} from './verification/integrity-report.js';

/** Options of {@link verifyCache} and {@link loadCache}. */
export interface ReadCacheOptions {
  /** The largest file read, in bytes (default {@link DEFAULT_MAX_FILE_BYTES}); a larger one fails its check unread. */
  readonly maxFileBytes?: number;
}

async function requireFolder(cachePath: string): Promise<void> {
  try {
    if ((await stat(cachePath)).isDirectory()) return;
  } catch (error) {
    if (!isNotFoundError(error)) throw toContextCacheError(error);
  }
  throw new ContextCacheError({ code: 'cache_missing' });
}

async function verifyOnce(
  cachePath: string,
  options: ReadCacheOptions,
  checkIndex: boolean,
): Promise<VerifiedCache> {
  await requireFolder(cachePath);
  const state = createCacheState(cachePath, {
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    checkIndex,
  });
  try {
    return await refreshCacheState(state, { yieldControl: nextTurn });
  } catch (error) {
    throw toContextCacheError(error);
  }
}

/**
 * Verifies a cache folder (`context verify --cache …`) and reports every check distinctly,
 * `index.json` included (as a warning: it never makes a cache invalid). A cache that fails a
 * check is a report with `valid: false`, not an error. Each file is opened once, never through
 * a symbolic link, never waiting on a FIFO, and not read at all above `maxFileBytes`.
 *
 * @throws ContextCacheError `cache_missing` when the path is not a folder, `io_error` on a filesystem failure
 * @see context_cache.md §Verification, §Invalidation, §Index
 */
export async function verifyCache(
  cachePath: string,
  options: ReadCacheOptions = {},
): Promise<VerificationReport> {
  return (await verifyOnce(cachePath, options, true)).report;
}

/**
 * Loads a cache for resolution, refusing any cache that fails a check: a tampered cache
 * answers `cache_invalid`, never wrong content. `index.json` is not read, as in the original.
 *
 * @throws ContextCacheError `cache_missing`, `cache_invalid` (with the report in `data.report`), `io_error`
 * @see context_cache.md §Verification; error_schema.md §Boundary: `cache_invalid` vs `io_error`
 */
export async function loadCache(
  cachePath: string,
  options: ReadCacheOptions = {},
): Promise<LoadedCache> {
  return toLoadedCache(await verifyOnce(cachePath, options, false));
}
