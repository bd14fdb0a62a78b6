/**
 * The Redis {@link SessionStore}: per-caller state shared by every instance that points at the
 * same Redis, on the `ioredis` client.
 *
 * `ioredis` rather than `redis` (node-redis): it bounds every command with one option
 * (`commandTimeout`), fails commands at once while disconnected (`enableOfflineQueue: false`)
 * instead of queueing them, and runs Lua scripts by SHA with a transparent fallback
 * (`defineCommand`) on one multiplexed connection, which is all this store needs.
 *
 * @module
 */

import type { Redis } from 'ioredis';
import { CoreError } from '../errors.js';
import { closeRedisConnection, openRedisConnection, toStoreError } from './redis-connection.js';
import type { ClosableSessionStore, JsonValue, SessionStoreSetOptions } from './session-store.js';
import {
  compareCodeUnits,
  requireKey,
  requirePositiveInteger,
  serializeValue,
} from './store-values.js';

/** Options of {@link createRedisSessionStore}. */
export interface RedisSessionStoreOptions {
  /** `redis://[user:password@]host[:port][/db]` or `rediss://...` (TLS). */
  url: string;
  /**
   * Prepended to every key in Redis (default `'x:'`), so several deployments or tests can share
   * one Redis without seeing each other's entries. Keys read back through the store omit it.
   */
  keyPrefix?: string;
  /** Bound on connecting, in milliseconds (a positive integer, default 2 000). */
  connectTimeoutMs?: number;
  /** Bound on every command, in milliseconds (a positive integer, default 2 000). */
  commandTimeoutMs?: number;
  /** Time to live of a write that names none, in milliseconds; without it such entries never expire. */
  defaultTtlMs?: number;
  /** How often one `update` retries after another writer changed the entry first (default 100). */
  maxUpdateAttempts?: number;
  /**
   * Told about connection errors after the store opened, naming the Redis address (for the
   * server's log); commands fail on their own with errors that name no address.
   */
  onError?: (error: CoreError) => void;
}

const DEFAULT_KEY_PREFIX = 'x:';
const DEFAULT_TIMEOUT_MS = 2_000;
const DEFAULT_MAX_UPDATE_ATTEMPTS = 100;
/** Keys SCAN examines per call: a hint to Redis, not a bound on what it returns. */
const SCAN_COUNT = 1_000;

/**
 * Compare-and-set in one step: writes ARGV[3] (deletes when empty) with time to live ARGV[4] ms
 * (none when "0") only if the key still holds ARGV[2] (ARGV[1] = "1": only if it is absent).
 * Returns 1 when written, 0 when another writer came first.
 */
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current then return 0 end
elseif current ~= ARGV[2] then
  return 0
end
if ARGV[3] == '' then
  redis.call('DEL', KEYS[1])
elseif ARGV[4] == '0' then
  redis.call('SET', KEYS[1], ARGV[3])
else
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
end
return 1
`;

interface CompareAndSet {
  xSessionCompareAndSet(
    key: string,
    expectAbsent: string,
    expected: string,
    next: string,
    ttlMs: string,
  ): Promise<number>;
}

/**
 * Connects to Redis and returns a {@link SessionStore} kept there, with the same behaviour as the
 * in-memory store: JSON values (fresh copies), a time to live per write, `update` as one atomic
 * step, `keys(prefix)` sorted by code unit.
 *
 * - `update` reads the entry, runs the updater, and writes only if the entry is unchanged (a Lua
 *   compare-and-set); otherwise it reads again and retries, up to `maxUpdateAttempts` times.
 * - `keys` walks the key space with `SCAN` (never `KEYS`, which blocks Redis).
 * - Failures are `CoreError`s and never hang: `UNAVAILABLE` while Redis is away (the client
 *   reconnects in the background), `TIMEOUT` past `commandTimeoutMs`, `UPSTREAM_ERROR` for an
 *   error reply or an entry that is not JSON, `CLOSED` after `close()`.
 *
 * @throws CoreError `UNAVAILABLE` when Redis cannot be reached within `connectTimeoutMs`,
 *   `CONFIG_INVALID` for a URL that is not `redis://` or `rediss://`, `INVALID_ARGUMENT` for an
 *   option outside its domain.
 */
export async function createRedisSessionStore(
  options: RedisSessionStoreOptions,
): Promise<ClosableSessionStore> {
  const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxUpdateAttempts = options.maxUpdateAttempts ?? DEFAULT_MAX_UPDATE_ATTEMPTS;
  requirePositiveInteger('connectTimeoutMs', connectTimeoutMs);
  requirePositiveInteger('commandTimeoutMs', commandTimeoutMs);
  requirePositiveInteger('maxUpdateAttempts', maxUpdateAttempts);
  if (options.defaultTtlMs !== undefined)
    requirePositiveInteger('defaultTtlMs', options.defaultTtlMs);
  const defaultTtlMs = options.defaultTtlMs;
  const client = await openRedisConnection({
    url: options.url,
    connectTimeoutMs,
    commandTimeoutMs,
    onError: options.onError ?? (() => {}),
  });
  client.defineCommand('xSessionCompareAndSet', { numberOfKeys: 1, lua: COMPARE_AND_SET });
  const scripted = client as Redis & CompareAndSet;
  let closing: Promise<void> | undefined;

  /** Runs one Redis operation with its failures turned into `CoreError`s. */
  async function run<T>(operation: () => Promise<T>): Promise<T> {
    if (closing !== undefined) {
      throw new CoreError({ code: 'CLOSED', message: 'The Redis session store is closed.' });
    }
    try {
      return await operation();
    } catch (error) {
      throw toStoreError(error);
    }
  }

  function ttlOf(setOptions: SessionStoreSetOptions): number | undefined {
    if (setOptions.ttlMs !== undefined) requirePositiveInteger('ttlMs', setOptions.ttlMs);
    return setOptions.ttlMs ?? defaultTtlMs;
  }

  function parse(key: string, text: string | null): JsonValue | undefined {
    if (text === null) return undefined;
    try {
      return JSON.parse(text) as JsonValue;
    } catch (error) {
      throw new CoreError({
        code: 'UPSTREAM_ERROR',
        message: `Session store entry "${key}" in Redis is not JSON.`,
        data: { key },
        cause: error,
      });
    }
  }

  return {
    backend: 'redis',
    async get(key) {
      requireKey(key);
      return parse(key, await run(() => client.get(keyPrefix + key)));
    },
    async set(key, value, setOptions = {}) {
      requireKey(key);
      const ttlMs = ttlOf(setOptions);
      const text = serializeValue(key, value);
      await run(() =>
        ttlMs === undefined
          ? client.set(keyPrefix + key, text)
          : client.set(keyPrefix + key, text, 'PX', ttlMs),
      );
    },
    async update(key, updater, setOptions = {}) {
      requireKey(key);
      const ttlMs = ttlOf(setOptions);
      for (let attempt = 0; attempt < maxUpdateAttempts; attempt += 1) {
        const currentText = await run(() => client.get(keyPrefix + key));
        const next = updater(parse(key, currentText));
        if (next === undefined && currentText === null) return undefined;
        const nextText = next === undefined ? '' : serializeValue(key, next);
        const written = await run(() =>
          scripted.xSessionCompareAndSet(
            keyPrefix + key,
            currentText === null ? '1' : '0',
            currentText ?? '',
            nextText,
            String(ttlMs ?? 0),
          ),
        );
        if (written === 1)
          return next === undefined ? undefined : (JSON.parse(nextText) as JsonValue);
      }
      throw new CoreError({
        code: 'UNAVAILABLE',
        message: `Session store entry "${key}" changed under ${maxUpdateAttempts} update attempts in a row.`,
        data: { key },
      });
    },
    async delete(key) {
      requireKey(key);
      return (await run(() => client.del(keyPrefix + key))) > 0;
    },
    async keys(prefix = '') {
      requireKey(prefix);
      const pattern = `${escapeGlob(keyPrefix + prefix)}*`;
      const found = new Set<string>();
      let cursor = '0';
      do {
        const [nextCursor, batch] = await run(() =>
          client.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_COUNT),
        );
        // SCAN may return a key more than once; the set keeps one.
        for (const key of batch) found.add(key.slice(keyPrefix.length));
        cursor = nextCursor;
      } while (cursor !== '0');
      return [...found].sort(compareCodeUnits);
    },
    close() {
      closing ??= closeRedisConnection(client, commandTimeoutMs);
      return closing;
    },
  };
}

/** Escapes the characters Redis glob patterns treat specially, so a prefix matches itself only. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\^]/g, (character) => `\\${character}`);
}
