/**
 * `@x/core/sessions`: storage for per-session state.
 *
 * Everything a package keeps per MCP session goes through a {@link SessionStore}, never a
 * module-level variable, so that a shared backend can later serve several instances.
 *
 * @module
 */

// The in-memory store
export {
  createMemorySessionStore,
  type MemorySessionStoreOptions,
} from './memory-session-store.js';
// The contract
export type {
  JsonValue,
  SessionStore,
  SessionStoreSetOptions,
  SessionStoreUpdater,
} from './session-store.js';
