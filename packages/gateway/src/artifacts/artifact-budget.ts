/**
 * The bound on artifact bytes of a whole process: every in-memory store that shares one budget
 * counts against it. At the bound a store makes room from its own least recently used artifacts
 * only; when it has none to give, the new artifact is refused: one caller's artifacts never
 * evict another's. Without a budget each store is bounded but their number is not.
 *
 * @module
 */

import { GatewayError } from '../errors.js';
import { checkLimit, formatBytes } from './artifact-record.js';

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
   * Counts an artifact of the store `owner` (`key` unique over the stores). When it does not
   * fit, the owner's own least recently used artifacts are evicted (by calling the `evict` given
   * with each) until it does.
   *
   * @throws GatewayError `RATE_LIMITED` (retryable, `data.reason: 'artifacts_full'`) when the
   * owner's own artifacts cannot make room; nothing is counted then, and nothing of another
   * owner is evicted.
   */
  hold(owner: string, key: string, bytes: number, evict: () => void): void;
  /** Marks an artifact as just used. */
  touch(key: string): void;
  /** Stops counting an artifact its store dropped. */
  release(key: string): void;
}

interface Held {
  readonly owner: string;
  readonly bytes: number;
  readonly evict: () => void;
}

function fullError(maxBytes: number): GatewayError {
  return new GatewayError({
    code: 'RATE_LIMITED',
    message: `artifacts are full: this process keeps at most ${formatBytes(maxBytes)} of artifacts over all callers (artifacts.maxTotalBytes), and this caller has none left to give up; try again once other callers' sessions end, or ask for a smaller result`,
    retryable: true,
    data: { reason: 'artifacts_full', max_total_bytes: maxBytes },
  });
}

/**
 * Creates a process-wide artifact budget: past it a store gives up its own least recently used
 * artifacts, and is refused when that is not enough.
 *
 * @throws GatewayError `ARGS_INVALID` when `maxBytes` is not a positive integer.
 * @see gateway-surface §4.2
 */
export function createArtifactBudget(options: { maxBytes?: number } = {}): ArtifactBudget {
  const maxBytes = checkLimit('maxTotalBytes', options.maxBytes ?? DEFAULT_MAX_TOTAL_BYTES);
  /** In use order: the first key is the least recently used. */
  const held = new Map<string, Held>();
  let used = 0;

  function release(key: string): void {
    const entry = held.get(key);
    if (entry === undefined) return;
    held.delete(key);
    used -= entry.bytes;
  }

  /** The owner's artifacts to evict, least recently used first, to free `needed` bytes; `undefined` when they cannot. */
  function ownVictims(owner: string, needed: number): string[] | undefined {
    const victims: string[] = [];
    let freed = 0;
    for (const [key, entry] of held) {
      if (freed >= needed) break;
      if (entry.owner !== owner) continue;
      victims.push(key);
      freed += entry.bytes;
    }
    return freed >= needed ? victims : undefined;
  }

  return {
    maxBytes,
    usedBytes: () => used,
    hold(owner, key, bytes, evict) {
      release(key);
      const victims = ownVictims(owner, used + bytes - maxBytes);
      if (victims === undefined) throw fullError(maxBytes);
      for (const victim of victims) {
        const entry = held.get(victim);
        // Released first, so the store's own release of the key finds nothing left to do.
        release(victim);
        entry?.evict();
      }
      held.set(key, { owner, bytes, evict });
      used += bytes;
    },
    touch(key) {
      const entry = held.get(key);
      if (entry === undefined) return;
      held.delete(key);
      held.set(key, entry);
    },
    release,
  };
}
