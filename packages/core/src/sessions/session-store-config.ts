/**
 * Choosing a {@link SessionStore} by configuration: `{ redis: "redis://127.0.0.1:6379" }` for a
 * store shared by several instances, the in-memory store otherwise.
 *
 * @module
 */

import { z } from 'zod';
import { CoreError } from '../errors.js';
import { createMemorySessionStore } from './memory-session-store.js';
import { createRedisSessionStore } from './redis-session-store.js';
import type { ClosableSessionStore } from './session-store.js';

const positiveInteger = z.int().min(1).max(2_147_483_647);

/** The configuration of a Redis session store (see `createRedisSessionStore` for each field). */
export const RedisSessionStoreConfigSchema = z.strictObject({
  /** `redis://[user:password@]host[:port][/db]` or `rediss://...`. */
  redis: z
    .string()
    .refine((value) => /^rediss?:\/\/[^\s]+$/.test(value), 'expected a redis:// or rediss:// URL'),
  /** Prepended to every key in Redis (default `'x:'`). */
  keyPrefix: z.string().min(1).max(256).optional(),
  /** Bound on connecting, in milliseconds (default 2 000). */
  connectTimeoutMs: positiveInteger.optional(),
  /** Bound on every command, in milliseconds (default 2 000). */
  commandTimeoutMs: positiveInteger.optional(),
});

/** The configuration of the in-memory session store. */
export const MemorySessionStoreConfigSchema = z.strictObject({
  /** Options of the in-memory store. */
  memory: z.strictObject({
    /** The most entries kept (default 10 000). */
    maxEntries: positiveInteger.optional(),
  }),
});

/**
 * Where per-caller state lives: `{ redis: "redis://127.0.0.1:6379" }` shares it between
 * instances, `{ memory: {} }` (the default) keeps it in this process.
 */
export const SessionStoreConfigSchema = z.union([
  RedisSessionStoreConfigSchema,
  MemorySessionStoreConfigSchema,
]);

/** A validated {@link SessionStoreConfigSchema} value. */
export type SessionStoreConfig = z.infer<typeof SessionStoreConfigSchema>;

/** What {@link createSessionStore} takes besides the configuration. */
export interface SessionStoreOptions {
  /**
   * Told when a shared store loses its backend, with a message that names the address: for
   * the server's log only (callers get errors that name no address).
   */
  onError?: (error: CoreError) => void;
}

/**
 * Builds the session store `config` asks for (the in-memory store when `config` is undefined).
 * Close it when the server stops.
 *
 * @throws CoreError `CONFIG_INVALID` naming the bad field, `UNAVAILABLE` when Redis cannot be
 *   reached (see `createRedisSessionStore`).
 */
export async function createSessionStore(
  config?: unknown,
  options: SessionStoreOptions = {},
): Promise<ClosableSessionStore> {
  if (config === undefined) return memoryStore(undefined);
  const value = validateSessionStoreConfig(config);
  if ('memory' in value) return memoryStore(value.memory.maxEntries);
  return createRedisSessionStore({
    url: value.redis,
    ...(options.onError === undefined ? {} : { onError: options.onError }),
    ...(value.keyPrefix === undefined ? {} : { keyPrefix: value.keyPrefix }),
    ...(value.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: value.connectTimeoutMs }),
    ...(value.commandTimeoutMs === undefined ? {} : { commandTimeoutMs: value.commandTimeoutMs }),
  });
}

/**
 * Checks a `sessionStore` configuration value.
 *
 * @throws CoreError `CONFIG_INVALID` naming the first bad field (never the value of `redis`,
 *   which may hold a password).
 */
export function validateSessionStoreConfig(config: unknown): SessionStoreConfig {
  const isObject = typeof config === 'object' && config !== null && !Array.isArray(config);
  const schema =
    isObject && 'redis' in config
      ? RedisSessionStoreConfigSchema
      : isObject && 'memory' in config
        ? MemorySessionStoreConfigSchema
        : undefined;
  if (schema === undefined) {
    throw invalidConfig('expected { "redis": "redis://HOST:PORT" } or { "memory": {} }');
  }
  const parsed = schema.safeParse(config);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw invalidConfig(`${field === '' ? '' : `${field}: `}${issue?.message ?? 'invalid'}`);
}

function invalidConfig(reason: string): CoreError {
  return new CoreError({ code: 'CONFIG_INVALID', message: `Invalid sessionStore: ${reason}.` });
}

/**
 * Reads the value of a `--session-store` flag: `memory`, or a `redis://` / `rediss://` URL.
 *
 * @throws CoreError `CONFIG_INVALID` for anything else (the message never repeats the value,
 *   which may hold a password).
 */
export function parseSessionStoreArgument(text: string): SessionStoreConfig {
  if (text === 'memory') return { memory: {} };
  const parsed = RedisSessionStoreConfigSchema.safeParse({ redis: text });
  if (parsed.success) return parsed.data;
  throw new CoreError({
    code: 'CONFIG_INVALID',
    message: 'expected "memory" or a redis:// or rediss:// URL',
  });
}

function memoryStore(maxEntries: number | undefined): ClosableSessionStore {
  const store = createMemorySessionStore(maxEntries === undefined ? {} : { maxEntries });
  return {
    backend: 'memory',
    get: (key) => store.get(key),
    set: (key, value, options) => store.set(key, value, options),
    update: (key, updater, options) => store.update(key, updater, options),
    delete: (key) => store.delete(key),
    keys: (prefix) => store.keys(prefix),
    close: async () => {},
  };
}
