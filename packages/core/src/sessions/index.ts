/**
 * `@x/core/sessions`: storage for per-caller state and the records of 2025-era MCP sessions.
 *
 * Everything a package keeps per caller (keyed by the caller scope of `@x/core/serve`, which is a
 * 2025-era MCP session for an HTTP session without a bearer token) goes through a
 * {@link SessionStore}, never a module-level variable, so that a shared backend (Redis) can serve
 * several instances.
 *
 * @module
 */

// The in-memory store
export {
  createMemorySessionStore,
  type MemorySessionStoreOptions,
} from './memory-session-store.js';
// The Redis store
export { createRedisSessionStore, type RedisSessionStoreOptions } from './redis-session-store.js';
// The contract
export type {
  ClosableSessionStore,
  JsonValue,
  SessionStore,
  SessionStoreSetOptions,
  SessionStoreUpdater,
} from './session-store.js';
// Choosing a store by configuration
export {
  createSessionStore,
  MemorySessionStoreConfigSchema,
  parseSessionStoreArgument,
  RedisSessionStoreConfigSchema,
  type SessionStoreConfig,
  SessionStoreConfigSchema,
  type SessionStoreOptions,
  validateSessionStoreConfig,
} from './session-store-config.js';
// Which caller a key belongs to
export { ownerOfKey } from './store-owner.js';
