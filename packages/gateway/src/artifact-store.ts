/**
 * Artifacts: results the context firewall kept out of the model's context,
 * in a bounded per-session store.
 *
 * @module
 */

import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ArtifactBudget } from './artifacts/artifact-budget.js';
import {
  type ArtifactLimits,
  artifactOf,
  budgetEvictedError,
  evictedError,
  recordOf,
  resolveArtifactLimits,
  storedBytesOf,
} from './artifacts/artifact-record.js';
import { sha256Hex } from './digest.js';
import { GatewayError } from './errors.js';

/**
 * What an artifact handle looks like: `art_` and 16 hex characters of the
 * SHA-256 of the media type and content, so the same result always gets the
 * same handle.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export const ARTIFACT_HANDLE_PATTERN = /^art_[0-9a-f]{16}$/;

/**
 * A stored artifact.
 *
 * @see gateway-surface §4.2
 */
export interface Artifact {
  /** The handle `tool_view` takes. */
  readonly handle: string;
  /** `application/json`, `text/plain`, or a binary block's own type (then `text` is base64). */
  readonly mediaType: string;
  /** The content as stored (cut to the store's per-artifact cap when `truncated`). */
  readonly text: string;
  /** The UTF-8 size of the content before any cut. */
  readonly bytes: number;
  /** True when the content was cut to the per-artifact cap. */
  readonly truncated: boolean;
  /** The content's lines, split on first use (`\r\n`, `\n` or `\r`). */
  lines(): readonly string[];
  /** The content parsed as JSON on first use, when the media type is JSON and it parses. */
  json(): ArtifactJson;
}

/**
 * An artifact's content parsed as JSON, or why not.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export type ArtifactJson =
  | {
      /** The content is JSON. */
      ok: true;
      /** The parsed value. */
      value: unknown;
    }
  | {
      /** The content is not JSON (another media type, or malformed or cut). */
      ok: false;
    };

/**
 * What {@link ArtifactStore.put} takes.
 *
 * @see gateway-surface §4.2
 */
export interface ArtifactInput {
  /** The content: text, or base64 for a binary block. */
  text: string;
  /** Its media type. */
  mediaType: string;
}

/**
 * Where one session's artifacts live: in memory by default
 * ({@link createMemoryArtifactStore}), or shared by several instances
 * (`createSharedArtifacts` in `@x/gateway/artifacts`).
 *
 * @see gateway-surface §4.2
 */
export interface ArtifactStore {
  /** Stores content (or touches it when already stored) and returns the artifact. */
  put(input: ArtifactInput): Promise<Artifact>;
  /**
   * The artifact of a handle, which becomes the most recently used; `undefined` when unknown.
   * Throws `GatewayError` `VIEW_FAILED` (`data.reason: "evicted"`, with the limits) for a handle
   * evicted recently to stay within the session's limits.
   */
  get(handle: string): Promise<Artifact | undefined>;
  /**
   * Called when this instance's copy of the session closes: an in-memory store forgets every
   * artifact; a shared store drops only what this instance caches, since the session may go on
   * elsewhere (its artifacts end with the session or their time to live).
   */
  clear(): Promise<void>;
}

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
   * A budget shared with the other sessions' stores, bounding the artifact bytes of the whole
   * process (see `createArtifactBudget`); none by default. At least `maxArtifactBytes`.
   */
  budget?: ArtifactBudget;
}

/** How many evicted handles a store remembers, to tell "evicted" from "unknown". */
export const REMEMBERED_EVICTIONS = 64;

/**
 * The handle of some content: `art_` and 16 hex characters of its SHA-256.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export function artifactHandle(input: ArtifactInput): string {
  return `art_${sha256Hex(`${input.mediaType}\n${input.text}`).slice(0, 16)}`;
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
export function createMemoryArtifactStore(options: MemoryArtifactStoreOptions = {}): ArtifactStore {
  const limits: ArtifactLimits = resolveArtifactLimits(options);
  const { budget } = options;
  if (budget !== undefined && budget.maxBytes < limits.maxArtifactBytes) {
    throw new GatewayError({
      code: 'ARGS_INVALID',
      message: `the process-wide artifact budget (${budget.maxBytes} bytes) is smaller than maxArtifactBytes (${limits.maxArtifactBytes})`,
      data: { field: 'maxTotalBytes' },
    });
  }
  const storeKey = `${randomUUID()}:`;
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
      const handle = artifactHandle(input);
      const existing = cache.get(handle);
      if (existing !== undefined) {
        budget?.touch(storeKey + handle);
        return existing;
      }
      const artifact = artifactOf(recordOf(input, handle, limits.maxArtifactBytes));
      evicted.delete(handle);
      cache.set(handle, artifact);
      budget?.hold(storeKey + handle, storedBytesOf(artifact), () => {
        cache.delete(handle);
        evicted.set(handle, 'process');
      });
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
  };
}
