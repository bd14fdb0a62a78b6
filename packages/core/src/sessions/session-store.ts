/**
 * The per-caller state contract every `@x` package writes through.
 *
 * @module
 */

/**
 * A value a {@link SessionStore} can hold: what `JSON.stringify` writes and `JSON.parse` reads.
 *
 * Stores keep values as JSON text, so a value read back is always a fresh copy, and the
 * in-memory store behaves exactly like a shared (Redis) one: `NaN` and `Infinity` come back
 * as `null`, and object properties that are `undefined` are dropped.
 */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/** Options of a {@link SessionStore} write. */
export interface SessionStoreSetOptions {
  /**
   * Time to live in milliseconds, counted from this write (a positive integer). Defaults to the
   * store's default; a store without a default keeps the entry until it is deleted or evicted.
   * Every write sets the time to live anew; reads never extend it.
   */
  ttlMs?: number;
}

/**
 * Computes the next value of an entry from its current one (`undefined` when absent or
 * expired). Returning `undefined` deletes the entry. Must be synchronous and free of side
 * effects: a shared store may call it more than once when it retries a contended write.
 */
export type SessionStoreUpdater = (current: JsonValue | undefined) => JsonValue | undefined;

/**
 * Asynchronous key-value storage for per-caller state (progressive-disclosure grants,
 * cache-stable seen sets, rate-limit windows) and the records of 2025-era MCP sessions, so that
 * several gateway instances can share one backend.
 *
 * Keys are opaque strings; by convention `<feature>:<scope>:<name>` (the caller scope of
 * `@x/core/serve`, see {@link ownerOfKey}), so that `keys('<feature>:<scope>:')` finds a
 * caller's entries. Values are JSON (see
 * {@link JsonValue}); a value that `JSON.stringify` cannot write (a function, a `bigint`, a
 * cycle, a top-level `undefined`) is refused with a `CoreError` `INVALID_ARGUMENT`.
 */
export interface SessionStore {
  /** The value of `key`, a fresh copy, or `undefined` when it is absent or expired. */
  get(key: string): Promise<JsonValue | undefined>;
  /** Writes `value` under `key`, replacing any previous value and time to live. */
  set(key: string, value: JsonValue, options?: SessionStoreSetOptions): Promise<void>;
  /**
   * Replaces the value of `key` with `updater(current)` as one atomic step (no other write to
   * `key` can land in between) and returns the new value (`undefined` when the updater deleted
   * the entry). The time to live is set anew as by {@link SessionStore.set}.
   */
  update(
    key: string,
    updater: SessionStoreUpdater,
    options?: SessionStoreSetOptions,
  ): Promise<JsonValue | undefined>;
  /** Removes `key`; resolves to whether a live entry was there. */
  delete(key: string): Promise<boolean>;
  /** The live keys that start with `prefix` (all keys when omitted), sorted by code unit. */
  keys(prefix?: string): Promise<string[]>;
}

/**
 * A {@link SessionStore} that holds a resource (a connection) until it is closed, as
 * `createSessionStore` and `createRedisSessionStore` return it.
 */
export interface ClosableSessionStore extends SessionStore {
  /** Which backend holds the entries: `memory` (this process only) or `redis` (shared). */
  readonly backend: 'memory' | 'redis';
  /**
   * Releases the store's connection; idempotent. A Redis store fails later operations with a
   * `CoreError` `CLOSED` and leaves its entries for other instances; an in-memory one keeps working.
   */
  close(): Promise<void>;
}
