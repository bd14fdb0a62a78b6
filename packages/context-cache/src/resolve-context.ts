/**
 * `context.resolve`: validate the inputs, find the cache inside the root, verify it, select.
 *
 * @module
 */

import { resolveCachePath } from './cache-path.js';
import { isWellFormedText } from './document.js';
import { ContextCacheError } from './errors.js';
import { MAX_BUDGET, MAX_QUERY_BYTES } from './limits.js';
import { createSelectionIndexCache, type SelectionIndexCache } from './selection/index-cache.js';
import type { ContextStrategy } from './selection/strategy.js';
import { termFrequencyStrategy, V0_STRATEGY_NAME } from './selection/term-frequency.js';
import type { SelectionResult } from './selection-result.js';
import {
  createVerifiedCacheStore,
  type VerifiedCacheStore,
} from './verification/verified-cache-store.js';

/** The arguments of `context.resolve`, as they arrive (validated here, not trusted). */
export interface ResolveContextRequest {
  /** The cache name, relative to the cache root. */
  readonly cache: unknown;
  /** The query. */
  readonly query: unknown;
  /** The token budget. */
  readonly budget: unknown;
  /** The strategy name (a versioned parameter); defaults to the deployment's default. */
  readonly strategy?: unknown;
}

/** How a deployment resolves. */
export interface ResolveContextOptions {
  /** The folder whose subfolders are the caches. */
  readonly cacheRoot: string;
  /** The strategy used when a request names none; `v0` unless the deployment chooses another. */
  readonly defaultStrategy?: string;
  /** Strategies beyond the built-in `v0` (for example the one of `createBm25Strategy`). */
  readonly strategies?: readonly ContextStrategy[];
  /**
   * Where selection indexes are kept between calls (keyed by cache and `cache_version`);
   * default: one cache shared by every call in the process, with the default bounds.
   */
  readonly indexes?: SelectionIndexCache;
  /**
   * Where verified caches are kept between calls (each verified again only when it changed);
   * default: one store shared by every call in the process, with the default bounds.
   */
  readonly caches?: VerifiedCacheStore;
}

/** The index cache of calls that bring none: created on first use. */
let sharedIndexes: SelectionIndexCache | undefined;
/** The verified caches of calls that bring none: created on first use. */
let sharedCaches: VerifiedCacheStore | undefined;

function sharedIndexCache(): SelectionIndexCache {
  sharedIndexes ??= createSelectionIndexCache();
  return sharedIndexes;
}

function sharedCacheStore(): VerifiedCacheStore {
  sharedCaches ??= createVerifiedCacheStore();
  return sharedCaches;
}

/**
 * Checks a budget: an integer from 0 to {@link MAX_BUDGET}.
 *
 * @throws ContextCacheError `invalid_budget` otherwise (negative, fractional, not a number, above the hard maximum)
 * @see context.resolve.md §Error Types
 */
export function validateBudget(budget: unknown): number {
  if (
    typeof budget !== 'number' ||
    !Number.isInteger(budget) ||
    budget < 0 ||
    budget > MAX_BUDGET
  ) {
    throw new ContextCacheError({ code: 'invalid_budget' });
  }
  return budget;
}

/**
 * Checks a query: a well-formed string of at most {@link MAX_QUERY_BYTES} UTF-8 bytes. The
 * empty query is valid (every score is 0.0).
 *
 * @throws ContextCacheError `invalid_query` otherwise
 * @see context.resolve.md §Error Types; context_selection.md §v0: Term Frequency
 */
export function validateQuery(query: unknown): string {
  if (
    typeof query !== 'string' ||
    !isWellFormedText(query) ||
    Buffer.byteLength(query, 'utf8') > MAX_QUERY_BYTES
  ) {
    throw new ContextCacheError({ code: 'invalid_query' });
  }
  return query;
}

/**
 * Finds the strategy a request names among `v0` and the configured ones.
 *
 * @throws ContextCacheError `invalid_query` for an unknown name: the query cannot be processed as specified
 */
export function chooseStrategy(
  name: unknown,
  options: Pick<ResolveContextOptions, 'defaultStrategy' | 'strategies'>,
): ContextStrategy {
  const wanted = name ?? options.defaultStrategy ?? V0_STRATEGY_NAME;
  const available = [termFrequencyStrategy, ...(options.strategies ?? [])];
  const strategy = available.find((candidate) => candidate.name === wanted);
  if (strategy === undefined) throw new ContextCacheError({ code: 'invalid_query' });
  return strategy;
}

/**
 * Resolves context for a query within a budget from the named cache. Checks, in order: the
 * budget (`invalid_budget`), the query (`invalid_query`), the strategy (`invalid_query`), the
 * cache name (`cache_missing`), then every integrity check (`cache_invalid`); never rebuilds or
 * repairs. For `v0`, serializing the result with `serializeSelectionResult` gives the
 * original's bytes.
 *
 * The cache is verified when first asked for and again whenever it changed (see
 * `createVerifiedCacheStore`): only a cache that passed every check is ever answered from, and
 * a change made before a call is seen by that call. Selection runs on an index kept across
 * calls for the cache's `cache_version` (rebuilt when the version changes; for `v0`, the first
 * call scores every document and the index is built in the background right after, see
 * `SelectionIndexCache.select`).
 *
 * @throws ContextCacheError with one of the six wire codes
 * @see context.resolve.md; context_selection.md; context_cache.md §Verification (`index.json` is not read: §Invalidation does not name it, as the original does not)
 */
export async function resolveContext(
  request: ResolveContextRequest,
  options: ResolveContextOptions,
): Promise<SelectionResult> {
  const budget = validateBudget(request.budget);
  const query = validateQuery(request.query);
  const strategy = chooseStrategy(request.strategy, options);
  const cachePath = await resolveCachePath(options.cacheRoot, request.cache);
  const cache = await (options.caches ?? sharedCacheStore()).load(cachePath);
  return (options.indexes ?? sharedIndexCache()).select(
    { cache: cachePath, cacheVersion: cache.manifest.cache_version, strategy },
    cache.documents,
    query,
    budget,
  );
}
