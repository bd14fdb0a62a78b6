/**
 * Keeping selection indexes across `context.resolve` calls: one per cache and strategy, valid
 * for one `cache_version`, bounded in count and in the content it covers.
 *
 * @module
 */

import { z } from 'zod';
import type { CacheDocument } from '../document.js';
import { ContextCacheError } from '../errors.js';
import { nextTurn } from '../event-loop.js';
import type { SelectionResult } from '../selection-result.js';
import { selectContext } from './select.js';
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
  /**
   * Selects for `query` within `budget`: the same result as `get(key, documents).select(query,
   * budget)`, sooner on a cold cache. When no index is kept for `key` and the strategy can
   * build its index in steps (`indexSteps`, as `v0` can), this call scores every document
   * (several times cheaper than building the index) and the index is built in the background,
   * a step per event-loop turn; calls that arrive meanwhile wait for it. Other strategies build
   * their index in this call, as `get` does.
   */
  select(
    key: SelectionIndexKey,
    documents: readonly CacheDocument[],
    query: string,
    budget: number,
  ): Promise<SelectionResult>;
  /** How many indexes are kept. */
  readonly size: number;
  /** Content characters covered by the kept indexes. */
  readonly characters: number;
  /** Drops every kept index. */
  clear(): void;
}

interface Entry {
  readonly cacheVersion: string;
  /** The index; undefined while it is built in the background. */
  index: SelectionIndex | undefined;
  /** The background build: the index, or undefined when it was abandoned. */
  building?: Promise<SelectionIndex | undefined>;
}

/** Builds a strategy's index one step per event-loop turn; undefined once `abandoned()` says so. */
async function buildInSteps(
  documents: readonly CacheDocument[],
  strategy: ContextStrategy,
  abandoned: () => boolean,
): Promise<SelectionIndex | undefined> {
  const steps = strategy.indexSteps?.(documents);
  if (steps === undefined) return createSelectionIndex(documents, strategy);
  for (;;) {
    await nextTurn();
    if (abandoned()) return undefined;
    const step = steps.next();
    if (step.done === true) return createSelectionIndex(documents, strategy, step.value);
  }
}

function contentCharacters(documents: readonly CacheDocument[]): number {
  let characters = 0;
  for (const document of documents) characters += document.content.length;
  return characters;
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
    characters -= entry.index?.characters ?? 0;
    entries.delete(name);
  }

  /** Makes room for `extra` characters and one more entry, least recently used first. */
  function makeRoom(extra: number, keep?: string): void {
    while (entries.size >= maxIndexes || characters + extra > maxCharacters) {
      const oldest = [...entries.keys()].find((name) => name !== keep);
      if (oldest === undefined) break;
      remove(oldest);
    }
  }

  /** The entry of `key` when it is for the same version, marked as just used. */
  function current(name: string, key: SelectionIndexKey): Entry | undefined {
    const kept = entries.get(name);
    if (kept === undefined || kept.cacheVersion !== key.cacheVersion) return undefined;
    entries.delete(name);
    entries.set(name, kept);
    return kept;
  }

  function keep(name: string, cacheVersion: string, index: SelectionIndex): void {
    makeRoom(index.characters);
    entries.set(name, { cacheVersion, index });
    characters += index.characters;
  }

  const cache: SelectionIndexCache = {
    get(key, documents) {
      const name = keyOf(key);
      const kept = current(name, key);
      if (kept?.index !== undefined) return kept.index;
      remove(name);
      const index = createSelectionIndex(documents, key.strategy);
      if (index.characters <= maxCharacters) keep(name, key.cacheVersion, index);
      return index;
    },
    async select(key, documents, query, budget) {
      const name = keyOf(key);
      const kept = current(name, key);
      if (kept !== undefined) {
        const built = kept.index ?? (await kept.building);
        return (built ?? cache.get(key, documents)).select(query, budget);
      }
      if (key.strategy.indexSteps === undefined || contentCharacters(documents) > maxCharacters) {
        return cache.get(key, documents).select(query, budget);
      }
      remove(name);
      makeRoom(0);
      const entry: Entry = { cacheVersion: key.cacheVersion, index: undefined };
      entry.building = buildInSteps(documents, key.strategy, () => entries.get(name) !== entry)
        .then((index) => {
          if (index === undefined || entries.get(name) !== entry) return index;
          entries.delete(name);
          if (index.characters <= maxCharacters) keep(name, key.cacheVersion, index);
          return index;
        })
        .catch(() => {
          if (entries.get(name) === entry) entries.delete(name);
          return undefined;
        });
      entries.set(name, entry);
      return selectContext(documents, query, budget, key.strategy);
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
  return cache;
}
