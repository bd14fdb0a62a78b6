/**
 * `context.list_caches`: the immediate subfolders of the cache root.
 *
 * @module
 */

import { lstat, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ContextCacheError, isNotFoundError } from './errors.js';
import { compareUtf8 } from './utf8-order.js';

/** One candidate cache. */
export interface CacheListing {
  /** The folder's name relative to the cache root (what `context.resolve` takes as `cache`). */
  readonly path: string;
  /** True when `<path>/manifest.json` exists and is a regular file (a symbolic link is not). */
  readonly has_manifest: boolean;
}

/** The result of `context.list_caches`. */
export interface ListCachesResult {
  /** Candidate caches sorted by `path` in UTF-8 byte order. */
  readonly caches: readonly CacheListing[];
}

/**
 * Lists the caches under the configured root: immediate subfolders only (files and symbolic
 * links are ignored, nothing is recursed into), `has_manifest` from `lstat` alone (no parsing,
 * no validation). The root comes from configuration: `context-cache-mcp.md` takes no
 * parameters, which wins over the `root` argument of `context.list_caches.md`.
 *
 * @throws ContextCacheError `cache_missing` when the root is not a folder (`context.list_caches.md`), `io_error` when it cannot be read
 * @see context.list_caches.md; context-cache-mcp.md §context.list_caches
 */
export async function listCaches(cacheRoot: string): Promise<ListCachesResult> {
  try {
    if (!(await stat(cacheRoot)).isDirectory())
      throw new ContextCacheError({ code: 'cache_missing' });
  } catch (error) {
    if (ContextCacheError.isInstance(error)) throw error;
    if (isNotFoundError(error)) throw new ContextCacheError({ code: 'cache_missing' });
    throw new ContextCacheError({ code: 'io_error', cause: error });
  }
  const caches: CacheListing[] = [];
  try {
    for (const entry of await readdir(cacheRoot, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      let hasManifest = false;
      try {
        hasManifest = (await lstat(join(cacheRoot, entry.name, 'manifest.json'))).isFile();
      } catch (error) {
        if (!isNotFoundError(error)) throw error;
      }
      caches.push({ path: entry.name, has_manifest: hasManifest });
    }
  } catch (error) {
    throw new ContextCacheError({ code: 'io_error', cause: error });
  }
  caches.sort((left, right) => compareUtf8(left.path, right.path));
  return { caches };
}

/** Compact JSON of the result, keys `caches`, `path`, `has_manifest` in that order, as the original prints it. */
export function serializeListCachesResult(result: ListCachesResult): string {
  return JSON.stringify({
    caches: result.caches.map((cache) => ({ path: cache.path, has_manifest: cache.has_manifest })),
  });
}
