/**
 * What an MCP client sees when the session store fails: a retryable JSON-RPC error that names
 * no backend (a Redis address or password never reaches a client; the error keeps the store's
 * own error as its `cause` for this process's logs).
 *
 * @module
 */

import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { SessionStore } from '@x/core/sessions';

/** The message of a session-store failure, as clients read it. */
export const STORE_UNAVAILABLE_MESSAGE = 'The session store is unavailable; retry shortly.';

/** Runs `work`, turning any failure of the store into the client-safe {@link McpError}. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const failure = new ProtocolError(ProtocolErrorCode.InternalError, STORE_UNAVAILABLE_MESSAGE, {
      retryable: true,
    });
    // Kept for logs and debuggers in this process; the SDK sends only code, message and data.
    Object.defineProperty(failure, 'cause', { value: error });
    throw failure;
  }
}

/**
 * `store` with every failure replaced by an `McpError` (`InternalError`, data
 * `{ retryable: true }`) whose message names no backend. Values pass through unchanged.
 */
export function guardSessionStore(store: SessionStore): SessionStore {
  return {
    get: (key) => guarded(() => store.get(key)),
    set: (key, value, options) => guarded(() => store.set(key, value, options)),
    update: (key, updater, options) => guarded(() => store.update(key, updater, options)),
    delete: (key) => guarded(() => store.delete(key)),
    keys: (prefix) => guarded(() => store.keys(prefix)),
  };
}
