/**
 * The default artifact store: one session's artifacts in memory, bounded by count and bytes.
 *
 * @module
 */

import { LRUCache } from 'lru-cache';
import { GatewayError } from '../errors.js';
import {
  ARTIFACT_HANDLE_PATTERN,
  type Artifact,
  type ArtifactStore,
  newArtifactHandle,
  REMEMBERED_EVICTIONS,
} from './artifact.js';
import type { ArtifactBudget } from './artifact-budget.js';
import {
  type ArtifactLimits,
  artifactOf,
  budgetEvictedError,
  evictedError,
  recordOf,
  resolveArtifactLimits,
  storedBytesOf,
} from './artifact-record.js';

/**
 * What {@link createMemoryArtifactStore} takes: the bounds of one session's
 * artifacts.
 *
 * @see gateway-surface §4.2
 */
export interface MemoryArtifactStoreOptions {
  /** The most artifacts kept; the least recently used goes first. Default 64. */
  maxArtifacts?: number;
  /** The most content bytes kept over all artifacts. Default 32 MiB. */
  maxBytes?: number;
  /** The most bytes of one artifact; longer content is cut. Default 8 MiB (at most `maxBytes`). */
  maxArtifactBytes?: number;
  /**
   * A budget shared with the other callers' stores, bounding the artifact bytes of the whole
   * process (see `createArtifactBudget`): at its bound this store gives up its own least
   * recently used artifacts, or `put` throws `RATE_LIMITED`; none by default. At least
   * `maxArtifactBytes`.
   */
  budget?: ArtifactBudget;
}

/** An in-memory artifact store, which also tells how many artifacts it keeps. */
export interface MemoryArtifactStore extends ArtifactStore {
  /** How many artifacts the store keeps now. */
  size(): number;
}

/**
 * Creates the default store: in memory, LRU over both the count of artifacts
 * and their total bytes (`lru-cache`). One store belongs to one session (the
 * gateway server makes one per session), so a handle from another session is
 * unknown here. Parsed JSON and split lines are cached on the artifact and
 * are not counted in the byte bound. The last 64 (`REMEMBERED_EVICTIONS`)
 * evicted handles answer `get` with the evicted error. Throws
 * `GatewayError` `ARGS_INVALID` for a limit that is not a positive
 * integer.
 *
 * @see gateway-surface §4.2
 */
export function createMemoryArtifactStore(
  options: MemoryArtifactStoreOptions = {},
): MemoryArtifactStore {
  const limits: ArtifactLimits = resolveArtifactLimits(options);
  const { budget } = options;
  if (budget !== undefined && budget.maxBytes < limits.maxArtifactBytes) {
    throw new GatewayError({
      code: 'ARGS_INVALID',
      message: `the process-wide artifact budget (${budget.maxBytes} bytes) is smaller than maxArtifactBytes (${limits.maxArtifactBytes})`,
      data: { field: 'maxTotalBytes' },
    });
  }
  const storeKey = `${crypto.randomUUID()}:`;
  /** Evicted handles, and whether this session's bounds or the process budget evicted them. */
  const evicted = new LRUCache<string, 'session' | 'process'>({ max: REMEMBERED_EVICTIONS });
  const cache = new LRUCache<string, Artifact>({
    max: limits.maxArtifacts,
    maxSize: limits.maxBytes,
    sizeCalculation: (artifact) => storedBytesOf(artifact),
    dispose: (_artifact, handle, reason) => {
      if (reason === 'evict') evicted.set(handle, 'session');
      budget?.release(storeKey + handle);
    },
  });
  return {
    async put(input) {
      const handle = newArtifactHandle();
      const existing = cache.get(handle);
      if (existing !== undefined) {
        budget?.touch(storeKey + handle);
        return existing;
      }
      const artifact = artifactOf(recordOf(input, handle, limits.maxArtifactBytes));
      // Counted first: a full budget refuses the artifact before anything is stored.
      budget?.hold(storeKey, storeKey + handle, storedBytesOf(artifact), () => {
        cache.delete(handle);
        evicted.set(handle, 'process');
      });
      evicted.delete(handle);
      cache.set(handle, artifact);
      return artifact;
    },
    async get(handle) {
      if (typeof handle !== 'string' || !ARTIFACT_HANDLE_PATTERN.test(handle)) return undefined;
      const artifact = cache.get(handle);
      if (artifact !== undefined) {
        budget?.touch(storeKey + handle);
        return artifact;
      }
      const by = evicted.get(handle);
      if (by === 'process' && budget !== undefined) throw budgetEvictedError(handle, budget);
      if (by !== undefined) throw evictedError(handle, limits);
      return undefined;
    },
    async clear() {
      cache.clear();
      evicted.clear();
    },
    size: () => cache.size,
  };
}
