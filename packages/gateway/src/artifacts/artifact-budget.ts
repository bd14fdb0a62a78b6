/**
 * The bound on artifact bytes of a whole process: every session's in-memory store that shares
 * one budget counts against it, and past it the least recently used artifacts of any session go
 * first. Without it each session is bounded but their number is not.
 *
 * @module
 */

import { LRUCache } from 'lru-cache';
import { checkLimit } from './artifact-record.js';

/** The default most artifact bytes of one process, over all sessions (256 MiB). */
export const DEFAULT_MAX_TOTAL_BYTES = 256 * 1024 * 1024;

/**
 * Artifact bytes shared by several stores, as {@link createArtifactBudget} makes it.
 *
 * @see gateway-surface §4.2
 */
export interface ArtifactBudget {
  /** The most content bytes kept over every store sharing the budget. */
  readonly maxBytes: number;
  /** The content bytes kept now. */
  usedBytes(): number;
  /**
   * Counts an artifact (`key` unique over the stores); when the budget overflows, the least
   * recently used artifacts are evicted by calling the `evict` given with each.
   */
  hold(key: string, bytes: number, evict: () => void): void;
  /** Marks an artifact as just used. */
  touch(key: string): void;
  /** Stops counting an artifact its store dropped. */
  release(key: string): void;
}

/**
 * Creates a process-wide artifact budget, LRU over every store that shares it (`lru-cache`).
 *
 * @throws GatewayError `ARGS_INVALID` when `maxBytes` is not a positive integer.
 * @see gateway-surface §4.2
 */
export function createArtifactBudget(options: { maxBytes?: number } = {}): ArtifactBudget {
  const maxBytes = checkLimit('maxTotalBytes', options.maxBytes ?? DEFAULT_MAX_TOTAL_BYTES);
  const held = new LRUCache<string, () => void>({
    maxSize: maxBytes,
    // After removal, so the store's own release of the key finds nothing left to do.
    disposeAfter: (evict, _key, reason) => {
      if (reason === 'evict') evict();
    },
  });
  return {
    maxBytes,
    usedBytes: () => held.calculatedSize,
    hold: (key, bytes, evict) => {
      held.set(key, evict, { size: bytes });
    },
    touch: (key) => {
      held.get(key);
    },
    release: (key) => {
      held.delete(key);
    },
  };
}
