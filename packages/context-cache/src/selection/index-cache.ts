/**
 * Keeping selection indexes across `context.resolve` calls: one per cache and strategy, valid
 * for one `cache_version`, bounded in count and in the content it covers.
 *
 * @module
 */

import { z } from 'zod';
import type { CacheDocument } from '../document.js';
import { ContextCacheError } from '../errors.js';
import { createSelectionIndex, type SelectionIndex } from './selection-index.js';
import type { ContextStrategy } from './strategy.js';

/** The default bounds of a {@link SelectionIndexCache}. */
export const DEFAULT_INDEX_CACHE_LIMITS = {
  /** Indexes kept at most (one per cache and strategy). */
  maxIndexes: 8,
  /** Content characters (UTF-16 units) covered by all kept indexes together: 64 Mi. */
  maxCharacters: 64 * 1024 * 1024,
} as const;

/** Options of {@link createSelectionIndexCache}: the bounds, each a positive integer. */
export const SelectionIndexCacheOptionsSchema = z.strictObject({
  /** Indexes kept at most (default 8). */
  maxIndexes: z.int().positive().optional(),
  /** Content characters covered by all kept indexes together (default 64 Mi). */
  maxCharacters: z.int().positive().optional(),
});

/** Options of {@link createSelectionIndexCache}. */
export type SelectionIndexCacheOptions = z.infer<typeof SelectionIndexCacheOptionsSchema>;

/** Which index is wanted: a cache, at one version, ranked by one strategy. */
export interface SelectionIndexKey {
  /** Where the cache is (its resolved folder); identifies the cache across versions. */
  readonly cache: string;
  /** The cache's `cache_version`; a different one means the cache changed. */
  readonly cacheVersion: string;
  /** The strategy. */
  readonly strategy: ContextStrategy;
}

/**
 * Selection indexes kept between calls, least recently used evicted first. An index is reused
 * only for the same cache, the same `cache_version` and the same strategy object; a new
 * version replaces the old index. An index larger than `maxCharacters` is built and used but
 * not kept. Keeping an index never changes a result.
 */
export interface SelectionIndexCache {
  /** The index for `key`, built from `documents` (the cache's verified documents) when not kept. */
  get(key: SelectionIndexKey, documents: readonly CacheDocument[]): SelectionIndex;
  /** How many indexes are kept. */
  readonly size: number;
  /** Content characters covered by the kept indexes. */
  readonly characters: number;
  /** Drops every kept index. */
  clear(): void;
}

interface Entry {
  readonly cacheVersion: string;
  readonly index: SelectionIndex;
}

/**
 * Creates a bounded cache of selection indexes (see {@link SelectionIndexCache}).
 *
 * @throws ContextCacheError `invalid_options` when a bound is not a positive integer
 */
export function createSelectionIndexCache(
  options: SelectionIndexCacheOptions = {},
): SelectionIndexCache {
  const parsed = SelectionIndexCacheOptionsSchema.safeParse(options);
  if (!parsed.success) {
    throw new ContextCacheError({
      code: 'invalid_options',
      message: `selection index cache: ${parsed.error.issues[0]?.message ?? 'invalid options'}`,
    });
  }
  const maxIndexes = parsed.data.maxIndexes ?? DEFAULT_INDEX_CACHE_LIMITS.maxIndexes;
  const maxCharacters = parsed.data.maxCharacters ?? DEFAULT_INDEX_CACHE_LIMITS.maxCharacters;
  /** In use order: the first key is the least recently used. */
  const entries = new Map<string, Entry>();
  const strategyIds = new WeakMap<ContextStrategy, number>();
  let nextStrategyId = 0;
  let characters = 0;

  function keyOf(key: SelectionIndexKey): string {
    let id = strategyIds.get(key.strategy);
    if (id === undefined) {
      id = nextStrategyId;
      nextStrategyId += 1;
      strategyIds.set(key.strategy, id);
    }
    return `${id}\u0000${key.cache}`;
  }

  function remove(name: string): void {
    const entry = entries.get(name);
    if (entry === undefined) return;
    characters -= entry.index.characters;
    entries.delete(name);
  }

  return {
    get(key, documents) {
      const name = keyOf(key);
      const kept = entries.get(name);
      if (kept !== undefined && kept.cacheVersion === key.cacheVersion) {
        entries.delete(name);
        entries.set(name, kept);
        return kept.index;
      }
      remove(name);
      const index = createSelectionIndex(documents, key.strategy);
      if (index.characters > maxCharacters) return index;
      while (entries.size >= maxIndexes || characters + index.characters > maxCharacters) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        remove(oldest.value);
      }
      entries.set(name, { cacheVersion: key.cacheVersion, index });
      characters += index.characters;
      return index;
    },
    get size() {
      return entries.size;
    },
    get characters() {
      return characters;
    },
    clear() {
      entries.clear();
      characters = 0;
    },
  };
}
