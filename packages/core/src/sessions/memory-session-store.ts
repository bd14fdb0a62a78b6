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

import { CoreError } from '../errors.js';
import type {
  JsonValue,
  SessionStore,
  SessionStoreSetOptions,
  SessionStoreUpdater,
} from './session-store.js';
import { ownerOfKey } from './store-owner.js';
import {
  compareCodeUnits,
  requireKey,
  requirePositiveInteger,
  serializeValue,
} from './store-values.js';

/** Options of {@link createMemorySessionStore}. */
export interface MemorySessionStoreOptions {
  /**
   * The most entries kept over every caller (a positive integer, default 10 000). A write of a
   * new key into a full store first drops expired entries, then the least recently used entry of
   * the writing key's own caller; when that caller holds none, the write is refused with
   * `CoreError` `RATE_LIMITED` (`data.reason: "session_store_full"`). Another caller's entry is
   * never evicted.
   */
  maxEntries?: number;
  /**
   * The most entries of one caller (a positive integer, default 1 000, at most `maxEntries`): a
   * write of a new key of a caller at its bound evicts that caller's own least recently used
   * entry. The caller of a key is {@link ownerOfKey}'s (or `ownerOf`'s).
   */
  maxEntriesPerCaller?: number;
  /** Which caller a key belongs to; default {@link ownerOfKey}, the `<feature>:<scope>:` convention. */
  ownerOf?: (key: string) => string;
  /** Time to live of a write that names none, in milliseconds (a positive integer); without it such entries never expire. */
  defaultTtlMs?: number;
  /** The clock, in milliseconds (default `Date.now`); inject one in tests instead of sleeping. */
  now?: () => number;
}

interface Entry {
  readonly text: string;
  /** The caller the key belongs to. */
  readonly owner: string;
  /** Clock time at which the entry stops being live; `Infinity` for none. */
  readonly expiresAt: number;
}

const DEFAULT_MAX_ENTRIES = 10_000;
const DEFAULT_MAX_ENTRIES_PER_CALLER = 1_000;
/** Entries examined for expiry per write, so memory held by dead entries is reclaimed in bounded steps. */
const SWEEP_STEPS_PER_WRITE = 8;

/**
 * Creates a {@link SessionStore} that lives in this process.
 *
 * - Expiry: an entry is dead from `now() >= writtenAt + ttlMs`. A read of a dead entry deletes
 *   it; each write also examines a few more entries in a rolling sweep, so dead entries that are
 *   never read again are reclaimed too, at bounded cost per write.
 * - Size: at most `maxEntriesPerCaller` entries of one caller (its own least recently used goes
 *   first) and `maxEntries` in all (expired entries go first, then the writer's own least
 *   recently used; a caller holding none is refused with `RATE_LIMITED`): one caller's writes
 *   never evict another caller's entries. Reads and writes count as use; `keys` does not.
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
  const maxEntriesPerCaller =
    options.maxEntriesPerCaller ?? Math.min(DEFAULT_MAX_ENTRIES_PER_CALLER, maxEntries);
  requirePositiveInteger('maxEntriesPerCaller', maxEntriesPerCaller);
  const defaultTtlMs = options.defaultTtlMs;
  const now = options.now ?? Date.now;
  const ownerOf = options.ownerOf ?? ownerOfKey;
  /** Insertion order is recency order: the first key is the least recently used. */
  const entries = new Map<string, Entry>();
  /** Each caller's keys, in recency order too. */
  const owners = new Map<string, Set<string>>();
  let sweepCursor: Iterator<[string, Entry]> = entries.entries();

  function isLive(entry: Entry): boolean {
    return now() < entry.expiresAt;
  }

  function remove(key: string): void {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    const keys = owners.get(entry.owner);
    keys?.delete(key);
    if (keys?.size === 0) owners.delete(entry.owner);
  }

  /** Puts `entry` at the most recently used end of both orders. */
  function place(key: string, entry: Entry): void {
    entries.set(key, entry);
    let keys = owners.get(entry.owner);
    if (keys === undefined) {
      keys = new Set();
      owners.set(entry.owner, keys);
    }
    keys.add(key);
  }

  /** The live entry of `key`, moved to the most recently used end; dead entries are deleted. */
  function readLive(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    remove(key);
    if (!isLive(entry)) return undefined;
    place(key, entry);
    return entry;
  }

  function sweep(steps: number): void {
    // Map iterators are live: they skip deleted entries and visit re-inserted ones again.
    for (let step = 0; step < steps; step += 1) {
      const next = sweepCursor.next();
      if (next.done === true) {
        sweepCursor = entries.entries();
        return;
      }
      const [key, entry] = next.value;
      if (!isLive(entry)) remove(key);
    }
  }

  /** Evicts the least recently used entry of `owner`; false when it holds none. */
  function evictOwn(owner: string): boolean {
    const oldest = owners.get(owner)?.values().next();
    if (oldest === undefined || oldest.done === true) return false;
    remove(oldest.value);
    return true;
  }

  /** Makes room for a new key of `owner`, or throws when only other callers' entries fill the store. */
  function makeRoom(owner: string): void {
    if ((owners.get(owner)?.size ?? 0) >= maxEntriesPerCaller) evictOwn(owner);
    if (entries.size < maxEntries) return;
    // Full: expired entries go first, then the writer's own oldest; another caller's never.
    sweep(entries.size);
    if (entries.size < maxEntries || evictOwn(owner)) return;
    throw new CoreError({
      code: 'RATE_LIMITED',
      message: `The session store holds its maximum of ${maxEntries} entries, all of other callers; retry once some expire.`,
      data: { reason: 'session_store_full', maxEntries },
    });
  }

  /** Stores `value` as the most recently used entry and returns its JSON text. */
  function write(key: string, value: JsonValue, setOptions: SessionStoreSetOptions): string {
    const ttlMs = setOptions.ttlMs ?? defaultTtlMs;
    if (setOptions.ttlMs !== undefined) requirePositiveInteger('ttlMs', setOptions.ttlMs);
    const text = serializeValue(key, value);
    sweep(SWEEP_STEPS_PER_WRITE);
    const owner = ownerOf(key);
    const existed = entries.has(key);
    remove(key);
    if (!existed) makeRoom(owner);
    place(key, { text, owner, expiresAt: ttlMs === undefined ? Infinity : now() + ttlMs });
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
        remove(key);
        return undefined;
      }
      return JSON.parse(write(key, next, setOptions)) as JsonValue;
    },
    async delete(key) {
      requireKey(key);
      const entry = entries.get(key);
      remove(key);
      return entry !== undefined && isLive(entry);
    },
    async keys(prefix = '') {
      requireKey(prefix);
      const found: string[] = [];
      for (const [key, entry] of entries) {
        if (!isLive(entry)) remove(key);
        else if (key.startsWith(prefix)) found.push(key);
      }
      return found.sort(compareCodeUnits);
    },
  };
}
