/**
 * `context.inspect_cache`: identity, structural validity and size of one cache.
 *
 * @module
 */

import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveCachePath } from './cache-path.js';
import { ContextCacheError } from './errors.js';
import { DEFAULT_MAX_FILE_BYTES } from './limits.js';
import { readJsonFile } from './read-json.js';

/** The result of `context.inspect_cache`, fields in the spec's order. */
export interface InspectCacheResult {
  /** `manifest.json → cache_version`, or `""` when it cannot be read. */
  readonly cache_version: string;
  /** `manifest.json → document_count`, or 0 when it cannot be read; never counted from the folder. */
  readonly document_count: number;
  /** Sum of the sizes of the regular files directly in the cache folder; 0 when not valid. */
  readonly total_bytes: number;
  /** True when the manifest parses, has both fields, and the sizes were read without error. */
  readonly valid: boolean;
}

async function topLevelBytes(cachePath: string): Promise<number | undefined> {
  try {
    let total = 0;
    for (const entry of await readdir(cachePath, { withFileTypes: true })) {
      if (entry.isSymbolicLink() || !entry.isFile()) continue;
      total += (await lstat(join(cachePath, entry.name))).size;
    }
    return total;
  } catch {
    return undefined;
  }
}

/** Options of {@link inspectCache}. */
export interface InspectCacheOptions {
  /** The largest manifest read, in bytes (default {@link DEFAULT_MAX_FILE_BYTES}); a larger one gives `valid: false` unread. */
  readonly maxFileBytes?: number;
}

/**
 * Inspects the named cache as the original server does: the manifest is read and parsed but
 * not verified (use `verifyCache` for the integrity checks). A manifest that is missing,
 * unparseable, not a regular file (a symbolic link is not followed, a FIFO is not waited on),
 * larger than `maxFileBytes`, or lacks `cache_version` (a string) or `document_count` (a
 * non-negative integer) gives `valid: false`, not an error; then `total_bytes` is 0.
 * `total_bytes` counts regular files directly in the cache folder, not `documents/`, and never
 * follows symbolic links.
 *
 * `valid` is the structural validity `context.inspect_cache.md` defines ("true iff" the
 * manifest parses with both fields and the sizes were read), not the integrity `verifyCache`
 * checks: it agrees with `context.resolve` and `verifyCache` on every manifest (one they refuse
 * as unreadable inspects as invalid), and says nothing about `documents/` or `index.json`,
 * which this operation does not read (the original's neither). So a cache with a tampered
 * document inspects as `valid: true` and resolves to `cache_invalid`.
 *
 * @throws ContextCacheError `cache_missing` (name not a folder inside the root), `io_error` (the manifest cannot be read for another reason)
 * @see context.inspect_cache.md; context-cache-mcp.md §context.inspect_cache (its Behavior wins over its Errors table: an unparseable manifest is `valid: false`, as in `context.inspect_cache.md`)
 */
export async function inspectCache(
  cacheRoot: string,
  name: unknown,
  options: InspectCacheOptions = {},
): Promise<InspectCacheResult> {
  const cachePath = await resolveCachePath(cacheRoot, name);
  const read = readJsonFile(
    join(cachePath, 'manifest.json'),
    options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
  );
  let cacheVersion = '';
  let documentCount = 0;
  let valid = read.kind === 'parsed';
  if (read.kind === 'parsed') {
    const manifest =
      typeof read.value === 'object' && read.value !== null && !Array.isArray(read.value)
        ? (read.value as Record<string, unknown>)
        : {};
    const version = manifest.cache_version;
    const count = manifest.document_count;
    if (typeof version === 'string') cacheVersion = version;
    else valid = false;
    if (typeof count === 'number' && Number.isSafeInteger(count) && count >= 0)
      documentCount = count;
    else valid = false;
  }
  let totalBytes = 0;
  if (valid) {
    const bytes = await topLevelBytes(cachePath);
    if (bytes === undefined) valid = false;
    else totalBytes = bytes;
  }
  return {
    cache_version: cacheVersion,
    document_count: documentCount,
    total_bytes: totalBytes,
    valid,
  };
}

/** Compact JSON of the result, keys in the spec's order, as the original prints it. */
export function serializeInspectCacheResult(result: InspectCacheResult): string {
  if (!Number.isSafeInteger(result.document_count) || !Number.isSafeInteger(result.total_bytes)) {
    throw new ContextCacheError({ code: 'internal_error', message: 'A count is not an integer' });
  }
  return JSON.stringify({
    cache_version: result.cache_version,
    document_count: result.document_count,
    total_bytes: result.total_bytes,
    valid: result.valid,
  });
}
