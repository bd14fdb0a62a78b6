/**
 * The in-memory {@link SessionStore}: bounded, with time-to-live expiry and an injectable clock.
 *
 * Hand-written over a `Map` rather than on `lru-cache`: a `Map` already keeps insertion order,
 * which is all a least-recently-used list needs, and `lru-cache`'s expiry reads its clock
 * through a timer-debounced cache and treats a start time of 0 as "no expiry", both of which
 * fight an injected test clock.
 *
 * @module
 */

import type {
  JsonValue,
  SessionStore,
  SessionStoreSetOptions,
  SessionStoreUpdater,
} from './session-store.js';
import {
  compareCodeUnits,
  requireKey,
  requirePositiveInteger,
  serializeValue,
} from './store-values.js';

/** Options of {@link createMemorySessionStore}. */
export interface MemorySessionStoreOptions {
  /** The most entries kept (a positive integer, default 10 000); a write beyond it evicts the least recently used entry. */
  maxEntries?: number;
  /** Time to live of a write that names none, in milliseconds (a positive integer); without it such entries never expire. */
  defaultTtlMs?: number;
  /** The clock, in milliseconds (default `Date.now`); inject one in tests instead of sleeping. */
  now?: () => number;
}

interface Entry {
  readonly text: string;
  /** Clock time at which the entry stops being live; `Infinity` for none. */
  readonly expiresAt: number;
}

const DEFAULT_MAX_ENTRIES = 10_000;
/** Entries examined for expiry per write, so memory held by dead entries is reclaimed in bounded steps. */
const SWEEP_STEPS_PER_WRITE = 8;

/**
 * Creates a {@link SessionStore} that lives in this process.
 *
 * - Expiry: an entry is dead from `now() >= writtenAt + ttlMs`. A read of a dead entry deletes
 *   it; each write also examines a few more entries in a rolling sweep, so dead entries that are
 *   never read again are reclaimed too, at bounded cost per write.
 * - Size: at most `maxEntries` entries; a write of a new key into a full store evicts the least
 *   recently used entry (live or not). Reads and writes count as use; `keys` does not.
 * - Copies: values are kept as JSON text, so mutating a value passed to `set` or returned by
 *   `get` never changes what the store holds.
 *
 * @throws CoreError `INVALID_ARGUMENT` when an option is outside its domain.
 */
export function createMemorySessionStore(options: MemorySessionStoreOptions = {}): SessionStore {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  requirePositiveInteger('maxEntries', maxEntries);
  if (options.defaultTtlMs !== undefined) {
    requirePositiveInteger('defaultTtlMs', options.defaultTtlMs);
  }
  const defaultTtlMs = options.defaultTtlMs;
  const now = options.now ?? Date.now;
  /** Insertion order is recency order: the first key is the least recently used. */
  const entries = new Map<string, Entry>();
  let sweepCursor: Iterator<[string, Entry]> = entries.entries();

  function isLive(entry: Entry): boolean {
    return now() < entry.expiresAt;
  }

  /** The live entry of `key`, moved to the most recently used end; dead entries are deleted. */
  function readLive(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    entries.delete(key);
    if (!isLive(entry)) return undefined;
    entries.set(key, entry);
    return entry;
  }

  function sweep(): void {
    // Map iterators are live: they skip deleted entries and visit re-inserted ones again.
    for (let step = 0; step < SWEEP_STEPS_PER_WRITE; step += 1) {
      const next = sweepCursor.next();
      if (next.done === true) {
        sweepCursor = entries.entries();
        return;
      }
      const [key, entry] = next.value;
      if (!isLive(entry)) entries.delete(key);
    }
  }

  /** Stores `value` as the most recently used entry and returns its JSON text. */
  function write(key: string, value: JsonValue, setOptions: SessionStoreSetOptions): string {
    const ttlMs = setOptions.ttlMs ?? defaultTtlMs;
    if (setOptions.ttlMs !== undefined) requirePositiveInteger('ttlMs', setOptions.ttlMs);
    const text = serializeValue(key, value);
    sweep();
    entries.delete(key);
    if (entries.size >= maxEntries) {
      const leastRecent = entries.keys().next();
      if (leastRecent.done !== true) entries.delete(leastRecent.value);
    }
    entries.set(key, { text, expiresAt: ttlMs === undefined ? Infinity : now() + ttlMs });
    return text;
  }

  function read(key: string): JsonValue | undefined {
    requireKey(key);
    const entry = readLive(key);
    return entry === undefined ? undefined : (JSON.parse(entry.text) as JsonValue);
  }

  return {
    async get(key) {
      return read(key);
    },
    async set(key, value, setOptions = {}) {
      requireKey(key);
      write(key, value, setOptions);
    },
    async update(key, updater: SessionStoreUpdater, setOptions = {}) {
      const next = updater(read(key));
      if (next === undefined) {
        entries.delete(key);
        return undefined;
      }
      return JSON.parse(write(key, next, setOptions)) as JsonValue;
    },
    async delete(key) {
      requireKey(key);
      const entry = entries.get(key);
      entries.delete(key);
      return entry !== undefined && isLive(entry);
    },
    async keys(prefix = '') {
      requireKey(prefix);
      const found: string[] = [];
      for (const [key, entry] of entries) {
        if (!isLive(entry)) entries.delete(key);
        else if (key.startsWith(prefix)) found.push(key);
      }
      return found.sort(compareCodeUnits);
    },
  };
}
