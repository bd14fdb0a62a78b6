/**
 * Artifacts shared by several gateway instances: the index and small
 * contents in the session store (Redis), large contents as files of a
 * directory every instance can reach.
 *
 * @module
 */

import type { SessionStore } from '@x/core/sessions';
import { LRUCache } from 'lru-cache';
import {
  ARTIFACT_HANDLE_PATTERN,
  type Artifact,
  type ArtifactStore,
  newArtifactHandle,
} from '../artifact.js';
import { DEFAULT_MAX_TOTAL_BYTES } from '../artifact-budget.js';
import {
  artifactOf,
  checkLimit,
  evictedError,
  recordOf,
  resolveArtifactLimits,
  storedBytesOf,
} from '../artifact-record.js';
import { createArtifactDirectory } from './artifact-directory.js';
import {
  type ArtifactIndex,
  type ArtifactIndexEntry,
  addToArtifactIndex,
  indexJson,
  parseArtifactIndex,
  removeFromArtifactIndex,
  touchArtifactIndex,
} from './artifact-index.js';
import { createSharedArtifactTotal } from './shared-artifact-total.js';

/** The default size up to which a shared artifact's content stays in the session store (256 KiB). */
export const DEFAULT_INLINE_MAX_BYTES = 256 * 1024;
/** The default time to live of a session's shared artifacts after their last use (1 hour). */
export const DEFAULT_ARTIFACT_TTL_MS = 3_600_000;
/** The default bytes of recently viewed artifacts one session keeps in this process (4 MiB). */
export const DEFAULT_LOCAL_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * What {@link createSharedArtifacts} takes.
 *
 * @see gateway-surface §4.2
 */
export interface SharedArtifactsOptions {
  /** Where the index of each session's artifacts and the small contents live (shared: Redis). */
  store: SessionStore;
  /**
   * A directory every instance reaches (a shared volume) for contents above `inlineMaxBytes`;
   * without it every content goes to `store`.
   */
  directory?: string;
  /** Contents up to this many UTF-8 bytes go to `store`, larger ones to `directory`. Default 256 KiB. */
  inlineMaxBytes?: number;
  /** The most artifacts per caller scope; the least recently used goes first. Default 64. */
  maxArtifacts?: number;
  /** The most content bytes per caller scope over all its artifacts. Default 32 MiB. */
  maxBytes?: number;
  /** The most bytes of one artifact; longer content is cut. Default 8 MiB (at most `maxBytes`). */
  maxArtifactBytes?: number;
  /**
   * The most content bytes over every session of every instance sharing `store`; past it a new
   * artifact is refused with `RATE_LIMITED` (retryable) until older ones expire or their
   * session ends. Default 256 MiB.
   */
  maxTotalBytes?: number;
  /** How long a session's artifacts live after their last use, in milliseconds. Default 1 hour. */
  ttlMs?: number;
  /** Bytes of recently used artifacts each session keeps in this process (parsed once). Default 4 MiB. */
  localCacheBytes?: number;
}

/**
 * Every session's shared artifacts.
 *
 * @see gateway-surface §4.2
 */
export interface SharedArtifacts {
  /** The artifact store of one session, for `GatewayServerOptions.createArtifactStore`. */
  forSession(sessionId: string): ArtifactStore;
  /** Removes every artifact of a session (on its DELETE: the session is over everywhere). */
  deleteSession(sessionId: string): Promise<void>;
  /** Removes the directory folders of sessions unused for `ttlMs`; resolves to how many went. */
  sweep(): Promise<number>;
}

const indexKey = (sessionId: string) => `gateway:${sessionId}:artifacts`;
const contentKey = (sessionId: string, handle: string) => `gateway:${sessionId}:artifact:${handle}`;

/**
 * Creates shared artifact storage. A session's index (handles from least to
 * most recently used, with sizes and where each content is) is one entry of
 * `store`, changed with its atomic `update`, so the count and byte bounds
 * hold per session however many instances serve it. Contents are written
 * before the index names them; evicted contents are removed after. Each
 * use refreshes the index's time to live, and contents are rewritten (or
 * their folder touched) once half of theirs has passed. Responses are the
 * same as with the in-memory store: same handles, same refs, same views.
 * Store failures reject with the store's `CoreError` (`UNAVAILABLE`,
 * `TIMEOUT`), file failures with `GatewayError` `UPSTREAM_ERROR` (no host
 * path), a new artifact past `maxTotalBytes` over every session with
 * `GatewayError` `RATE_LIMITED` (retryable). Throws `GatewayError` `ARGS_INVALID` for a limit that is not a
 * positive integer.
 *
 * @see gateway-surface §4.2
 */
export function createSharedArtifacts(options: SharedArtifactsOptions): SharedArtifacts {
  const { store } = options;
  const limits = resolveArtifactLimits(options);
  const inlineMaxBytes = checkLimit(
    'inlineMaxBytes',
    options.inlineMaxBytes ?? DEFAULT_INLINE_MAX_BYTES,
  );
  const ttlMs = checkLimit('ttlMs', options.ttlMs ?? DEFAULT_ARTIFACT_TTL_MS);
  const localCacheBytes = checkLimit(
    'localCacheBytes',
    options.localCacheBytes ?? DEFAULT_LOCAL_CACHE_BYTES,
  );
  const directory =
    options.directory === undefined ? undefined : createArtifactDirectory(options.directory);
  const ttl = { ttlMs };
  const total = createSharedArtifactTotal({
    store,
    maxTotalBytes: checkLimit('maxTotalBytes', options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES),
    maxSessionBytes: limits.maxBytes,
    ttlMs,
  });

  async function removeContents(sessionId: string, entries: readonly ArtifactIndexEntry[]) {
    const files = entries.filter((entry) => entry.file).map((entry) => entry.handle);
    if (files.length > 0) await directory?.remove(sessionId, files);
    await Promise.all(
      entries
        .filter((entry) => !entry.file)
        .map((entry) => store.delete(contentKey(sessionId, entry.handle))),
    );
  }

  async function writeContent(sessionId: string, entry: ArtifactIndexEntry, text: string) {
    if (entry.file && directory !== undefined) {
      await directory.write(sessionId, entry.handle, text);
    } else {
      await store.set(contentKey(sessionId, entry.handle), { text }, ttl);
    }
  }

  async function readContent(sessionId: string, entry: ArtifactIndexEntry) {
    if (entry.file) return directory?.read(sessionId, entry.handle);
    const value = await store.get(contentKey(sessionId, entry.handle));
    const text = (value as { text?: unknown } | undefined)?.text;
    return typeof text === 'string' ? text : undefined;
  }

  function forSession(sessionId: string): ArtifactStore {
    const local = new LRUCache<string, Artifact>({
      max: limits.maxArtifacts,
      maxSize: localCacheBytes,
      sizeCalculation: (artifact) => storedBytesOf(artifact),
    });
    const remember = (artifact: Artifact) => {
      if (storedBytesOf(artifact) <= localCacheBytes) local.set(artifact.handle, artifact);
    };

    /** Makes `handle` the most recent; says whether its content needs a refresh. */
    async function touch(handle: string, now: number) {
      let entry: ArtifactIndexEntry | undefined;
      let index: ArtifactIndex = parseArtifactIndex(undefined);
      await store.update(
        indexKey(sessionId),
        (current) => {
          if (current === undefined) return undefined;
          index = parseArtifactIndex(current);
          entry = index.entries.find((other) => other.handle === handle);
          if (entry === undefined) return current;
          const stale = now - entry.writtenAt > ttlMs / 2;
          return indexJson(
            touchArtifactIndex(index, handle, (found) =>
              stale ? { ...found, writtenAt: now } : found,
            ),
          );
        },
        ttl,
      );
      const found = entry as ArtifactIndexEntry | undefined;
      return {
        entry: found,
        evicted: index.evicted.includes(handle),
        stale: found !== undefined && now - found.writtenAt > ttlMs / 2,
      };
    }

    return {
      async put(input) {
        const handle = newArtifactHandle();
        const record = recordOf(input, handle, limits.maxArtifactBytes);
        const size = storedBytesOf(record);
        const entry: ArtifactIndexEntry = {
          handle,
          mediaType: record.mediaType,
          bytes: record.bytes,
          size,
          truncated: record.truncated,
          file: directory !== undefined && size > inlineMaxBytes,
          writtenAt: Date.now(),
        };
        await total.reserve(sessionId, size);
        await writeContent(sessionId, entry, record.text);
        let evicted: ArtifactIndexEntry[] = [];
        let keptBytes = 0;
        await store.update(
          indexKey(sessionId),
          (current) => {
            const added = addToArtifactIndex(parseArtifactIndex(current), entry, limits);
            evicted = added.evicted;
            keptBytes = added.index.entries.reduce((sum, kept) => sum + kept.size, 0);
            return indexJson(added.index);
          },
          ttl,
        );
        await total.record(sessionId, keptBytes);
        for (const gone of evicted) local.delete(gone.handle);
        await removeContents(sessionId, evicted);
        const artifact = local.get(handle) ?? artifactOf(record);
        remember(artifact);
        return artifact;
      },

      async get(handle) {
        if (typeof handle !== 'string' || !ARTIFACT_HANDLE_PATTERN.test(handle)) return undefined;
        const { entry, evicted, stale } = await touch(handle, Date.now());
        if (entry === undefined) {
          local.delete(handle);
          if (evicted) throw evictedError(handle, limits);
          return undefined;
        }
        const cached = local.get(handle);
        const text = cached?.text ?? (await readContent(sessionId, entry));
        if (text === undefined) {
          // The content expired or was removed under the index: forget the handle.
          await store.update(
            indexKey(sessionId),
            (current) =>
              current === undefined
                ? undefined
                : indexJson(removeFromArtifactIndex(parseArtifactIndex(current), handle)),
            ttl,
          );
          return undefined;
        }
        if (stale) {
          if (entry.file) await directory?.touch(sessionId);
          else await writeContent(sessionId, entry, text);
        }
        if (cached !== undefined) return cached;
        const artifact = artifactOf({ ...entry, text });
        remember(artifact);
        return artifact;
      },

      async clear() {
        local.clear();
      },
    };
  }

  return {
    forSession,
    async deleteSession(sessionId) {
      const index = parseArtifactIndex(await store.get(indexKey(sessionId)));
      await removeContents(sessionId, index.entries);
      await store.delete(indexKey(sessionId));
      await directory?.removeSession(sessionId);
      await total.remove(sessionId);
    },
    async sweep() {
      return (await directory?.sweep(ttlMs)) ?? 0;
    },
  };
}
