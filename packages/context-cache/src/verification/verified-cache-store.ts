/**
 * Verified caches kept in memory between calls: verification costs once per change, not once
 * per call.
 *
 * @module
 */

import { z } from 'zod';
import { ContextCacheError, toContextCacheError } from '../errors.js';
import { nextTurn } from '../event-loop.js';
import { DEFAULT_MAX_FILE_BYTES } from '../limits.js';
import {
  type CacheState,
  createCacheState,
  refreshCacheState,
  sameSnapshot,
  takeSnapshot,
} from './cache-state.js';
import { type ChangeWatch, createChangeWatch } from './change-watch.js';
import { type LoadedCache, toLoadedCache, type VerifiedCache } from './integrity-report.js';

/** The default bounds of a {@link VerifiedCacheStore}. */
export const DEFAULT_CACHE_STORE_LIMITS = {
  /** Caches kept at most. */
  maxCaches: 8,
  /** Content characters (UTF-16 units) of the documents of all kept caches together: 64 Mi. */
  maxCharacters: 64 * 1024 * 1024,
} as const;

/** Options of {@link createVerifiedCacheStore}. */
export const VerifiedCacheStoreOptionsSchema = z.strictObject({
  /** Caches kept at most (default 8); the least recently used is dropped first. */
  maxCaches: z.int().positive().optional(),
  /** Content characters of all kept caches together (default 64 Mi); a larger cache is verified on every call. */
  maxCharacters: z.int().positive().optional(),
  /** The largest file read, in bytes (default {@link DEFAULT_MAX_FILE_BYTES}); a larger one makes its cache invalid. */
  maxFileBytes: z.int().positive().optional(),
  /**
   * Whether a kept cache may be answered from memory on the word of a directory watch
   * (default true, and used only where it is reliable); false checks every document's
   * identity on every call.
   */
  watch: z.boolean().optional(),
});

/** Options of {@link createVerifiedCacheStore}. */
export type VerifiedCacheStoreOptions = z.infer<typeof VerifiedCacheStoreOptionsSchema>;

/**
 * Verified caches by folder, least recently used dropped first. A cache is verified fully when
 * first loaded, and again (reading only what changed) when its change signal or the identity
 * of its folder, manifest or `documents/` says something changed; in between it is answered
 * from memory. A change made before a call is seen by that call: it is never answered stale.
 */
export interface VerifiedCacheStore {
  /**
   * The cache at `cachePath` (a real path, as `resolveCachePath` gives), verified.
   *
   * @throws ContextCacheError `cache_invalid` (with the report in `data.report`), `io_error`
   */
  load(cachePath: string): Promise<LoadedCache>;
  /** How many caches are kept. */
  readonly size: number;
  /** Content characters of the kept caches' documents. */
  readonly characters: number;
  /** How many verifications (full or partial) ran since the store was created. */
  readonly verifications: number;
  /** Drops every kept cache and stops watching them. */
  close(): void;
}

interface Refresh {
  /** The sequence number at its start: it serves every call that arrived before. */
  readonly started: number;
  readonly settled: Promise<{ verified: VerifiedCache } | { error: ContextCacheError }>;
}

interface Entry {
  readonly state: CacheState;
  readonly watch: ChangeWatch;
  running: Refresh | undefined;
  characters: number;
}

/**
 * Creates a store of verified caches (see {@link VerifiedCacheStore}).
 *
 * @throws ContextCacheError `invalid_options` when a bound is not a positive integer
 */
export function createVerifiedCacheStore(
  options: VerifiedCacheStoreOptions = {},
): VerifiedCacheStore {
  const parsed = VerifiedCacheStoreOptionsSchema.safeParse(options);
  if (!parsed.success) {
    throw new ContextCacheError({
      code: 'invalid_options',
      message: `verified cache store: ${parsed.error.issues[0]?.message ?? 'invalid options'}`,
    });
  }
  const maxCaches = parsed.data.maxCaches ?? DEFAULT_CACHE_STORE_LIMITS.maxCaches;
  const maxCharacters = parsed.data.maxCharacters ?? DEFAULT_CACHE_STORE_LIMITS.maxCharacters;
  const verifyOptions = {
    maxFileBytes: parsed.data.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    checkIndex: false,
  };
  const watchEnabled = parsed.data.watch ?? true;
  /** In use order: the first key is the least recently used. */
  const entries = new Map<string, Entry>();
  let characters = 0;
  let verifications = 0;
  let sequence = 0;

  function drop(cachePath: string): void {
    const entry = entries.get(cachePath);
    if (entry === undefined) return;
    characters -= entry.characters;
    entry.watch.close();
    entries.delete(cachePath);
  }

  function entryFor(cachePath: string): Entry {
    let entry = entries.get(cachePath);
    if (entry === undefined) {
      entry = {
        state: createCacheState(cachePath, verifyOptions),
        watch: createChangeWatch(cachePath, watchEnabled),
        running: undefined,
        characters: 0,
      };
    } else {
      entries.delete(cachePath);
    }
    entries.set(cachePath, entry);
    while (entries.size > maxCaches) {
      const oldest = entries.keys().next();
      if (oldest.done === true) break;
      drop(oldest.value);
    }
    return entry;
  }

  /** Keeps what a refresh found within the bounds: a cache over them on its own is not kept. */
  function account(cachePath: string, entry: Entry, verified: VerifiedCache): void {
    if (entries.get(cachePath) !== entry) return;
    characters += verified.characters - entry.characters;
    entry.characters = verified.characters;
    if (verified.characters > maxCharacters) {
      drop(cachePath);
      return;
    }
    while (characters > maxCharacters) {
      const oldest = entries.keys().next();
      if (oldest.done === true || oldest.value === cachePath) break;
      drop(oldest.value);
    }
  }

  /** True when the kept outcome still holds: nothing signalled, the three identities unchanged. */
  function isCurrent(entry: Entry): boolean {
    const { verified, snapshot } = entry.state;
    if (verified === undefined || snapshot === undefined) return false;
    if (!entry.watch.reliable || entry.watch.changed) return false;
    try {
      return sameSnapshot(snapshot, takeSnapshot(entry.state.cachePath));
    } catch {
      return false;
    }
  }

  function startRefresh(cachePath: string, entry: Entry): Refresh {
    sequence += 1;
    const started = sequence;
    const settled = (async () => {
      try {
        const verified = await refreshCacheState(entry.state, {
          beforeRead: (snapshot) => entry.watch.arm(snapshot),
          yieldControl: nextTurn,
        });
        verifications += 1;
        account(cachePath, entry, verified);
        return { verified };
      } catch (error) {
        entry.state.verified = undefined;
        return { error: toContextCacheError(error) };
      } finally {
        entry.running = undefined;
      }
    })();
    return { started, settled };
  }

  return {
    async load(cachePath) {
      // A change made before this call was sent has queued its event by now; let it arrive.
      await nextTurn();
      const entry = entryFor(cachePath);
      sequence += 1;
      const arrival = sequence;
      for (;;) {
        const running = entry.running;
        if (running !== undefined) {
          const outcome = await running.settled;
          if (running.started < arrival) continue;
          if ('error' in outcome) throw outcome.error;
          return toLoadedCache(outcome.verified);
        }
        if (isCurrent(entry) && entry.state.verified !== undefined) {
          return toLoadedCache(entry.state.verified);
        }
        entry.running = startRefresh(cachePath, entry);
      }
    },
    get size() {
      return entries.size;
    },
    get characters() {
      return characters;
    },
    get verifications() {
      return verifications;
    },
    close() {
      for (const cachePath of [...entries.keys()]) drop(cachePath);
    },
  };
}
