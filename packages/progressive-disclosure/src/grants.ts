/**
 * Per-session grants: which tools a session may call because it read their descriptions.
 *
 * State lives in a `SessionStore` under `progressive-disclosure:<session>:grants`, so a shared
 * store can back several server instances; nothing is kept in this module.
 *
 * @see progressive-disclosure §5.1, §5.2
 * @module
 */

import type { JsonValue, SessionStore } from '@x/core/sessions';

/** The prefix of every store key this package writes for `sessionKey`. */
export function sessionKeyPrefix(sessionKey: string): string {
  return `progressive-disclosure:${sessionKey}:`;
}

/** The grants of every session, in one store. */
export interface GrantStore {
  /** Authorizes `toolNames` for the session and restarts its time to live. */
  grant(sessionKey: string, toolNames: readonly string[]): Promise<void>;
  /**
   * Whether `toolName` is authorized for the session; a granted session's time to live
   * restarts, so grants of a session in use never lapse.
   */
  use(sessionKey: string, toolName: string): Promise<boolean>;
  /** The granted tool names of the session, sorted. */
  list(sessionKey: string): Promise<string[]>;
  /** Drops every entry of the session (grants and rate-limit state). */
  forget(sessionKey: string): Promise<void>;
}

function asNames(value: JsonValue | undefined): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

function compareText(left: string, right: string): number {
  if (left < right) return -1;
  return left > right ? 1 : 0;
}

/**
 * Creates the grant store over `store`. Grants of a session expire `ttlMs` after its last grant
 * or granted call (§5.2 allows cleanup of stale sessions); closing a session forgets them at once.
 */
export function createGrantStore(store: SessionStore, ttlMs: number): GrantStore {
  const key = (sessionKey: string) => `${sessionKeyPrefix(sessionKey)}grants`;
  return {
    async grant(sessionKey, toolNames) {
      await store.update(
        key(sessionKey),
        (current) => [...new Set([...asNames(current), ...toolNames])].sort(compareText),
        { ttlMs },
      );
    },
    async use(sessionKey, toolName) {
      let granted = false;
      await store.update(
        key(sessionKey),
        (current) => {
          granted = asNames(current).includes(toolName);
          return current;
        },
        { ttlMs },
      );
      return granted;
    },
    async list(sessionKey) {
      return asNames(await store.get(key(sessionKey)));
    },
    async forget(sessionKey) {
      const keys = await store.keys(sessionKeyPrefix(sessionKey));
      await Promise.all(keys.map((entry) => store.delete(entry)));
    },
  };
}
